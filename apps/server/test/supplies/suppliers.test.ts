import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Supplier, SupplierStatement } from "@app/shared/supplies/supplier";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";

/** Suppliers: GET/POST /api/suppliers, GET/PUT/DELETE /api/suppliers/{id}, the statement and its PDF. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const asOwner = () => api(t.app, owner.token);
const list = async (query: string) =>
  (await asOwner().get(`/api/suppliers?businessId=${owner.businessId}&${query}`)).json();

describe("POST /api/suppliers", () => {
  it("adds a supplier; the phone is stored as 2547... and shown as typed, the KRA PIN upper-cased", async () => {
    const res = await asOwner().post("/api/suppliers", {
      businessId: owner.businessId,
      name: "Bidco Distributors",
      phone: "0711222333",
      kraPin: "p051234567q",
      contactPerson: "Otieno",
      address: "Industrial Area, Nairobi",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Bidco Distributors",
      phone: "0711222333",
      kraPin: "P051234567Q",
      balance: 0,
      supplies: 0,
      archived: false,
    });
    const { rows } = await t.database.pool.query("SELECT phone FROM suppliers WHERE id = $1", [res.json()._id]);
    expect(rows[0].phone).toBe("254711222333");
  });

  it("refuses a name the business already uses (409) and bad input (400), saving nothing", async () => {
    await newSupplier(t.app, owner, owner.businessId, { name: "Kapa Oil" });
    const before = await databaseFingerprint(t.database);
    const dup = await asOwner().post("/api/suppliers", { businessId: owner.businessId, name: "kapa oil" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.name).toContain("kapa oil");
    for (const body of [
      { name: "" },
      { name: "Bad Phone", phone: "0812345678" },
      { name: "Bad Pin", kraPin: "12345" },
      { name: "Bad Email", email: "x@" },
    ]) {
      const res = await asOwner().post("/api/suppliers", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("GET /api/suppliers", () => {
  it("searches by name, contact or phone, says what is owed to each, and filters those we owe", async () => {
    const shop = await registerBusiness(t.app);
    const a = await newSupplier(t.app, shop, shop.businessId, { name: "Alpha Wholesalers", phone: "0722000111" });
    const b = await newSupplier(t.app, shop, shop.businessId, { name: "Beta Farm", contactPerson: "Mama Njeri" });
    await newSupply(t.app, shop, shop.businessId, a._id, {
      commodities: [{ name: "Sacks", quantity: 10, unitCost: 5000 }],
      amountPaid: 20000,
      paymentMethod: "Cash",
    });
    await newSupply(t.app, shop, shop.businessId, b._id, {
      commodities: [{ name: "Milk cans", quantity: 2, unitCost: 1000 }],
      amountPaid: 2000,
      paymentMethod: "M-Pesa",
    });
    const get = async (q: string) =>
      (await api(t.app, shop.token).get(`/api/suppliers?businessId=${shop.businessId}&${q}`)).json();
    const all = await get("");
    expect(all.items.map((s: Supplier) => [s.name, s.balance, s.supplies])).toEqual([
      ["Alpha Wholesalers", 30000, 1],
      ["Beta Farm", 0, 1],
    ]);
    expect(all).toMatchObject({ total: 2, owed: 30000 });
    expect((await get("owing=true")).items.map((s: Supplier) => s.name)).toEqual(["Alpha Wholesalers"]);
    expect((await get("q=njeri")).items.map((s: Supplier) => s.name)).toEqual(["Beta Farm"]);
    expect((await get("q=0722000")).items.map((s: Supplier) => s.name)).toEqual(["Alpha Wholesalers"]);
    expect((await get("pageSize=1&page=1")).items.map((s: Supplier) => s.name)).toEqual(["Beta Farm"]);
    expect((await get("pageSize=1&page=5")).total).toBe(2);
  });
});

describe("PUT and DELETE /api/suppliers/{id}", () => {
  it("edits the details; a taken name is 409", async () => {
    const s = await newSupplier(t.app, owner, owner.businessId, { name: "Edit Me Ltd" });
    const res = await asOwner().put(`/api/suppliers/${s._id}`, { name: "Edited Ltd", phone: "0111222333", email: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "Edited Ltd", phone: "0111222333", email: null });
    expect((await asOwner().put(`/api/suppliers/${s._id}`, { name: "Kapa Oil" })).statusCode).toBe(409);
  });

  it("deletes a supplier without supplies, archives one with supplies (no new deliveries then)", async () => {
    const empty = await newSupplier(t.app, owner, owner.businessId);
    expect((await asOwner().del(`/api/suppliers/${empty._id}`)).json()).toMatchObject({ deleted: true });
    expect((await asOwner().get(`/api/suppliers/${empty._id}`)).statusCode).toBe(404);

    const used = await newSupplier(t.app, owner, owner.businessId, { name: "Used Supplier" });
    await newSupply(t.app, owner, owner.businessId, used._id);
    const res = await asOwner().del(`/api/suppliers/${used._id}`);
    expect(res.json()).toMatchObject({ deleted: false, supplier: { archived: true, supplies: 1 } });
    expect((await list("q=Used%20Supplier")).items).toEqual([]);
    expect((await list("q=Used%20Supplier&archived=true")).items).toHaveLength(1);
    const late = await asOwner().post("/api/supplyrecord", {
      businessId: owner.businessId,
      supplierId: used._id,
      commodities: [{ name: "Late", quantity: 1, unitCost: 1 }],
    });
    expect(late.statusCode).toBe(409);
    // Its name is free for a new supplier.
    expect((await newSupplier(t.app, owner, owner.businessId, { name: "Used Supplier" })).archived).toBe(false);
  });
});

describe("GET /api/suppliers/{id}/statement", () => {
  it("charges each supply, credits each payment, runs the balance, and prints as a PDF", async () => {
    const s = await newSupplier(t.app, owner, owner.businessId, { name: "Statement Supplier" });
    const first = await newSupply(t.app, owner, owner.businessId, s._id, {
      suppliedAt: "2026-02-01T08:00:00.000Z",
      commodities: [{ name: "Fuel", unit: "litres", quantity: 10, unitCost: 20000 }],
      amountPaid: 50000,
      paymentMethod: "Cash",
    });
    await newSupply(t.app, owner, owner.businessId, s._id, {
      suppliedAt: "2026-02-03T08:00:00.000Z",
      commodities: [{ name: "Bags", quantity: 1, unitCost: 30000 }],
    });
    const pay = await asOwner().post(`/api/supplyrecord/${first._id}/payments`, {
      amountPaid: 100000,
      paymentMethod: "Bank Transfer",
      paymentDate: "2026-02-05T08:00:00.000Z",
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const st: SupplierStatement = (await asOwner().get(`/api/suppliers/${s._id}/statement`)).json();
    expect(st.lines.map((l) => [l.reference, l.description, l.charge, l.payment, l.balance])).toEqual([
      [`Supply #${first.supplyNumber}`, "Delivery, KES 2,000.00", 200000, 0, 200000],
      [`Supply #${first.supplyNumber}`, "Paid on delivery, Cash", 0, 50000, 150000],
      [`Supply #${first.supplyNumber + 1}`, "Delivery, KES 300.00", 30000, 0, 180000],
      [`Supply #${first.supplyNumber}`, "Payment, Bank Transfer", 0, 100000, 80000],
    ]);
    expect(st).toMatchObject({ totalCharged: 230000, totalPaid: 150000, balance: 80000 });
    expect(st.supplier.balance).toBe(80000);
    const pdf = await asOwner().get(`/api/suppliers/${s._id}/statement/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("access", () => {
  it("needs the Supplies area: admin or viewSupplies (403 otherwise); another business's supplier is 404", async () => {
    const s = await newSupplier(t.app, owner, owner.businessId, { name: "Access Supplier" });
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const clerk = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stores Clerk",
      viewSupplies: true,
    });
    expect((await api(t.app, cashier.token).get(`/api/suppliers?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await api(t.app, cashier.token).get(`/api/suppliers/${s._id}`)).statusCode).toBe(403);
    expect((await api(t.app, clerk.token).get(`/api/suppliers?businessId=${owner.businessId}`)).statusCode).toBe(200);
    expect(
      (await api(t.app, clerk.token).put(`/api/suppliers/${s._id}`, { notes: "Calls on Mondays" })).statusCode,
    ).toBe(200);
    // Deleting is for the owner.
    expect((await api(t.app, clerk.token).del(`/api/suppliers/${s._id}`)).statusCode).toBe(403);
    const other = await registerBusiness(t.app);
    expect((await api(t.app, other.token).get(`/api/suppliers/${s._id}`)).statusCode).toBe(404);
    expect((await api(t.app, other.token).get(`/api/suppliers?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });
});
