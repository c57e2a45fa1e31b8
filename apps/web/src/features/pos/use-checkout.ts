import { useRef, useState } from "react";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError, errorCodeOf } from "../../api/errors.ts";
import type { CheckoutValues } from "./components/checkout-dialog.tsx";
import { useCheckoutMutation } from "./pos-api.ts";

const linesKey = (t: Ticket) => `${t.ticketId}|${t.products.map((l) => `${l.productId}x${l.quantity}`).join(",")}`;

/**
 * Charging a ticket. One Idempotency-Key per ticket content: a retry after a lost answer
 * (timeout, dropped Wi-Fi) sends the same key, so the sale is recorded once; a changed
 * ticket gets a new key.
 */
export function useCheckout(
  channel: Channel,
  businessId: string | undefined,
  ticket: Ticket,
  onSold: (sale: Sale) => void,
  onRefused: (code: string | null) => void,
) {
  const [charge, { isLoading }] = useCheckoutMutation();
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ lines: string; key: string } | null>(null);

  async function submit(values: CheckoutValues) {
    if (!businessId) return;
    const lines = linesKey(ticket);
    if (attempt.current?.lines !== lines) attempt.current = { lines, key: crypto.randomUUID() };
    setError(null);
    try {
      const sale = await charge({
        channel,
        idempotencyKey: attempt.current.key,
        input: {
          businessId,
          products: ticket.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          payments: values.payments,
          customerName: values.customerName,
          customerPhone: values.customerPhone,
          expectedTotal: ticket.total,
          ticketId: ticket.ticketId,
          ...(ticket.section ? { sectionId: ticket.section } : {}),
          ...(ticket.table ? { tableId: ticket.table } : {}),
        },
      }).unwrap();
      attempt.current = null;
      onSold(sale);
    } catch (err) {
      const { message } = describeError(err);
      const status = (err as { status?: unknown }).status;
      if (status === 422) attempt.current = null; // that key already recorded another request
      setError(
        status === 422
          ? `${message}. This ticket may already be charged: check the latest sales before charging again.`
          : message,
      );
      if (status === 409) onRefused(errorCodeOf(err));
    }
  }
  return { submit, busy: isLoading, error, clearError: () => setError(null) };
}
