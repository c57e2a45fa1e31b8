import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { formatKES } from "@app/shared/money/money";
import { buildStatement, type StatementEntry } from "@app/shared/money/statement";
import { displayKenyanPhone, normalizeKenyanPhone, phoneSearchDigits } from "@app/shared/phone/phone";
import type {
  CreateSupplierInput,
  DeleteSupplierResult,
  ListSuppliersQuery,
  Supplier,
  SupplierPage,
  SupplierStatement,
  UpdateSupplierInput,
} from "@app/shared/supplies/supplier";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { renderStatementPdf } from "../../platform/statement-pdf.ts";
import { suppliers } from "./supplies.table.ts";
import { containing } from "../../platform/search.ts";
import { limitOffset } from "../../platform/paging.ts";
import { transact } from "../../platform/retry.ts";

type Row = typeof suppliers.$inferSelect;
type Totals = { balance: number; supplies: number; lastSupplyAt: string | null };
const NONE: Totals = { balance: 0, supplies: 0, lastSupplyAt: null };

function toSupplier(r: Row, t: Totals = NONE): Supplier {
  return {
    _id: r.id,
    businessId: r.businessId,
    name: r.name,
    phone: r.phone ? displayKenyanPhone(r.phone) : null,
    email: r.email,
    address: r.address,
    kraPin: r.kraPin,
    contactPerson: r.contactPerson,
    notes: r.notes,
    balance: t.balance,
    supplies: t.supplies,
    lastSupplyAt: t.lastSupplyAt,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What is owed to each supplier, how many supplies, the latest: summed in SQL. */
async function totalsOf(db: DbOrTx, businessId: string, ids: string[]): Promise<Map<string, Totals>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<{ supplier_id: string; balance: string; n: number; last_at: string | null }>(sql`
    SELECT supplier_id, sum(balance)::text AS balance, count(*)::int AS n, max(supplied_at) AS last_at
    FROM supply_records WHERE business_id = ${businessId} AND supplier_id = ANY(${sql.param(ids)}::uuid[])
    GROUP BY supplier_id`);
  return new Map(
    rows.map((r) => [
      r.supplier_id,
      {
        balance: Number(r.balance),
        supplies: Number(r.n),
        lastSupplyAt: r.last_at ? new Date(r.last_at).toISOString() : null,
      },
    ]),
  );
}

async function findRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound("Supplier");
  return row;
}

const duplicateName = (name: string) =>
  conflict(`There is already a supplier called ${name}`, { name: `There is already a supplier called ${name}` });

/** GET /suppliers: by name, with what is owed to each; `owed` sums every supplier matched. */
export async function listSuppliers(ctx: Ctx, q: ListSuppliersQuery): Promise<SupplierPage> {
  const like = q.q ? containing(q.q) : null;
  const digits = q.q ? phoneSearchDigits(q.q) : null;
  const { rows } = await ctx.db.execute<{ id: string; owed: string; total: number }>(sql`
    WITH matched AS (
      SELECT s.id, lower(s.name) AS sort_name, coalesce(t.balance, 0) AS balance
      FROM suppliers s
      LEFT JOIN LATERAL (
        SELECT sum(r.balance) AS balance FROM supply_records r WHERE r.business_id = s.business_id AND r.supplier_id = s.id
      ) t ON TRUE
      WHERE s.business_id = ${ctx.businessId}
        AND (${q.archived === "true"} OR s.archived_at IS NULL)
        AND (${like}::text IS NULL OR s.name ILIKE ${like} OR s.contact_person ILIKE ${like}
             OR (${digits}::text IS NOT NULL AND s.phone LIKE '%' || ${digits}::text || '%'))
    )
    SELECT id, (sum(balance) OVER ())::text AS owed, (count(*) OVER ())::int AS total
    FROM matched
    WHERE ${q.owing !== "true"} OR balance > 0
    ORDER BY sort_name, id
    ${limitOffset(q)}`);
  const ids = rows.map((r) => r.id);
  const page = ids.length
    ? await ctx.db
        .select()
        .from(suppliers)
        .where(and(eq(suppliers.businessId, ctx.businessId), sql`${suppliers.id} = ANY(${sql.param(ids)}::uuid[])`))
    : [];
  const byId = new Map(page.map((r) => [r.id, r]));
  const totals = await totalsOf(ctx.db, ctx.businessId, ids);
  let owed = Number(rows[0]?.owed ?? 0);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.page > 0) {
    // Past the last page: still say how many there are and what is owed.
    const again = await listSuppliers(ctx, { ...q, page: 0, pageSize: 1 });
    owed = again.owed;
    total = again.total;
  }
  return { items: ids.map((id) => toSupplier(byId.get(id)!, totals.get(id))), total, owed };
}

/** GET /suppliers/{id}. */
export async function getSupplier(ctx: Ctx, id: string): Promise<Supplier> {
  const row = await findRow(ctx.db, ctx.businessId, id);
  return toSupplier(row, (await totalsOf(ctx.db, ctx.businessId, [id])).get(id));
}

const detailColumns = (input: UpdateSupplierInput) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.phone !== undefined ? { phone: input.phone ? normalizeKenyanPhone(input.phone) : null } : {}),
  ...(input.email !== undefined ? { email: input.email } : {}),
  ...(input.address !== undefined ? { address: input.address } : {}),
  ...(input.kraPin !== undefined ? { kraPin: input.kraPin } : {}),
  ...(input.contactPerson !== undefined ? { contactPerson: input.contactPerson } : {}),
  ...(input.notes !== undefined ? { notes: input.notes } : {}),
});

/** POST /suppliers: 409 when a live supplier of the business has the name. */
export async function createSupplier(ctx: Ctx, input: CreateSupplierInput): Promise<Supplier> {
  try {
    const [row] = await ctx.db
      .insert(suppliers)
      .values({
        businessId: ctx.businessId,
        name: input.name,
        createdBy: ctx.user.details.username,
        ...detailColumns(input),
      })
      .returning();
    return toSupplier(row!);
  } catch (err) {
    if (isUniqueViolation(err, "suppliers_business_name_key")) throw duplicateName(input.name);
    throw err;
  }
}

/** PUT /suppliers/{id}: the fields given change. */
export async function updateSupplier(ctx: Ctx, id: string, input: UpdateSupplierInput): Promise<Supplier> {
  try {
    const [row] = await ctx.db
      .update(suppliers)
      .set({ ...detailColumns(input), updatedAt: new Date() })
      .where(and(eq(suppliers.businessId, ctx.businessId), eq(suppliers.id, id)))
      .returning();
    if (!row) throw notFound("Supplier");
    return toSupplier(row, (await totalsOf(ctx.db, ctx.businessId, [id])).get(id));
  } catch (err) {
    if (input.name && isUniqueViolation(err, "suppliers_business_name_key")) throw duplicateName(input.name);
    throw err;
  }
}

/**
 * DELETE /suppliers/{id}: a supplier with no supplies is deleted; one with supplies is archived
 * (kept with its supplies and statement, hidden from the lists and from new deliveries). The row
 * is locked, so a delivery recorded at the same moment waits and then finds it gone or archived.
 */
export async function deleteSupplier(ctx: Ctx, id: string): Promise<DeleteSupplierResult> {
  return transact(ctx.db, async (tx) => {
    const row = await findRow(tx, ctx.businessId, id, true);
    const totals = (await totalsOf(tx, ctx.businessId, [id])).get(id) ?? NONE;
    if (totals.supplies === 0) {
      await tx.delete(suppliers).where(and(eq(suppliers.businessId, ctx.businessId), eq(suppliers.id, id)));
      return { deleted: true, supplier: toSupplier(row) };
    }
    const [archived] = await tx
      .update(suppliers)
      .set({ archivedAt: row.archivedAt ?? new Date(), updatedAt: new Date() })
      .where(and(eq(suppliers.businessId, ctx.businessId), eq(suppliers.id, id)))
      .returning();
    return { deleted: false, supplier: toSupplier(archived!, totals) };
  });
}

/** GET /suppliers/{id}/statement: each supply (charged at its total) and each payment, with the running balance. */
export async function supplierStatement(ctx: Ctx, id: string): Promise<SupplierStatement> {
  const supplier = await getSupplier(ctx, id);
  const { rows } = await ctx.db.execute<{
    kind: "charge" | "payment";
    at: string;
    supply_id: string;
    supply_number: number;
    amount: string;
    method: string | null;
    at_delivery: boolean;
  }>(sql`
    SELECT 'charge' AS kind, r.supplied_at AS at, r.id AS supply_id, r.supply_number, r.total::text AS amount, NULL AS method, FALSE AS at_delivery
    FROM supply_records r WHERE r.business_id = ${ctx.businessId} AND r.supplier_id = ${id} AND r.total > 0
    UNION ALL
    SELECT 'payment', p.paid_at, r.id, r.supply_number, p.amount::text, p.method, p.at_delivery
    FROM supplier_payments p JOIN supply_records r ON r.business_id = p.business_id AND r.id = p.supply_id
    WHERE r.business_id = ${ctx.businessId} AND r.supplier_id = ${id}`);
  const entries = rows.map((r): StatementEntry => ({
    date: new Date(r.at).toISOString(),
    kind: r.kind,
    reference: `Supply #${r.supply_number}`,
    refId: r.supply_id,
    description:
      r.kind === "charge"
        ? `Delivery, ${formatKES(Number(r.amount))}`
        : `${r.at_delivery ? "Paid on delivery" : "Payment"}, ${r.method}`,
    amount: Number(r.amount),
  }));
  return { supplier, ...buildStatement(entries) };
}

/** The supplier statement as a PDF. */
export async function supplierStatementPdf(ctx: Ctx, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { supplier, ...statement } = await supplierStatement(ctx, id);
  const pdf = await renderStatementPdf({
    businessName: ctx.business.name,
    title: "Supplier statement",
    party: [
      supplier.name,
      ...(supplier.phone ? [`Phone: ${supplier.phone}`] : []),
      ...(supplier.kraPin ? [`KRA PIN: ${supplier.kraPin}`] : []),
    ],
    statement,
    timeZone: ctx.business.timeZone,
    balanceLabel: "Amount owed to the supplier",
  });
  const slug = supplier.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "supplier";
  return { fileName: `statement-${slug}.pdf`, pdf };
}

/** The business a supplier belongs to, for record routes. */
export async function businessIdOfSupplier(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: suppliers.businessId })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1);
  return row?.businessId ?? null;
}

/** A live supplier of the business, locked for a new delivery (404 unknown, 409 archived). */
export async function lockLiveSupplier(db: DbOrTx, businessId: string, id: string): Promise<Row> {
  const row = await findRow(db, businessId, id, true);
  if (row.archivedAt) throw conflict(`${row.name} is archived: deliveries cannot be recorded for them`);
  return row;
}

/**
 * The live supplier a KRA invoice came from (flows/etims-purchases.ts): the one with its KRA PIN,
 * else the one of its name (given the PIN if it had none), else a new one with both. Locked,
 * like a supplier a delivery is recorded for.
 */
export async function supplierForKraPin(tx: Tx, ctx: Ctx, from: { kraPin: string; name: string }): Promise<Row> {
  // Two confirmations from one new supplier at once make it once: the second waits, then finds it.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`supplier-pin:${ctx.businessId}`}, 0))`);
  const live = and(eq(suppliers.businessId, ctx.businessId), isNull(suppliers.archivedAt));
  const [byPin] = await tx
    .select()
    .from(suppliers)
    .where(and(live, sql`upper(${suppliers.kraPin}) = ${from.kraPin.toUpperCase()}`))
    .orderBy(asc(suppliers.createdAt))
    .limit(1)
    .for("update");
  if (byPin) return byPin;
  const name = from.name.trim().slice(0, 120) || from.kraPin;
  const [byName] = await tx
    .select()
    .from(suppliers)
    .where(and(live, sql`lower(${suppliers.name}) = lower(${name})`))
    .for("update");
  if (byName) {
    if (byName.kraPin) return byName;
    const [given] = await tx
      .update(suppliers)
      .set({ kraPin: from.kraPin, updatedAt: now() })
      .where(and(eq(suppliers.businessId, ctx.businessId), eq(suppliers.id, byName.id)))
      .returning();
    return given!;
  }
  const [made] = await tx
    .insert(suppliers)
    .values({ businessId: ctx.businessId, name, kraPin: from.kraPin, createdBy: ctx.user.details.username })
    .returning();
  return made!;
}
