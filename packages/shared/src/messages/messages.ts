import { z } from "zod";
import { kenyanPhoneSchema } from "../phone/phone.ts";
import { normalizeKenyanPhone } from "../phone/phone-rules.ts";
import { DOCUMENT_LANGUAGES } from "../printing/receipt-text.ts";

/** How a message goes out: SMS (Africa's Talking), e-mail (SMTP) or WhatsApp (a wa.me link the browser opens). */
export const MESSAGE_CHANNELS = ["sms", "email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** What a message carries. */
export const MESSAGE_KINDS = ["receipt", "statement", "reminder"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** queued: waiting for the job runner (or a retry); sent: the provider took it; failed: after its last try. */
export const MESSAGE_STATUSES = ["queued", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The receipt's public link token: 32 bytes of randomness, base64url (43 characters). */
export const receiptTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not a receipt link");

/** An e-mail address as a form takes it. */
export const emailAddressSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter an e-mail address"));

/** Send a sale's receipt: by SMS to a Kenyan mobile number (any typed form), or by e-mail. */
export const sendReceiptInputSchema = z.discriminatedUnion("channel", [
  z.object({ channel: z.literal("sms"), to: kenyanPhoneSchema, language: z.enum(DOCUMENT_LANGUAGES).optional() }),
  z.object({ channel: z.literal("email"), to: emailAddressSchema, language: z.enum(DOCUMENT_LANGUAGES).optional() }),
]);
export type SendReceiptInput = z.input<typeof sendReceiptInputSchema>;

/** One line of the message log. */
export const messageSchema = z.object({
  _id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  recipient: z.string(),
  /** The sale (receipt) or customer (statement, reminder) it is about. */
  ref: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  providerId: z.string().nullable(),
  /** The provider's own words for the cost, e.g. "KES 0.8000"; null when it says none. */
  cost: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** A sale's public receipt link. */
export const receiptLinkSchema = z.object({ token: receiptTokenSchema, url: z.string() });
export type ReceiptLink = z.infer<typeof receiptLinkSchema>;

/** Whether SMS and e-mail can be sent, and if not, the settings that are missing. */
export const messagingStatusSchema = z.object({
  sms: z.object({ configured: z.boolean(), missing: z.array(z.string()), sandbox: z.boolean() }),
  email: z.object({ configured: z.boolean(), missing: z.array(z.string()) }),
});
export type MessagingStatus = z.infer<typeof messagingStatusSchema>;

/** Africa's Talking wants international numbers: "0712 345 678" -> "+254712345678"; null for a non-Kenyan mobile. */
export function internationalPhone(typed: string): string | null {
  const stored = normalizeKenyanPhone(typed);
  return stored ? `+${stored}` : null;
}

/** The WhatsApp link that opens a chat with the number (or any chat, without one) holding the text. */
export function whatsappLink(text: string, phone?: string | null): string {
  const to = phone ? normalizeKenyanPhone(phone) : null;
  return `https://wa.me/${to ?? ""}?text=${encodeURIComponent(text)}`;
}

const RECEIPT_SMS = {
  en: (business: string, number: string, total: string, url: string) =>
    `${business}: receipt ${number}, ${total}. View it: ${url}`,
  sw: (business: string, number: string, total: string, url: string) =>
    `${business}: risiti ${number}, ${total}. Itazame: ${url}`,
};

/** The short text of a receipt sent by SMS or WhatsApp: the business, the number, the total and the link. */
export function receiptMessageText(
  r: { businessName: string; number: string; total: string; url: string },
  language: "en" | "sw" = "en",
): string {
  return RECEIPT_SMS[language](r.businessName, r.number, r.total, r.url);
}

/** Send a credit customer their statement: by SMS to a Kenyan mobile, or by e-mail, in their language. */
export const sendStatementInputSchema = sendReceiptInputSchema;
export type SendStatementInput = SendReceiptInput;

const STATEMENT_TEXT = {
  en: (business: string, customer: string, owed: string) =>
    `${business}: Dear ${customer}, your account shows ${owed} owing. Thank you for paying at your convenience. ` +
    `To stop these messages, tell ${business}.`,
  sw: (business: string, customer: string, owed: string) =>
    `${business}: Mpendwa ${customer}, akaunti yako inaonyesha deni la ${owed}. Asante kwa kulipa utakapoweza. ` +
    `Kusitisha ujumbe huu, mwambie ${business}.`,
};

/**
 * A credit customer's statement as a short, polite text: what the account shows owing, and how to
 * stop such messages. The e-mail adds the statement's lines below it.
 */
export function statementMessageText(
  s: { businessName: string; customerName: string; owed: string },
  language: "en" | "sw" = "en",
): string {
  return STATEMENT_TEXT[language](s.businessName, s.customerName, s.owed);
}
