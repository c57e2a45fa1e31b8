import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { mayUseArea, type Actor, type Area } from "@app/shared/permissions/areas";
import type { Db } from "../db/client.ts";
import { AppError, notFound } from "./errors.ts";
import type { AuthUser, Ctx, TenantBusiness, UserCtx } from "./context.ts";
import type { TokenService } from "./tokens.ts";
import { hidePersonal } from "./personal-data.ts";

/**
 * Who may call a route. Every /api route declares one; the app refuses to start otherwise.
 * - public: anyone (with optionalAuth, a token if sent is checked and used).  user: any signed-in user.  support: the provider's support users.
 * - tenant: acts for the business named by `businessId` in the query, body or path.
 *   `optional` (query only): a list that may be narrowed to one business; with `businessId`
 *   the same guard runs as for any tenant route, without it the handler scopes by the user.
 * - record: acts for the business that owns the record named in the path (`resolve`).
 * A tenant or record route names the area of spec section 6 it belongs to (null: any area),
 * and `ownerOnly` routes are for the owner (or support), never for employees.
 */
export type AccessPolicy =
  | { kind: "public"; optionalAuth?: boolean }
  | { kind: "user" }
  | { kind: "support" }
  | ({ kind: "tenant"; from: "query" | "body" | "params"; optional?: false } & TenantRule)
  | ({ kind: "tenant"; from: "query"; optional: true } & TenantRule)
  | ({
      kind: "record";
      resolve: (db: Db, params: Record<string, string>) => Promise<string | null>;
      what: string;
    } & TenantRule);

/**
 * What a tenant route asks beyond acting for the business: its area (or any of several, e.g.
 * the POS and the Pharmacy that replaces it in clinics), owner only, a finer rule.
 * `allowInactive` routes also work on an inactive account: those an owner needs to pay their
 * way back (subscriptions) or to reach support.
 * `supportManages`: a change provider support may make without the owner's support access
 * (managing the account, its subscription and its requests); a function decides per request.
 * Every other change support makes inside a business needs a support access in force.
 * `ownerAlone`: the owner's secrets (payment credentials, staff passwords and till PINs): support is
 * refused (403) even under a support access, and the attempt goes into the owner's log of
 * support's actions; a function decides per request (a staff change that sets a password).
 */
type TenantRule = {
  area: Area | readonly Area[] | null;
  ownerOnly?: boolean;
  ownerAlone?: boolean | ((req: FastifyRequest) => boolean);
  permit?: (actor: Actor) => boolean;
  allowInactive?: boolean;
  supportManages?: boolean | ((req: FastifyRequest) => boolean);
};

/** A change provider support made inside a business, for its owner's log. */
export type SupportActionEntry = {
  businessId: string;
  grantId: string | null;
  userId: string;
  username: string;
  method: string;
  path: string;
  summary: string;
  statusCode: number;
};

/**
 * How the guard reads sessions and businesses. The accounts module provides them and app.ts
 * passes them in, so that platform code imports no module.
 */
export type AccessLoaders = {
  loadSessionUser: (
    db: Db,
    sessionId: string,
    idleMs: number,
    businessId?: string,
  ) => Promise<{ user: AuthUser; business: TenantBusiness | null } | null>;
  loadBusiness: (db: Db, id: string) => Promise<TenantBusiness | null>;
  /** The support access the owner granted that is in force now, if any. */
  loadSupportGrant: (db: Db, businessId: string) => Promise<{ id: string } | null>;
  recordSupportAction: (db: Db, entry: SupportActionEntry) => Promise<void>;
};

export type RouteEntry = { method: string; url: string; access: AccessPolicy; hasBody: boolean; hasQuery: boolean };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    tenant: TenantBusiness | null;
    /** The business a tenant route names, read with the session (one round trip); checked later. */
    namedBusiness: TenantBusiness | null;
    /** A change support makes inside a business: recorded with its answer's status. */
    supportAction: Omit<SupportActionEntry, "statusCode"> | null;
    /** Support reading without the owner's support access: personal data is hidden (personal-data.ts). */
    hidePersonal: boolean;
  }
  interface FastifyInstance {
    db: Db;
    routeTable: RouteEntry[];
    /** The signed-in user of a request (its bearer token), or null: for routes outside the table (/api/docs). */
    signedInUser: (req: FastifyRequest) => Promise<AuthUser | null>;
  }
}

const unauthenticated = () => new AppError(ERROR_CODES.UNAUTHENTICATED, "Please sign in again");

/** Methods that read: support may use them inside any business without the owner's support access. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The signed-in user of a request, and (when asked) the business it names, in one query. */
async function authenticate(
  req: FastifyRequest,
  db: Db,
  tokens: TokenService,
  idleMs: number,
  loaders: AccessLoaders,
  businessId?: string,
): Promise<AuthUser | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  const claims = await tokens.verify(header.slice(7).trim());
  const found = claims ? await loaders.loadSessionUser(db, claims.sid, idleMs, businessId) : null;
  req.namedBusiness = found?.business ?? null;
  return found?.user ?? null;
}

/** May this user act for this business at all? Owners for their own, employees for theirs, support for any. */
export function mayActFor(user: AuthUser, business: Pick<TenantBusiness, "id" | "ownerId">): boolean {
  if (user.isSupportUser) return true;
  if (user.kind === "admin") return business.ownerId === user.userId;
  return user.employeeBusinessId === business.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function businessIdOf(req: FastifyRequest, from: "query" | "body" | "params"): unknown {
  const source = from === "query" ? req.query : from === "body" ? req.body : req.params;
  return (source as Record<string, unknown> | undefined)?.businessId;
}

/** Resolves and checks the business a tenant route acts for; throws 403/404 otherwise. */
async function authorizeTenant(
  req: FastifyRequest,
  db: Db,
  loaders: AccessLoaders,
  policy: Extract<AccessPolicy, { kind: "tenant" | "record" }>,
): Promise<TenantBusiness> {
  const user = req.auth!;
  let businessId: string | null;
  if (policy.kind === "tenant") {
    const raw = businessIdOf(req, policy.from);
    if (typeof raw !== "string" || !UUID.test(raw)) {
      throw new AppError(ERROR_CODES.VALIDATION, "Invalid input: businessId", {
        businessId: "A business id is required",
      });
    }
    businessId = raw;
  } else {
    const params = req.params as Record<string, string>;
    businessId = Object.values(params).every((v) => UUID.test(v)) ? await policy.resolve(db, params) : null;
    if (!businessId) throw notFound(policy.what);
  }
  const business =
    req.namedBusiness?.id === businessId ? req.namedBusiness : await loaders.loadBusiness(db, businessId);
  if (!business || !mayActFor(user, business)) {
    // A record of another business is reported as missing, so ids cannot be probed.
    if (policy.kind === "record") throw notFound(policy.what);
    throw new AppError(ERROR_CODES.FORBIDDEN, "You cannot act for this business");
  }
  const ownerAlone = typeof policy.ownerAlone === "function" ? policy.ownerAlone(req) : policy.ownerAlone === true;
  if (ownerAlone && user.isSupportUser) await refuseSupport(req, db, loaders, business);
  if (policy.ownerOnly && !user.isAdmin)
    throw new AppError(ERROR_CODES.FORBIDDEN, "Only the business owner can do this");
  const areas: readonly Area[] =
    policy.area === null ? [] : typeof policy.area === "string" ? [policy.area] : policy.area;
  if (
    areas.length &&
    !areas.some((area) => mayUseArea(area, { isAdmin: user.isAdmin, details: user.details }, business))
  ) {
    if (!business.accountActive)
      throw new AppError(ERROR_CODES.ACCOUNT_INACTIVE, "This business account is inactive. Please contact support.");
    throw new AppError(ERROR_CODES.FORBIDDEN, "You do not have permission to do this");
  }
  if (policy.permit && !policy.permit({ isAdmin: user.isAdmin, details: user.details })) {
    throw new AppError(ERROR_CODES.FORBIDDEN, "You do not have permission to do this");
  }
  if (!business.accountActive && !user.isSupportUser && !policy.allowInactive) {
    throw new AppError(ERROR_CODES.ACCOUNT_INACTIVE, "This business account is inactive. Please contact support.");
  }
  if (user.isSupportUser && !READS.has(req.method)) await authorizeSupportChange(req, db, loaders, policy, business);
  return business;
}

/** What the owner's log of support's actions says of this request (its status is added on sending). */
function supportActionOf(req: FastifyRequest, business: TenantBusiness, grantId: string | null) {
  const user = req.auth!;
  return {
    businessId: business.id,
    grantId,
    userId: user.userId,
    username: user.details.username,
    method: req.method,
    path: req.url.split("?")[0]!,
    summary: req.routeOptions.schema?.summary ?? req.routeOptions.url ?? req.url,
  };
}

/**
 * Support on an `ownerAlone` route (the owner's secrets): refused with or without a
 * support access, and, unlike other refusals, logged for the owner (an attempt on their secrets).
 */
async function refuseSupport(
  req: FastifyRequest,
  db: Db,
  loaders: AccessLoaders,
  business: TenantBusiness,
): Promise<never> {
  const grant = await loaders.loadSupportGrant(db, business.id);
  req.supportAction = supportActionOf(req, business, grant?.id ?? null);
  throw new AppError(ERROR_CODES.FORBIDDEN, "Only the business owner can do this, even with support access");
}

/**
 * Provider support changing data inside a business: allowed where the route says support manages
 * it (account, subscription, requests), otherwise only while the owner's support access is in
 * force (403 SUPPORT_ACCESS_REQUIRED, nothing written). A change let through is logged for the
 * owner with its answer's status.
 */
async function authorizeSupportChange(
  req: FastifyRequest,
  db: Db,
  loaders: AccessLoaders,
  policy: TenantRule,
  business: TenantBusiness,
): Promise<void> {
  const manages =
    typeof policy.supportManages === "function" ? policy.supportManages(req) : policy.supportManages === true;
  const grant = manages ? null : await loaders.loadSupportGrant(db, business.id);
  // Refused: nothing is written, not even to the log (a refusal changes nothing, as everywhere).
  if (!manages && !grant)
    throw new AppError(
      ERROR_CODES.SUPPORT_ACCESS_REQUIRED,
      `Support can change data in ${business.name} only while its owner allows support access (Settings > Support access).`,
    );
  req.supportAction = supportActionOf(req, business, grant?.id ?? null);
}

/** Authentication, the tenancy guard and the route table, for every /api route. */
export const accessPlugin = fp<{ db: Db; tokens: TokenService; sessionIdleMs: number; loaders: AccessLoaders }>(
  async (app: FastifyInstance, { db, tokens, sessionIdleMs, loaders }) => {
    app.decorate("db", db);
    app.decorate("routeTable", [] as RouteEntry[]);
    app.decorate("signedInUser", (req: FastifyRequest) => authenticate(req, db, tokens, sessionIdleMs, loaders));
    app.decorateRequest("auth", null);
    app.decorateRequest("tenant", null);
    app.decorateRequest("namedBusiness", null);
    app.decorateRequest("supportAction", null);
    app.decorateRequest("hidePersonal", false);

    app.addHook("onRoute", (route: RouteOptions) => {
      if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
      if (route.url.startsWith("/api/docs")) return; // the OpenAPI UI's own routes: app.ts guards them
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access policy`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        app.routeTable.push({
          method,
          url: route.url,
          access,
          hasBody: Boolean(route.schema?.body),
          hasQuery: Boolean(route.schema?.querystring),
        });
      }
    });

    // Before validation (so 401 comes before 400) but after parsing, so a tenant route's business
    // can be read in the same query as the session.
    app.addHook("preValidation", async (req) => {
      const access = req.routeOptions.config?.access;
      if (!access) return;
      if (access.kind === "public") {
        if (access.optionalAuth && req.headers.authorization) {
          req.auth = await authenticate(req, db, tokens, sessionIdleMs, loaders);
          if (!req.auth) throw unauthenticated();
        }
        return;
      }
      const named = access.kind === "tenant" ? businessIdOf(req, access.from) : undefined;
      req.auth = await authenticate(
        req,
        db,
        tokens,
        sessionIdleMs,
        loaders,
        typeof named === "string" && UUID.test(named) ? named : undefined,
      );
      if (!req.auth) throw unauthenticated();
      if (access.kind === "support" && !req.auth.isSupportUser)
        throw new AppError(ERROR_CODES.FORBIDDEN, "Only provider support can do this");
    });

    app.addHook("preHandler", async (req) => {
      const access = req.routeOptions.config?.access;
      // An optional tenant route without a businessId acts as a user route (userCtxOf); with one, it is guarded.
      if (access?.kind === "tenant" && access.optional && businessIdOf(req, access.from) === undefined) return;
      if (access?.kind === "tenant" || access?.kind === "record") {
        req.tenant = await authorizeTenant(req, db, loaders, access);
        // Support reading a business area without the owner's support access: no personal data.
        if (req.auth!.isSupportUser && READS.has(req.method) && access.area !== null)
          req.hidePersonal = !(await loaders.loadSupportGrant(db, req.tenant.id));
      }
    });
    // Errors are never hidden: they name no one, and say why.
    app.addHook("preSerialization", async (req, reply, payload) =>
      req.hidePersonal && reply.statusCode < 400 ? hidePersonal(payload) : payload,
    );

    // Support's changes inside a business go into the owner's log with their answer.
    app.addHook("onSend", async (req, reply, payload) => {
      if (!req.supportAction) return payload;
      try {
        await loaders.recordSupportAction(db, { ...req.supportAction, statusCode: reply.statusCode });
      } catch (err) {
        req.log.error({ err, path: req.supportAction.path }, "support action could not be logged");
      }
      return payload;
    });
  },
);

/** The service context of a tenant route. */
export function ctxOf(req: FastifyRequest): Ctx {
  if (!req.auth || !req.tenant) throw new Error("ctxOf called on a route without a tenant policy");
  return { db: req.server.db, user: req.auth, businessId: req.tenant.id, business: req.tenant };
}

/** The service context of a signed-in route that names no business. */
export function userCtxOf(req: FastifyRequest): UserCtx {
  if (!req.auth) throw new Error("userCtxOf called on a public route");
  return { db: req.server.db, user: req.auth };
}
