/** A line of the transfer form: a product, what it has in stock, and the quantity typed. */
export type TransferLineDraft = { productId: string; available: number; quantity: string };

/**
 * Reads the typed quantities of a transfer: each must be a whole number from 1 to what the
 * product has in stock (the server checks stock again, atomically). Problems are by product id.
 */
export function readTransferLines(lines: readonly TransferLineDraft[]): {
  products: { productId: string; quantity: number }[];
  problems: Record<string, string>;
} {
  const problems: Record<string, string> = {};
  const products: { productId: string; quantity: number }[] = [];
  for (const line of lines) {
    const text = line.quantity.trim();
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(n) || n < 1) problems[line.productId] = "Enter a whole number of at least 1";
    else if (n > line.available) problems[line.productId] = `Only ${line.available} in stock`;
    else products.push({ productId: line.productId, quantity: n });
  }
  return { products, problems };
}
