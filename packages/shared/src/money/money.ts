/**
 * Money is held in integer cents everywhere; it is written for people only at the edge, by this
 * file, one way on every page, receipt, PDF and CSV header: "KES 1,234.00" (spec section 1: amounts
 * are displayed in KES). Intl's en-KE currency style says "Ksh" and puts a no-break space in it, so
 * the code is written out and only the digits are Intl's (the same grouping in English and Swahili).
 */
const digits = new Intl.NumberFormat("en-KE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The currency code written before every amount. */
export const CURRENCY = "KES";

/** Integer cents as a grouped shilling amount without the code: 123456 -> "1,234.56". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  return digits.format(cents / 100);
}

/** Formats integer cents as KES, e.g. 123456 -> "KES 1,234.56", -5000 -> "KES -50.00". */
export function formatKES(cents: number): string {
  return `${CURRENCY} ${formatAmount(cents)}`;
}

/** Parses a typed shilling amount ("1,234.5") into cents without floating-point drift. */
export function parseKES(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, "").replace(/^(KES|Ksh)/i, "");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const shillings = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = shillings * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as a plain shilling amount for files: 123450 -> "1234.50". */
export function formatCentsPlain(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
