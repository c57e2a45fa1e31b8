import { Box } from "@mui/material";
import { useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { CustomerPicker } from "../../../components/customer-picker.tsx";
import { useCreateCustomerMutation, useCustomerSearch } from "../../customers/customers-api.ts";

/** Who a credit sale is for: a customer picked by name or phone (searched as you type), or added on the spot. */
export default function CreditCustomerPicker(props: {
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
