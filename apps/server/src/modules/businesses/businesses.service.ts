import { randomInt } from "node:crypto";
import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from "drizzle-orm";
import type { AccessKey, AccessKeyInput, AddBusinessInput, RegisterBusinessInput } from "@app/shared/accounts/auth";
import {
  BUSINESS_PAGE_SIZE,
  STAFF_CODE_ALPHABET,
  STAFF_CODE_LENGTH,
  type Business,
  type BusinessPage,
  type BusinessSettings,
  type ListBusinessesQuery,
  type UpdateBusinessInput,
} from "@app/shared/businesses/business";
import type { CashRoundingStep } from "@app/shared/pos/discounts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx, UserCtx } from "../../platform/context.ts";
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { hashPassword } from "../../platform/passwords.ts";
import type { TokenService } from "../../platform/tokens.ts";
import { adminDetails, createSession, insertOwner } from "../accounts/accounts.public.ts";
import { businesses } from "./businesses.table.ts";
import { containing } from "../../platform/search.ts";

type BusinessRow = typeof businesses.$inferSelect;

export function toBusiness(b: BusinessRow): Business {
  return {
    _id: b.id,
    name: b.name,
    businessType: b.businessType,
    accountActive: b.accountActive,
    inactiveReason: b.inactiveReason,
    timeZone: b.timeZone,
    kraPin: b.kraPin,
    vatRegistered: b.vatRegistered,
    cashRounding: b.cashRounding as CashRoundingStep,
    address: b.address,
    createdAt: b.createdAt.toISOString(),
  };
}

function newStaffAccessCode(): string {
  return Array.from(
    { length: STAFF_CODE_LENGTH },
    () => STAFF_CODE_ALPHABET[randomInt(STAFF_CODE_ALPHABET.length)],
  ).join("");
}

/** Inserts a business with a fresh staff access code, retrying on the (rare) code collision. */
async function insertBusiness(db: DbOrTx, ownerId: string, input: AddBusinessInput): Promise<BusinessRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(businesses)
        .values({
          ownerId,
          name: input.businessName,
          businessType: input.businessType,
          staffAccessCode: newStaffAccessCode(),
        })
        .returning();
      return row!;
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, "businesses_staff_access_code_key")) continue;
      throw err;
    }
  }
}

/** Registers a business and its owner, and signs the owner in. */
export async function registerBusiness(db: Db, tokens: TokenService, input: RegisterBusinessInput) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const owner = await insertOwner(tx, {
        username: input.username,
        email: input.email,
        phone: input.phone,
        passwordHash,
      });
      const business = await insertBusiness(tx, owner.id, input);
      const sessionId = await createSession(tx, { kind: "admin", userId: owner.id, businessId: null });
      return {
        token: await tokens.sign({ sid: sessionId }),
        isAdmin: true,
        details: adminDetails(owner),
        business: toBusiness(business),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_username_key"))
      throw conflict("That username is taken", { username: "That username is taken" });
    if (isUniqueViolation(err, "users_email_key"))
      throw conflict("That email is already registered", { email: "That email is already registered" });
    throw err;
  }
}

/** A signed-in owner adds another business of their own. */
export async function addBusiness(ctx: UserCtx, input: AddBusinessInput): Promise<Business> {
  if (ctx.user.kind !== "admin" || ctx.user.isSupportUser) throw forbidden("Only a business owner can add a business");
  return toBusiness(await insertBusiness(ctx.db, ctx.user.userId, input));
}

/** The businesses the caller may act for: an owner's own, an employee's one, every one for support. */
/** Which businesses the caller may act for: support all, an owner theirs, staff their own. */
function visibleTo(ctx: UserCtx): SQL | undefined {
  const { user } = ctx;
  const live = isNull(businesses.deletedAt); // a deleted business is hidden from everyone's lists
  return user.isSupportUser
    ? live
    : user.kind === "admin"
      ? and(live, eq(businesses.ownerId, user.userId))
      : and(live, eq(businesses.id, user.employeeBusinessId!));
}

export async function listBusinesses(ctx: UserCtx): Promise<Business[]> {
  const rows = await ctx.db
    .select()
    .from(businesses)
    .where(visibleTo(ctx))
    .orderBy(asc(businesses.createdAt), asc(businesses.id));
  return rows.map(toBusiness);
}

/** One page of the businesses the caller may act for whose name contains `q`, newest first. */
export async function listBusinessPage(ctx: UserCtx, query: ListBusinessesQuery): Promise<BusinessPage> {
  const pageSize = query.pageSize ?? BUSINESS_PAGE_SIZE;
  const page = query.page ?? 0;
  const where = and(visibleTo(ctx), query.q ? ilike(businesses.name, containing(query.q)) : undefined);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(pageSize)
      .offset(page * pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(businesses)
      .where(where),
  ]);
  return { items: rows.map(toBusiness), total: count?.n ?? 0 };
}

async function getRow(db: DbOrTx, id: string): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  if (!row) throw notFound("Business");
  return row;
}

/** One business; its owner and support also see the staff access code. */
export async function getBusiness(ctx: Ctx): Promise<Business | BusinessSettings> {
  const row = await getRow(ctx.db, ctx.businessId);
  return ctx.user.isAdmin ? { ...toBusiness(row), staffAccessCode: row.staffAccessCode } : toBusiness(row);
}

/**
 * Owners rename, retype or move the time zone of their business; only support may switch
 * accountActive. Switching it off is a suspension (a payment does not lift it); switching it on
 * lifts a suspension or a lapse.
 */
export async function updateBusiness(ctx: Ctx, input: UpdateBusinessInput): Promise<BusinessSettings> {
  if (input.accountActive !== undefined && !ctx.user.isSupportUser)
    throw forbidden("Only provider support can activate or deactivate an account");
  const [row] = await ctx.db
    .update(businesses)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.businessType !== undefined ? { businessType: input.businessType } : {}),
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
      ...(input.accountActive !== undefined
        ? { accountActive: input.accountActive, inactiveReason: input.accountActive ? null : ("suspended" as const) }
        : {}),
      ...(input.kraPin !== undefined ? { kraPin: input.kraPin } : {}),
      ...(input.vatRegistered !== undefined ? { vatRegistered: input.vatRegistered } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.cashRounding !== undefined ? { cashRounding: input.cashRounding } : {}),
    })
    .where(eq(businesses.id, ctx.businessId))
    .returning();
  if (!row) throw notFound("Business");
  return { ...toBusiness(row), staffAccessCode: row.staffAccessCode };
}

/**
 * Issues a new staff access code, for devices paired from now on. Devices already paired keep
 * working (their key names the business, not the code), and staff signed in stay signed in;
 * to lock a device out, deactivate its staff or change their passwords.
 */
export async function rotateStaffAccessCode(ctx: Ctx): Promise<BusinessSettings> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await ctx.db
        .update(businesses)
        .set({ staffAccessCode: newStaffAccessCode() })
        .where(eq(businesses.id, ctx.businessId))
        .returning();
      return { ...toBusiness(row!), staffAccessCode: row!.staffAccessCode };
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, "businesses_staff_access_code_key")) continue;
      throw err;
    }
  }
}

/** Pairs a device: an admin key needs nothing; a staff key needs the business's access code. */
export async function resolveAccessKey(db: Db, input: AccessKeyInput): Promise<AccessKey> {
  if (input.type === "adminKey") return { type: "adminKey" };
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.staffAccessCode, input.code), isNull(businesses.deletedAt)));
  if (!row)
    throw new AppError("NOT_FOUND", "No business has that access code", { code: "No business has that access code" });
  return { type: "normalKey", businessId: row.id, businessName: row.name };
}

/** The business that owns a record, for the tenancy guard of /businesses/{id} routes. */
export async function businessIdOfBusiness(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, id), isNull(businesses.deletedAt)));
  return row?.id ?? null;
}
