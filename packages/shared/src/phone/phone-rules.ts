// Kenyan phone numbers: the pattern and plain conversions, free of zod (the till loads them);
// phone.ts adds the schemas.
/** Kenyan mobile numbers as people type them: 10 digits starting 07 or 01. */
export const KENYAN_PHONE_PATTERN = /^0[17]\d{8}$/;

/**
 * A Kenyan mobile number as stored: "0712345678" -> "254712345678", "0112345678" -> "254112345678".
 * Also takes the stored form itself and "+2547..."; null for anything else.
 */
export function normalizeKenyanPhone(typed: string): string | null {
  const t = typed.trim().replace(/^\+/, "");
  if (KENYAN_PHONE_PATTERN.test(t)) return `254${t.slice(1)}`;
  if (/^254[17]\d{8}$/.test(t)) return t;
  return null;
}

/** A stored number as people type it: "254712345678" -> "0712345678" (other text is returned unchanged). */
export function displayKenyanPhone(stored: string): string {
  return /^254[17]\d{8}$/.test(stored) ? `0${stored.slice(3)}` : stored;
}

/**
 * The digits to look for in stored numbers when someone searches by phone: "0712" -> "254712",
 * "+25471" -> "25471", "345" -> "345". null when the text holds no digit run to search.
 */
export function phoneSearchDigits(text: string): string | null {
  const t = text.trim().replace(/[\s-]/g, "");
  if (!/^\+?\d{3,12}$/.test(t)) return null;
  const digits = t.replace(/^\+/, "");
  return digits.startsWith("0") ? `254${digits.slice(1)}` : digits;
}
