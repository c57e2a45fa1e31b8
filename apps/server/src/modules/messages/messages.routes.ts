import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "@app/shared/errors/errors";
import {
  messageSchema,
  messagingStatusSchema,
  receiptLinkSchema,
  receiptTokenSchema,
  sendReceiptInputSchema,
} from "@app/shared/messages/messages";
import { DOCUMENT_LANGUAGES, documentLanguageOf } from "@app/shared/printing/receipt-text";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import { businessIdOfSale } from "../sales/sales.public.ts";
import { messagingStatusOf, type MessagingDeps } from "./messages-deps.ts";
import * as service from "./messages.service.ts";
import { publicReceipt } from "./receipt-links.service.ts";

const tags = ["messages"];
const idParams = z.object({ id: z.uuid() });
const printLineSchema = z.union([
  z.object({
    kind: z.literal("text"),
    text: z.string(),
    align: z.enum(["left", "center", "right"]).optional(),
    bold: z.boolean().optional(),
    large: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("rule") }),
  z.object({ kind: z.literal("feed") }),
  z.object({ kind: z.literal("qr"), data: z.string() }),
]);
const publicReceiptSchema = z.object({ businessName: z.string(), lines: z.array(printLineSchema) });

/** Who may share a sale's receipt: whoever may print it (the tills, Sales, Wholesale). */
const saleRecord = (channel: "retail" | "wholesale"): AccessPolicy => ({
  kind: "record",
  what: channel === "retail" ? "Sale" : "Order",
  resolve: (db, p) => businessIdOfSale(db, p.id!),
  area: channel === "retail" ? ["sales", "pos", "pharmacy"] : ["wholesale"],
});

/**
 * Receipts by SMS, e-mail and WhatsApp (a link the browser opens), the receipt's public page by
 * its unguessable link, the message log for the owner, and whether SMS and e-mail are set up.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ deps: MessagingDeps; lookupsPerMinute: number }> = async (
  app,
  { deps, lookupsPerMinute },
) => {
  // The address links start with: PUBLIC_URL, else the one this request came to.
  const baseOf = (req: FastifyRequest) => deps.publicUrl ?? `${req.protocol}://${req.host}`;
  // Counted per address on arrival, as the hotels' public pages are: a token cannot be guessed by trying.
  const check = app.createRateLimit({
    max: lookupsPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (req) => `receipt-lookup|${req.ip}`,
  });
  const limited: onRequestAsyncHookHandler = async (req) => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded)
      throw new AppError(ERROR_CODES.RATE_LIMITED, "Too many look-ups. Please wait a minute and try again.");
  };

  app.get(
    "/api/public/receipts/:token",
    {
      config: { access: { kind: "public" } },
      onRequest: limited,
      schema: {
        tags,
        summary: "A receipt's public page by its link (no sign-in): the receipt as printed, nothing else",
        params: z.object({ token: receiptTokenSchema }),
        // width: the receipt's columns, 48 (80 mm paper, the default) or 32 (58 mm: fits a phone's screen).
        querystring: z.object({ lang: z.enum(DOCUMENT_LANGUAGES).optional(), width: z.enum(["32", "48"]).optional() }),
        response: { 200: publicReceiptSchema },
      },
    },
    async (req) =>
      publicReceipt(
        app.db,
        req.params.token,
        req.query.lang ?? documentLanguageOf(req.headers["accept-language"]),
        req.query.width === "32" ? 32 : 48,
      ),
  );

  for (const [base, channel] of [
    ["/api/sales", "retail"],
    ["/api/orders", "wholesale"],
  ] as const) {
    app.post(
      `${base}/:id/receipt-link`,
      {
        config: { access: saleRecord(channel) },
        schema: {
          tags,
          summary: "The receipt's public link (made on first use, then the same): for WhatsApp or to copy",
          params: idParams,
          response: { 200: receiptLinkSchema },
        },
      },
      async (req) => service.receiptLinkFor(ctxOf(req), channel, req.params.id, baseOf(req)),
    );
    app.post(
      `${base}/:id/send-receipt`,
      {
        config: { access: saleRecord(channel) },
        schema: {
          tags,
          summary:
            "Send the receipt by SMS (Africa's Talking) or e-mail (SMTP): queued and sent by a job with retries (Idempotency-Key); 503 NOT_CONFIGURED when the channel is not set up",
          params: idParams,
          headers: idempotencyHeadersSchema,
          body: sendReceiptInputSchema,
          response: { 202: messageSchema },
        },
      },
      async (req, reply) =>
        reply
          .code(202)
          .send(
            await service.queueReceipt(
              ctxOf(req),
              deps,
              channel,
              req.params.id,
              req.body,
              baseOf(req),
              idempotencyOf(req),
            ),
          ),
    );
  }

  app.get(
    "/api/messages",
    {
      config: { access: { kind: "tenant", from: "query", area: "settings", ownerOnly: true } },
      schema: {
        tags,
        summary: "The message log (owner): what was sent to whom, its cost as the provider reported it, failures",
        querystring: z.object({ businessId: z.uuid(), limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: { 200: z.array(messageSchema) },
      },
    },
    async (req) => service.listMessages(ctxOf(req), req.query),
  );
  app.get(
    "/api/messages/status",
    {
      config: { access: { kind: "tenant", from: "query", area: null } },
      schema: {
        tags,
        summary: "Whether SMS and e-mail are set up on this server, and what is missing if not",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: messagingStatusSchema },
      },
    },
    async () => messagingStatusOf(deps),
  );
};
