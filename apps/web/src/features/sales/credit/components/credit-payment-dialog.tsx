import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../../api/errors.ts";
import { PaymentDialog, PaymentMethodSelect } from "../../../../components/payment-dialog.tsx";
import { useRecordCreditPaymentMutation } from "../credit-api.ts";
import { checkCreditPaymentForm, isNonNegativeNumberText } from "../credit-payment.ts";
import { PaymentDatePicker } from "./payment-date-picker.tsx";
import { atTime, TimeSelect, timeOf } from "../../../../components/time-select.tsx";

/** Update Status (spec section 2): a payment towards a credit sale or order. */
export function CreditPaymentDialog({ order, onClose }: { order: Sale; onClose: () => void }) {
  const [record, { isLoading }] = useRecordCreditPaymentMutation();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<CreditPaymentMethod | "">("");
  const [date, setDate] = useState<{ value: Date | null; invalid: boolean }>(() => ({
    value: new Date(),
    invalid: false,
  }));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);

  async function update() {
    setError(null);
    setDateError(null);
    const check = checkCreditPaymentForm(order, { amount, method, date: date.value, dateInvalid: date.invalid });
    if (!check.ok) {
      if ("alert" in check)
        window.alert(check.alert); // spec section 8: the update is stopped
      else setDateError(check.dateError);
      return;
    }
    try {
      await record({ channel: order.channel, id: order._id, body: check.body }).unwrap();
      toast.success(
        t`Payment of ${formatKES(check.body.amountPaid)} recorded for ${order.customerName ?? "the customer"}`,
      );
      onClose();
    } catch (err) {
      const described = describeError(err);
      setError(described);
      toast.error(described.message);
    }
  }

  return (
    <PaymentDialog
      titleId="credit-payment-title"
      title={<Trans>Update Status · {order.customerName}</Trans>}
      onClose={onClose}
      figures={[
        { label: t`Initial amount`, cents: order.amount },
        { label: t`Amount paid`, cents: order.amountPaid },
        { label: t`Balance`, cents: order.balance },
      ]}
      figuresTestId="credit-figures"
      error={error}
      errorTestId="credit-payment-error"
      submitLabel={<Trans>Update</Trans>}
      onSubmit={() => void update()}
      busy={isLoading}
      submitFirst
    >
      <TextField
        label={t`Payment amount (KES)`}
        size="small"
        value={amount}
        onChange={(e) => isNonNegativeNumberText(e.target.value) && setAmount(e.target.value)}
        error={Boolean(error?.fields.amountPaid)}
        helperText={error?.fields.amountPaid}
        slotProps={{ htmlInput: { inputMode: "decimal", autoComplete: "off" } }}
        autoFocus
      />
      <PaymentDatePicker
        value={date.value}
        invalid={date.invalid}
        onChange={(value, invalid) => {
          setDate({ value, invalid });
          setDateError(null);
        }}
        minDate={new Date(order.createdAt)}
        error={dateError ?? error?.fields.paymentDate}
      />
      {/* The time of day the money came in (default now), in 30-minute steps; never later than now today. */}
      <TimeSelect
        label={t`Payment time`}
        value={date.value && !date.invalid ? timeOf(date.value) : timeOf(new Date())}
        disabled={!date.value || date.invalid}
        maxTime={date.value && date.value.toDateString() === new Date().toDateString() ? timeOf(new Date()) : undefined}
        onChange={(time) => {
          if (date.value) setDate({ value: atTime(date.value, time), invalid: false });
          setDateError(null);
        }}
      />
      <PaymentMethodSelect value={method} onChange={setMethod} error={error?.fields.paymentMethod} />
    </PaymentDialog>
  );
}
