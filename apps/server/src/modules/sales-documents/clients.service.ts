import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Client, CreateClientInput, UpdateClientInput } from "@app/shared/sales-documents/client";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { clients } from "./sales-documents.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";

type Row = typeof clients.$inferSelect;

function toClient(r: Row): Client {
  return {
    _id: r.id,
    businessId: r.businessId,
    companyName: r.companyName,
    kraPin: r.kraPin,
    contactName: r.contactName,
    phone: r.phone,
    email: r.email,
    address: r.address,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** GET /clients: the business's clients by name (search by name, KRA PIN, contact or phone). */
export async function listClients(ctx: Ctx, q?: string): Promise<Client[]> {
  const like = q ? containing(q) : null;
  const rows = await ctx.db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.businessId, ctx.businessId),
        isNull(clients.archivedAt),
        like
          ? or(
              ilike(clients.companyName, like),
              ilike(clients.kraPin, like),
              ilike(clients.contactName, like),
              ilike(clients.phone, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${clients.companyName})`))
    .limit(500);
  return rows.map(toClient);
}

export async function createClient(ctx: Ctx, input: CreateClientInput): Promise<Client> {
  const { businessId: _b, ...fields } = input;
  const [row] = await ctx.db
    .insert(clients)
    .values({
      businessId: ctx.businessId,
      companyName: fields.companyName,
      kraPin: fields.kraPin ?? null,
      contactName: fields.contactName ?? null,
      phone: fields.phone ?? null,
      email: fields.email ?? null,
      address: fields.address ?? null,
    })
    .returning();
  return toClient(row!);
}

/** A live client of this business (404 naming the field otherwise: another business's is not found). */
export async function findClient(db: DbOrTx, businessId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.id, id), isNull(clients.archivedAt)));
  if (!row) throw new AppError("NOT_FOUND", "Client not found", { clientId: "No such client" });
  return row;
}

export async function getClient(ctx: Ctx, id: string): Promise<Client> {
  return toClient(await findClient(ctx.db, ctx.businessId, id));
}

export async function updateClient(ctx: Ctx, id: string, input: UpdateClientInput): Promise<Client> {
  const [row] = await ctx.db
    .update(clients)
    .set({ ...input, updatedAt: now() })
    .where(and(eq(clients.businessId, ctx.businessId), eq(clients.id, id), isNull(clients.archivedAt)))
    .returning();
  if (!row) throw notFound("Client");
  return toClient(row);
}

/** DELETE /clients/{id}: archived (hidden from lists); documents keep the copy made when they were issued. */
export async function deleteClient(ctx: Ctx, id: string): Promise<{ archived: true }> {
  const [row] = await ctx.db
    .update(clients)
    .set({ archivedAt: now() })
    .where(and(eq(clients.businessId, ctx.businessId), eq(clients.id, id), isNull(clients.archivedAt)))
    .returning({ id: clients.id });
  if (!row) throw notFound("Client");
  return { archived: true };
}

export async function businessIdOfClient(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: clients.businessId }).from(clients).where(eq(clients.id, id)).limit(1);
  return row?.businessId ?? null;
}
