import { t } from "@lingui/core/macro";
import type { Channel } from "@app/shared/pos/cart";

/** The credit pages of each channel: wholesale (spec section 2) and their retail twins. */
export const CREDIT_PAGES: Record<
  Channel,
  {
    readonly title: string;
    back: string;
    detail: (id: string) => string;
    list: string;
    noun: string;
    /** The list's error and empty texts, whole sentences in each language. */
    failed: (why: string) => string;
    none: () => string;
  }
> = {
  wholesale: {
    get title() {
      return t`Credit Wholesales`;
    },
    back: "/wholesaleOrders",
    detail: (id) => `/credit-wholesales/${id}`,
    list: "/sales/creditWholesale",
    noun: "order",
    failed: (why) => t`The credit orders could not be loaded. ${why}`,
    none: () => t`No credit orders`,
  },
  retail: {
    get title() {
      return t`Credit Sales`;
    },
    back: "/sales",
    detail: (id) => `/credit-sales/${id}`,
    list: "/sales/creditSales",
    noun: "sale",
    failed: (why) => t`The credit sales could not be loaded. ${why}`,
    none: () => t`No credit sales`,
  },
};
