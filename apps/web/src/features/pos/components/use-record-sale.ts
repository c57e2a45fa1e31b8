import { t } from "@lingui/core/macro";
import { useRef, useState } from "react";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { ticketDiscountRequest, ticketRequestLines, type Channel, type Ticket } from "@app/shared/pos/cart";
import type { SettlementResult } from "@app/shared/sales/payment-rules";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { addToOutbox } from "../../../lib/offline/outbox.ts";
import { offlineReceiptOf, offlineSaleOf } from "../offline/offline-sale.ts";
import { useCheckoutMutation } from "../pos-api.ts";
import { linesKey, type CheckoutValues } from "./payment-rows.ts";

/** The request never reached the server, or its proxy says the server is gone: the till works offline. */
function unreachable(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return status === "FETCH_ERROR" || status === "TIMEOUT_ERROR" || status === 502 || status === 503 || status === 504;
}

type Options = {
  channel: Channel;
  businessId: string | undefined;
  ticket: Ticket;
  /** The payments as settled now (the offline receipt shows them). */
  settled: SettlementResult | null;
  onSold: (sale: Sale, offline?: boolean) => void;
  onRefused: (code: string | null) => void;
};

/**
 * Records the checkout's sale (POST /api/sales or /api/orders) with one Idempotency-Key per
 * ticket content: a retry after a lost answer (timeout, dropped Wi-Fi) sends the same key, so the
 * sale is recorded once; a changed ticket gets a new key. When the server cannot be reached (no
 * network, the server down or its proxy answering 502-504), the sale goes to the outbox on this
 * device with that same key and the device's time; the sync worker sends it later.
 */
export function useRecordSale({ channel, businessId, ticket, settled, onSold, onRefused }: Options) {
  const [charge, { isLoading: charging }] = useCheckoutMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const attempt = useRef<{ lines: string; key: string } | null>(null);
  const [overLimit, setOverLimit] = useState<CheckoutValues | null>(null);
  const [keeping, setKeeping] = useState(false);
  const servedBy = useAppSelector((s) => s.session.user?.details.username ?? "");
  const cashRounding = useAppSelector((s) => s.business.current?.cashRounding ?? 0);

  async function record(values: CheckoutValues) {
    if (!businessId) return;
    const lines = linesKey(ticket);
    if (attempt.current?.lines !== lines) attempt.current = { lines, key: newIdempotencyKey() };
    const key = attempt.current.key;
    setServerError(null);
    setOverLimit(null);
    const input: CreateSaleInput = {
      businessId,
      products: ticketRequestLines(ticket),
      ...ticketDiscountRequest(ticket),
      ...(values.approval ? { approval: values.approval } : {}),
      payments: values.payments,
      customerId: values.customerId,
      overrideCreditLimit: values.overrideCreditLimit,
      expectedTotal: ticket.total,
      ticketId: ticket.ticketId,
      ...(ticket.section ? { sectionId: ticket.section } : {}),
      ...(ticket.table ? { tableId: ticket.table } : {}),
    };
    if (typeof navigator !== "undefined" && navigator.onLine === false) return keepOnDevice(input, key);
    try {
      const sale = await charge({ channel, idempotencyKey: key, input }).unwrap();
      attempt.current = null;
      onSold(sale);
    } catch (err) {
      if (unreachable(err)) return keepOnDevice(input, key);
      const { message } = describeError(err);
      const status = (err as { status?: unknown }).status;
      const reused = errorCodeOf(err) === ERROR_CODES.IDEMPOTENCY_KEY_REUSED;
      if (reused) attempt.current = null; // that key already recorded another request
      setServerError(
        reused
          ? t`${message}. This ticket may already be charged: check the latest sales before charging again.`
          : message,
      );
      if (status === 409) onRefused(errorCodeOf(err));
      if (errorCodeOf(err) === ERROR_CODES.CREDIT_LIMIT_EXCEEDED)
        setOverLimit({ ...values, overrideCreditLimit: true });
    }
  }

  /** No server: the sale goes to the outbox and the receipt says it is not yet synced. */
  async function keepOnDevice(input: CreateSaleInput, idempotencyKey: string) {
    if (!settled?.ok) return;
    if (settled.creditAmount > 0)
      return setServerError(t`Credit sales need the server: take another payment method while offline.`);
    setKeeping(true);
    try {
      const offline = { ...offlineSaleOf(channel, input, ticket, servedBy), idempotencyKey };
      await addToOutbox(offline);
      attempt.current = null;
      onSold(offlineReceiptOf(offline, ticket, settled, servedBy, cashRounding), true);
    } catch (err) {
      console.error("The sale could not be kept on this device", err);
      setServerError(
        t`The server cannot be reached and this device could not keep the sale. Do not hand over goods yet; try again.`,
      );
    } finally {
      setKeeping(false);
    }
  }

  return { record, busy: charging || keeping, serverError, setServerError, overLimit };
}
