import { and, asc, desc, eq } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import {
  type ConferencePrice,
  type CreateConferencePriceInput,
  type UpdateConferencePriceInput,
} from "@app/shared/rooms/conference";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { conferencePrices } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";

type PriceRow = typeof conferencePrices.$inferSelect;

const toPrice = (r: PriceRow): ConferencePrice => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  perPersonPerDay: r.perPersonPerDay,
  hallHirePerDay: r.hallHirePerDay,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});
const priceNameTaken = (name: string) => conflict(`A package named ${name} already exists`, { name: "Already used" });

/** GET /conferences/price: the packages, active first, by name. */
export async function listPrices(ctx: Ctx): Promise<ConferencePrice[]> {
  const rows = await ctx.db
    .select()
    .from(conferencePrices)
    .where(eq(conferencePrices.businessId, ctx.businessId))
    .orderBy(desc(conferencePrices.active), asc(conferencePrices.name));
  return rows.map(toPrice);
}

export async function createPrice(ctx: Ctx, input: CreateConferencePriceInput): Promise<ConferencePrice> {
  const { businessId: _, ...fields } = input;
  try {
    const [row] = await ctx.db
      .insert(conferencePrices)
      .values({ businessId: ctx.businessId, ...fields })
      .returning();
    return toPrice(row!);
  } catch (err) {
    if (isUniqueViolation(err, "conference_prices_business_name_key")) throw priceNameTaken(input.name);
    throw err;
  }
}

/** New prices apply to conferences booked (or changed) from now on. */
export async function updatePrice(ctx: Ctx, id: string, input: UpdateConferencePriceInput): Promise<ConferencePrice> {
  const [current] = await ctx.db
    .select()
    .from(conferencePrices)
    .where(and(eq(conferencePrices.businessId, ctx.businessId), eq(conferencePrices.id, id)));
  if (!current) throw notFound("Package");
  const next = { ...current, ...input };
  if (next.perPersonPerDay === 0 && next.hallHirePerDay === 0)
    throw new AppError(ERROR_CODES.VALIDATION, "Give a price per person or a hall hire", {
      perPersonPerDay: "Give a price per person or a hall hire",
    });
  try {
    const [row] = await ctx.db
      .update(conferencePrices)
      .set({ ...input, updatedAt: now() })
      .where(and(eq(conferencePrices.businessId, ctx.businessId), eq(conferencePrices.id, id)))
      .returning();
    return toPrice(row!);
  } catch (err) {
    if (isUniqueViolation(err, "conference_prices_business_name_key")) throw priceNameTaken(input.name ?? current.name);
    throw err;
  }
}

export async function findPrice(db: DbOrTx, businessId: string, id: string): Promise<PriceRow> {
  const [row] = await db
    .select()
    .from(conferencePrices)
    .where(and(eq(conferencePrices.businessId, businessId), eq(conferencePrices.id, id)));
  if (!row) throw notFound("Package");
  return row;
}

/** The business that owns a conference package, for the tenancy guard. */
export async function businessIdOfPrice(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: conferencePrices.businessId })
    .from(conferencePrices)
    .where(eq(conferencePrices.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
