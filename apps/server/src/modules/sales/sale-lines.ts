import { unitPriceOf, type Channel } from "@app/shared/pos/cart";
import { effectiveTaxType, vatBands, type TaxType } from "@app/shared/tax/vat";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { MAX_CENTS, TOTAL_ABOVE_LIMIT_MESSAGE } from "@app/shared/money/limits";
import { AppError, conflict } from "../../platform/errors.ts";
import { offlineAtProblem, type StockShortfall } from "@app/shared/sales/sale";
import { wholesaleLineProblem } from "@app/shared/inventory/wholesale-product";
import type { LockedProduct } from "../inventory/inventory.public.ts";

export type PricedLine = {
  lineNo: number;
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
  totalPrice: number;
};
export type TaxedLine = PricedLine & { taxType: TaxType };

/** Lines of one product are merged (their quantities added), in the order first seen. */
export function mergeLines(lines: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return merged;
}

/** 404 for products this business does not have, 409 for ones no longer sold. */
export function checkSellable(locked: Map<string, LockedProduct>, wanted: Iterable<string>): void {
  const missing: string[] = [];
  const retired: string[] = [];
  for (const id of wanted) {
    const p = locked.get(id);
    if (!p) missing.push(id);
    else if (!p.sellable) retired.push(p.name);
  }
  if (missing.length) throw new AppError("NOT_FOUND", `Product not found: ${missing.join(", ")}`);
  if (retired.length)
    throw conflict(
      `No longer sold: ${retired.join(", ")}. Remove ${retired.length > 1 ? "them" : "it"} from the ticket.`,
    );
}

/**
 * A wholesale sale sells only the wholesale catalogue, each line from its minimum quantity
 * (issue 33): 400 naming every line that does not fit, keyed by product like checkStock.
 */
export function checkWholesale(locked: Map<string, LockedProduct>, merged: Map<string, number>): void {
  const problems = [...merged].flatMap(([id, quantity]) => {
    const p = locked.get(id);
    const problem = p && wholesaleLineProblem(p, quantity);
    return problem ? [[id, problem] as const] : [];
  });
  if (!problems.length) return;
  throw new AppError("VALIDATION_ERROR", problems.map(([, m]) => m).join("; "), Object.fromEntries(problems));
}

/**
 * 409 naming every product short of stock. `taking` maps product to units taken from the shelf
 * (negative: given back), so an edit can count what it returns.
 */
export function checkStock(locked: Map<string, LockedProduct>, taking: Map<string, number>): void {
  const short: { p: LockedProduct; want: number }[] = [];
  for (const [id, want] of taking) {
    const p = locked.get(id);
    if (p && want > 0 && p.quantity < want) short.push({ p, want });
  }
  if (!short.length) return;
  const fields = Object.fromEntries(short.map(({ p }) => [p.id, `Only ${p.quantity} ${p.unit} left`]));
  throw new AppError(
    ERROR_CODES.INSUFFICIENT_STOCK,
    `Not enough stock: ${short.map(({ p, want }) => `${p.name} (${p.quantity} left, ${want} wanted)`).join("; ")}`,
    fields,
  );
}

/** Prices merged lines by the channel's price (the server's prices, never the till's); a total above MAX_CENTS is 400. */
export function priceLines(
  locked: Map<string, LockedProduct>,
  merged: Map<string, number>,
  channel: Channel,
): { lines: PricedLine[]; total: number } {
  let total = 0;
  const lines = [...merged].map(([productId, quantity], i) => {
    const p = locked.get(productId)!;
    const unitPrice = unitPriceOf(p, channel);
    total += unitPrice * quantity;
    return { lineNo: i + 1, productId, name: p.name, unitPrice, quantity, totalPrice: unitPrice * quantity };
  });
  checkSaleTotal(total);
  return { lines, total };
}

/**
 * A sale's total is one amount of money: at most MAX_CENTS, like every other (400 naming the
 * limit). A line of a million units at the largest price is 1e17 cents, beyond what a double
 * holds exactly; the comparison is still right, as such a total is far above the limit.
 */
export function checkSaleTotal(total: number): void {
  if (total <= MAX_CENTS) return;
  throw new AppError("VALIDATION_ERROR", TOTAL_ABOVE_LIMIT_MESSAGE, { products: TOTAL_ABOVE_LIMIT_MESSAGE });
}

/** 409 when the till showed another total than the prices now give. */
export function checkExpectedTotal(expected: number | undefined, total: number): void {
  if (expected !== undefined && expected !== total) {
    throw new AppError(
      ERROR_CODES.PRICES_CHANGED,
      "Prices changed since the ticket was made. Review the ticket and charge again.",
      {
        expectedTotal: `The total is now ${total}`,
      },
    );
  }
}

/**
 * Each line's eTIMS band as sold: a line kept from before (an edit) keeps its band, a new one
 * takes its product's (tax/vat.ts effectiveTaxType); and the sale's VAT per band.
 */
export function taxLines(
  lines: readonly PricedLine[],
  locked: Map<string, LockedProduct>,
  vatRegistered: boolean,
  soldIn: ReadonlyMap<string, TaxType> = new Map(),
): { lines: TaxedLine[]; vatBands: ReturnType<typeof vatBands> } {
  const taxed = lines.map((l) => ({
    ...l,
    taxType: soldIn.get(l.productId) ?? effectiveTaxType(locked.get(l.productId)?.taxType, vatRegistered),
  }));
  return { lines: taxed, vatBands: vatBands(taxed.map((l) => ({ taxType: l.taxType, total: l.totalPrice }))) };
}

/**
 * The stock an offline sale takes when it arrives (issue 17): the customer paid and left, so it
 * is never refused for stock. Each product gives what it has, down to zero (stock never goes
 * below zero), and what it lacked is returned as the sale's shortfall for the owner to review.
 */
export function offlineStockTaking(
  locked: Map<string, LockedProduct>,
  taking: Map<string, number>,
): { changes: { productId: string; delta: number }[]; shortfall: StockShortfall[] | null } {
  const changes: { productId: string; delta: number }[] = [];
  const shortfall: StockShortfall[] = [];
  for (const [productId, want] of taking) {
    const p = locked.get(productId)!;
    const have = Math.max(p.quantity, 0);
    changes.push({ productId, delta: -Math.min(want, have) });
    if (want > have) shortfall.push({ productId, name: p.name, missing: want - have });
  }
  return { changes, shortfall: shortfall.length ? shortfall : null };
}

/** 400 when a device time of sale is outside OFFLINE_SALE_LIMITS of the server's clock. */
export function checkOfflineAt(offlineAt: string | undefined, now = new Date()): Date | null {
  if (offlineAt === undefined) return null;
  const problem = offlineAtProblem(offlineAt, now);
  if (problem) throw new AppError("VALIDATION_ERROR", problem, { offlineAt: problem });
  return new Date(offlineAt);
}
