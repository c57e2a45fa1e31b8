import { i18n } from "@lingui/core";
import { pickerDateLocale } from "../../../locales/date-fns-sw.ts";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { applyCreditPayment, type CreditPaymentMethod } from "@app/shared/sales/credit";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { CentsField, centsOf } from "../../../components/cents-field.tsx";
import { PaymentDialog, PaymentMethodSelect } from "../../../components/payment-dialog.tsx";
import { usePaySupplierMutation } from "../supplies-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/**
 * Pay a supplier part of what a supply still owes: amount, date (dd/MM/yyyy, default now),
 * method (Cash, M-Pesa, Bank Transfer). Above the balance is stopped here with the sales credit
 * message, as the server would (422). One Idempotency-Key per open dialog: a retry pays once.
 */
export function SupplierPaymentDialog({ supply, onClose }: { supply: SupplyRecord; onClose: () => void }) {
  const [pay, { isLoading }] = usePaySupplierMutation();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<CreditPaymentMethod | "">("");
  const [date, setDate] = useState<{ value: Date | null; invalid: boolean }>({ value: new Date(), invalid: false });
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  async function submit() {
    const cents = centsOf(amount) ?? Number.NaN;
    const applied = applyCreditPayment({ amount: supply.total, balance: supply.balance }, cents);
    if (!applied.ok) return setError({ message: applied.message, fields: { amountPaid: applied.message } });
    if (!method)
      return setError({ message: t`Choose how it was paid`, fields: { paymentMethod: t`Choose how it was paid` } });
    if (date.invalid || !date.value || Number.isNaN(date.value.getTime()))
      return setError({ message: t`Date input not valid.`, fields: {} });
    setError(null);
    try {
      await pay({
        id: supply._id,
        idempotencyKey: key,
        body: { amountPaid: cents, paymentMethod: method, paymentDate: date.value.toISOString() },
      }).unwrap();
      toast.success(t`Paid ${formatKES(cents)} to ${supply.supplier.name}`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <PaymentDialog
      titleId="supplier-payment-title"
      title={
        <Trans>
          Pay {supply.supplier.name} · Supply #{supply.supplyNumber}
        </Trans>
      }
      onClose={onClose}
      figures={[
        { label: t`Total`, cents: supply.total },
        { label: t`Amount paid`, cents: supply.amountPaid },
        { label: t`Balance`, cents: supply.balance },
      ]}
      figuresTestId="supply-figures"
      error={error}
      errorTestId="supplier-payment-error"
      submitLabel={<Trans>Pay</Trans>}
      onSubmit={() => void submit()}
      busy={isLoading}
    >
      <CentsField
        label={t`Payment amount`}
        size="small"
        value={amount}
        onChange={setAmount}
        error={Boolean(error?.fields.amountPaid)}
        autoFocus
      />
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pickerDateLocale(i18n.locale)}>
        <DatePicker
          label={t`Payment date`}
          value={date.value}
          format="dd/MM/yyyy"
          disableFuture
          onChange={(v, context) =>
            setDate({ value: v, invalid: context.validationError !== null || !v || Number.isNaN(v.getTime()) })
          }
          slotProps={{
            textField: {
              size: "small",
              fullWidth: true,
              error: date.invalid,
              helperText: date.invalid ? t`Date input not valid.` : undefined,
            },
          }}
        />
      </LocalizationProvider>
      <PaymentMethodSelect value={method} onChange={setMethod} error={error?.fields.paymentMethod} />
    </PaymentDialog>
  );
}
