/** Money is held in integer cents everywhere; KES formatting happens only at the edge. */
const kes = new Intl.NumberFormat("en-KE", {
  style: "currency",
  currency: "KES",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer cents as KES, e.g. 123456 -> "Ksh 1,234.56". */
export function formatKES(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  return kes.format(cents / 100);
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
