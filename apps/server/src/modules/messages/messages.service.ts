import { and, desc, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatKES } from "@app/shared/money/money";
import {
  internationalPhone,
  receiptMessageText,
  type Message,
  type MessageChannel,
  type SendReceiptInput,
} from "@app/shared/messages/messages";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import type { Sale } from "@app/shared/sales/sale";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { now } from "../../platform/clock.ts";
import { readSale } from "../sales/sales.public.ts";
import { sendEmail } from "./email-client.ts";
import type { MessagingDeps } from "./messages-deps.ts";
import { messages } from "./messages.table.ts";
import { receiptLinesOf, receiptTokenOf, receiptUrl } from "./receipt-links.service.ts";
import { sendSms } from "./sms-client.ts";

/** The job that sends one message (retried by the job runner). */
export const MESSAGE_SEND_JOB = "message-send";
/** Tries of one message in all: the first and three retries. */
export const MESSAGE_ATTEMPTS = 4;

type Row = typeof messages.$inferSelect;

const toMessage = (r: Row): Message => ({
  _id: r.id,
  channel: r.channel,
  kind: r.kind,
  recipient: r.recipient,
  ref: r.ref,
  status: r.status,
  providerId: r.providerId,
  cost: r.cost,
  error: r.error,
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** Refuses (503 NOT_CONFIGURED, naming what is missing) a channel the server cannot send on. */
function requireChannel(deps: Pick<MessagingDeps, "sms" | "email">, channel: MessageChannel): void {
  if (channel === "sms" && !deps.sms)
    throw new AppError(
      ERROR_CODES.NOT_CONFIGURED,
      "SMS is not set up: set AT_USERNAME and AT_API_KEY (Africa's Talking)",
    );
  if (channel === "email" && !deps.email)
    throw new AppError(ERROR_CODES.NOT_CONFIGURED, "E-mail is not set up: set SMTP_URL and SMTP_FROM");
}

/** The sale's public receipt link (made on first use). */
export async function receiptLinkFor(ctx: Ctx, channel: Sale["channel"], saleId: string, base: string) {
  const sale = await readSale(ctx.db, ctx.businessId, channel, saleId);
  const token = await receiptTokenOf(ctx.db, ctx.businessId, sale);
  return { token, url: receiptUrl(base, token) };
}

/**
 * Queues a sale's receipt by SMS (a short text with the receipt's link) or e-mail (the whole
 * receipt and the link): the message is logged "queued" and the send job does the rest. With an
 * Idempotency-Key a repeated request queues nothing more and answers the first message.
 */
export async function queueReceipt(
  ctx: Ctx,
  deps: MessagingDeps,
  channel: Sale["channel"],
  saleId: string,
  input: Extract<SendReceiptInput, { channel: "sms" | "email" }>,
  base: string,
  idem: Idempotency,
): Promise<Message> {
  requireChannel(deps, input.channel);
  if (!deps.jobs) throw new AppError(ERROR_CODES.NOT_CONFIGURED, "This server sends no messages (no job runner)");
  const language: DocumentLanguage = input.language ?? "en";
  // A repeated request (same Idempotency-Key) answers the first message and queues no second job.
  let created = false;
  const message = await runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "message:receipt", fingerprint: idem.fingerprint },
    async (tx) => {
      const sale = await readSale(tx, ctx.businessId, channel, saleId);
      const url = receiptUrl(base, await receiptTokenOf(tx, ctx.businessId, sale));
      const number = `#${sale.saleNumber}`;
      const short = receiptMessageText(
        { businessName: ctx.business.name, number, total: formatKES(sale.amount), url },
        language,
      );
      const recipient = input.channel === "sms" ? internationalPhone(input.to)! : input.to;
      const text =
        input.channel === "sms"
          ? short
          : `${short}\n\n${(await receiptLinesOf(tx, ctx, sale, language))
              .map((l) => (l.kind === "text" ? l.text : l.kind === "rule" ? "-".repeat(48) : ""))
              .join("\n")}`;
      const [row] = await tx
        .insert(messages)
        .values({
          businessId: ctx.businessId,
          channel: input.channel,
          kind: "receipt",
          recipient,
          ref: sale._id,
          subject:
            input.channel === "email"
              ? `${ctx.business.name}: ${language === "sw" ? "risiti" : "receipt"} ${number}`
              : null,
          body: text,
          createdBy: ctx.user.details.username,
        })
        .returning();
      created = true;
      return toMessage(row!);
    },
  );
  if (created) await queueSend(deps, ctx.businessId, message._id);
  return message;
}

/** A message to queue: its channel, what it is about, to whom, and its text. */
export type NewMessage = {
  channel: "sms" | "email";
  kind: "statement" | "reminder";
  /** SMS: a Kenyan mobile number in any typed form; e-mail: an address. */
  to: string;
  ref: string | null;
  subject: string | null;
  body: string;
};

/**
 * Queues a message other than a receipt (a customer's statement): logged "queued", sent by the
 * job. With an Idempotency-Key a repeated request queues nothing more and answers the first.
 */
export async function queueMessage(
  ctx: Ctx,
  deps: MessagingDeps,
  message: NewMessage,
  idem: Idempotency,
): Promise<Message> {
  requireChannel(deps, message.channel);
  if (!deps.jobs) throw new AppError(ERROR_CODES.NOT_CONFIGURED, "This server sends no messages (no job runner)");
  const recipient = message.channel === "sms" ? internationalPhone(message.to) : message.to;
  if (!recipient)
    throw new AppError(ERROR_CODES.VALIDATION, "Enter a Kenyan mobile number", { to: "Enter a Kenyan mobile number" });
  let created = false;
  const queued = await runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `message:${message.kind}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({
          businessId: ctx.businessId,
          channel: message.channel,
          kind: message.kind,
          recipient,
          ref: message.ref,
          subject: message.subject,
          body: message.body,
          createdBy: ctx.user.details.username,
        })
        .returning();
      created = true;
      return toMessage(row!);
    },
  );
  if (created) await queueSend(deps, ctx.businessId, queued._id);
  return queued;
}

/** Sends the job of a queued message (at most one waiting per message). */
async function queueSend(deps: Pick<MessagingDeps, "jobs">, businessId: string, messageId: string) {
  await deps.jobs!.send(MESSAGE_SEND_JOB, { businessId, messageId }, { singletonKey: messageId });
}

/** The business's messages, newest first. */
export async function listMessages(ctx: Ctx, query: { limit?: number }): Promise<Message[]> {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.businessId, ctx.businessId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit ?? 100);
  return rows.map(toMessage);
}

/**
 * One try at sending a queued message (the send job). Counts the try, sends through the provider,
 * and records sent (provider id, cost) or the failure: a failure worth retrying is thrown (the
 * job runner retries with backoff) until the last try, which records it failed with its reason.
 */
export async function sendQueuedMessage(
  deps: MessagingDeps,
  data: { businessId: string; messageId: string },
): Promise<{ status: string }> {
  const where = and(
    eq(messages.businessId, data.businessId),
    eq(messages.id, data.messageId),
    eq(messages.status, "queued"),
  );
  const [row] = await deps.db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, updatedAt: now() })
    .where(where)
    .returning();
  if (!row) return { status: "not queued" };
  const outcome =
    row.channel === "sms"
      ? deps.sms
        ? await sendSms(deps.sms, row.recipient, row.body)
        : { ok: false as const, retry: false, error: "SMS is not set up on this server" }
      : row.channel === "email"
        ? deps.email
          ? await sendEmail(deps.email, { to: row.recipient, subject: row.subject ?? "", text: row.body })
          : { ok: false as const, retry: false, error: "E-mail is not set up on this server" }
        : { ok: false as const, retry: false, error: "WhatsApp messages are sent from the browser" };
  if (outcome.ok) {
    await deps.db
      .update(messages)
      .set({
        status: "sent",
        providerId: outcome.providerId,
        cost: outcome.cost,
        error: null,
        sentAt: now(),
        updatedAt: now(),
      })
      .where(where);
    return { status: "sent" };
  }
  const last = !outcome.retry || row.attempts >= MESSAGE_ATTEMPTS;
  await deps.db
    .update(messages)
    .set({ error: outcome.error, updatedAt: now(), ...(last ? { status: "failed" as const } : {}) })
    .where(where);
  if (!last) throw new Error(outcome.error);
  return { status: "failed" };
}
