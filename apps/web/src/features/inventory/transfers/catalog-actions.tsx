import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Business } from "@app/shared/businesses/business";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useCopyCatalogMutation, useTransferAllProductsMutation } from "../api/transfers-api.ts";

type Action = "copy" | "all" | null;

/** Copy the whole catalog (no quantities), or move all stock, to the chosen business, after asking. */
export function CatalogActions({ businessId, destination }: { businessId: string; destination: Business | undefined }) {
  const [asking, setAsking] = useState<Action>(null);
  const [copy, { isLoading: copying }] = useCopyCatalogMutation();
  const [moveAll, { isLoading: moving }] = useTransferAllProductsMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  if (!destination) return null;
  const body = { businessId, toBusinessId: destination._id };

  async function run() {
    try {
      const done = asking === "copy" ? await copy({ body, key }).unwrap() : await moveAll({ body, key }).unwrap();
      toast.success(
        asking === "copy"
          ? t`Copied ${done.lines.length} products to ${done.toBusinessName}`
          : t`Moved the stock of ${done.lines.length} products to ${done.toBusinessName}`,
      );
      setKey(newIdempotencyKey());
    } catch (err) {
      if ((err as { status?: unknown }).status !== "FETCH_ERROR") setKey(newIdempotencyKey());
      toast.error(describeError(err).message);
    } finally {
      setAsking(null);
    }
  }

  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" onClick={() => setAsking("copy")}>
        <Trans>Copy catalog</Trans>
      </Button>
      <Button variant="outlined" color="warning" onClick={() => setAsking("all")}>
        <Trans>Transfer all stock</Trans>
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "copy" ? t`Copy the catalog to ${destination.name}?` : t`Move ALL stock to ${destination.name}?`
        }
        text={
          asking === "copy"
            ? t`Every product is created at ${destination.name} (matched by SKU or barcode when it already exists there), with no quantities.`
            : t`Every unit of every product leaves this business and goes to ${destination.name}. This business is left with no stock.`
        }
        confirmLabel={asking === "copy" ? t`Copy catalog` : t`Transfer all stock`}
        busy={copying || moving}
        onConfirm={() => void run()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
