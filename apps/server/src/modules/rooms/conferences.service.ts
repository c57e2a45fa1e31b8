import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { BillPaymentInput } from "@app/shared/rooms/booking";
import {
  conferenceDays,
  conferenceTotal,
  type Conference,
  type CreateConferenceInput,
  type UpdateConferenceInput,
} from "@app/shared/rooms/conference";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { insertBillPayment } from "./bill.service.ts";
import { findBooking } from "./booking-read.ts";
import { billPayments, bookingCharges, conferences } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";
import { findPrice } from "./conference-prices.service.ts";
import { transact } from "../../platform/retry.ts";

type ConferenceRow = typeof conferences.$inferSelect;

async function findConferenceRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<ConferenceRow> {
  const query = db
    .select()
    .from(conferences)
    .where(and(eq(conferences.businessId, businessId), eq(conferences.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Conference");
  return row;
}

/** A conference as the API returns it: its package, the guest bill it is on, its own payments. */
export async function readConference(db: DbOrTx, businessId: string, id: string): Promise<Conference> {
  const c = await findConferenceRow(db, businessId, id);
  const [price, booking, payments] = await Promise.all([
    findPrice(db, businessId, c.priceId),
    c.bookingId ? findBooking(db, businessId, c.bookingId) : null,
    db
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.businessId, businessId), eq(billPayments.conferenceId, id)))
      .orderBy(asc(billPayments.paidAt)),
  ]);
  const paid = payments.reduce((n, p) => n + p.amount, 0);
  const owed = c.status === "cancelled" ? 0 : c.total;
  return {
    _id: c.id,
    name: c.name,
    organiser: c.organiser,
    organiserPhone: c.organiserPhone,
    hall: c.hall,
    startDay: c.startDay,
    endDay: c.endDay,
    days: conferenceDays(c.startDay, c.endDay),
    persons: c.persons,
    price: { _id: price.id, name: price.name },
    perPersonPerDay: c.perPersonPerDay,
    hallHirePerDay: c.hallHirePerDay,
    total: c.total,
    status: c.status,
    booking: booking ? { _id: booking.b.id, guestName: booking.b.guestName, roomName: booking.room.name } : null,
    notes: c.notes,
    payments: payments.map((p) => ({
      _id: p.id,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      paidAt: p.paidAt.toISOString(),
      recordedBy: p.recordedBy,
    })),
    paid,
    // On a guest's bill, the guest bill owes it: the conference itself owes nothing.
    balance: c.bookingId ? 0 : owed - paid,
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** GET /conferences: by first day, the latest first. */
export async function listConferences(
  ctx: Ctx,
  q: { status?: Conference["status"]; limit: number },
): Promise<Conference[]> {
  const rows = await ctx.db
    .select({ id: conferences.id })
    .from(conferences)
    .where(and(eq(conferences.businessId, ctx.businessId), q.status ? eq(conferences.status, q.status) : undefined))
    .orderBy(desc(conferences.startDay), desc(conferences.createdAt))
    .limit(q.limit);
  const out: Conference[] = [];
  for (const r of rows) out.push(await readConference(ctx.db, ctx.businessId, r.id));
  return out;
}

/**
 * Puts a conference on a guest's bill (one charge, kept at its total), or takes it off. The
 * guest booking must be live; a checked-out bill is closed.
 */
async function syncBillCharge(tx: Tx, ctx: Ctx, c: ConferenceRow): Promise<void> {
  const [existing] = await tx
    .select()
    .from(bookingCharges)
    .where(and(eq(bookingCharges.businessId, ctx.businessId), eq(bookingCharges.conferenceId, c.id)));
  const wanted = c.status === "booked" && c.bookingId ? c.bookingId : null;
  if (existing && (existing.bookingId !== wanted || existing.amount !== c.total)) {
    const { b } = await findBooking(tx, ctx.businessId, existing.bookingId, true);
    if (b.status === "checkedOut") throw conflict(`This conference is on ${b.guestName}'s bill, which is closed`);
    await tx
      .delete(bookingCharges)
      .where(and(eq(bookingCharges.businessId, ctx.businessId), eq(bookingCharges.id, existing.id)));
  }
  if (wanted && (!existing || existing.bookingId !== wanted || existing.amount !== c.total)) {
    const { b } = await findBooking(tx, ctx.businessId, wanted, true);
    if (b.status !== "booked" && b.status !== "checkedIn")
      throw conflict(
        `${b.guestName}'s booking is ${b.status === "cancelled" ? "cancelled" : "checked out"}: choose a live booking`,
        {
          bookingId: "Not a live booking",
        },
      );
    await tx.insert(bookingCharges).values({
      businessId: ctx.businessId,
      bookingId: wanted,
      kind: "conference",
      description: `Conference: ${c.name}`.slice(0, 120),
      amount: c.total,
      conferenceId: c.id,
      createdBy: ctx.user.details.username,
    });
  }
}

/** The guest booking a conference is to be billed to: this business's, and live (404 / 409 otherwise). */
async function checkBillTo(tx: Tx, ctx: Ctx, bookingId: string): Promise<void> {
  const { b } = await findBooking(tx, ctx.businessId, bookingId);
  if (b.status !== "booked" && b.status !== "checkedIn")
    throw conflict(
      `${b.guestName}'s booking is ${b.status === "cancelled" ? "cancelled" : "checked out"}: choose a live booking`,
      {
        bookingId: "Not a live booking",
      },
    );
}

function checkStart(ctx: Ctx, startDay: string): void {
  if (startDay < todayIn(ctx.business.timeZone))
    throw new AppError(ERROR_CODES.VALIDATION, "The first day has passed", { startDay: "The first day has passed" });
}

/** POST /conferences: priced from the chosen package (its prices copied), billed on its own or to a guest. */
export async function createConference(ctx: Ctx, input: CreateConferenceInput): Promise<Conference> {
  checkStart(ctx, input.startDay);
  return transact(ctx.db, async (tx) => {
    const price = await findPrice(tx, ctx.businessId, input.priceId);
    if (!price.active) throw conflict(`The package ${price.name} is no longer offered`, { priceId: "Not offered" });
    if (input.bookingId) await checkBillTo(tx, ctx, input.bookingId);
    const id = randomUUID();
    const prices = { perPersonPerDay: price.perPersonPerDay, hallHirePerDay: price.hallHirePerDay };
    const [row] = await tx
      .insert(conferences)
      .values({
        businessId: ctx.businessId,
        id,
        name: input.name,
        organiser: input.organiser,
        organiserPhone: input.organiserPhone,
        hall: input.hall,
        startDay: input.startDay,
        endDay: input.endDay,
        persons: input.persons,
        priceId: price.id,
        ...prices,
        total: conferenceTotal({ ...input, ...prices }),
        bookingId: input.bookingId,
        notes: input.notes,
        createdBy: ctx.user.details.username,
      })
      .returning();
    await syncBillCharge(tx, ctx, row!);
    return readConference(tx, ctx.businessId, id);
  });
}

/** PUT /conferences/{id}: changes re-price it from its package; a new package's prices are copied. */
export async function updateConference(ctx: Ctx, id: string, input: UpdateConferenceInput): Promise<Conference> {
  return transact(ctx.db, async (tx) => {
    const c = await findConferenceRow(tx, ctx.businessId, id, true);
    if (c.status === "cancelled") throw conflict("This conference is cancelled: it can no longer change");
    const next = { ...c, ...input, bookingId: input.bookingId !== undefined ? input.bookingId : c.bookingId };
    if (next.endDay < next.startDay)
      throw new AppError(ERROR_CODES.VALIDATION, "The event must end on or after its first day", {
        endDay: "Before the first day",
      });
    if (input.startDay && input.startDay !== c.startDay) checkStart(ctx, input.startDay);
    let prices = { perPersonPerDay: c.perPersonPerDay, hallHirePerDay: c.hallHirePerDay };
    if (input.priceId && input.priceId !== c.priceId) {
      const price = await findPrice(tx, ctx.businessId, input.priceId);
      if (!price.active) throw conflict(`The package ${price.name} is no longer offered`, { priceId: "Not offered" });
      prices = { perPersonPerDay: price.perPersonPerDay, hallHirePerDay: price.hallHirePerDay };
    }
    if (next.bookingId && next.bookingId !== c.bookingId) await checkBillTo(tx, ctx, next.bookingId);
    if (next.bookingId && !c.bookingId) {
      const [paid] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(billPayments)
        .where(and(eq(billPayments.businessId, ctx.businessId), eq(billPayments.conferenceId, id)));
      if (paid && paid.n > 0)
        throw conflict("This conference has payments of its own: it cannot move to a guest's bill", {
          bookingId: "Has its own payments",
        });
    }
    const [row] = await tx
      .update(conferences)
      .set({
        name: next.name,
        organiser: next.organiser,
        organiserPhone: next.organiserPhone,
        hall: next.hall,
        startDay: next.startDay,
        endDay: next.endDay,
        persons: next.persons,
        priceId: next.priceId,
        ...prices,
        total: conferenceTotal({ ...next, ...prices }),
        bookingId: next.bookingId,
        notes: next.notes,
        updatedAt: now(),
      })
      .where(and(eq(conferences.businessId, ctx.businessId), eq(conferences.id, id)))
      .returning();
    await syncBillCharge(tx, ctx, row!);
    return readConference(tx, ctx.businessId, id);
  });
}

/** DELETE /conferences/{id}: cancels it (the row and its payments stay); off a guest's bill. */
export async function cancelConference(ctx: Ctx, id: string): Promise<Conference> {
  return transact(ctx.db, async (tx) => {
    const c = await findConferenceRow(tx, ctx.businessId, id, true);
    if (c.status === "cancelled") throw conflict("This conference is already cancelled");
    const [row] = await tx
      .update(conferences)
      .set({ status: "cancelled", cancelledAt: now(), updatedAt: now() })
      .where(and(eq(conferences.businessId, ctx.businessId), eq(conferences.id, id)))
      .returning();
    await syncBillCharge(tx, ctx, row!);
    return readConference(tx, ctx.businessId, id);
  });
}

/** POST /conferences/{id}/payments: a payment towards a conference billed on its own. */
export function payConference(
  ctx: Ctx,
  id: string,
  input: BillPaymentInput,
  idem: Idempotency = {},
): Promise<Conference> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `conference-payment:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const c = await findConferenceRow(tx, ctx.businessId, id, true);
      if (c.status === "cancelled") throw conflict("This conference is cancelled: it takes no payments");
      if (c.bookingId) throw conflict("This conference is on a guest's bill: take the payment there");
      const current = await readConference(tx, ctx.businessId, id);
      const deposit = todayIn(ctx.business.timeZone) < c.startDay;
      await insertBillPayment(tx, ctx, { bookingId: null, conferenceId: id, balance: current.balance, deposit }, input);
      return readConference(tx, ctx.businessId, id);
    },
  );
}

/** The business that owns a conference, for the tenancy guard. */
export async function businessIdOfConference(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: conferences.businessId })
    .from(conferences)
    .where(eq(conferences.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
