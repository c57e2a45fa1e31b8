import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import {
  confirmsName,
  erasesAt,
  type DeleteBusinessInput,
  type DeletedBusiness,
} from "@app/shared/businesses/business-data";
import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { businesses } from "./businesses.table.ts";

/**
 * The owner deletes a business (DELETE /api/businesses/{id}) by typing its name out: it is
 * hidden at once (lists, the tenancy guard, its staff's sessions, its public pages all skip a
 * deleted business) and erased for good ERASE_AFTER_DAYS later (db/business-data/erase.ts).
 */
export async function deleteBusiness(ctx: Ctx, input: DeleteBusinessInput): Promise<DeletedBusiness> {
  if (!confirmsName(input.confirmName, ctx.business.name))
    throw new AppError("VALIDATION_ERROR", "Type the business's name exactly to delete it", {
      confirmName: "Does not match the business's name",
    });
  const [row] = await ctx.db
    .update(businesses)
    .set({ deletedAt: now() })
    .where(and(eq(businesses.id, ctx.businessId), isNull(businesses.deletedAt)))
    .returning();
  if (!row) throw notFound("Business");
  return toDeleted(row);
}

function toDeleted(row: typeof businesses.$inferSelect): DeletedBusiness {
  return {
    _id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    deletedAt: row.deletedAt!.toISOString(),
    erasesAt: erasesAt(row.deletedAt!).toISOString(),
  };
}

/** Support: the deleted businesses not yet erased, latest first. */
export async function listDeletedBusinesses(db: Db): Promise<DeletedBusiness[]> {
  const rows = await db
    .select()
    .from(businesses)
    .where(isNotNull(businesses.deletedAt))
    .orderBy(desc(businesses.deletedAt), desc(businesses.id));
  return rows.map(toDeleted);
}

/** Support: a deleted business comes back as it was (before it is erased). */
export async function restoreBusiness(db: Db, id: string): Promise<void> {
  const [row] = await db
    .update(businesses)
    .set({ deletedAt: null })
    .where(and(eq(businesses.id, id), isNotNull(businesses.deletedAt)))
    .returning({ id: businesses.id });
  if (!row) throw notFound("Deleted business");
}
