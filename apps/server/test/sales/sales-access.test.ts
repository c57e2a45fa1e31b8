import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct } from "../factories/sales.ts";

/**
 * Who may call each sales and orders route (spec section 6 and the sales rules):
 * ringing up is for the POS area (Pharmacy in a clinic), reading sales for the Sales area,
 * correcting sales (edit, void, restore, void sales) for the owner and Managers, wholesale
 * orders and Older Sales for the owner only. A refused call writes nothing.
 */
let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
});
afterAll(() => t.close());

type Base = "/api/sales" | "/api/orders";
type Call = {
  name: string;
  kind: "tenant" | "record";
  send: (token?: string) => ReturnType<ReturnType<typeof api>["get"]>;
  ok: number;
};

/** One of each record a route needs, made by the owner, and every route called on them in a safe order. */
async function routeCalls(shop: Owner, base: Base): Promise<Call[]> {
  const p = await newProduct(t.app, shop, shop.businessId, { quantity: 100 });
  const o = api(t.app, shop.token);
  const line = { businessId: shop.businessId, products: [{ productId: p._id, quantity: 1 }] };
  const price = base === "/api/sales" ? 10000 : 8000;
  const cash = { ...line, payments: [{ method: "Cash", amount: price }] };
  const make = async (body: object) => {
    const res = await o.post(base, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const sale = await make(cash);
  const credit = await make({
    ...line,
    payments: [{ method: "Credit", amount: price }],
    customerName: "Amina",
    customerPhone: "0722123456",
  });
  const voided = await make(cash);
  const toRestore = await make(cash);
  for (const id of [voided, toRestore]) expect((await o.del(`${base}/${id}`)).statusCode).toBe(200);
  const q = `businessId=${shop.businessId}`;
  const as = (token?: string) => api(t.app, token);
  const calls: Call[] = [
    { name: "create", kind: "tenant", ok: 201, send: (tk) => as(tk).post(base, cash) },
    { name: "list", kind: "tenant", ok: 200, send: (tk) => as(tk).get(`${base}?${q}`) },
    { name: "read", kind: "record", ok: 200, send: (tk) => as(tk).get(`${base}/${sale}`) },
    { name: "print", kind: "record", ok: 200, send: (tk) => as(tk).post(`${base}/${sale}/print`) },
    {
      name: "edit",
      kind: "record",
      ok: 200,
      send: (tk) =>
        as(tk).put(`${base}/${sale}`, {
          products: [{ productId: p._id, quantity: 2 }],
          payments: [{ method: "Cash", amount: 2 * price }],
        }),
    },
    {
      name: "credit payment",
      kind: "record",
      ok: 200,
      send: (tk) => as(tk).put(`${base}/salecredit/${credit}`, { amountPaid: 100, paymentMethod: "Cash" }),
    },
    {
      name: "void list",
      kind: "tenant",
      ok: 200,
      send: (tk) => as(tk).get(`${base}/voidsales/salesvoid/this/ask?${q}`),
    },
    {
      name: "void reason",
      kind: "record",
      ok: 200,
      send: (tk) => as(tk).put(`${base}/voidsales/${voided}`, { reason: "Rang up twice" }),
    },
    { name: "void delete", kind: "record", ok: 200, send: (tk) => as(tk).del(`${base}/voidsales/${voided}`) },
    { name: "restore", kind: "record", ok: 200, send: (tk) => as(tk).post(`${base}/voidsales/restore/${toRestore}`) },
    { name: "void", kind: "record", ok: 200, send: (tk) => as(tk).del(`${base}/${sale}`) },
  ];
  // The credit totals and open credit of this channel (wholesale: for the owner only).
  const channel = base === "/api/sales" ? "retail" : "wholesale";
  calls.push(
    {
      name: "credit summary",
      kind: "tenant",
      ok: 200,
      send: (tk) => as(tk).get(`/api/sales/credit/summary?${q}&channel=${channel}`),
    },
    {
      name: "open credit",
      kind: "tenant",
      ok: 200,
      send: (tk) => as(tk).get(`/api/sales/credit/open?${q}&channel=${channel}`),
    },
  );
  if (base === "/api/sales") {
    calls.push(
      { name: "debts", kind: "tenant", ok: 200, send: (tk) => as(tk).get(`/api/sales/debts?${q}`) },
      {
        name: "log",
        kind: "tenant",
        ok: 200,
        send: (tk) =>
          as(tk).get(`/api/sales/log/sales?${q}&startDate=2020-01-01T00:00:00Z&endDate=2099-01-01T00:00:00Z`),
      },
    );
  }
  return calls;
}

/** Calls every route as `token`: refused ones first (nothing may be written), then the allowed ones. */
async function expectAccess(calls: Call[], token: string, allowed: string[]) {
  const before = await databaseFingerprint(t.database);
  for (const c of calls.filter((c) => !allowed.includes(c.name))) {
    const res = await c.send(token);
    expect(res.statusCode, `${c.name}: ${res.body}`).toBe(403);
  }
  expect(await databaseFingerprint(t.database)).toEqual(before);
  for (const c of calls.filter((c) => allowed.includes(c.name))) {
    const res = await c.send(token);
    expect(res.statusCode, `${c.name}: ${res.body}`).toBe(c.ok);
  }
}

const RETAIL = [
  "create",
  "list",
  "read",
  "print",
  "edit",
  "credit payment",
  "void list",
  "void reason",
  "void delete",
  "restore",
  "void",
  "credit summary",
  "open credit",
  "debts",
  "log",
];
const FOR_MANAGERS = RETAIL.filter((n) => n !== "log");
const FOR_CASHIERS = ["create", "list", "read", "print", "credit payment", "credit summary", "open credit", "debts"];
const FOR_STOCK_HANDLERS = ["create", "read", "print"];

describe("retail sales (/api/sales) in a general business", () => {
  it("the owner may do everything", async () => {
    await expectAccess(await routeCalls(owner, "/api/sales"), owner.token, RETAIL);
  });
  it("a Manager corrects sales but does not see Older Sales", async () => {
    const manager = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager" });
    await expectAccess(await routeCalls(owner, "/api/sales"), manager.token, FOR_MANAGERS);
  });
  it("a Cashier rings up, reads, prints and collects credit, but may not edit, void or restore", async () => {
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    await expectAccess(await routeCalls(owner, "/api/sales"), cashier.token, FOR_CASHIERS);
  });
  it("a Stock Handler rings up at the POS and reprints its receipt, and nothing of the Sales area", async () => {
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    await expectAccess(await routeCalls(owner, "/api/sales"), handler.token, FOR_STOCK_HANDLERS);
  });
});

describe("wholesale orders (/api/orders) are for the owner only", () => {
  it("the owner may do everything", async () => {
    await expectAccess(await routeCalls(owner, "/api/orders"), owner.token, RETAIL);
  });
  it("Managers, Cashiers and Stock Handlers, even with every permission flag, get 403 on every order route", async () => {
    const calls = await routeCalls(owner, "/api/orders");
    for (const occupation of ["Manager", "Cashier", "Stock Handler"]) {
      const staff = await registerEmployee(t.app, owner, owner.businessId, { occupation, ...ALL_FLAGS });
      await expectAccess(calls, staff.token, []);
    }
  });
});

describe("in a clinic the Pharmacy replaces the POS", () => {
  it("the owner, a Cashier and a Manager sell at the Pharmacy; a Stock Handler may not", async () => {
    const clinic = await registerBusiness(t.app, { businessType: "clinic" });
    const calls = await routeCalls(clinic, "/api/sales");
    const create = calls.filter((c) => c.name === "create" || c.name === "read");
    await expectAccess(create, clinic.token, ["create", "read"]);
    for (const occupation of ["Cashier", "Manager"]) {
      const staff = await registerEmployee(t.app, clinic, clinic.businessId, { occupation });
      await expectAccess(create, staff.token, ["create", "read"]);
    }
    const handler = await registerEmployee(t.app, clinic, clinic.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    await expectAccess(create, handler.token, []);
    const manager = await registerEmployee(t.app, clinic, clinic.businessId, { occupation: "Manager" });
    await expectAccess(
      calls.filter((c) => c.name !== "create" && c.name !== "read"),
      manager.token,
      FOR_MANAGERS,
    );
  });
});

describe("a payroll-only business has no till", () => {
  it("its owner cannot sell, list sales or lay out sections (403)", async () => {
    const payroll = await registerBusiness(t.app, { businessType: "payroll" });
    const as = api(t.app, payroll.token);
    expect(
      (
        await as.post("/api/sales", {
          businessId: payroll.businessId,
          products: [{ productId: randomUUID(), quantity: 1 }],
          payments: [],
        })
      ).statusCode,
    ).toBe(403);
    expect((await as.get(`/api/sales?businessId=${payroll.businessId}`)).statusCode).toBe(403);
    expect((await as.get(`/api/sections?businessId=${payroll.businessId}`)).statusCode).toBe(403);
  });
});

describe("sessions, other businesses and unknown records", () => {
  it("every route answers 401 without a session, 403 (business) or 404 (record) to another business, and writes nothing", async () => {
    const calls = [...(await routeCalls(owner, "/api/sales")), ...(await routeCalls(owner, "/api/orders"))];
    const before = await databaseFingerprint(t.database);
    for (const c of calls) {
      expect((await c.send()).statusCode, `${c.name} without a session`).toBe(401);
      const foreign = await c.send(other.token);
      expect(foreign.statusCode, `${c.name} by another business: ${foreign.body}`).toBe(
        c.kind === "tenant" ? 403 : 404,
      );
      expect(foreign.body).not.toContain(owner.businessId);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("record routes answer 404 for an unknown id, and a sale is not an order (nor the reverse)", async () => {
    const o = api(t.app, owner.token);
    const p = await newProduct(t.app, owner, owner.businessId);
    const sale = (
      await o.post("/api/sales", {
        businessId: owner.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 10000 }],
      })
    ).json()._id;
    const order = (
      await o.post("/api/orders", {
        businessId: owner.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 8000 }],
      })
    ).json()._id;
    const before = await databaseFingerprint(t.database);
    for (const [base, id] of [
      ["/api/sales", order],
      ["/api/orders", sale],
      ["/api/sales", randomUUID()],
      ["/api/orders", randomUUID()],
    ] as const) {
      const results = [
        await o.get(`${base}/${id}`),
        await o.post(`${base}/${id}/print`),
        await o.put(`${base}/${id}`, {
          products: [{ productId: p._id, quantity: 1 }],
          payments: [{ method: "Cash", amount: 10000 }],
        }),
        await o.put(`${base}/salecredit/${id}`, { amountPaid: 100, paymentMethod: "Cash" }),
        await o.put(`${base}/voidsales/${id}`, { reason: "x" }),
        await o.del(`${base}/voidsales/${id}`),
        await o.post(`${base}/voidsales/restore/${id}`),
        await o.del(`${base}/${id}`),
      ];
      for (const res of results) expect(res.statusCode, `${base}/${id}: ${res.body}`).toBe(404);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
