import { seedMessages } from "./messages.ts";
import type { InjectOptions } from "fastify";
import type { RouteEntry } from "../../src/platform/access.ts";
import {
  addBusiness,
  idsOwnedBy,
  recordOf,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type TestApp,
} from "./app.ts";
import { candidates, routeShapes, type Fill, type RouteShape } from "./route-requests.ts";
import { seedClinic } from "./clinic.ts";
import { seedPayroll } from "./payroll.ts";
import { seedMoney } from "./money.ts";
import { seedHotel } from "./rooms.ts";
import { createPlan, subscribeBusiness } from "./subscriptions.ts";

/** For every route: its shape, the fill naming the owner's own records, and a request that passes validation. */
export type ValidRequests = {
  owner: Owner;
  /** A provider support user's token, for the support-only routes. */
  supportToken: string;
  /** Who sends a route's requests: support for support-only routes, else the owner. */
  tokenFor: (route: RouteEntry) => string;
  stranger: Owner;
  shapes: Map<RouteEntry, RouteShape>;
  fills: Map<RouteEntry, Fill>;
  bases: Map<RouteEntry, { request: InjectOptions; valid: boolean }>;
};

/**
 * Gives an owner a business with records of the main kinds, then finds for each route the
 * first generated request that passes validation. It is found without writing anything, by
 * sending it as the owner of another business: the schemas run before the tenancy guard, so
 * a 403/404 means the input was valid. Spoiling one part of such a request tests that part.
 */
export async function prepareValidRequests(t: TestApp): Promise<ValidRequests> {
  // A hotel (every area of a general business, and Rooms).
  const owner = await registerBusiness(t.app, { businessType: "hotel" });
  // The second business is a clinic, with a record of every clinic kind.
  const branch = await addBusiness(t.app, owner, "clinic");
  const staff = await registerEmployee(t.app, owner, owner.businessId);
  const api = { headers: { authorization: `Bearer ${owner.token}` } };
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, ...api, payload });
  const cat = (await post("/api/categories", { businessId: owner.businessId, name: "Drinks" })).json();
  await post(`/api/categories/subcategory/${cat._id}`, { name: "Sodas" });
  const soda = (
    await post("/api/products", {
      businessId: owner.businessId,
      name: "Soda",
      sellingprice: 100,
      quantity: 50,
      categoryId: cat._id,
    })
  ).json();
  // The soda in the wholesale catalogue (issue 33), so the walks reach /api/wholesaleProducts/:id.
  await post("/api/wholesaleProducts", { businessId: owner.businessId, productId: soda._id, wholesalePrice: 100 });
  // A promotion (issue 31 item 2), so the walks reach /api/promotions/:id.
  await post("/api/promotions", {
    businessId: owner.businessId,
    name: "3 for 250",
    kind: "quantityBreak",
    productIds: [soda._id],
    breakQuantity: 3,
    breakAmount: 250,
  });
  const section = (
    await post("/api/sections", { businessId: owner.businessId, name: "Hall", tables: [{ name: "T1" }] })
  ).json();
  await post("/api/printers", { businessId: owner.businessId, name: "Kitchen", kind: "browser", role: "kitchen" });
  await post("/api/captainOrderPrint", {
    businessId: owner.businessId,
    ticketId: crypto.randomUUID(),
    sectionId: section._id,
    products: [{ productId: soda._id, quantity: 1 }],
  });
  const saleIds: string[] = [];
  for (const base of ["/api/sales", "/api/orders"]) {
    const made = await post(base, {
      businessId: owner.businessId,
      products: [{ productId: soda._id, quantity: 1 }],
      payments: [{ method: "Credit", amount: 100 }],
      customerName: "Debtor",
      customerPhone: "0711000111",
    });
    saleIds.push(made.json()._id as string);
  }
  // A sale's public receipt link and a logged message (the public receipt page takes its token).
  const receiptToken = await seedMessages(t.app, t.database, owner, saleIds[0]!);
  await post("/api/customersAuth/register", { businessId: owner.businessId, name: "Regular", phone: "0711000222" });
  const supplier = (await post("/api/suppliers", { businessId: owner.businessId, name: "Wholesaler" })).json();
  await post("/api/supplyrecord", {
    businessId: owner.businessId,
    supplierId: supplier._id,
    products: [{ productId: soda._id, quantity: 5, unitCost: 60 }],
    commodities: [{ name: "Fuel", quantity: 1, unitCost: 100 }],
  });
  const supportToken = (await signInSupport(t.app, t.database)).token;
  await subscribeBusiness(t.app, owner.token, owner.businessId, await createPlan(t.app, supportToken));
  await post("/api/requests", { businessId: owner.businessId, subject: "Printer", message: "How do I add a printer?" });
  await seedPayroll(t.app, owner, staff.employeeId, "Valid");
  await seedClinic(t.app, owner, branch.businessId, "Valid");
  await seedMoney(t.app, owner, "Valid");
  await seedHotel(t.app, owner, "Valid", soda._id);
  const tokenFor = (route: RouteEntry) => (route.access.kind === "support" ? supportToken : owner.token);
  const shapes = routeShapes(t.app);
  const fills = new Map<RouteEntry, Fill>();
  const own = await idsOwnedBy(t.database, [owner.businessId, branch.businessId]);
  for (const route of t.app.routeTable) {
    // A tenant route names the owner's business; other ids (a transfer's destination) the owner's second one.
    if (route.access.kind === "tenant") {
      const policySlot = `${route.access.from}.businessId`;
      fills.set(route, (slot) => (slot === policySlot ? owner.businessId : branch.businessId));
    }
    // A record route gets the owner's own record of the kind it resolves (in either business).
    const record =
      (await recordOf(t.database, route, own, owner.businessId)) ??
      (await recordOf(t.database, route, own, branch.businessId));
    if (record) fills.set(route, (slot) => (slot.startsWith("params.") ? record : owner.businessId));
  }
  // The receipt's public page is named by its link's token.
  for (const route of t.app.routeTable.filter((r) => r.url === "/api/public/receipts/:token"))
    fills.set(route, (slot) => (slot === "params.token" ? receiptToken : owner.businessId));
  const stranger = await registerBusiness(t.app);
  const bases = new Map<RouteEntry, { request: InjectOptions; valid: boolean }>();
  for (const route of t.app.routeTable) {
    const shape = shapes.get(route)!;
    const fill = fills.get(route) ?? (() => owner.businessId);
    const mine = candidates(shape, fill, tokenFor(route));
    let found = { request: mine[0]!.request, valid: false };
    if (route.access.kind === "tenant" || route.access.kind === "record") {
      const theirs = candidates(shape, fill, stranger.token);
      for (let i = 0; i < theirs.length; i++) {
        const res = await t.app.inject(theirs[i]!.request);
        if ([403, 404].includes(res.statusCode)) {
          found = { request: mine[i]!.request, valid: true };
          break;
        }
      }
    }
    bases.set(route, found);
  }
  return { owner, supportToken, tokenFor, stranger, shapes, fills, bases };
}
