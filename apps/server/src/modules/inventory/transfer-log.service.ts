import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Transfer } from "@app/shared/inventory/transfer";
import type { Ctx } from "../../platform/context.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { stockTransfers } from "./transfers.table.ts";
import { offsetOf, type PageQuery } from "../../platform/paging.ts";

export function toTransfer(row: typeof stockTransfers.$inferSelect, names: Map<string, string>): Transfer {
  const [from, to] =
    row.direction === "out" ? [row.businessId, row.counterpartBusinessId] : [row.counterpartBusinessId, row.businessId];
  return {
    _id: row.id,
    kind: row.kind,
    fromBusinessId: from,
    fromBusinessName: names.get(from) ?? "",
    toBusinessId: to,
    toBusinessName: names.get(to) ?? "",
    lines: row.lines,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

async function businessNames(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length
    ? await ctx.db
        .select({ id: businesses.id, name: businesses.name })
        .from(businesses)
        .where(inArray(businesses.id, ids))
    : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The transfer log of this business (in and out), newest first. */
export async function listTransfers(ctx: Ctx, page: PageQuery) {
  const where = eq(stockTransfers.businessId, ctx.businessId);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(stockTransfers)
      .where(where)
      .orderBy(desc(stockTransfers.createdAt))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockTransfers)
      .where(where),
  ]);
  const names = await businessNames(ctx, [...new Set(rows.flatMap((r) => [r.businessId, r.counterpartBusinessId]))]);
  return { items: rows.map((r) => toTransfer(r, names)), total: count?.n ?? 0 };
}
