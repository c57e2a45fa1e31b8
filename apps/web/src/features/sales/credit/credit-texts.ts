import type { Channel } from "@app/shared/pos/cart";

/** The credit pages of each channel: wholesale (spec section 2) and their retail twins. */
export const CREDIT_PAGES: Record<
  Channel,
  { title: string; back: string; detail: (id: string) => string; list: string; noun: string }
> = {
  wholesale: {
    title: "Credit Wholesales",
    back: "/wholesaleOrders",
    detail: (id) => `/credit-wholesales/${id}`,
    list: "/sales/creditWholesale",
    noun: "order",
  },
  retail: {
    title: "Credit Sales",
    back: "/sales",
    detail: (id) => `/credit-sales/${id}`,
    list: "/sales/creditSales",
    noun: "sale",
  },
};
