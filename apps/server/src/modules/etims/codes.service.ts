import { and, asc, eq, ilike, or, sql, type AnyColumn } from "drizzle-orm";
import { OSCU_CODE_CLASSES, oscuDateTime } from "@app/shared/etims/oscu";
import type { EtimsCodes } from "@app/shared/etims/oscu";
import type { EtimsRefundReasons } from "@app/shared/etims/queue";
import type { DbOrTx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { containing } from "../../platform/search.ts";
import { transact } from "../../platform/retry.ts";
import { deviceInfoOf, deviceOf } from "./device-key.ts";
import type { EtimsDeps } from "./etims-deps.ts";
import { etimsCodes, etimsDevices, etimsItemClasses } from "./etims.table.ts";

// KRA's code lists and item classifications, cached per business with the date they were fetched.

/** The first fetch asks for everything KRA registered since this date. */
const EVERYTHING_SINCE = "20000101000000";
const CHUNK = 500;

export type CodeListRefresh = { codes: number; itemClasses: number; fetchedAt: string };

/**
 * Fetches KRA's code lists (selectCodeList) and item classifications (selectItemClsList) changed
 * since the last fetch and stores them: new codes added, changed ones replaced, the fetch dates
 * set. KRA answering "no search result" (001) changes nothing but the date. Called at
 * initialisation and, daily, by the job runner (the lead schedules it). Throws NOT_CONFIGURED
 * when the business has no device, EtimsError when KRA refuses or cannot be reached (nothing
 * stored then).
 */
export async function refreshEtimsCodeLists(db: DbOrTx, deps: EtimsDeps, businessId: string): Promise<CodeListRefresh> {
  const device = await deviceOf(db, deps, businessId);
  if (!device) throw new AppError("NOT_CONFIGURED", "eTIMS is not connected for this business.");
  const [row] = await db
    .select({ codes: etimsDevices.codeListsFetchedAt, classes: etimsDevices.itemClassesFetchedAt })
    .from(etimsDevices)
    .where(eq(etimsDevices.businessId, businessId));
  const since = (at: Date | null | undefined) => (at ? oscuDateTime(at) : EVERYTHING_SINCE);
  const at = now();
  const classes = await deps.client.selectCodeList(device, since(row?.codes));
  const itemClasses = await deps.client.selectItemClsList(device, since(row?.classes));
  const codeRows = classes.flatMap((c) =>
    (c.dtlList ?? []).map((d) => ({
      businessId,
      codeClass: c.cdCls,
      className: c.cdClsNm,
      code: d.cd,
      name: d.cdNm,
      description: d.cdDesc ?? null,
      extra: d.userDfnCd1 ?? null,
      sortOrder: d.srtOrd ?? null,
      inUse: d.useYn === "N" ? ("N" as const) : ("Y" as const),
      fetchedAt: at,
    })),
  );
  const classRows = itemClasses.map((c) => ({
    businessId,
    code: c.itemClsCd,
    name: c.itemClsNm,
    level: c.itemClsLvl ?? null,
    taxType: c.taxTyCd ?? null,
    major: c.mjrTgYn ?? null,
    inUse: c.useYn === "N" ? ("N" as const) : ("Y" as const),
    fetchedAt: at,
  }));
  await transact(db, async (tx) => {
    for (let i = 0; i < codeRows.length; i += CHUNK)
      await tx
        .insert(etimsCodes)
        .values(codeRows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [etimsCodes.businessId, etimsCodes.codeClass, etimsCodes.code],
          set: excluded(["class_name", "name", "description", "extra", "sort_order", "in_use", "fetched_at"]),
        });
    for (let i = 0; i < classRows.length; i += CHUNK)
      await tx
        .insert(etimsItemClasses)
        .values(classRows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [etimsItemClasses.businessId, etimsItemClasses.code],
          set: excluded(["name", "level", "tax_type", "major", "in_use", "fetched_at"]),
        });
    await tx
      .update(etimsDevices)
      .set({ codeListsFetchedAt: at, itemClassesFetchedAt: at })
      .where(eq(etimsDevices.businessId, businessId));
  });
  return { codes: codeRows.length, itemClasses: classRows.length, fetchedAt: at.toISOString() };
}

/**
 * Refreshes the code lists of every business connected to eTIMS, one by one (the daily job);
 * one business's failure (KRA down, a refusal) is reported and the others go on.
 */
export async function refreshAllEtimsCodeLists(
  deps: EtimsDeps,
): Promise<{ businessId: string; ok: boolean; message: string }[]> {
  const rows = await deps.db.select({ businessId: etimsDevices.businessId }).from(etimsDevices);
  const out: { businessId: string; ok: boolean; message: string }[] = [];
  for (const { businessId } of rows) {
    try {
      const r = await refreshEtimsCodeLists(deps.db, deps, businessId);
      out.push({ businessId, ok: true, message: `${r.codes} codes, ${r.itemClasses} item classes` });
    } catch (err) {
      out.push({ businessId, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

/** ON CONFLICT ... SET column = excluded.column, for these columns. */
const excluded = (columns: string[]) => Object.fromEntries(columns.map((c) => [camel(c), sql.raw(`excluded.${c}`)]));
const camel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The cached codes of one class, or item classifications matching a search, for the web's pickers. */
/** A code or item class whose name or code holds the search text; no condition without one. */
const nameOrCode = (t: { name: AnyColumn; code: AnyColumn }, search: string | undefined) =>
  search ? or(ilike(t.name, containing(search)), ilike(t.code, containing(search))) : undefined;

export async function listCodes(
  ctx: Ctx,
  q: { kind: "codes" | "itemClasses"; cdCls?: string; search?: string; limit: number },
): Promise<EtimsCodes> {
  const [device] = await ctx.db
    .select({ codes: etimsDevices.codeListsFetchedAt, classes: etimsDevices.itemClassesFetchedAt })
    .from(etimsDevices)
    .where(eq(etimsDevices.businessId, ctx.businessId));
  if (q.kind === "codes") {
    const t = etimsCodes;
    const items = await ctx.db
      .select({ code: t.code, name: t.name, extra: t.extra })
      .from(t)
      .where(
        and(
          eq(t.businessId, ctx.businessId),
          eq(t.inUse, "Y"),
          q.cdCls ? eq(t.codeClass, q.cdCls) : undefined,
          nameOrCode(t, q.search),
        ),
      )
      .orderBy(asc(t.codeClass), asc(t.sortOrder), asc(t.code))
      .limit(q.limit);
    return { fetchedAt: device?.codes?.toISOString() ?? null, items };
  }
  const t = etimsItemClasses;
  const items = await ctx.db
    .select({ code: t.code, name: t.name, extra: t.taxType })
    .from(t)
    .where(and(eq(t.businessId, ctx.businessId), eq(t.inUse, "Y"), nameOrCode(t, q.search)))
    .orderBy(asc(t.name), asc(t.code))
    .limit(q.limit);
  return { fetchedAt: device?.classes?.toISOString() ?? null, items };
}

/** KRA's refund reasons (code class 32) cached for the business, in KRA's order, for the void dialog. */
export async function refundReasons(db: DbOrTx, businessId: string): Promise<EtimsRefundReasons> {
  if (!(await deviceInfoOf(db, businessId))) return { connected: false, items: [] };
  const t = etimsCodes;
  const items = await db
    .select({ code: t.code, name: t.name })
    .from(t)
    .where(and(eq(t.businessId, businessId), eq(t.codeClass, OSCU_CODE_CLASSES.refundReason), eq(t.inUse, "Y")))
    .orderBy(asc(t.sortOrder), asc(t.code));
  return { connected: true, items };
}

/**
 * The refund reason a void keeps for its credit note (sales call it before voiding, passed in by
 * app.ts: etims is a layer above sales). None chosen, or a business not connected (nothing goes to
 * KRA): null, the credit note says 06. Else the code must be one of KRA's cached list: a 400
 * naming the field, so nothing is voided.
 */
export async function checkRefundReason(
  db: DbOrTx,
  businessId: string,
  code: string | undefined,
): Promise<string | null> {
  if (!code) return null;
  const { connected, items } = await refundReasons(db, businessId);
  if (!connected) return null;
  if (items.some((i) => i.code === code)) return code;
  const message = items.length
    ? `KRA has no refund reason ${code}: choose one of KRA's list (${items.map((i) => `${i.code} ${i.name}`).join(", ")}).`
    : `KRA's refund reasons are not fetched yet: fetch KRA's code lists in Settings, KRA eTIMS, or void without choosing one (06 Refund).`;
  throw new AppError("VALIDATION_ERROR", message, { etimsRefundReason: message });
}
