import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import PersonAddAltOutlined from "@mui/icons-material/PersonAddAltOutlined";
import { useMemo, useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import type { CatalogItem } from "@app/shared/pos/catalog";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { useUsualItemsQuery } from "../pos-api.ts";
import CreditCustomerPicker from "./credit-customer-picker.tsx";

type Props = {
  businessId: string | undefined;
  customer: Customer | null;
  onChange: (customer: Customer | null) => void;
  /** The catalog's item of a product the till still sells, if any. */
  itemOf: (productId: string) => CatalogItem | undefined;
  onAdd: (item: CatalogItem, quantity: number) => void;
};

/**
 * Who the ticket is for (issue 31 item 8): "Customer" picks a known customer (by name or phone,
 * or added on the spot); then their usual items are offered, each with the quantity they usually
 * take, to add with one tap. The checkout starts with them, and the sale is linked to them.
 */
export function TicketCustomer({ businessId, customer, onChange, itemOf, onAdd }: Props) {
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState<Customer | null>(null);
  const usual = useUsualItemsQuery(
    { businessId: businessId ?? "", customerId: customer?._id ?? "" },
    { skip: !businessId || !customer },
  );
  // Only what the till still sells (the catalog holds sellable products only).
  const offered = useMemo(
    () =>
      (usual.data?.items ?? []).flatMap((u) => {
        const item = itemOf(u.productId);
        return item ? [{ ...u, item }] : [];
      }),
    [usual.data, itemOf],
  );
  return (
    <Box sx={{ width: "100%" }} data-testid="ticket-customer">
      {customer ? (
        <Chip label={customer.name} onDelete={() => onChange(null)} sx={{ maxWidth: "100%" }} />
      ) : (
        <Button
          size="small"
          startIcon={<PersonAddAltOutlined />}
          onClick={() => {
            setChoice(null);
            setPicking(true);
          }}
        >
          <Trans>Customer</Trans>
        </Button>
      )}
      {customer && offered.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            <Trans>Usually buys:</Trans>
          </Typography>
          {offered.map((u) => (
            <Chip
              key={u.productId}
              size="small"
              variant="outlined"
              color="primary"
              label={`${u.item.name} × ${u.usualQuantity}`}
              aria-label={t`Add ${u.usualQuantity} × ${u.item.name}`}
              onClick={() => onAdd(u.item, u.usualQuantity)}
              data-testid="usual-item"
            />
          ))}
        </Stack>
      )}
      <ResponsiveDialog open={picking} onClose={() => setPicking(false)} maxWidth="xs" fullWidth>
        <DialogTitle>
          <Trans>Who is this sale for?</Trans>
        </DialogTitle>
        <DialogContent>
          <CreditCustomerPicker businessId={businessId} value={choice} onChange={setChoice} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant="contained"
            disabled={!choice}
            onClick={() => {
              onChange(choice);
              setPicking(false);
            }}
          >
            <Trans>Choose</Trans>
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </Box>
  );
}
