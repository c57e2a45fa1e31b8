import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { WholesaleProduct } from "@app/shared/inventory/wholesale-product";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeleteWholesaleProductMutation, useListWholesaleProductsQuery } from "../api/wholesale-products-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { WholesaleProductDialog } from "./wholesale-product-dialog.tsx";

/** /wholesale-products: the wholesale catalogue, what the wholesale till sells; add, change, take out (issue 33). */
export default function WholesaleProductsPage() {
  const { businessId, canManage } = useInventoryAccess();
  const { data, isLoading, isError, error, refetch } = useListWholesaleProductsQuery(businessId, {
    skip: !businessId,
  });
  const [editing, setEditing] = useState<WholesaleProduct | "new" | null>(null);
  const [deleting, setDeleting] = useState<WholesaleProduct | null>(null);
  const [remove, removing] = useDeleteWholesaleProductMutation();
  const listed = useMemo(() => new Set(data?.map((w) => w.productId)), [data]);
  async function confirmDelete() {
    try {
      await remove(deleting!._id).unwrap();
      toast.success(t`Taken out of the wholesale catalogue`);
      setDeleting(null);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return (
    <InventoryPage
      title={t`Wholesale products`}
      subtitle={t`What the wholesale till sells, at the wholesale price`}
      actions={
        canManage ? (
          <Button variant="contained" onClick={() => setEditing("new")}>
            <Trans>Add wholesale product</Trans>
          </Button>
        ) : undefined
      }
    >
      {isLoading && (
        <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
          <CircularProgress aria-label={t`Loading wholesale products`} />
        </Box>
      )}
      {isError && (
        <LoadError error={error} what={t`The wholesale products could not be loaded.`} onRetry={() => void refetch()} />
      )}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">
            <Trans>
              No wholesale products yet. The wholesale till sells only the products listed here, at their wholesale
              price.
            </Trans>
          </Typography>
        </Paper>
      )}
      <Stack spacing={1} data-testid="wholesale-products">
        {data?.map((w) => (
          <Paper key={w._id} variant="outlined" sx={{ p: 2 }} data-testid="wholesale-product">
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{w.name}</Typography>
                <Typography variant="body2">
                  <Trans>
                    {formatKES(w.wholesalePrice)} wholesale · {formatKES(w.sellingprice)} retail
                  </Trans>
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {w.minQuantity > 1 ? t`From ${w.minQuantity} ${w.unit}` : t`From 1 ${w.unit}`} ·{" "}
                  {t`${w.quantity} ${w.unit} in stock`}
                </Typography>
              </Box>
              {canManage && (
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setEditing(w)}>
                    <Trans>Change</Trans>
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(w)}>
                    <Trans>Take out</Trans>
                  </Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {editing && (
        <WholesaleProductDialog
          businessId={businessId}
          row={editing === "new" ? null : editing}
          listed={listed}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Take out of the wholesale catalogue?`}
        text={t`The wholesale till stops selling "${deleting?.name ?? ""}" and its wholesale price is cleared. The product stays in Products.`}
        confirmLabel={t`Take out`}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        busy={removing.isLoading}
      />
    </InventoryPage>
  );
}
