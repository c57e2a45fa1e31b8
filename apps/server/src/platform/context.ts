import type { UserDetails } from "@app/shared/accounts/auth";
import type { BusinessType } from "@app/shared/businesses/business";
import type { Db } from "../db/client.ts";

/** The signed-in user of a request, loaded from the session row. */
export type AuthUser = {
  sessionId: string;
  kind: "admin" | "employee";
  userId: string;
  /** Owners and support users. */
  isAdmin: boolean;
  isSupportUser: boolean;
  /** An employee's own business; null for owners and support users. */
  employeeBusinessId: string | null;
  details: UserDetails;
};

/** Who a money movement or a history row names: a signed-in user, or the M-Pesa paybill acting for the owner. */
export type Actor = Pick<AuthUser, "kind" | "userId" | "details">;
/** An actor in a business: what a write in another area's transaction needs of a request's Ctx. */
export type ActorCtx = { businessId: string; user: Actor };

export type TenantBusiness = {
  id: string;
  ownerId: string;
  name: string;
  businessType: BusinessType;
  accountActive: boolean;
  timeZone: string;
  /** eTIMS: the KRA PIN documents are issued under (null: none yet), and whether it charges VAT. */
  kraPin: string | null;
  vatRegistered: boolean;
  /** Cash rounding at the till: 0 none, else the nearest 1, 5 or 10 shillings (issue 31). */
  cashRounding: number;
};

/** What a service needs: the database, who asks, and for which business. */
export type Ctx = { db: Db; user: AuthUser; businessId: string; business: TenantBusiness };
/** A signed-in request that names no business. */
export type UserCtx = { db: Db; user: AuthUser };
