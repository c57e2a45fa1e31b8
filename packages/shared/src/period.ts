import { z } from "zod";

/**
 * The optional period of a list's query string: from the instant `from` (inclusive) until the
 * instant `to` (exclusive), each an ISO date-time with its offset. Spread into the query schema.
 */
export const periodQueryFields = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
