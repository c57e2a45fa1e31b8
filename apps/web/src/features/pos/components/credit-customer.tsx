import { Trans } from "@lingui/react/macro";
import { Box, Button, Typography } from "@mui/material";
import { useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { useAppSelector } from "../../../app/hooks.ts";
import { CustomerPicker } from "../../../components/customer-picker.tsx";
import { useCreateCustomerMutation, useCustomerSearch } from "../../customers/customers-api.ts";

/** Who a credit sale is for: a customer picked by name or phone (searched as you type), or added on the spot. */
export function CreditCustomerPicker(props: {
  businessId: string | undefined;
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
}) {
  const [text, setText] = useState("");
  const search = useCustomerSearch(props.businessId, text);
  const [create] = useCreateCustomerMutation();
  return (
    <Box sx={{ display: "flex", mt: 2 }} data-testid="credit-customer">
      <CustomerPicker
        value={props.value}
        onChange={props.onChange}
        options={search.options}
        loading={search.loading}
        inputValue={text}
        onInputChange={setText}
        onCreate={(c) => create({ businessId: props.businessId ?? "", ...c }).unwrap()}
      />
    </Box>
  );
}

/**
 * Under a CREDIT_LIMIT_EXCEEDED refusal: the owner may allow the sale anyway (the server checks
 * it is the owner); staff are told who can.
 */
export function CreditLimitOverride({ onOverride, busy }: { onOverride: () => void; busy: boolean }) {
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  return isOwner ? (
    <Button size="small" color="inherit" variant="outlined" onClick={onOverride} disabled={busy} sx={{ mt: 1 }}>
      <Trans>Allow it anyway (owner)</Trans>
    </Button>
  ) : (
    <Typography variant="body2" sx={{ mt: 1 }}>
      <Trans>Only the owner can allow credit above a customer's limit.</Trans>
    </Typography>
  );
}
