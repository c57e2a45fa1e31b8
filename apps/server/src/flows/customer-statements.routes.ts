import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatKES } from "@app/shared/money/money";
import { messageSchema, sendStatementInputSchema, statementMessageText } from "@app/shared/messages/messages";
import { ctxOf } from "../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../platform/idempotency.ts";
import { customerRecord } from "../modules/customers/customers.public.ts";
import { queueMessage, type MessagingDeps } from "../modules/messages/messages.public.ts";
import { customerStatement } from "./customer-accounts.ts";

/**
 * POST /api/customers/:id/send-statement: a credit customer's statement (customer accounts: their
 * sales and payments) by SMS or e-mail (messages), queued and sent by the job with retries.
 */
export const customerStatementRoutes: FastifyPluginAsyncZod<{ deps: MessagingDeps }> = async (app, { deps }) => {
  app.post(
    "/api/customers/:id/send-statement",
    {
      config: { access: customerRecord() },
      schema: {
        tags: ["customers", "messages"],
        summary:
          "Send the customer what their account shows owing, by SMS or e-mail in their language (Idempotency-Key); 503 NOT_CONFIGURED when the channel is not set up",
        params: z.object({ id: z.uuid() }),
        headers: idempotencyHeadersSchema,
        body: sendStatementInputSchema,
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { customer, lines, balance } = await customerStatement(ctx, req.params.id);
      const language = req.body.language ?? "en";
      const text = statementMessageText(
        { businessName: ctx.business.name, customerName: customer.name, owed: formatKES(balance) },
        language,
      );
      // The e-mail lists every credit sale and payment with the running balance under the text.
      const table = lines
        .map(
          (l) =>
            `${l.date.slice(0, 10)}  ${l.reference}  ${formatKES(l.charge - l.payment)}  = ${formatKES(l.balance)}`,
        )
        .join("\n");
      const body = req.body.channel === "email" ? `${text}\n\n${table}` : text;
      const subject = `${ctx.business.name}: ${language === "sw" ? "taarifa ya akaunti" : "statement"}`;
      const message = await queueMessage(
        ctx,
        deps,
        { channel: req.body.channel, kind: "statement", to: req.body.to, ref: customer._id, subject, body },
        idempotencyOf(req),
      );
      return reply.code(202).send(message);
    },
  );
};
