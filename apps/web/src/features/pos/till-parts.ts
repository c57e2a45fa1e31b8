import { lazyPart } from "../../lib/lazy-part.tsx";

// The till's parts that load after it (its first load stays small), each loaded once and shared.
// Every sale needs the checkout and the receipt, online or not; the cashier switch and the
// cash-out are used mid-shift; all four are loaded as the till opens (use-offline-readiness.ts),
// so a till whose network drops keeps selling. The rest only some businesses use.
export const checkoutPart = lazyPart(() => import("./components/checkout-dialog.tsx"));
export const receiptPart = lazyPart(() => import("./components/receipt-dialog.tsx"));
export const switchCashierPart = lazyPart(() => import("./components/switch-cashier-dialog.tsx"));
export const cashOutPart = lazyPart(() => import("./components/cash-out-dialog.tsx"));
/** A restaurant's section and table picker. */
export const tablesPart = lazyPart(() => import("./components/table-picker.tsx"));
/** A clinic's visit bills. */
export const visitBillsPart = lazyPart(() => import("./components/visit-bills.tsx"));

/** Who the ticket is for, and their usual items (issue 31 item 8). */
export const customerPart = lazyPart(() => import("./components/ticket-customer.tsx"));

/** Scanning with a phone's or tablet's camera. */
export const cameraScanPart = lazyPart(() => import("./camera-scan/camera-scan-dialog.tsx"));

/** What the till needs to sell with no network. */
export const OFFLINE_PARTS = [checkoutPart, receiptPart, switchCashierPart, cashOutPart];
