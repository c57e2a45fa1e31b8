// Kenyan phone numbers: the pattern and plain conversions, free of zod (the till loads them);
// phone.ts adds the schemas.
/** Kenyan mobile numbers as people type them: 10 digits starting 07 or 01. */
export const KENYAN_PHONE_PATTERN = /^0[17]\d{8}$/;

/** How long a typed phone may be in a form (room for "+254 (0) 712 345 678" and a foreign number's spaces). */
export const PHONE_TYPED_MAX = 24;

/** Every way Kenyans write one mobile number, once spaces, dashes, dots and brackets are gone. */
const TYPED_KENYAN_PHONE = /^(?:\+?254|0)?0?([17]\d{8})$/;

/** What people put between a number's digits: "0712 345 678", "0712-345-678", "(0712) 345.678". */
export const compactPhone = (typed: string) => typed.replace(/[\s\-.()]/g, "");

/**
 * A Kenyan mobile number in the form the forms and most records keep: 10 digits, 07... or 01....
 * Takes every way it is written: "0712 345 678", "712345678", "254712345678", "+254 712 345 678",
 * "+254 (0)712-345-678"; null for anything else (a landline, a foreign number, too few digits).
 */
export function localKenyanPhone(typed: string): string | null {
  const m = TYPED_KENYAN_PHONE.exec(compactPhone(typed));
  return m ? `0${m[1]}` : null;
}

/**
 * A Kenyan mobile number as stored where it is searched (customers, suppliers, M-Pesa):
 * "0712345678" -> "254712345678", "0112345678" -> "254112345678". Takes every form
 * localKenyanPhone takes; null for anything else.
 */
export function normalizeKenyanPhone(typed: string): string | null {
  const local = localKenyanPhone(typed);
  return local ? `254${local.slice(1)}` : null;
}

/** A stored number as people type it: "254712345678" -> "0712345678" (other text is returned unchanged). */
export function displayKenyanPhone(stored: string): string {
  return /^254[17]\d{8}$/.test(stored) ? `0${stored.slice(3)}` : stored;
}

/**
 * A number as Kenyans write it for reading: "254712345678" or "0712345678" -> "0712 345 678".
 * Anything that is not a Kenyan mobile number is shown as it is.
 */
export function formatKenyanPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const local = localKenyanPhone(phone);
  return local ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : phone;
}

/**
 * The digits to look for in stored numbers when someone searches by phone: "0712" -> "254712",
 * "+25471" -> "25471", "345" -> "345". null when the text holds no digit run to search.
 */
export function phoneSearchDigits(text: string): string | null {
  const t = compactPhone(text.trim());
  if (!/^\+?\d{3,12}$/.test(t)) return null;
  const digits = t.replace(/^\+/, "");
  return digits.startsWith("0") ? `254${digits.slice(1)}` : digits;
}
