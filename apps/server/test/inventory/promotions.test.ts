import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionSchema } from "@app/shared/pos/promotion-schema";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { expectRefused, expectStatus, inventoryStaff, newProduct, newPromotion } from "../factories/inventory.ts";

// Issue 31 item 2: the owner's promotions, GET/POST /api/promotions, PUT/DELETE /api/promotions/:id.

let t: TestApp;
let owner: Owner;
let stranger: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  stranger = await registerBusiness(t.app);
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const api = (who: Owner = owner) => client(t.app, who.token);
const list = async (who: Owner = owner) =>
  expectStatus(await api(who).get(`/api/promotions?businessId=${who.businessId}`), 200).json();

describe("promotions: create, list, change, delete", () => {
  it("creates 3 for 100 on a product, keeps only its kind's values, lists it", async () => {
    const p = await newProduct(t, owner);
    const res = expectStatus(
      await api().post("/api/promotions", {
        businessId: owner.businessId,
        name: " 3 for 100 ",
        kind: "quantityBreak",
        productIds: [p._id, p._id],
        breakQuantity: 3,
        breakAmount: 10000,
        unitPrice: 5,
        days: [7, 5, 6, 5],
        dailyFrom: "17:00",
        dailyTo: "19:00",
      }),
      201,
    );
    const created = promotionSchema.parse(res.json());
    expect(created).toMatchObject({
      name: "3 for 100",
      productIds: [p._id],
      productNames: [p.name],
      breakQuantity: 3,
      breakAmount: 10000,
      unitPrice: null,
      days: [5, 6, 7],
      active: true,
      createdBy: owner.username,
    });
    expect((await list()).map((x: { _id: string }) => x._id)).toContain(created._id);
  });

  it("changes and deletes a promotion", async () => {
    const p = await newProduct(t, owner);
    const promo = await newPromotion(t, owner, { productIds: [p._id] });
    const changed = expectStatus(
      await api().put(`/api/promotions/${promo._id}`, {
        name: "Weekend",
        kind: "price",
        unitPrice: 900,
        productIds: [p._id],
        startsAt: "2026-03-06T00:00:00+03:00",
        endsAt: "2026-03-09T00:00:00+03:00",
        active: false,
      }),
      200,
    ).json();
    expect(changed).toMatchObject({
      name: "Weekend",
      unitPrice: 900,
      active: false,
      endsAt: "2026-03-08T21:00:00.000Z",
    });
    expectStatus(await api().del(`/api/promotions/${promo._id}`), 204);
    expect((await list()).some((x: { _id: string }) => x._id === promo._id)).toBe(false);
    expectStatus(await api().del(`/api/promotions/${promo._id}`), 404);
  });
});

describe("validation: 400 with field messages, nothing saved", () => {
  it("a quantity break without its amount, an end before the start, half a window", async () => {
    const p = await newProduct(t, owner);
    const res = await expectRefused(t, 400, () =>
      api().post("/api/promotions", {
        businessId: owner.businessId,
        name: "",
        kind: "quantityBreak",
        productIds: [p._id],
        breakQuantity: 3,
        startsAt: "2026-03-06T00:00:00Z",
        endsAt: "2026-03-05T00:00:00Z",
        dailyFrom: "17:00",
      }),
    );
    expect(res.json().error.fields).toMatchObject({
      name: "Give it a name",
      breakAmount: "Enter the amount",
      endsAt: "The end is after the start",
      dailyTo: "Give both times",
    });
  });

  it("a product of another business or unknown: 400 on productIds", async () => {
    const theirs = await newProduct(t, stranger);
    for (const productIds of [[theirs._id], [MISSING]]) {
      const res = await expectRefused(t, 400, () =>
        api().post("/api/promotions", {
          businessId: owner.businessId,
          name: "X",
          kind: "price",
          unitPrice: 1,
          productIds,
        }),
      );
      expect(res.json().error.fields.productIds).toBe("Choose products of this business");
    }
  });
});

describe("access and tenancy", () => {
  it("a cashier reads them (the till applies them) but cannot create, change or delete: 403", async () => {
    const staff = await inventoryStaff(t, owner);
    const p = await newProduct(t, owner);
    const promo = await newPromotion(t, owner, { productIds: [p._id] });
    const cashier = client(t.app, staff.cashier.token);
    expectStatus(await cashier.get(`/api/promotions?businessId=${owner.businessId}`), 200);
    await expectRefused(t, 403, () =>
      cashier.post("/api/promotions", {
        businessId: owner.businessId,
        name: "X",
        kind: "price",
        unitPrice: 1,
        productIds: [p._id],
      }),
    );
    await expectRefused(t, 403, () => cashier.del(`/api/promotions/${promo._id}`));
    // A stock handler manages products, so promotions too.
    const handler = client(t.app, staff.handler.token);
    expectStatus(
      await handler.put(`/api/promotions/${promo._id}`, {
        name: "Y",
        kind: "price",
        unitPrice: 2,
        productIds: [p._id],
      }),
      200,
    );
  });

  it("another business's owner cannot list, change or delete them, and changes nothing", async () => {
    const p = await newProduct(t, owner);
    const promo = await newPromotion(t, owner, { productIds: [p._id] });
    await expectRefused(t, 403, () => api(stranger).get(`/api/promotions?businessId=${owner.businessId}`));
    const body = { name: "Mine now", kind: "price", unitPrice: 1, productIds: [p._id] };
    const put = await api(stranger).put(`/api/promotions/${promo._id}`, body);
    expect([403, 404]).toContain(put.statusCode);
    const del = await api(stranger).del(`/api/promotions/${promo._id}`);
    expect([403, 404]).toContain(del.statusCode);
    expect((await list()).find((x: { _id: string }) => x._id === promo._id)).toMatchObject({ name: promo.name });
    expect((await list(stranger)).some((x: { _id: string }) => x._id === promo._id)).toBe(false);
  });
});
