import { and, asc, eq, inArray } from "drizzle-orm";
import type { CreateSectionInput, Section, UpdateSectionInput } from "@app/shared/restaurant/section";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { sectionTables, sections } from "./sections.table.ts";

export async function businessIdOfSection(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: sections.businessId }).from(sections).where(eq(sections.id, id)).limit(1);
  return row?.businessId ?? null;
}

/** The sections of a business with their tables, in the order they were made. */
export async function listSections(ctx: Ctx, ids?: string[]): Promise<Section[]> {
  const rows = await ctx.db
    .select()
    .from(sections)
    .where(and(eq(sections.businessId, ctx.businessId), ids ? inArray(sections.id, ids) : undefined))
    .orderBy(asc(sections.createdAt), asc(sections.name));
  if (!rows.length) return [];
  const tables = await ctx.db
    .select()
    .from(sectionTables)
    .where(
      and(
        eq(sectionTables.businessId, ctx.businessId),
        inArray(
          sectionTables.sectionId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(sectionTables.position));
  return rows.map((s) => ({
    _id: s.id,
    businessId: s.businessId,
    name: s.name,
    tables: tables.filter((t) => t.sectionId === s.id).map((t) => ({ _id: t.id, name: t.name })),
    createdAt: s.createdAt.toISOString(),
  }));
}

async function one(ctx: Ctx, id: string): Promise<Section> {
  const [section] = await listSections(ctx, [id]);
  if (!section) throw notFound("Section");
  return section;
}

/** A second table of the same name in a section is a 409, not a 500. */
async function withTableNames<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, "section_tables_section_name_key"))
      throw conflict("This section already has a table with that name", { tables: "Two tables have the same name" });
    throw err;
  }
}

export async function createSection(ctx: Ctx, input: CreateSectionInput): Promise<Section> {
  const [row] = await ctx.db.transaction(async (tx) => {
    const created = await tx.insert(sections).values({ businessId: ctx.businessId, name: input.name }).returning();
    if (input.tables.length) {
      await tx.insert(sectionTables).values(
        input.tables.map((t, i) => ({
          businessId: ctx.businessId,
          sectionId: created[0]!.id,
          name: t.name,
          position: i,
        })),
      );
    }
    return created;
  });
  return one(ctx, row!.id);
}

/** PUT /sections/update/{id}: rename the section, rename tables by _id, add tables without one. */
export async function updateSection(ctx: Ctx, id: string, input: UpdateSectionInput): Promise<Section> {
  await withTableNames(
    ctx.db.transaction(async (tx) => {
      const [section] = await tx
        .select()
        .from(sections)
        .where(and(eq(sections.businessId, ctx.businessId), eq(sections.id, id)))
        .for("update");
      if (!section) throw notFound("Section");
      if (input.name)
        await tx
          .update(sections)
          .set({ name: input.name })
          .where(and(eq(sections.businessId, ctx.businessId), eq(sections.id, id)));
      if (!input.tables) return;
      const existing = await tx
        .select()
        .from(sectionTables)
        .where(and(eq(sectionTables.businessId, ctx.businessId), eq(sectionTables.sectionId, id)));
      const known = new Map(existing.map((t) => [t.id, t]));
      let position = existing.reduce((max, t) => Math.max(max, t.position), -1);
      for (const table of input.tables) {
        if (table._id) {
          if (!known.has(table._id)) throw notFound("Table");
          await tx
            .update(sectionTables)
            .set({ name: table.name })
            .where(and(eq(sectionTables.businessId, ctx.businessId), eq(sectionTables.id, table._id)));
        } else {
          await tx
            .insert(sectionTables)
            .values({ businessId: ctx.businessId, sectionId: id, name: table.name, position: ++position });
        }
      }
    }),
  );
  return one(ctx, id);
}

/** Deletes a section and its tables; sales made at them keep the names. */
export async function deleteSection(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const rows = await ctx.db
    .delete(sections)
    .where(and(eq(sections.businessId, ctx.businessId), eq(sections.id, id)))
    .returning({ id: sections.id });
  if (!rows.length) throw notFound("Section");
  return { deleted: true };
}

export async function deleteTable(ctx: Ctx, id: string, tableId: string): Promise<Section> {
  const rows = await ctx.db
    .delete(sectionTables)
    .where(
      and(eq(sectionTables.businessId, ctx.businessId), eq(sectionTables.sectionId, id), eq(sectionTables.id, tableId)),
    )
    .returning({ id: sectionTables.id });
  if (!rows.length) throw notFound("Table");
  return one(ctx, id);
}
