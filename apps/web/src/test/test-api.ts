import { allFlags } from "@app/shared/accounts/auth";
import { vi } from "vitest";
import type { Business } from "@app/shared/businesses/business";
import type { Sale } from "@app/shared/sales/sale";
import { createStore } from "../app/store.ts";
import { attachSignedInSlices } from "../app/signed-in-slices.ts";

// The tests render signed-in pages: their slices join the store as the signed-in app does.
attachSignedInSlices();

/** Test helpers: a real store signed in as an owner, and a fetch that answers from a table of routes. */

export const BUSINESS_A: Business = {
  _id: "11111111-1111-4111-8111-111111111111",
  name: "Duka A",
  businessType: "general",
  accountActive: true,
  inactiveReason: null,
  timeZone: "Africa/Nairobi",
  kraPin: null,
  vatRegistered: false,
  cashRounding: 0,
  address: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};
export const BUSINESS_B: Business = { ...BUSINESS_A, _id: "22222222-2222-4222-8222-222222222222", name: "Duka B" };

export function ownerStore(current: Business = BUSINESS_A) {
  const details = {
    _id: "33333333-3333-4333-8333-333333333333",
    username: "owner",
    image: null,
    occupation: null,
    ...allFlags(false),
    isSupportUser: false,
  };
  return createStore({
    session: { user: { token: "t0k3n", isAdmin: true, details } as never, loading: false, error: null },
    business: { current, list: [BUSINESS_A, BUSINESS_B], isFetching: false, error: false },
  });
}

let n = 0;
export function saleOf(businessId: string, overrides: Partial<Sale> = {}): Sale {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  return {
    _id: id,
    businessId,
    saleNumber: n,
    channel: "retail",
    status: "completed",
    paymentStatus: "Paid",
    paymentMethod: "Cash",
    products: [
      {
        productId: "44444444-4444-4444-8444-444444444444",
        name: "Sugar 1kg",
        image: null,
        productQuantity: 2,
        productPrice: 15000,
        totalPrice: 30000,
        taxType: "D",
        listPrice: 15000,
        discount: 0,
        discountReason: null,
        approvedBy: null,
      },
    ],
    payments: [{ method: "Cash", amount: 30000, tendered: null, reference: null }],
    change: 0,
    amount: 30000,
    balance: 0,
    amountPaid: 30000,
    creditStatus: null,
    creditPaymentMethod: null,
    paymentTransactions: [],
    customerName: null,
    customerPhone: null,
    customerId: null,
    clearedBy: null,
    servedBy: "owner",
    sectionId: null,
    sectionName: null,
    tableId: null,
    tableName: null,
    ticketId: null,
    deletedBy: null,
    deletedAt: null,
    voidReason: null,
    vatBands: [{ taxType: "D", rateBp: 0, taxable: 30000, tax: 0, total: 30000 }],
    etimsState: "not_required",
    etimsProof: null,
    etimsError: null,
    offlineAt: null,
    stockShortfall: null,
    discount: 0,
    ticketDiscount: 0,
    discountApprovedBy: null,
    cashRounding: 0,
    createdAt: new Date(Date.UTC(2026, 0, 1, 8, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 8, n)).toISOString(),
    ...overrides,
  };
}

type Route = (url: URL, init: Request) => unknown;

/**
 * Replaces fetch with answers keyed by "METHOD /path"; returns the spy so a test can check
 * which calls were made. fetchBaseQuery builds a Request from "/api/...", which Node cannot
 * resolve without an origin, so Request is given jsdom's.
 */
export function stubApi(routes: Record<string, Route>) {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === "string" ? new URL(input, window.location.origin) : input, init);
      }
    },
  );
  const spy = vi.fn(async (req: Request) => {
    const url = new URL(req.url);
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route)
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "no route" } }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    const body = route(url, req);
    const status = (body as { __status?: number })?.__status ?? 200;
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", spy);
  return spy;
}
