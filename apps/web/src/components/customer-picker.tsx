import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { formatKES } from "@app/shared/money/money";
import { localKenyanPhone, PHONE_TYPED_MAX } from "@app/shared/phone/phone";
import { describeError } from "../api/errors.ts";
import { ResponsiveDialog } from "./responsive-dialog.tsx";

type NewCustomer = { name: string; phone: string };
type Option = Customer | { _id: "__new__"; typed: string };

type Props = {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  /** What the search found for the text typed (the caller searches the server). */
  options: Customer[];
  loading: boolean;
  inputValue: string;
  onInputChange: (text: string) => void;
  /** Creates the customer (POST /api/customersAuth/register); throws the API error. */
  onCreate: (customer: NewCustomer) => Promise<Customer>;
  error?: string;
  autoFocus?: boolean;
};

const isNew = (o: Option): o is { _id: "__new__"; typed: string } => o._id === "__new__";

/**
 * Pick a customer by name or phone, searched as you type, or add a new one (name and phone)
 * without leaving the till. Shows what the customer owes and their credit limit.
 */
export function CustomerPicker(props: Props) {
  const { value, onChange, options, loading, inputValue, onInputChange, error, autoFocus } = props;
  const [adding, setAdding] = useState<NewCustomer | null>(null);
  const typed = inputValue.trim();
  const label = (c: Customer) => `${c.name} · ${formatKenyanPhone(c.phone)}`;
  // Offer to add what was typed, unless it is the picked customer's own label.
  const offerNew = typed && (!value || typed !== label(value));
  const list: Option[] = [...options, ...(offerNew ? [{ _id: "__new__" as const, typed }] : [])];
  return (
    <>
      <Autocomplete<Option>
        options={list}
        value={value}
        inputValue={inputValue}
        // "reset" too: once a customer is picked (or added), the box shows who.
        onInputChange={(_e, v) => onInputChange(v)}
        onChange={(_e, o) => {
          if (o && isNew(o)) {
            const digits = o.typed.replace(/\D/g, "");
            setAdding(
              digits.length >= 3 && digits === o.typed ? { name: "", phone: digits } : { name: o.typed, phone: "" },
            );
            return;
          }
          onChange(o);
          if (!o) onInputChange("");
        }}
        filterOptions={(x) => x}
        getOptionLabel={(o) => (isNew(o) ? o.typed : label(o))}
        isOptionEqualToValue={(a, b) => a._id === b._id}
        loading={loading}
        noOptionsText={typed ? t`No customer matches` : t`Type a name or phone number`}
        renderOption={({ key: _key, ...liProps }, o) => (
          <li key={isNew(o) ? "__new__" : o._id} {...liProps}>
            {isNew(o) ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <PersonAddIcon fontSize="small" color="primary" />
                <span>
                  <Trans>Add “{o.typed}” as a new customer</Trans>
                </span>
              </Stack>
            ) : (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {o.name} · {formatKenyanPhone(o.phone)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t`Owes ${formatKES(o.balance)}`}
                  {o.creditLimit !== null ? ` · ${t`limit ${formatKES(o.creditLimit)}`}` : ""}
                </Typography>
              </Box>
            )}
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t`Customer`}
            placeholder={t`Search by name or phone`}
            required
            error={Boolean(error)}
            helperText={
              error ??
              (value
                ? t`Owes ${formatKES(value.balance)}${value.creditLimit !== null ? ` of a ${formatKES(value.creditLimit)} limit` : ""}`
                : undefined)
            }
            autoFocus={autoFocus}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "data-testid": "customer-search" },
            }}
          />
        )}
        sx={{ flex: 1, minWidth: 240 }}
      />
      {adding && (
        <NewCustomerDialog
          initial={adding}
          onCreate={props.onCreate}
          onClose={() => setAdding(null)}
          onCreated={(c) => {
            setAdding(null);
            onChange(c);
          }}
        />
      )}
    </>
  );
}

function NewCustomerDialog(props: {
  initial: NewCustomer;
  onCreate: (c: NewCustomer) => Promise<Customer>;
  onCreated: (c: Customer) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  async function save() {
    const fields: Record<string, string> = {};
    if (form.name.trim().length < 2) fields.name = t`At least 2 characters`;
    const phone = localKenyanPhone(form.phone);
    if (!phone) fields.phone = t`Enter a Kenyan mobile number, e.g. 0712 345 678`;
    if (Object.keys(fields).length) return setError({ message: "", fields });
    setBusy(true);
    try {
      props.onCreated(await props.onCreate({ name: form.name.trim(), phone: phone! }));
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <ResponsiveDialog
      open
      onClose={busy ? undefined : props.onClose}
      maxWidth="xs"
      aria-labelledby="new-customer-title"
      // Keys stay in this dialog: the checkout behind it completes the sale on Enter.
      onKeyDown={(e) => e.stopPropagation()}
    >
      <DialogTitle id="new-customer-title">
        <Trans>New customer</Trans>
      </DialogTitle>
      <DialogContent>
        {error?.message && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label={t`Name`}
            size="small"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={Boolean(error?.fields.name)}
            helperText={error?.fields.name}
            autoFocus={!props.initial.name}
            required
          />
          <TextField
            label={t`Phone`}
            size="small"
            value={form.phone}
            placeholder="0712 345 678"
            onChange={(e) => setForm({ ...form, phone: e.target.value.slice(0, PHONE_TYPED_MAX) })}
            error={Boolean(error?.fields.phone)}
            helperText={error?.fields.phone}
            autoFocus={Boolean(props.initial.name)}
            slotProps={{ htmlInput: { inputMode: "tel" } }}
            required
          />
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          <Trans>Add customer</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
