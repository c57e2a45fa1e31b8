import { z } from "zod";
import { pageQueryFields, pageSchemaOf } from "../paging.ts";

/** open: waiting for support.  answered: support replied. */
export const REQUEST_STATUSES = ["open", "answered"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A support request from a business to the provider (spec section 2: /request). */
export const supportRequestSchema = z.object({
  _id: z.uuid(),
  business: z.object({ _id: z.uuid(), businessName: z.string() }),
  subject: z.string(),
  message: z.string(),
  status: z.enum(REQUEST_STATUSES),
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const createRequestInputSchema = z.object({
  businessId: z.uuid(),
  subject: z.string().trim().min(3, "At least 3 characters").max(120, "At most 120 characters"),
  message: z.string().trim().min(3, "At least 3 characters").max(4000, "At most 4000 characters"),
});
export type CreateRequestInput = z.infer<typeof createRequestInputSchema>;

export const answerRequestInputSchema = z.object({
  answer: z.string().trim().min(1, "Write an answer").max(4000, "At most 4000 characters"),
});
export type AnswerRequestInput = z.infer<typeof answerRequestInputSchema>;

export const listRequestsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  businessId: z.uuid().optional(),
  ...pageQueryFields(),
});
export type ListRequestsQuery = z.infer<typeof listRequestsQuerySchema>;

export const requestPageSchema = pageSchemaOf(supportRequestSchema);
export type RequestPage = z.infer<typeof requestPageSchema>;
