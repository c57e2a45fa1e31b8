import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, CustomerStatement } from "@app/shared/customers/customer";
import type { Sale } from "@app/shared/sales/sale";
import {
  addBusiness,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { newCustomer } from "../factories/customers.ts";
import { api, newProduct, soldOnCredit, statusCounts } from "../factories/sales.ts";

/**
 * Customers (GET /api/customers, POST /api/customersAuth/register, GET/PUT/DELETE /api/customers/{id},
 * the statement and its PDF), and how sales use them: linked by pick or by phone, the credit limit.
 */
let t: TestApp;
let owner: Owner;
let cashier: Staff;
let product: { _id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 100_000 });
});
afterAll(() => t.close());

const asOwner = () => api(t.app, owner.token);
const creditSale = (customerId: string, units: number, token = owner.token, over: Record<string, unknown> = {}) =>
  api(t.app, token).post("/api/sales", {
    businessId: owner.businessId,
    products: [{ productId: product._id, quantity: units }],
    payments: [{ method: "Credit", amount: units * 1000 }],
    customerId,
    ...over,
  });

describe("POST /api/customersAuth/register", () => {
  it("creates a customer: the phone stored as 2547..., shown as typed", async () => {
    const res = await asOwner().post("/api/customersAuth/register", {
      businessId: owner.businessId,
      name: "Amina Hassan",
      phone: "0712000001",
      email: "amina@example.com",
      creditLimit: 500_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c: Customer = res.json();
    expect(c).toMatchObject({
      name: "Amina Hassan",
      phone: "0712000001",
      creditLimit: 500_000,
      balance: 0,
      lastPurchaseAt: null,
      archived: false,
    });
    const { rows } = await t.database.pool.query("SELECT phone FROM customers WHERE id = $1", [c._id]);
    expect(rows[0].phone).toBe("254712000001");
  });

  it("refuses a phone another customer has (409, naming them), and bad input (400), saving nothing", async () => {
    await newCustomer(t.app, owner, { name: "Baraka Otieno", phone: "0112000002" });
    const before = await databaseFingerprint(t.database);
    const dup = await asOwner().post("/api/customersAuth/register", {
      businessId: owner.businessId,
      name: "Someone Else",
      phone: "0112000002",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.phone).toContain("Baraka Otieno");
    for (const body of [
      { name: "Bad Phone", phone: "0812000003" },
      { name: "Bad Phone", phone: "+44 20 7946 0958" },
      { name: "X", phone: "0712000003" },
      { name: "Negative Limit", phone: "0712000003", creditLimit: -1 },
      { name: "Bad Email", phone: "0712000003", email: "not-an-email" },
    ]) {
      const res = await asOwner().post("/api/customersAuth/register", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("takes a phone pasted as +254 ... with spaces, and keeps the one stored form", async () => {
    const res = await asOwner().post("/api/customersAuth/register", {
      businessId: owner.businessId,
      name: "Pasted Phone",
      phone: "+254 712 000 005",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().phone).toBe("0712000005");
    const { rows } = await t.database.pool.query("SELECT phone FROM customers WHERE id = $1", [res.json()._id]);
    expect(rows[0].phone).toBe("254712000005");
  });

  it("staff may add customers (the till creates them)", async () => {
    const c = await newCustomer(t.app, cashier, { name: "Chebet Till", phone: "0712000004" }, owner.businessId);
    expect(c.name).toBe("Chebet Till");
  });
});

describe("GET /api/customers", () => {
  it("searches by name or phone (as typed or stored), with balance owed and last purchase", async () => {
    const wanjiru = await newCustomer(t.app, owner, { name: "Wanjiru Search", phone: "0799111222" });
    await newCustomer(t.app, owner, { name: "Other Search", phone: "0799333444" });
    const sale = await creditSale(wanjiru._id, 3);
    expect(sale.statusCode, sale.body).toBe(201);
    const find = async (q: string) =>
      (await asOwner().get(`/api/customers?businessId=${owner.businessId}&q=${encodeURIComponent(q)}`)).json();
    const byName = await find("wanjiru");
    expect(byName.items.map((c: Customer) => c.name)).toEqual(["Wanjiru Search"]);
    expect(byName.items[0]).toMatchObject({ balance: 3000, phone: "0799111222" });
    expect(byName.items[0].lastPurchaseAt).toBe(sale.json().createdAt);
    expect((await find("0799111")).items.map((c: Customer) => c.name)).toEqual(["Wanjiru Search"]);
    expect((await find("254799333")).items.map((c: Customer) => c.name)).toEqual(["Other Search"]);
    expect((await find("Search")).total).toBe(2);
    expect((await find("nobody-like-this")).items).toEqual([]);
  });

  it("pages, and refuses a bad query (400)", async () => {
    const page = (await asOwner().get(`/api/customers?businessId=${owner.businessId}&pageSize=2&page=0`)).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect((await asOwner().get(`/api/customers?businessId=${owner.businessId}&pageSize=0`)).statusCode).toBe(400);
    expect((await asOwner().get(`/api/customers`)).statusCode).toBe(400);
  });

  it("never shows another business's customers (403 for its id, 404 for its records)", async () => {
    const other = await registerBusiness(t.app);
    const theirs = await newCustomer(t.app, other, { name: "Their Customer", phone: "0712999888" });
    expect((await asOwner().get(`/api/customers?businessId=${other.businessId}`)).statusCode).toBe(403);
    expect((await asOwner().get(`/api/customers/${theirs._id}`)).statusCode).toBe(404);
    expect((await asOwner().put(`/api/customers/${theirs._id}`, { name: "Mine Now" })).statusCode).toBe(404);
    expect((await asOwner().del(`/api/customers/${theirs._id}`)).statusCode).toBe(404);
    expect((await asOwner().get(`/api/customers/${theirs._id}/statement`)).statusCode).toBe(404);
    // And a sale cannot name another business's customer.
    const res = await creditSale(theirs._id, 1);
    expect(res.statusCode).toBe(404);
  });

  it("is refused where the business has no Customers area (payroll-only businesses)", async () => {
    const payroll = await addBusiness(t.app, owner, "payroll");
    const res = await asOwner().get(`/api/customers?businessId=${payroll.businessId}`);
    expect(res.statusCode).toBe(403);
  });
});

describe("PUT and DELETE /api/customers/{id}", () => {
  it("changes details and the credit limit (null removes it); a taken phone is 409", async () => {
    const c = await newCustomer(t.app, owner, { name: "Daudi Edit", phone: "0712000010" });
    const res = await asOwner().put(`/api/customers/${c._id}`, {
      name: "Daudi Edited",
      phone: "0112000010",
      creditLimit: 100_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "Daudi Edited", phone: "0112000010", creditLimit: 100_000 });
    expect((await asOwner().put(`/api/customers/${c._id}`, { creditLimit: null })).json().creditLimit).toBeNull();
    expect((await asOwner().put(`/api/customers/${c._id}`, { phone: "0112000002" })).statusCode).toBe(409);
    expect((await asOwner().put(`/api/customers/${c._id}`, { phone: "12345" })).statusCode).toBe(400);
  });

  it("deletes a customer without sales; archives one with sales, who keeps their statement", async () => {
    const fresh = await newCustomer(t.app, owner, { name: "Never Bought", phone: "0712000020" });
    const gone = await asOwner().del(`/api/customers/${fresh._id}`);
    expect(gone.json()).toMatchObject({ deleted: true });
    expect((await asOwner().get(`/api/customers/${fresh._id}`)).statusCode).toBe(404);

    const buyer = await newCustomer(t.app, owner, { name: "Has Bought", phone: "0712000021" });
    expect((await creditSale(buyer._id, 2)).statusCode).toBe(201);
    expect((await api(t.app, cashier.token).del(`/api/customers/${buyer._id}`)).statusCode).toBe(403);
    const archived = await asOwner().del(`/api/customers/${buyer._id}`);
    expect(archived.json()).toMatchObject({ deleted: false, customer: { archived: true, balance: 2000 } });
    const list = (await asOwner().get(`/api/customers?businessId=${owner.businessId}&q=Has%20Bought`)).json();
    expect(list.items).toEqual([]);
    const withArchived = (
      await asOwner().get(`/api/customers?businessId=${owner.businessId}&q=Has%20Bought&archived=true`)
    ).json();
    expect(withArchived.items.map((c: Customer) => c._id)).toEqual([buyer._id]);
    expect((await asOwner().get(`/api/customers/${buyer._id}/statement`)).json().balance).toBe(2000);
    // An archived customer cannot be picked for a new sale, and their phone is free again.
    const res = await creditSale(buyer._id, 1);
    expect(res.statusCode).toBe(409);
    expect((await newCustomer(t.app, owner, { name: "New Holder", phone: "0712000021" })).phone).toBe("0712000021");
  });
});

describe("sales and customers", () => {
  it("a sale for a picked customer carries their name and phone", async () => {
    const c = await newCustomer(t.app, owner, { name: "Picked Customer", phone: "0722000030" });
    const res = await creditSale(c._id, 1, cashier.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      customerId: c._id,
      customerName: "Picked Customer",
      customerPhone: "0722000030",
      creditStatus: "Pending",
    });
  });

  it("a credit sale with a typed name and phone is linked by phone, creating the customer when new", async () => {
    const known = await newCustomer(t.app, owner, { name: "Known By Phone", phone: "0722000031" });
    const linked = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 1000 },
      { customerName: "Known", customerPhone: "0722000031" },
    );
    expect(linked.customerId).toBe(known._id);
    const created = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 1000 },
      { customerName: "Brand New", customerPhone: "0122000032" },
    );
    const customer = (await asOwner().get(`/api/customers/${created.customerId}`)).json();
    expect(customer).toMatchObject({ name: "Brand New", phone: "0122000032", balance: 1000 });
    // A 10-digit number that is not a Kenyan mobile number cannot be matched: the sale stays unlinked.
    const unmatched = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 1000 },
      { customerName: "Landline", customerPhone: "0202000033" },
    );
    expect(unmatched.customerId).toBeNull();
  });

  it("refuses credit above the limit (422 CREDIT_LIMIT_EXCEEDED, nothing saved) unless the owner overrides", async () => {
    const c = await newCustomer(t.app, owner, { name: "Limited Lucy", phone: "0722000040", creditLimit: 5_000 });
    expect((await creditSale(c._id, 3, cashier.token)).statusCode).toBe(201); // owes 3,000
    const before = await databaseFingerprint(t.database);
    const over = await creditSale(c._id, 3, cashier.token); // would owe 6,000 > 5,000
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe("CREDIT_LIMIT_EXCEEDED");
    expect(over.json().error.message).toContain("Limited Lucy owes KES 30.00");
    expect(over.json().error.message).toContain("limit of KES 50.00");
    // Staff cannot override; nothing was saved by either refusal.
    const staffOverride = await creditSale(c._id, 3, cashier.token, { overrideCreditLimit: true });
    expect(staffOverride.statusCode).toBe(403);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // Up to the limit is fine; paying part at the till keeps the credit under it.
    const split = await api(t.app, cashier.token).post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 3 }],
      payments: [
        { method: "Cash", amount: 1000 },
        { method: "Credit", amount: 2000 },
      ],
      customerId: c._id,
    });
    expect(split.statusCode, split.body).toBe(201); // owes exactly 5,000
    const overridden = await creditSale(c._id, 1, owner.token, { overrideCreditLimit: true });
    expect(overridden.statusCode, overridden.body).toBe(201);
    expect((await asOwner().get(`/api/customers/${c._id}`)).json().balance).toBe(6000);
    // A payment brings the customer back under the limit.
    await asOwner().put(`/api/sales/salecredit/${overridden.json()._id}`, { amountPaid: 1000, paymentMethod: "Cash" });
    await asOwner().put(`/api/sales/salecredit/${split.json()._id}`, { amountPaid: 2000, paymentMethod: "Cash" });
    expect((await creditSale(c._id, 2, cashier.token)).statusCode).toBe(201);
  });

  it("parallel credit sales to one customer never take them above the limit", async () => {
    const c = await newCustomer(t.app, owner, { name: "Parallel Pat", phone: "0722000050", creditLimit: 10_000 });
    const results = await Promise.all(Array.from({ length: 8 }, () => creditSale(c._id, 3, cashier.token)));
    expect(statusCounts(results)).toEqual({ 201: 3, 422: 5 });
    expect((await asOwner().get(`/api/customers/${c._id}`)).json().balance).toBe(9000);
  });

  it("an edit that would raise the credit above the limit is refused", async () => {
    const c = await newCustomer(t.app, owner, { name: "Edited Eve", phone: "0722000060", creditLimit: 3_000 });
    const sale: Sale = (await creditSale(c._id, 2)).json();
    const edit = await api(t.app, owner.token).put(`/api/sales/${sale._id}`, {
      products: [{ productId: product._id, quantity: 4 }],
      payments: [{ method: "Credit", amount: 4000 }],
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.code).toBe("CREDIT_LIMIT_EXCEEDED");
    const ok = await api(t.app, owner.token).put(`/api/sales/${sale._id}`, {
      products: [{ productId: product._id, quantity: 3 }],
      payments: [{ method: "Credit", amount: 3000 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().customerId).toBe(c._id);
  });

  it("PUT /api/sales/salecustomer/{id} links an unlinked credit sale to a customer", async () => {
    const sale = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 1000 },
      { customerName: "Typed Name", customerPhone: "0202000070" },
    );
    const c = await newCustomer(t.app, owner, { name: "Linked Later", phone: "0722000070" });
    const res = await api(t.app, cashier.token).put(`/api/sales/salecustomer/${sale._id}`, { customerId: c._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customerId: c._id, customerName: "Linked Later", customerPhone: "0722000070" });
    expect((await asOwner().get(`/api/customers/${c._id}`)).json().balance).toBe(1000);
    expect(
      (await api(t.app, cashier.token).put(`/api/sales/salecustomer/${sale._id}`, { customerId: "nope" })).statusCode,
    ).toBe(400);
    // The link is in the sale's history, with the typed name it replaced (issue 18, item 5).
    const [link] = (await asOwner().get(`/api/sales/${sale._id}/history`)).json();
    expect(link).toMatchObject({ action: "edited", note: "Linked to the customer Linked Later" });
    expect(link.before).toMatchObject({ customerName: "Typed Name", customerPhone: "0202000070" });
  });

  it("moving a linked credit sale to another customer moves its debt: the owner's alone, and kept in the history", async () => {
    const first = await newCustomer(t.app, owner, { name: "First Debtor", phone: "0722000071" });
    const other = await newCustomer(t.app, owner, { name: "Other Debtor", phone: "0722000072" });
    const sale = (await creditSale(first._id, 1)).json() as Sale;
    const before = await databaseFingerprint(t.database);
    const refused = await api(t.app, cashier.token).put(`/api/sales/salecustomer/${sale._id}`, {
      customerId: other._id,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe("SALE_CREDIT_OWNER_ONLY");
    expect(await databaseFingerprint(t.database)).toEqual(before);
    const moved = await asOwner().put(`/api/sales/salecustomer/${sale._id}`, { customerId: other._id });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = (await asOwner().get(`/api/sales/${sale._id}/history`)).json();
    expect(entry.before.customerName).toBe("First Debtor");
    expect(entry.after.customerName).toBe("Other Debtor");
    expect(entry.actorName).toBe(owner.username);
  });
});

describe("GET /api/customers/{id}/statement", () => {
  it("lists every credit sale and payment with a running balance, and prints it as a PDF", async () => {
    const c = await newCustomer(t.app, owner, { name: "Statement Sam", phone: "0722000080" });
    const first: Sale = (await creditSale(c._id, 5)).json();
    const second = await api(t.app, owner.token).post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 2 }],
      payments: [
        { method: "Cash", amount: 500 },
        { method: "Credit", amount: 1500 },
      ],
      customerId: c._id,
    });
    expect(second.statusCode).toBe(201);
    const pay = await asOwner().put(`/api/sales/salecredit/${first._id}`, {
      amountPaid: 2000,
      paymentMethod: "M-Pesa",
      paymentDate: new Date(Date.now() + 1000).toISOString(),
    });
    expect(pay.statusCode, pay.body).toBe(200);
    // A voided credit sale is not owed and leaves the statement.
    const voided: Sale = (await creditSale(c._id, 1)).json();
    expect((await asOwner().del(`/api/sales/${voided._id}`)).statusCode).toBe(200);

    const s: CustomerStatement = (await asOwner().get(`/api/customers/${c._id}/statement`)).json();
    expect(s.lines.map((l) => [l.kind, l.reference, l.charge, l.payment, l.balance])).toEqual([
      ["charge", `Sale #${first.saleNumber}`, 5000, 0, 5000],
      ["charge", `Sale #${second.json().saleNumber}`, 1500, 0, 6500],
      ["payment", `Sale #${first.saleNumber}`, 0, 2000, 4500],
    ]);
    expect(s).toMatchObject({ totalCharged: 6500, totalPaid: 2000, balance: 4500 });
    expect(s.customer.balance).toBe(4500);
    expect(s.lines[2]!.description).toBe("Payment, M-Pesa");

    const pdf = await asOwner().get(`/api/customers/${c._id}/statement/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain("statement-Statement-Sam.pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the migration that links old credit sales to customers", () => {
  it("links each credit sale with a Kenyan mobile number to a customer of its business, once per phone", async () => {
    const shop = await registerBusiness(t.app);
    const item = await newProduct(t.app, shop, shop.businessId, { sellingprice: 1000, quantity: 100 });
    const sell = (name: string, phone: string) =>
      soldOnCredit(
        t.app,
        shop,
        shop.businessId,
        { productId: item._id, quantity: 1, total: 1000 },
        { customerName: name, customerPhone: phone },
      );
    const a1 = await sell("Old Name", "0733000001");
    const a2 = await sell("Newest Name", "0733000001");
    const b = await sell("Bee", "0133000002");
    const landline = await sell("Land Line", "0203000003");
    // As it was before customer records: nothing linked, no customers.
    await t.database.pool.query("UPDATE sales SET customer_id = NULL WHERE business_id = $1", [shop.businessId]);
    await t.database.pool.query("DELETE FROM customers WHERE business_id = $1", [shop.businessId]);

    const sqlText = await readFile(new URL("../../drizzle/0009_customers_extra.sql", import.meta.url), "utf8");
    for (const statement of sqlText.split("--> statement-breakpoint")) await t.database.pool.query(statement);

    const { rows: made } = await t.database.pool.query(
      "SELECT id, name, phone FROM customers WHERE business_id = $1 ORDER BY phone",
      [shop.businessId],
    );
    expect(made.map((r) => [r.name, r.phone])).toEqual([
      ["Bee", "254133000002"],
      ["Newest Name", "254733000001"],
    ]);
    const { rows: linked } = await t.database.pool.query("SELECT id, customer_id FROM sales WHERE business_id = $1", [
      shop.businessId,
    ]);
    const customerOf = new Map(linked.map((r) => [r.id, r.customer_id]));
    expect(customerOf.get(a1._id)).toBe(made[1].id);
    expect(customerOf.get(a2._id)).toBe(made[1].id);
    expect(customerOf.get(b._id)).toBe(made[0].id);
    expect(customerOf.get(landline._id)).toBeNull();
    // Running it again changes nothing.
    for (const statement of sqlText.split("--> statement-breakpoint")) await t.database.pool.query(statement);
    expect(
      (await t.database.pool.query("SELECT 1 FROM customers WHERE business_id = $1", [shop.businessId])).rowCount,
    ).toBe(2);
  });
});
