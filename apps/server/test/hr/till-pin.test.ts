import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { newProduct, sold } from "../factories/sales.ts";

let t: TestApp;
let owner: Owner;
let cashier: Staff;
let other: Staff;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId);
  other = await registerEmployee(t.app, owner, owner.businessId);
  expect((await client(t.app, owner.token).put(`/api/tillPin/${other.employeeId}`, { pin: "4321" })).statusCode).toBe(
    204,
  );
});

const switchTo = (token: string, employeeId: string, pin: string) =>
  client(t.app, token).post("/api/tillSwitch", { businessId: owner.businessId, employeeId, pin });

describe("the quick cashier switch", () => {
  it("hands the till to another employee by PIN; the old session ends; their sales record who served", async () => {
    const users = (
      await client(t.app, cashier.token).get(`/api/tillSwitch/users?businessId=${owner.businessId}`)
    ).json();
    expect(users).toEqual([expect.objectContaining({ _id: other.employeeId, locked: false })]);
    const res = await switchTo(cashier.token, other.employeeId, "4321");
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token;
    expect((await client(t.app, cashier.token).get("/api/auth/me")).statusCode).toBe(401);
    expect((await client(t.app, token).get("/api/auth/me")).json().details._id).toBe(other.employeeId);
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1_000 });
    const sale = await sold(t.app, { token }, owner.businessId, [{ productId: product._id, quantity: 1 }], 1_000);
    expect(sale.servedBy).toBe(other.username);
  });

  it("locks after 5 wrong PINs, even for the right PIN, until the owner sets a new one", async () => {
    for (let i = 0; i < 4; i++) {
      const wrong = await switchTo(cashier.token, other.employeeId, "0000");
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.message).toBe("Wrong PIN");
    }
    expect((await switchTo(cashier.token, other.employeeId, "0000")).statusCode).toBe(429);
    const locked = await switchTo(cashier.token, other.employeeId, "4321");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/locked/);
    expect(
      (await client(t.app, cashier.token).get(`/api/tillSwitch/users?businessId=${owner.businessId}`)).json()[0].locked,
    ).toBe(true);
    await client(t.app, owner.token).put(`/api/tillPin/${other.employeeId}`, { pin: "987654" });
    expect((await switchTo(cashier.token, other.employeeId, "987654")).statusCode).toBe(200);
  });

  it("refuses a PIN of the wrong shape, an employee without a PIN, and another business's till", async () => {
    expect((await client(t.app, owner.token).put(`/api/tillPin/${other.employeeId}`, { pin: "12" })).statusCode).toBe(
      400,
    );
    expect(
      (await client(t.app, cashier.token).put(`/api/tillPin/${other.employeeId}`, { pin: "1234" })).statusCode,
    ).toBe(403);
    expect((await switchTo(other.token, cashier.employeeId, "4321")).statusCode).toBe(422);
    const stranger = await registerBusiness(t.app);
    const res = await client(t.app, stranger.token).post("/api/tillSwitch", {
      businessId: owner.businessId,
      employeeId: other.employeeId,
      pin: "4321",
    });
    expect(res.statusCode, res.body).toBe(403);
  });
});
