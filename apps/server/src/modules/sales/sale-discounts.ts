import { ERROR_CODES } from "@app/shared/errors/errors";
import {
  cashierDiscountOf,
  discountPercentOf,
  priceWithDiscounts,
  withinLimit,
  type LineAdjustment,
  type TicketDiscount,
} from "@app/shared/pos/discounts";
import { formatAmount } from "@app/shared/money/money";
import { promotionReason, type AppliedPromotion } from "@app/shared/pos/promotions";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import type { AuthUser } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { PricedLine } from "./sale-lines.ts";

// Discounts and price overrides at the till (issue 31 item 1): the server recomputes every price
// from the list prices with the shared rules (pos/discounts.ts) and refuses what the user may not give.
// Promotions (item 2, pos/promotions.ts) come first: a line without a manual adjustment is priced at
// its promoted total; a manual adjustment replaces the promotion; the ticket discount comes after; the
// cashier's limit is measured from the promoted total, as the owner set the promotion.

type LineExtra = { adjustment: LineAdjustment | null; reason: string | null };

/**
 * Each product's adjustment and reason as the till sent them. A product with an adjustment must
 * be on one line only (its lines would otherwise merge with different prices): 400.
 */
export function adjustmentsOf(products: CreateSaleInput["products"]): Map<string, LineExtra> {
  const out = new Map<string, LineExtra>();
  const seen = new Map<string, number>();
  for (const p of products) seen.set(p.productId, (seen.get(p.productId) ?? 0) + 1);
  for (const [i, p] of products.entries()) {
    if (!p.adjustment) continue;
    if (seen.get(p.productId)! > 1)
      throw new AppError("VALIDATION_ERROR", "A discounted product goes on one line", {
        [`products.${i}.adjustment`]: "A discounted product goes on one line",
      });
    out.set(p.productId, { adjustment: p.adjustment, reason: p.reason?.trim() || null });
  }
  return out;
}

/** The limit of the signed-in user, in whole percent: the owner (and support acting for them) 100. */
export const discountLimitOf = (user: Pick<AuthUser, "isAdmin" | "details">) =>
  user.isAdmin ? 100 : (user.details.maxDiscountPercent ?? 0);

export type DiscountedLine = PricedLine & {
  listPrice: number | null;
  discount: number;
  discountReason: string | null;
  approvedBy: string | null;
  promotionId: string | null;
  promotionName: string | null;
};

/**
 * Applies the till's adjustments and ticket discount to lines priced at list price, and checks
 * each line against the user's limit. Beyond it: the owner's approval (`ownerApproval`, the
 * owner's name once their PIN was checked) or 403 DISCOUNT_LIMIT naming the limit and the line.
 */
export function applyDiscounts(
  priced: { lines: PricedLine[] },
  extras: Map<string, LineExtra>,
  input: { ticketDiscount?: TicketDiscount | undefined; discountReason?: string | undefined },
  user: Pick<AuthUser, "isAdmin" | "details">,
  ownerApproval: string | null,
  /** Each line's promotion as pos/promotions.ts applyPromotions gives it (null: none). */
  promoted: readonly (AppliedPromotion | null)[] = [],
): {
  lines: DiscountedLine[];
  total: number;
  discount: number;
  ticketDiscount: number;
  promotionDiscount: number;
  approvedBy: string | null;
} {
  const result = priceWithDiscounts(
    priced.lines.map((l, i) => ({
      listUnitPrice: l.unitPrice,
      quantity: l.quantity,
      adjustment: extras.get(l.productId)?.adjustment ?? null,
      promotedTotal: promoted[i]?.total ?? null,
    })),
    input.ticketDiscount ?? null,
  );
  if (!result.ok) throw new AppError("VALIDATION_ERROR", result.message, { [result.field]: result.message });
  const limit = discountLimitOf(user);
  const beyond = result.lines.flatMap((line, i) => {
    const d = cashierDiscountOf(line);
    return withinLimit(d, limit) ? [] : [{ d, line: priced.lines[i]! }];
  });
  if (beyond.length && !ownerApproval) {
    const worst = beyond.reduce((a, b) => (discountPercentOf(b.d) > discountPercentOf(a.d) ? b : a));
    const message = `Your discount limit is ${limit}%: ${worst.line.name} is ${discountPercentOf(worst.d)}% off (KES ${formatAmount(worst.d.discount)}). Ask the owner to approve it with their PIN.`;
    throw new AppError(ERROR_CODES.DISCOUNT_LIMIT, message, { approval: message });
  }
  const ticketReason = input.discountReason?.trim() || null;
  const byOwner = ownerApproval ? `${ownerApproval} (owner's PIN)` : null;
  const lines = result.lines.map((d, i) => {
    const l = priced.lines[i]!;
    const changed = d.discount !== 0;
    const own = extras.get(l.productId);
    // A manual adjustment replaces the promotion (the shared rules ignore its promoted total then).
    const promotion = own?.adjustment ? null : (promoted[i] ?? null);
    const cashier = cashierDiscountOf(d);
    return {
      ...l,
      unitPrice: d.givenUnitPrice,
      totalPrice: d.total,
      listPrice: changed ? l.unitPrice : null,
      discount: d.discount,
      discountReason: changed
        ? (own?.reason ?? (promotion ? promotionReason(promotion.name) : null) ?? ticketReason)
        : null,
      approvedBy: cashier.discount !== 0 ? (withinLimit(cashier, limit) ? user.details.username : byOwner) : null,
      promotionId: promotion?.id ?? null,
      promotionName: promotion?.name ?? null,
    };
  });
  const any = lines.some((l) => l.approvedBy !== null);
  return {
    lines,
    total: result.total,
    discount: result.discount,
    ticketDiscount: result.ticketDiscount,
    // What the promotions took off (list total - promoted total), whatever the cashier added after.
    promotionDiscount: result.lines.reduce((sum, d) => sum + d.listTotal - d.baseTotal, 0),
    approvedBy: !any ? null : beyond.length ? byOwner : user.details.username,
  };
}

/** The history note of a discounted sale: each discounted line, its reason and who allowed it. */
export function discountNote(sale: Sale): string {
  const parts = sale.products
    .filter((l) => l.discount !== 0)
    .map(
      (l) =>
        `${l.name}: list ${formatAmount(l.listPrice * l.productQuantity)}, paid ${formatAmount(l.totalPrice)}` +
        (l.discountReason ? ` (${l.discountReason})` : "") +
        (l.approvedBy ? `, allowed by ${l.approvedBy}` : ""),
    );
  const ticket = sale.ticketDiscount ? `Ticket discount ${formatAmount(sale.ticketDiscount)}. ` : "";
  return `${ticket}Discount ${formatAmount(sale.discount)} in all. ${parts.join("; ")}`.slice(0, 2000);
}
