import { createSlice, type PayloadAction, type UnknownAction } from "@reduxjs/toolkit";
import {
  addToTicket,
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
import { loggedOut } from "../../lib/session/session-slice.ts";
import { newUuid } from "../../lib/idempotency-key.ts";

/**
 * The two tickets of the till (spec section 3: retail and wholesale), for the business they
 * belong to, with the rules of spec section 4 from packages/shared. Kept across reloads.
 */
export type PosState = { businessId: string | null; tickets: Record<Channel, Ticket> };

const fresh = (businessId: string | null): PosState => ({
  businessId,
  tickets: { retail: emptyTicket(newUuid()), wholesale: emptyTicket(newUuid()) },
});

type ForChannel<T = object> = PayloadAction<{ channel: Channel } & T>;

export const posSlice = createSlice({
  name: "pos",
  initialState: () => fresh(null),
  reducers: {
    /** Tickets belong to one business: opening the till of another starts empty ones. */
    posOpened: (s, a: PayloadAction<string>) => (s.businessId === a.payload ? s : fresh(a.payload)),
    productAdded: (s, a: ForChannel<{ product: CartProduct; quantity?: number }>) => {
      s.tickets[a.payload.channel] = addToTicket(
        s.tickets[a.payload.channel],
        a.payload.product,
        a.payload.channel,
        a.payload.quantity,
      );
    },
    quantitySet: (s, a: ForChannel<{ productId: string; quantity: number }>) => {
      s.tickets[a.payload.channel] = setTicketQuantity(
        s.tickets[a.payload.channel],
        a.payload.productId,
        a.payload.quantity,
      );
    },
    productRemoved: (s, a: ForChannel<{ productId: string }>) => {
      s.tickets[a.payload.channel] = removeFromTicket(s.tickets[a.payload.channel], a.payload.productId);
    },
    sectionChosen: (s, a: ForChannel<{ section: string | null }>) => {
      s.tickets[a.payload.channel] = chooseSection(s.tickets[a.payload.channel], a.payload.section);
    },
    tableChosen: (s, a: ForChannel<{ table: string | null }>) => {
      s.tickets[a.payload.channel] = chooseTable(s.tickets[a.payload.channel], a.payload.table);
    },
    /** Reprices lines from a fresh catalog (after the server said prices changed). */
    ticketRepriced: (s, a: ForChannel<{ prices: Record<string, number> }>) => {
      const t = s.tickets[a.payload.channel];
      const products = t.products.map((l) => {
        const unitPrice = a.payload.prices[l.productId] ?? l.unitPrice;
        return { ...l, unitPrice, totalPrice: unitPrice * l.quantity };
      });
      // The discounts stay; the shared rules price the lines and the total again.
      s.tickets[a.payload.channel] = setTicketDiscount({ ...t, products }, t.discount ?? null, t.discountReason);
    },
    /** A discount or price override on a line (null: back to the list price), with its reason (issue 31). */
    lineAdjusted: (s, a: ForChannel<{ productId: string; adjustment: LineAdjustment | null; reason?: string }>) => {
      s.tickets[a.payload.channel] = setLineAdjustment(
        s.tickets[a.payload.channel],
        a.payload.productId,
        a.payload.adjustment,
        a.payload.reason,
      );
    },
    /** A discount on the whole ticket (null: none), with its reason (issue 31). */
    ticketDiscounted: (s, a: ForChannel<{ discount: TicketDiscount | null; reason?: string }>) => {
      s.tickets[a.payload.channel] = setTicketDiscount(
        s.tickets[a.payload.channel],
        a.payload.discount,
        a.payload.reason,
      );
    },
    /** Reset empties everything (spec section 4); the next ticket gets a new id. */
    ticketReset: (s, a: ForChannel) => {
      s.tickets[a.payload.channel] = emptyTicket(newUuid());
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
} = posSlice.actions;

/**
 * The pos slice as the store attaches it when the signed-in app loads: it takes over from the
 * first load's placeholder, whose state is the restored tickets or null (none, or logged out).
 */
export const tillSlice = {
  reducerPath: "pos",
  reducer: (state: PosState | null | undefined, action: UnknownAction) => posSlice.reducer(state ?? undefined, action),
} as const;
