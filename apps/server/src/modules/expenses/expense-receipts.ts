import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Expense } from "@app/shared/expenses/expense";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { sniffImageType, type FileStorage } from "../../platform/files.ts";
import { getExpense } from "./expenses.service.ts";
import { expenses } from "./expenses.table.ts";
import { now } from "../../platform/clock.ts";

const FILES_URL = "/api/files/";

async function currentImage(ctx: Ctx, id: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ image: expenses.receiptImage, deletedAt: expenses.deletedAt })
    .from(expenses)
    .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)));
  if (!row) throw notFound("Expense");
  if (row.deletedAt) throw conflict("This expense was deleted");
  return row.image;
}

async function removeFile(files: FileStorage, image: string | null) {
  if (image?.startsWith(FILES_URL)) await files.remove(image.slice(FILES_URL.length)).catch(() => undefined);
}

/**
 * A photo of the expense's receipt: checked by its content as product images are (JPEG, PNG or
 * WebP, at most 5 MB), stored under an unguessable name, and the old one removed.
 */
export async function setExpenseReceipt(ctx: Ctx, files: FileStorage, id: string, data: Buffer): Promise<Expense> {
  const type = sniffImageType(data);
  if (!type)
    throw new AppError("VALIDATION_ERROR", "The photo must be a JPEG, PNG or WebP file", {
      image: "Not a JPEG, PNG or WebP image",
    });
  const old = await currentImage(ctx, id);
  const key = `expenses/${ctx.businessId}/${randomUUID()}.${type.ext}`;
  await files.put(key, data);
  await ctx.db
    .update(expenses)
    .set({ receiptImage: `${FILES_URL}${key}`, updatedAt: now() })
    .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)));
  await removeFile(files, old);
  return getExpense(ctx, id);
}

export async function removeExpenseReceipt(ctx: Ctx, files: FileStorage, id: string): Promise<Expense> {
  const old = await currentImage(ctx, id);
  await ctx.db
    .update(expenses)
    .set({ receiptImage: null, updatedAt: now() })
    .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)));
  await removeFile(files, old);
  return getExpense(ctx, id);
}
