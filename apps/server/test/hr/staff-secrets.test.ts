import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  client,
  createTestApp,
  employeeLogin,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";

// Issue 28: staff passwords and till PINs are the owner's secrets (and each employee's own), like
// the M-Pesa credentials: support is refused (403) even under the owner's support access, nothing
// changes, and the owner's log of support's actions shows each attempt. Before, support with the
// owner's grant could reset a cashier's password (PUT /employees/{id}) and sign in as them.

let t: TestApp;
let owner: Owner;
let cashier: Staff;
let support: { token: string; username: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  support = await signInSupport(t.app, t.database);
});
afterAll(() => t.close());

const secrets = async () =>
  (
    await t.database.pool.query(
      `SELECT e.password_hash, p.pin_hash FROM employees e
       LEFT JOIN employee_pins p ON p.business_id = e.business_id AND p.employee_id = e.id
       WHERE e.business_id = $1 ORDER BY e.username`,
      [owner.businessId],
    )
  ).rows;

describe("staff passwords and PINs under support", () => {
  it("support is refused (403) with and without the owner's grant; nothing changes; the owner's log shows each attempt", async () => {
    const asSupport = client(t.app, support.token);
    const before = await secrets();
    for (const granted of [false, true]) {
      if (granted)
        expect(
          (await client(t.app, owner.token).post(`/api/businesses/${owner.businessId}/supportAccess`, { hours: 1 }))
            .statusCode,
        ).toBe(201);
      const attempts = [
        await asSupport.put(`/api/employees/${cashier.employeeId}`, { password: "supportknows1" }),
        await asSupport.put(`/api/tillPin/${cashier.employeeId}`, { pin: "4321" }),
        await asSupport.put(`/api/employees/${cashier.employeeId}/password`, {
          currentPassword: cashier.password,
          newPassword: "supportknows1",
        }),
        await asSupport.post("/api/employeesAuth/register", {
          businessId: owner.businessId,
          username: `plant_${granted ? "g" : "n"}`,
          password: "supportknows1",
          occupation: "Manager",
          ...ALL_FLAGS,
        }),
      ];
      for (const res of attempts) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.code).toBe("FORBIDDEN");
      }
    }
    expect(await secrets()).toEqual(before);
    expect((await employeeLogin(t.app, owner.businessId, cashier.username, "supportknows1")).statusCode).toBe(401);
    const log = (
      await client(t.app, owner.token).get(`/api/businesses/${owner.businessId}/supportAccess/actions`)
    ).json().items as { method: string; path: string; statusCode: number; grantId: string | null; username: string }[];
    const id = cashier.employeeId;
    expect(
      log
        .filter((a) => a.username === support.username)
        .map((a) => `${a.method} ${a.path} ${a.statusCode} ${a.grantId ? "granted" : "no grant"}`)
        .sort(),
    ).toEqual(
      [
        "POST /api/employeesAuth/register",
        `PUT /api/employees/${id}`,
        `PUT /api/employees/${id}/password`,
        `PUT /api/tillPin/${id}`,
      ]
        .flatMap((a) => [`${a} 403 granted`, `${a} 403 no grant`])
        .sort(),
    );
  });

  it("under the grant, support still changes what is not a secret (occupation), and the owner still sets both", async () => {
    const asSupport = client(t.app, support.token);
    const changed = await asSupport.put(`/api/employees/${cashier.employeeId}`, { occupation: "Head cashier" });
    expect(changed.statusCode, changed.body).toBe(200);
    const api = client(t.app, owner.token);
    expect((await api.put(`/api/employees/${cashier.employeeId}`, { password: "ownerset12" })).statusCode).toBe(200);
    expect((await api.put(`/api/tillPin/${cashier.employeeId}`, { pin: "1357" })).statusCode).toBe(204);
    expect((await employeeLogin(t.app, owner.businessId, cashier.username, "ownerset12")).statusCode).toBe(200);
  });
});
