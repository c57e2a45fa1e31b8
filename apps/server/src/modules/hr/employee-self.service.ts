import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Employee } from "@app/shared/accounts/auth";
import type { ChangeEmployeePasswordInput } from "@app/shared/hr/employee";
import type { Ctx } from "../../platform/context.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { sniffImageType, type FileStorage } from "../../platform/files.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import { revokeOtherSessions } from "../accounts/accounts.public.ts";
import { employees } from "./employees.table.ts";
import { toEmployee } from "./employees.service.ts";

/**
 * What a member of staff changes of their own account (/settingEmployee/{id}): their password
 * and their avatar. The owner may also set or remove a member of staff's avatar.
 */

const FILES_URL = "/api/files/";
const isSelf = (ctx: Ctx, id: string) => ctx.user.kind === "employee" && ctx.user.userId === id;

/**
 * A member of staff's own password: the current one proves it is them at this device; every
 * other session of theirs ends. Only the employee themselves (the owner resets it on the
 * employee's page instead).
 */
export async function changeOwnEmployeePassword(
  ctx: Ctx,
  id: string,
  input: ChangeEmployeePasswordInput,
): Promise<void> {
  if (!isSelf(ctx, id)) throw forbidden("You can only change your own password");
  const where = and(eq(employees.businessId, ctx.businessId), eq(employees.id, id));
  const [row] = await ctx.db.select({ passwordHash: employees.passwordHash }).from(employees).where(where);
  if (!row) throw notFound("Employee");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw new AppError("VALIDATION_ERROR", "Invalid input: currentPassword", {
      currentPassword: "This is not your current password",
    });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(employees).set({ passwordHash }).where(where);
    await revokeOtherSessions(tx, ctx.user);
  });
}

async function currentImage(ctx: Ctx, id: string): Promise<string | null> {
  if (!isSelf(ctx, id) && !ctx.user.isAdmin) throw forbidden("You can only change your own picture");
  const [row] = await ctx.db
    .select({ image: employees.image })
    .from(employees)
    .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, id)));
  if (!row) throw notFound("Employee");
  return row.image;
}

async function setImage(ctx: Ctx, files: FileStorage, id: string, image: string | null, old: string | null) {
  const [row] = await ctx.db
    .update(employees)
    .set({ image })
    .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, id)))
    .returning();
  if (old?.startsWith(FILES_URL)) await files.remove(old.slice(FILES_URL.length)).catch(() => undefined);
  return toEmployee(row!);
}

/** Stores an avatar (JPEG, PNG or WebP, checked by content) for the employee (themselves or the owner). */
export async function setEmployeeImage(ctx: Ctx, files: FileStorage, id: string, data: Buffer): Promise<Employee> {
  const old = await currentImage(ctx, id);
  const type = sniffImageType(data);
  if (!type)
    throw new AppError("VALIDATION_ERROR", "The image must be a JPEG, PNG or WebP file", {
      image: "Not a JPEG, PNG or WebP image",
    });
  const key = `employees/${ctx.businessId}/${randomUUID()}.${type.ext}`;
  await files.put(key, data);
  return setImage(ctx, files, id, `${FILES_URL}${key}`, old);
}

/** Removes the avatar (the default shows again). */
export async function removeEmployeeImage(ctx: Ctx, files: FileStorage, id: string): Promise<Employee> {
  const old = await currentImage(ctx, id);
  return setImage(ctx, files, id, null, old);
}
