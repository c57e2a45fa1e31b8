import { and, eq, sql } from "drizzle-orm";
import type { Session } from "@app/shared/accounts/auth";
import {
  PIN_LOCK_MINUTES,
  PIN_MAX_FAILURES,
  PIN_PATTERN,
  type PinSwitchInput,
  type PinUser,
} from "@app/shared/accounts/pin";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import type { TokenService } from "../../platform/tokens.ts";
import { now as clockNow } from "../../platform/clock.ts";
import { createSession, revokeSession } from "../accounts/accounts.public.ts";
import { employees } from "./employees.table.ts";
import { employeePins, ownerPins } from "./pins.table.ts";
import { users } from "../accounts/accounts.public.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { employeeDetails } from "./sign-in.service.ts";

// 422, not 401: the till's own session is fine (a 401 would sign it out).
const wrongPin = () => new AppError(ERROR_CODES.UNPROCESSABLE, "Wrong PIN", { pin: "Wrong PIN" });
const locked = (until: Date, now: Date) =>
  new AppError(
    ERROR_CODES.RATE_LIMITED,
    `This PIN is locked after ${PIN_MAX_FAILURES} wrong tries. Try again in ${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))} minutes, or sign in with the password.`,
  );

/** The owner sets an employee's till PIN (hashed like a password; a new PIN unlocks), or clears it (null). */
export async function setPin(ctx: Ctx, employeeId: string, pin: string | null): Promise<void> {
  const [employee] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, employeeId)));
  if (!employee) throw notFound("Employee");
  if (pin === null) {
    await ctx.db
      .delete(employeePins)
      .where(and(eq(employeePins.businessId, ctx.businessId), eq(employeePins.employeeId, employeeId)));
    return;
  }
  const values = { pinHash: await hashPassword(pin), failures: 0, lockedUntil: null, updatedAt: clockNow() };
  await ctx.db
    .insert(employeePins)
    .values({ businessId: ctx.businessId, employeeId, ...values })
    .onConflictDoUpdate({ target: [employeePins.businessId, employeePins.employeeId], set: values });
}

/** Staff of the business who may take over a till with their PIN: active, with a PIN set. */
export async function listPinUsers(ctx: Ctx, now = clockNow()): Promise<PinUser[]> {
  const rows = await ctx.db
    .select({ id: employees.id, username: employees.username, lockedUntil: employeePins.lockedUntil })
    .from(employeePins)
    .innerJoin(
      employees,
      and(eq(employees.businessId, employeePins.businessId), eq(employees.id, employeePins.employeeId)),
    )
    .where(and(eq(employeePins.businessId, ctx.businessId), eq(employees.active, true)))
    .orderBy(sql`lower(${employees.username})`);
  return rows.map((r) => ({
    _id: r.id,
    name: r.username,
    username: r.username,
    locked: Boolean(r.lockedUntil && r.lockedUntil > now),
  }));
}

/**
 * The quick cashier switch: on a till signed in to the business, another employee takes over
 * with their PIN. A wrong PIN counts; after PIN_MAX_FAILURES in a row it locks for
 * PIN_LOCK_MINUTES. On success the till's session ends and the employee's begins, so every
 * sale from then on records who served it.
 */
export async function switchByPin(
  ctx: Ctx,
  tokens: TokenService,
  input: PinSwitchInput,
  now = clockNow(),
): Promise<Session> {
  if (ctx.user.isSupportUser)
    throw new AppError(ERROR_CODES.FORBIDDEN, "Provider support cannot switch to an employee");
  const db: Db = ctx.db;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pin: employeePins, employee: employees })
      .from(employeePins)
      .innerJoin(
        employees,
        and(eq(employees.businessId, employeePins.businessId), eq(employees.id, employeePins.employeeId)),
      )
      .where(
        and(
          eq(employeePins.businessId, ctx.businessId),
          eq(employeePins.employeeId, input.employeeId),
          eq(employees.active, true),
        ),
      )
      .for("update", { of: employeePins });
    if (!row) {
      await verifyPassword(null, input.pin); // as slow as a real check
      return { ok: false as const, error: wrongPin() };
    }
    if (row.pin.lockedUntil && row.pin.lockedUntil > now)
      return { ok: false as const, error: locked(row.pin.lockedUntil, now) };
    const ok = PIN_PATTERN.test(input.pin) && (await verifyPassword(row.pin.pinHash, input.pin));
    const where = and(eq(employeePins.businessId, ctx.businessId), eq(employeePins.employeeId, input.employeeId));
    if (!ok) {
      const failures = row.pin.failures + 1;
      const lock = failures >= PIN_MAX_FAILURES;
      const lockedUntil = lock ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null;
      await tx
        .update(employeePins)
        .set({ failures: lock ? 0 : failures, lockedUntil })
        .where(where);
      return { ok: false as const, error: lock ? locked(lockedUntil!, now) : wrongPin() };
    }
    await tx.update(employeePins).set({ failures: 0, lockedUntil: null }).where(where);
    const sessionId = await createSession(tx, {
      kind: "employee",
      userId: row.employee.id,
      businessId: ctx.businessId,
    });
    await revokeSession(tx, ctx.user.sessionId);
    return { ok: true as const, sessionId, employee: row.employee };
  });
  // The failure count is committed before the refusal is answered.
  if (!outcome.ok) throw outcome.error;
  return {
    token: await tokens.sign({ sid: outcome.sessionId }),
    isAdmin: false,
    details: employeeDetails(outcome.employee),
  };
}

/** Whether the owner has set a till PIN for this business (the till asks for it only then). */
export async function hasOwnerPin(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ownerPins.businessId })
    .from(ownerPins)
    .where(eq(ownerPins.businessId, businessId));
  return Boolean(row);
}

/** The owner sets (or clears, with null) their till PIN, which approves discounts beyond a cashier's limit. */
export async function setOwnerPin(ctx: Ctx, pin: string | null): Promise<void> {
  if (pin === null) {
    await ctx.db.delete(ownerPins).where(eq(ownerPins.businessId, ctx.businessId));
    return;
  }
  const values = { pinHash: await hashPassword(pin), failures: 0, lockedUntil: null, updatedAt: clockNow() };
  await ctx.db
    .insert(ownerPins)
    .values({ businessId: ctx.businessId, ...values })
    .onConflictDoUpdate({ target: ownerPins.businessId, set: values });
}

/**
 * Checks the owner's till PIN typed at a till (issue 31: a discount beyond the cashier's limit),
 * in a transaction of its own so a wrong try counts even though the sale is refused: after
 * PIN_MAX_FAILURES in a row it locks for PIN_LOCK_MINUTES. Returns the owner's username.
 * No PIN set, or a wrong one: 422 on the field `approval.pin`.
 */
export async function verifyOwnerPin(db: Db, businessId: string, pin: string, now = clockNow()): Promise<string> {
  const refuse = (message: string) => new AppError(ERROR_CODES.UNPROCESSABLE, message, { "approval.pin": message });
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pin: ownerPins, owner: users.username })
      .from(ownerPins)
      .innerJoin(businesses, eq(businesses.id, ownerPins.businessId))
      .innerJoin(users, eq(users.id, businesses.ownerId))
      .where(eq(ownerPins.businessId, businessId))
      .for("update", { of: ownerPins });
    if (!row) {
      await verifyPassword(null, pin); // as slow as a real check
      return { ok: false as const, error: refuse("The owner has not set a till PIN (Settings)") };
    }
    if (row.pin.lockedUntil && row.pin.lockedUntil > now)
      return { ok: false as const, error: locked(row.pin.lockedUntil, now) };
    const ok = PIN_PATTERN.test(pin) && (await verifyPassword(row.pin.pinHash, pin));
    const where = eq(ownerPins.businessId, businessId);
    if (!ok) {
      const failures = row.pin.failures + 1;
      const lock = failures >= PIN_MAX_FAILURES;
      const lockedUntil = lock ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null;
      await tx
        .update(ownerPins)
        .set({ failures: lock ? 0 : failures, lockedUntil })
        .where(where);
      return { ok: false as const, error: lock ? locked(lockedUntil!, now) : refuse("Wrong PIN") };
    }
    if (row.pin.failures) await tx.update(ownerPins).set({ failures: 0, lockedUntil: null }).where(where);
    return { ok: true as const, owner: row.owner };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.owner;
}
