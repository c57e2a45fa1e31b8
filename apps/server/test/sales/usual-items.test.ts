import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usualItemsSchema } from "@app/shared/sales/usual-items";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct, sold } from "../factories/sales.ts";

/** Issue 31 item 8: the till offers a known customer's usual items, each with its usual quantity. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const newCustomer = async (name: string, phone: string) => {
  const res = await client(t.app, owner.token).post("/api/customersAuth/register", {
    businessId: owner.businessId,
    name,
    phone,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
};

describe("GET /api/sales/usual-items", () => {
  it("lists what the customer buys most often with the quantity they usually take; voided sales and other customers' are not counted", async () => {
    const unga = await newProduct(t.app, owner, owner.businessId, { name: "Unga 2kg", sellingprice: 20000 });
    const sukari = await newProduct(t.app, owner, owner.businessId, { name: "Sukari 1kg", sellingprice: 18000 });
    const chumvi = await newProduct(t.app, owner, owner.businessId, { name: "Chumvi", sellingprice: 3000 });
    const wanjiru = await newCustomer("Wanjiru Kamau", "0722555111");
    const otieno = await newCustomer("Otieno Ouma", "0722555222");
    const sale = (customerId: string, lines: [string, number, number][]) =>
      sold(
        t.app,
        owner,
        owner.businessId,
        lines.map(([productId, quantity]) => ({ productId, quantity })),
        lines.reduce((sum, [, quantity, price]) => sum + quantity * price, 0),
        { customerId },
      );
    // Unga in three sales (2, 3, 2: usually 2), sukari in two (1, 1), chumvi in a voided one only.
    await sale(wanjiru, [
      [unga._id, 2, 20000],
      [sukari._id, 1, 18000],
    ]);
    await sale(wanjiru, [[unga._id, 3, 20000]]);
    await sale(wanjiru, [
      [unga._id, 2, 20000],
      [sukari._id, 1, 18000],
    ]);
    const voided = await sale(wanjiru, [[chumvi._id, 5, 3000]]);
    expect((await api(t.app, owner.token).del(`/api/sales/${voided._id}`)).statusCode).toBe(200);
    await sale(otieno, [[chumvi._id, 9, 3000]]);

    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const res = await client(t.app, cashier.token).get(
      `/api/sales/usual-items?businessId=${owner.businessId}&customerId=${wanjiru}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(usualItemsSchema.parse(res.json()).items).toEqual([
      { productId: unga._id, name: "Unga 2kg", usualQuantity: 2, times: 3 },
      { productId: sukari._id, name: "Sukari 1kg", usualQuantity: 1, times: 2 },
    ]);
  });

  it("is another business's to read: 403, and a customer of another business gives nothing", async () => {
    const stranger = await registerBusiness(t.app);
    const customer = await newCustomer("Achieng", "0722555333");
    const theirs = await client(t.app, stranger.token).get(
      `/api/sales/usual-items?businessId=${owner.businessId}&customerId=${customer}`,
    );
    expect(theirs.statusCode).toBe(403);
    const crossed = await client(t.app, stranger.token).get(
      `/api/sales/usual-items?businessId=${stranger.businessId}&customerId=${customer}`,
    );
    expect(crossed.statusCode, crossed.body).toBe(200);
    expect(crossed.json()).toEqual({ items: [] });
  });
});
