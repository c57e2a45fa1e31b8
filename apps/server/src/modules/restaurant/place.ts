import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { sectionTables, sections } from "./sections.table.ts";

/** The section and table a sale keeps by name too (sections may be renamed or removed later). */
export async function placeOf(tx: Tx, businessId: string, sectionId?: string, tableId?: string) {
  if (tableId) {
    const [row] = await tx
      .select({ sectionId: sections.id, sectionName: sections.name, tableName: sectionTables.name })
      .from(sectionTables)
      .innerJoin(
        sections,
        and(eq(sections.businessId, sectionTables.businessId), eq(sections.id, sectionTables.sectionId)),
      )
      .where(and(eq(sectionTables.businessId, businessId), eq(sectionTables.id, tableId)));
    if (!row || (sectionId && row.sectionId !== sectionId)) throw notFound("Table");
    return { ...row, tableId };
  }
  if (sectionId) {
    const [row] = await tx
      .select({ sectionName: sections.name })
      .from(sections)
      .where(and(eq(sections.businessId, businessId), eq(sections.id, sectionId)));
    if (!row) throw notFound("Section");
    return { sectionId, sectionName: row.sectionName, tableId: null, tableName: null };
  }
  return { sectionId: null, sectionName: null, tableId: null, tableName: null };
}
