import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatKES } from "@app/shared/money/money";
import { billPaymentProblem, type RoomChargeInput } from "@app/shared/rooms/bill";
import type { BillChargeInput, BillPaymentInput, Booking, CheckOutInput } from "@app/shared/rooms/booking";
import type { Sale } from "@app/shared/sales/sale";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, forbidden } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { readRetailSale, recordRoomChargeSale } from "../sales/sales.public.ts";
import { recordMoneyMovement } from "../transactions/transactions.public.ts";
import { findBooking, readBill, readBooking } from "./booking-read.ts";
import { billPayments, bookingCharges, bookings, rooms } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/**
 * A payment towards a bill: checked against the balance under a lock on the bill's row (a
 * booking or a conference), so two payments at the same moment never take it below zero.
 * Recorded in the caller's transaction.
 */
export async function insertBillPayment(
  tx: Tx,
  ctx: Ctx,
  bill: { bookingId: string | null; conferenceId: string | null; balance: number; deposit: boolean },
  input: BillPaymentInput,
): Promise<void> {
  const problem = billPaymentProblem(bill.balance, input.amount);
  if (problem) {
    const code = input.amount > bill.balance ? ERROR_CODES.BILL_OVERPAYMENT : ERROR_CODES.UNPROCESSABLE;
    const message =
      code === ERROR_CODES.BILL_OVERPAYMENT
        ? `${problem}: ${formatKES(Math.max(bill.balance, 0))} is still owed`
        : problem;
    throw new AppError(code, message, { amount: problem });
  }
  const id = randomUUID();
  const paidAt = input.paidAt ? new Date(input.paidAt) : new Date();
  await tx.insert(billPayments).values({
    businessId: ctx.businessId,
    id,
    bookingId: bill.bookingId,
    conferenceId: bill.conferenceId,
    kind: bill.deposit ? "deposit" : "payment",
    method: input.method,
    amount: input.amount,
    reference: input.reference || null,
    paidAt,
    recordedBy: ctx.user.details.username,
  });
  // The money ledger (cash book, cash-up) sees every shilling a guest or a conference pays, in this transaction.
  await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
    kind: "hotel_payment",
    direction: "in",
    method: input.method,
    amount: input.amount,
    reference: input.reference || null,
    occurredAt: paidAt,
    description: `${bill.bookingId ? "Booking" : "Conference"} ${bill.deposit ? "deposit" : "payment"}`,
    source: { area: "rooms", id: bill.bookingId ?? bill.conferenceId!, itemId: id },
  });
}

/**
 * POST /bookings/{id}/payments: a deposit (before check-in) or payment (after) by Cash, M-Pesa
 * (its confirmation code) or Bank Transfer; never more than the balance (422 BILL_OVERPAYMENT).
 */
export function payBooking(ctx: Ctx, id: string, input: BillPaymentInput, idem: Idempotency = {}): Promise<Booking> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `bill-payment:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const { b } = await findBooking(tx, ctx.businessId, id, true);
      if (b.status === "cancelled") throw conflict("This booking is cancelled: it takes no payments");
      const bill = await readBill(tx, ctx.businessId, b);
      await insertBillPayment(
        tx,
        ctx,
        { bookingId: id, conferenceId: null, balance: bill.balance, deposit: b.status === "booked" },
        input,
      );
      return readBooking(tx, ctx.businessId, id);
    },
  );
}

/** POST /bookings/{id}/charges: a charge added by hand to a live booking's bill (laundry, minibar). */
export async function addCharge(ctx: Ctx, id: string, input: BillChargeInput): Promise<Booking> {
  return transact(ctx.db, async (tx) => {
    const { b } = await findBooking(tx, ctx.businessId, id, true);
    if (b.status !== "booked" && b.status !== "checkedIn")
      throw conflict(`This booking is ${b.status === "cancelled" ? "cancelled" : "checked out"}: its bill is closed`);
    await tx.insert(bookingCharges).values({
      businessId: ctx.businessId,
      bookingId: id,
      kind: "other",
      description: input.description,
      amount: input.amount,
      createdBy: ctx.user.details.username,
    });
    return readBooking(tx, ctx.businessId, id);
  });
}

/**
 * POST /bookings/{id}/roomcharge, the POS's "charge to room": the sale is recorded by the sales
 * module (stock through the inventory ledger) with its payment "Room", and its total is posted
 * to the guest's bill, in one transaction. Only a checked-in guest's bill takes it. A retry with
 * the same Idempotency-Key returns the first sale.
 */
export function chargeToRoom(ctx: Ctx, id: string, input: RoomChargeInput, idem: Idempotency = {}): Promise<Sale> {
  const saleId = randomUUID();
  return runIdempotent(
    ctx.db,
    {
      businessId: ctx.businessId,
      key: idem.key,
      scope: `room-charge:${id}`,
      fingerprint: idem.fingerprint,
      byReference: { ref: { saleId }, replay: (ref) => readRetailSale(ctx.db, ctx.businessId, String(ref.saleId)) },
    },
    async (tx) => {
      const { b, room } = await findBooking(tx, ctx.businessId, id, true);
      if (b.status !== "checkedIn")
        throw conflict(
          `${b.guestName} is not checked in to room ${room.name}: only a guest in the room can be charged`,
        );
      const sale = await recordRoomChargeSale(tx, ctx, saleId, input, {
        roomName: room.name,
        guestName: b.guestName,
        guestPhone: b.guestPhone,
      });
      await tx.insert(bookingCharges).values({
        businessId: ctx.businessId,
        bookingId: id,
        kind: "pos",
        description: `Sale #${sale.saleNumber}`,
        amount: sale.amount,
        saleId,
        createdBy: ctx.user.details.username,
      });
      return sale;
    },
  );
}

/**
 * POST /bookings/{id}/checkout: the guest leaves; the room goes to cleaning. The bill must be
 * settled (409 BILL_BALANCE_DUE), unless the owner overrides with a reason, which is recorded.
 */
export async function checkOut(ctx: Ctx, id: string, input: CheckOutInput): Promise<Booking> {
  return transact(ctx.db, async (tx) => {
    const { b } = await findBooking(tx, ctx.businessId, id, true);
    if (b.status !== "checkedIn")
      throw conflict(
        b.status === "booked"
          ? "The guest has not checked in yet"
          : `This booking is ${b.status === "cancelled" ? "cancelled" : "already checked out"}`,
      );
    const bill = await readBill(tx, ctx.businessId, b);
    let override: { by: string; reason: string } | null = null;
    if (bill.balance > 0) {
      if (!input.override)
        throw new AppError(
          ERROR_CODES.BILL_BALANCE_DUE,
          `The bill still owes ${formatKES(bill.balance)}: take payment first, or the owner can check the guest out with an override`,
        );
      if (!ctx.user.isAdmin) throw forbidden("Only the owner can check a guest out with a balance owed");
      if (!input.reason?.trim())
        throw new AppError(ERROR_CODES.VALIDATION, "Say why the guest leaves with a balance owed", {
          reason: "Required for an override",
        });
      override = { by: ctx.user.details.username, reason: input.reason.trim() };
    }
    await tx
      .update(bookings)
      .set({
        status: "checkedOut",
        checkedOutAt: now(),
        overrideBy: override?.by ?? null,
        overrideReason: override?.reason ?? null,
        updatedAt: now(),
      })
      .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.id, id)));
    await tx
      .update(rooms)
      .set({ status: "cleaning", updatedAt: now() })
      .where(and(eq(rooms.businessId, ctx.businessId), eq(rooms.id, b.roomId)));
    return readBooking(tx, ctx.businessId, id);
  });
}
