import { z } from "zod";

/**
 * Support access: provider support may read inside a business to help, and manage its account,
 * subscription and requests; any other change inside a business needs the owner's consent, a
 * support access the owner grants for a few hours in Settings and may revoke. Every change
 * support makes inside the business is logged for the owner.
 */

/** The lengths an owner may grant, in hours. */
export const SUPPORT_ACCESS_HOURS = [1, 4, 24] as const;
export type SupportAccessHours = (typeof SUPPORT_ACCESS_HOURS)[number];

/** POST /businesses/{id}/supportAccess */
export const grantSupportAccessInputSchema = z.object({
  hours: z.union(
    SUPPORT_ACCESS_HOURS.map((h) => z.literal(h)),
    {
      error: `Choose ${SUPPORT_ACCESS_HOURS.join(", ")} hours`,
    },
  ),
});
export type GrantSupportAccessInput = z.infer<typeof grantSupportAccessInputSchema>;

/** One grant of support access. */
export const supportAccessGrantSchema = z.object({
  _id: z.uuid(),
  /** The owner's username. */
  grantedBy: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type SupportAccessGrant = z.infer<typeof supportAccessGrantSchema>;

/** GET /businesses/{id}/supportAccess: the grant in force now, if any. */
export const supportAccessSchema = z.object({ grant: supportAccessGrantSchema.nullable() });
export type SupportAccess = z.infer<typeof supportAccessSchema>;

/** A change support made inside a business, as its owner reads it. */
export const supportActionSchema = z.object({
  _id: z.uuid(),
  at: z.string(),
  /** The support user's username. */
  username: z.string(),
  method: z.string(),
  /** The address called, without its query. */
  path: z.string(),
  /** What the route does, in words (the API's own summary of it). */
  summary: z.string(),
  /** The answer's status: 2xx done, others failed (e.g. 409: a business rule said no). */
  statusCode: z.number().int(),
  /** The support access it was made under; null for what support may do without one. */
  grantId: z.uuid().nullable(),
});
export type SupportAction = z.infer<typeof supportActionSchema>;

export const listSupportActionsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type ListSupportActionsQuery = z.infer<typeof listSupportActionsQuerySchema>;

export const supportActionPageSchema = z.object({ items: z.array(supportActionSchema), total: z.number().int() });
export type SupportActionPage = z.infer<typeof supportActionPageSchema>;
