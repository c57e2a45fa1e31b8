import type { Product } from "../inventory/product.ts";
import { MAX_LINE_QUANTITY } from "../money/limit-values.ts";
import { largestDiscountPercent, priceWithDiscounts, type LineAdjustment, type TicketDiscount } from "./discounts.ts";
import { applyPromotions, type AppliedPromotion, type PromotionRule } from "./promotions.ts";

/** The two tickets of the POS: retail lines are priced by sellingprice, wholesale by wholesalePrice. */
export const CHANNELS = ["retail", "wholesale"] as const;
export type Channel = (typeof CHANNELS)[number];

/** What the cart needs to know of a product. */
export type CartProduct = Pick<Product, "_id" | "name" | "sellingprice" | "wholesalePrice"> &
  Partial<Pick<Product, "image" | "sku" | "barcode" | "unit">>;

export type TicketLine = {
  productId: string;
  name: string;
  image: string | null;
  unitPrice: number;
  quantity: number;
  /** The line after its own discount or override (unitPrice stays the list price). */
  totalPrice: number;
  /** A discount or price override given at the till (issue 31, pos/discounts.ts), and why. */
  adjustment?: LineAdjustment | null;
  reason?: string;
  /**
   * The owner's promotion on the line (issue 31 item 2, pos/promotions.ts) and its promoted total,
   * as last applied (applyTicketPromotions); a manual adjustment replaces it.
   */
  promotion?: AppliedPromotion | null;
};

/** A ticket (spec section 3): section, table, lines with quantity and totalPrice, total. */
export type Ticket = {
  /** Identifies the ticket across kitchen prints and the sale it becomes; new on every reset. */
  ticketId: string;
  section: string | null;
  table: string | null;
  products: TicketLine[];
  /** What the customer pays: the lines after their discounts, less the ticket's discount. */
  total: number;
  /** A discount on the whole ticket (issue 31), and why. */
  discount?: TicketDiscount | null;
  discountReason?: string;
};

/**
 * The price of one unit on a ticket of this channel. A product without a wholesale price is
 * sold at its selling price on the wholesale ticket rather than for nothing.
 */
export function unitPriceOf(product: Pick<CartProduct, "sellingprice" | "wholesalePrice">, channel: Channel): number {
  if (channel === "wholesale" && product.wholesalePrice > 0) return product.wholesalePrice;
  return product.sellingprice;
}

/**
 * Whether a till of this channel sells the product: the retail till sells every product, the
 * wholesale till only the wholesale catalogue, which is the products with a wholesale price
 * (issue 33; inventory/wholesale-product.ts).
 */
export function soldOn(product: Pick<CartProduct, "wholesalePrice">, channel: Channel): boolean {
  return channel === "retail" || product.wholesalePrice > 0;
}

/** A line as the discount rules take it: a promotion's total counts only on a line without an adjustment. */
const discountInputOf = (l: TicketLine) => ({
  listUnitPrice: l.unitPrice,
  quantity: l.quantity,
  adjustment: l.adjustment ?? null,
  promotedTotal: l.adjustment ? null : (l.promotion?.total ?? null),
});

/**
 * The ticket with its lines and total priced by the shared discount rules. An adjustment that no
 * longer fits (an amount above a line made smaller) is dropped, then the ticket discount.
 */
function withLines(ticket: Ticket, products: TicketLine[]): Ticket {
  let lines = products;
  let discount = ticket.discount ?? null;
  for (;;) {
    const r = priceWithDiscounts(lines.map(discountInputOf), discount);
    if (r.ok)
      return {
        ...ticket,
        discount,
        products: lines.map((l, i) => ({ ...l, totalPrice: r.lines[i]!.lineTotal })),
        total: r.total,
      };
    const at = /^products\.(\d+)\./.exec(r.field);
    if (at) lines = lines.map((l, i) => (i === Number(at[1]) ? { ...l, adjustment: null } : l));
    else discount = null;
  }
}

/** Gives a line a discount or price override (null: back to the list price), with its reason. */
export function setLineAdjustment(
  ticket: Ticket,
  productId: string,
  adjustment: LineAdjustment | null,
  reason = "",
): Ticket {
  return withLines(
    ticket,
    ticket.products.map((l) => (l.productId === productId ? { ...l, adjustment, reason: reason.trim() } : l)),
  );
}

/** Gives the whole ticket a discount (null: none), with its reason. */
export function setTicketDiscount(ticket: Ticket, discount: TicketDiscount | null, reason = ""): Ticket {
  return withLines({ ...ticket, discount, discountReason: reason.trim() }, ticket.products);
}

/** The ticket's lines as the discount rules price them: list totals, discounts, and the largest percent off. */
export function ticketDiscounts(ticket: Ticket) {
  const r = priceWithDiscounts(ticket.products.map(discountInputOf), ticket.discount ?? null);
  return r.ok ? { ...r, largestPercent: largestDiscountPercent(r.lines) } : null;
}

/** What applying promotions needs: the business's promotions, the moment, its time zone. */
export type PromotionContext = { promotions: readonly PromotionRule[]; at: Date; timeZone: string };

/**
 * The ticket with the promotions that run at `at` applied to its lines (pos/promotions.ts): each
 * line without a manual adjustment takes the best, or none; the lines and total are priced again.
 */
export function applyTicketPromotions(ticket: Ticket, ctx: PromotionContext): Ticket {
  const applied = applyPromotions(
    ticket.products.map((l) => ({
      productId: l.productId,
      listUnitPrice: l.unitPrice,
      quantity: l.quantity,
      adjusted: !!l.adjustment,
    })),
    ctx.promotions,
    ctx.at,
    ctx.timeZone,
  );
  return withLines(
    ticket,
    ticket.products.map((l, i) => ({ ...l, promotion: applied[i] ?? null })),
  );
}
/** Whole units, at most the line limit the server takes (MAX_LINE_QUANTITY). */
const wholeUnits = (n: number) => (Number.isFinite(n) ? Math.min(Math.floor(n), MAX_LINE_QUANTITY) : 0);

export function emptyTicket(ticketId: string): Ticket {
  return { ticketId, section: null, table: null, products: [], total: 0, discount: null, discountReason: "" };
}

/**
 * Adds a product. One already on the ticket has its quantity raised and its total recomputed;
 * a new one enters with a quantity of at least 1.
 */
export function addToTicket(ticket: Ticket, product: CartProduct, channel: Channel, quantity = 1): Ticket {
  const existing = ticket.products.find((l) => l.productId === product._id);
  if (existing) {
    const q = Math.min(existing.quantity + Math.max(wholeUnits(quantity), 1), MAX_LINE_QUANTITY);
    return withLines(
      ticket,
      // A promotion priced the old quantity: cleared until applyTicketPromotions runs again.
      ticket.products.map((l) =>
        l === existing ? { ...l, quantity: q, totalPrice: q * l.unitPrice, promotion: null } : l,
      ),
    );
  }
  const unitPrice = unitPriceOf(product, channel);
  const q = Math.max(wholeUnits(quantity), 1);
  return withLines(ticket, [
    ...ticket.products,
    {
      productId: product._id,
      name: product.name,
      image: product.image ?? null,
      unitPrice,
      quantity: q,
      totalPrice: q * unitPrice,
    },
  ]);
}

/** Sets a line's quantity; zero or less removes the line. */
export function setTicketQuantity(ticket: Ticket, productId: string, quantity: number): Ticket {
  const q = wholeUnits(quantity);
  if (q <= 0) return removeFromTicket(ticket, productId);
  return withLines(
    ticket,
    ticket.products.map((l) =>
      l.productId === productId ? { ...l, quantity: q, totalPrice: q * l.unitPrice, promotion: null } : l,
    ),
  );
}

export function removeFromTicket(ticket: Ticket, productId: string): Ticket {
  return withLines(
    ticket,
    ticket.products.filter((l) => l.productId !== productId),
  );
}

/** Choosing a section clears the table (spec section 4). */
export function chooseSection(ticket: Ticket, section: string | null): Ticket {
  return { ...ticket, section, table: null };
}

export function chooseTable(ticket: Ticket, table: string | null): Ticket {
  return { ...ticket, table };
}

/** The lines a checkout or kitchen print sends: product and quantity only; the server prices. */
export function ticketRequestLines(ticket: Ticket): {
  productId: string;
  quantity: number;
  adjustment?: LineAdjustment;
  reason?: string;
}[] {
  return ticket.products.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    ...(l.adjustment ? { adjustment: l.adjustment, ...(l.reason ? { reason: l.reason } : {}) } : {}),
  }));
}

/** The ticket's discount as a sale request sends it (issue 31). */
export function ticketDiscountRequest(ticket: Ticket): { ticketDiscount?: TicketDiscount; discountReason?: string } {
  return ticket.discount
    ? { ticketDiscount: ticket.discount, ...(ticket.discountReason ? { discountReason: ticket.discountReason } : {}) }
    : {};
}
