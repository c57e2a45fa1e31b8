import { createSlice, type PayloadAction, type UnknownAction } from "@reduxjs/toolkit";
import {
  addToTicket,
  applyTicketPromotions,
  chooseSection,
  chooseTable,
  emptyTicket,
  removeFromTicket,
  setLineAdjustment,
  setTicketDiscount,
  setTicketQuantity,
  type CartProduct,
  type Channel,
  type Ticket,
} from "@app/shared/pos/cart";
import type { LineAdjustment, TicketDiscount } from "@app/shared/pos/discounts";
import type { PromotionRule } from "@app/shared/pos/promotions";
import type { Customer } from "@app/shared/customers/customer";
import { loggedOut } from "../../lib/session/session-slice.ts";
import { newUuid } from "../../lib/idempotency-key.ts";

/**
 * The two tickets of the till (spec section 3: retail and wholesale), for the business they
 * belong to, with the rules of spec section 4 from packages/shared. Kept across reloads.
 */
export type PosState = {
  businessId: string | null;
  tickets: Record<Channel, Ticket>;
  /**
   * The business's promotions as last fetched (issue 31 item 2), kept with the tickets so a till
   * with no network still applies them; absent in a state saved before promotions.
   */
  promotions?: { list: PromotionRule[]; timeZone: string } | null;
  /**
   * Who each ticket is for, when the cashier picked a known customer (issue 31 item 8): the till
   * offers their usual items, and the sale is linked to them. Absent in a state saved before.
   */
  customers?: Partial<Record<Channel, Customer | null>>;
};

const fresh = (businessId: string | null): PosState => ({
  businessId,
  tickets: { retail: emptyTicket(newUuid()), wholesale: emptyTicket(newUuid()) },
  promotions: null,
  customers: {},
});

/** The moment an action is created: promotions run by the clock, and the reducer stays pure. */
type Stamped = { at: number };
type ForChannel<T = object> = PayloadAction<{ channel: Channel } & T & Stamped>;
const stamped =
  <T extends object>() =>
  (payload: { channel: Channel } & T) => ({ payload: { ...payload, at: Date.now() } });

/** The ticket with the promotions running at the action's moment applied (the shared rules). */
function promote(s: PosState, channel: Channel, at: number): void {
  const p = s.promotions;
  if (!p) return;
  s.tickets[channel] = applyTicketPromotions(s.tickets[channel], {
    promotions: p.list,
    at: new Date(at),
    timeZone: p.timeZone,
  });
}

export const posSlice = createSlice({
  name: "pos",
  initialState: () => fresh(null),
  reducers: {
    /** Tickets belong to one business: opening the till of another starts empty ones. */
    posOpened: (s, a: PayloadAction<string>) => (s.businessId === a.payload ? s : fresh(a.payload)),
    productAdded: {
      reducer: (s, a: ForChannel<{ product: CartProduct; quantity?: number }>) => {
        s.tickets[a.payload.channel] = addToTicket(
          s.tickets[a.payload.channel],
          a.payload.product,
          a.payload.channel,
          a.payload.quantity,
        );
        promote(s, a.payload.channel, a.payload.at);
      },
      prepare: stamped<{ product: CartProduct; quantity?: number }>(),
    },
    quantitySet: {
      reducer: (s, a: ForChannel<{ productId: string; quantity: number }>) => {
        s.tickets[a.payload.channel] = setTicketQuantity(
          s.tickets[a.payload.channel],
          a.payload.productId,
          a.payload.quantity,
        );
        promote(s, a.payload.channel, a.payload.at);
      },
      prepare: stamped<{ productId: string; quantity: number }>(),
    },
    productRemoved: {
      reducer: (s, a: ForChannel<{ productId: string }>) => {
        s.tickets[a.payload.channel] = removeFromTicket(s.tickets[a.payload.channel], a.payload.productId);
        promote(s, a.payload.channel, a.payload.at);
      },
      prepare: stamped<{ productId: string }>(),
    },
    /**
     * The business's promotions, fetched (or the ones kept, offline), applied to both tickets at
     * this moment; sent again before a checkout so a happy hour that ended is not charged.
     */
    promotionsLoaded: {
      reducer: (s, a: PayloadAction<{ list: PromotionRule[]; timeZone: string } & Stamped>) => {
        s.promotions = { list: a.payload.list, timeZone: a.payload.timeZone };
        promote(s, "retail", a.payload.at);
        promote(s, "wholesale", a.payload.at);
      },
      prepare: (payload: { list: PromotionRule[]; timeZone: string }) => ({ payload: { ...payload, at: Date.now() } }),
    },
    sectionChosen: (s, a: PayloadAction<{ channel: Channel; section: string | null }>) => {
      s.tickets[a.payload.channel] = chooseSection(s.tickets[a.payload.channel], a.payload.section);
    },
    tableChosen: (s, a: PayloadAction<{ channel: Channel; table: string | null }>) => {
      s.tickets[a.payload.channel] = chooseTable(s.tickets[a.payload.channel], a.payload.table);
    },
    /** Reprices lines from a fresh catalog (after the server said prices changed). */
    ticketRepriced: {
      reducer: (s, a: ForChannel<{ prices: Record<string, number> }>) => {
        const t = s.tickets[a.payload.channel];
        const products = t.products.map((l) => {
          const unitPrice = a.payload.prices[l.productId] ?? l.unitPrice;
          return { ...l, unitPrice, totalPrice: unitPrice * l.quantity, promotion: null };
        });
        // The discounts stay; promotions are applied at this moment; the shared rules price the lines and the total again.
        s.tickets[a.payload.channel] = setTicketDiscount({ ...t, products }, t.discount ?? null, t.discountReason);
        promote(s, a.payload.channel, a.payload.at);
      },
      prepare: stamped<{ prices: Record<string, number> }>(),
    },
    /** A discount or price override on a line (null: back to the list price), with its reason (issue 31). */
    lineAdjusted: {
      reducer: (s, a: ForChannel<{ productId: string; adjustment: LineAdjustment | null; reason?: string }>) => {
        s.tickets[a.payload.channel] = setLineAdjustment(
          s.tickets[a.payload.channel],
          a.payload.productId,
          a.payload.adjustment,
          a.payload.reason,
        );
        // A manual adjustment replaces the line's promotion; taking it off brings the promotion back.
        promote(s, a.payload.channel, a.payload.at);
      },
      prepare: stamped<{ productId: string; adjustment: LineAdjustment | null; reason?: string }>(),
    },
    /** A discount on the whole ticket (null: none), with its reason (issue 31). */
    ticketDiscounted: (s, a: PayloadAction<{ channel: Channel; discount: TicketDiscount | null; reason?: string }>) => {
      s.tickets[a.payload.channel] = setTicketDiscount(
        s.tickets[a.payload.channel],
        a.payload.discount,
        a.payload.reason,
      );
    },
    /** The known customer the ticket is for (null: nobody in particular). */
    ticketCustomerChosen: (s, a: PayloadAction<{ channel: Channel; customer: Customer | null }>) => {
      s.customers = { ...s.customers, [a.payload.channel]: a.payload.customer };
    },
    /** Reset empties everything (spec section 4), its customer too; the next ticket gets a new id. */
    ticketReset: (s, a: PayloadAction<{ channel: Channel }>) => {
      s.tickets[a.payload.channel] = emptyTicket(newUuid());
      s.customers = { ...s.customers, [a.payload.channel]: null };
    },
  },
  extraReducers: (b) => b.addCase(loggedOut, () => fresh(null)),
});
export const {
  posOpened,
  productAdded,
  quantitySet,
  productRemoved,
  sectionChosen,
  tableChosen,
  ticketRepriced,
  ticketReset,
  lineAdjusted,
  ticketDiscounted,
  promotionsLoaded,
  ticketCustomerChosen,
} = posSlice.actions;

/**
 * The pos slice as the store attaches it when the signed-in app loads: it takes over from the
 * first load's placeholder, whose state is the restored tickets or null (none, or logged out).
 */
export const tillSlice = {
  reducerPath: "pos",
  reducer: (state: PosState | null | undefined, action: UnknownAction) => posSlice.reducer(state ?? undefined, action),
} as const;
