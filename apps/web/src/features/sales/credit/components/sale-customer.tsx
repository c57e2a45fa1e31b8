import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Link as MuiLink } from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import type { Customer } from "@app/shared/customers/customer";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../../api/errors.ts";
import { CustomerPicker } from "../../../../components/customer-picker.tsx";
import { ResponsiveDialog } from "../../../../components/responsive-dialog.tsx";
import { pathTo } from "../../../../lib/paths.ts";
import { useCreateCustomerMutation, useCustomerSearch } from "../../../customers/customers-api.ts";
import { useLinkSaleCustomerMutation } from "../credit-api.ts";

/**
 * A credit sale's customer: a link to their record (statement, limit), or, for a sale made with
 * only a typed name and phone that matched no customer, a way to pick or create one and link it.
 */
export function SaleCustomer({ order }: { order: Sale }) {
  const [open, setOpen] = useState(false);
  if (order.customerId)
    return (
      <MuiLink component={Link} to={pathTo("/customers/:customerId", { customerId: order.customerId })}>
        {order.customerName}
      </MuiLink>
    );
  return (
    <>
      {order.customerName}{" "}
      {order.status === "completed" && (
        <Button size="small" onClick={() => setOpen(true)}>
          <Trans>Link to a customer</Trans>
        </Button>
      )}
      {open && <LinkCustomerDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function LinkCustomerDialog({ order, onClose }: { order: Sale; onClose: () => void }) {
  const [text, setText] = useState(order.customerPhone ?? "");
  const [customer, setCustomer] = useState<Customer | null>(null);
  const search = useCustomerSearch(order.businessId, text);
  const [create] = useCreateCustomerMutation();
  const [link, { isLoading }] = useLinkSaleCustomerMutation();
  const [error, setError] = useState<string | null>(null);
  async function save() {
    if (!customer) return setError(t`Pick a customer, or add one`);
    try {
      await link({ channel: order.channel, id: order._id, customerId: customer._id }).unwrap();
      toast.success(t`Sale #${order.saleNumber} is now ${customer.name}'s`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" aria-labelledby="link-customer-title">
      <DialogTitle id="link-customer-title">
        <Trans>Link sale #{order.saleNumber} to a customer</Trans>
      </DialogTitle>
      <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2, pt: "8px !important" }}>
        {error && <Alert severity="error">{error}</Alert>}
        <CustomerPicker
          value={customer}
          onChange={setCustomer}
          options={search.options}
          loading={search.loading}
          inputValue={text}
          onInputChange={setText}
          onCreate={(c) => create({ businessId: order.businessId, ...c }).unwrap()}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Link</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
