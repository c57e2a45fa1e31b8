import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_DATE_FUTURE_MESSAGE, MONEY_DATE_TOO_OLD_MESSAGE } from "@app/shared/money/money-date";
import { countRows, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { api, newProduct } from "../factories/sales.ts";
import { newSupplier } from "../factories/supplies.ts";

// Issue 28: a supply's date (suppliedAt) is the date its payment on delivery and its debt carry,
// so it follows the shared money-date rule: not after now (give or take the clock skew), not
// before 2000; 400 naming the field, nothing written. Before, 2099 and 1990 were saved.

let t: TestApp;
let owner: Owner;
let supplierId: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  supplierId = (await newSupplier(t.app, owner, owner.businessId, { name: "Dated Supplies" }))._id;
  productId = (await newProduct(t.app, owner, owner.businessId, { name: "Rice 5kg", quantity: 0 }))._id;
});
afterAll(() => t.close());

const delivery = (suppliedAt: string) => ({
  businessId: owner.businessId,
  supplierId,
  products: [{ productId, quantity: 2, unitCost: 50_000 }],
  commodities: [],
  amountPaid: 100_000,
  paymentMethod: "Cash",
  suppliedAt,
});
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();
const BAD = [
  ["2099-01-01T00:00:00.000Z", MONEY_DATE_FUTURE_MESSAGE],
  ["1990-06-01T00:00:00.000Z", MONEY_DATE_TOO_OLD_MESSAGE],
] as const;

describe("a supply's date", () => {
  it("POST /supplyrecord refuses a date in the future or before 2000 with 400 naming suppliedAt; nothing is written", async () => {
    const rows = await countRows(t.database, `supply_records WHERE business_id = '${owner.businessId}'`);
    for (const [at, message] of [...BAD, [inAYear(), MONEY_DATE_FUTURE_MESSAGE] as const]) {
      const res = await api(t.app, owner.token).post("/api/supplyrecord", delivery(at));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ suppliedAt: message });
    }
    expect(await countRows(t.database, `supply_records WHERE business_id = '${owner.businessId}'`)).toBe(rows);
    const fine = await api(t.app, owner.token).post("/api/supplyrecord", delivery("2024-03-01T08:00:00.000Z"));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it("PUT /supplyrecord/{id} refuses the same dates and keeps the one it had", async () => {
    const made = await api(t.app, owner.token).post("/api/supplyrecord", delivery("2025-01-10T08:00:00.000Z"));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id;
    for (const [at, message] of BAD) {
      const res = await api(t.app, owner.token).put(`/api/supplyrecord/${id}`, { suppliedAt: at });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ suppliedAt: message });
    }
    const kept = (await api(t.app, owner.token).get(`/api/supplyrecord/${id}`)).json();
    expect(kept.suppliedAt).toBe("2025-01-10T08:00:00.000Z");
  });
});
