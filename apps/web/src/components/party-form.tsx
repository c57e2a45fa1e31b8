import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Grid, Stack, TextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { PHONE_TYPED_MAX } from "@app/shared/phone/phone-rules";

/** What every party (a customer, a supplier) has: the form's text values. */
export type PartyValues = { name: string; phone: string; email: string; address: string; notes: string };

/**
 * A party form's state: the values, the errors by field, and `field(key, label, extra)`, the
 * props of a small full-width TextField bound to a value and its error.
 */
export function usePartyForm<V extends PartyValues>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof V & string, label: string, extra: object = {}) => ({
    label,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value }),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    size: "small" as const,
    ...extra,
  });
  /** The phone as typed or pasted (0712 345 678, +254 712 345 678...; the API keeps one form), a phone keypad. */
  const phoneField = (extra: object = {}) => ({
    ...field("phone", t`Phone`, { placeholder: "0712 345 678", ...extra }),
    onChange: (e: { target: { value: string } }) =>
      setValues({ ...values, phone: e.target.value.slice(0, PHONE_TYPED_MAX) }),
    slotProps: { htmlInput: { inputMode: "tel" } },
  });
  return { initial, values, setValues, errors, setErrors, field, phoneField };
}

type Props<V extends PartyValues> = {
  form: ReturnType<typeof usePartyForm<V>>;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => Promise<void>;
  onCancel?: () => void;
  /** The party's own fields, in grid cells, between the name and the address. */
  children: ReactNode;
};

/** A party's form: name, the party's own fields, address and notes; Cancel (if any) and submit. */
export function PartyForm<V extends PartyValues>({ form, submitLabel, busy, onSubmit, onCancel, children }: Props<V>) {
  const { field } = form;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-label={submitLabel}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("name", t`Name`, { required: true, autoFocus: !form.initial.name })} />
        </Grid>
        {children}
        <Grid size={12}>
          <TextField {...field("address", t`Address`)} />
        </Grid>
        <Grid size={12}>
          <TextField {...field("notes", t`Notes`, { multiline: true, minRows: 2 })} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: "flex-end" }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
