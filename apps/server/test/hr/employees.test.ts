import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  countRows,
  createTestApp,
  employeeLogin,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Res,
  type TestApp,
} from "../factories/app.ts";
import { JPEG_IMAGE, pngImage } from "../factories/inventory.ts";
import { runPayroll, savePayProfile } from "../factories/payroll.ts";
import { newProduct, sold } from "../factories/sales.ts";

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: "HR Shop" });
  other = await registerBusiness(t.app, { businessName: "Other HR Shop" });
}, 60_000);
afterAll(() => t.close());

const as = (who: { token: string }) => client(t.app, who.token);

function upload(token: string, employeeId: string, data: Buffer): Promise<Res> {
  const boundary = "----hrtest";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  return t.app.inject({
    method: "POST",
    url: `/api/employees/${employeeId}/image`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  }) as Promise<Res>;
}

describe("removing a member of staff keeps history", () => {
  it("one with no payslips or sales is erased, with their pay profile and own commission rule", async () => {
    const temp = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Waiter" });
    await savePayProfile(t.app, owner, temp.employeeId, 20_000);
    const rule = await as(owner).post("/api/commissions", {
      businessId: owner.businessId,
      employeeId: temp.employeeId,
      kind: "perItem",
      amountPerItem: 500,
    });
    expect(rule.statusCode).toBe(201);
    const res = await as(owner).del(`/api/employees/${temp.employeeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: "deleted", employee: null, payslips: 0, sales: 0 });
    expect((await as(owner).get(`/api/employees/${temp.employeeId}`)).statusCode).toBe(404);
    expect((await as(owner).get(`/api/commissions?businessId=${owner.businessId}`)).json()).toEqual([]);
    // Their session ended and they cannot sign in again.
    expect((await as(temp).get(`/api/auth/me`)).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, temp.username, temp.password)).statusCode).toBe(401);
    expect((await as(owner).del(`/api/employees/${temp.employeeId}`)).statusCode).toBe(404);
  });

  it("one with a payslip is deactivated, not erased: the payslip and the run stay", async () => {
    const paid = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    await savePayProfile(t.app, owner, paid.employeeId, 30_000);
    expect((await runPayroll(t.app, owner, owner.businessId, "2026-01")).statusCode).toBe(201);
    const lines = await countRows(t.database, "payroll_lines");
    const res = await as(owner).del(`/api/employees/${paid.employeeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "deactivated", payslips: 1, sales: 0 });
    expect(res.json().employee).toMatchObject({ _id: paid.employeeId, active: false });
    expect(await countRows(t.database, "payroll_lines")).toBe(lines);
    expect((await as(owner).get(`/api/employees/${paid.employeeId}`)).json().active).toBe(false);
    expect((await as(paid).get(`/api/auth/me`)).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, paid.username, paid.password)).statusCode).toBe(401);
  });

  it("one who served a sale is deactivated, not erased", async () => {
    const seller = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const product = await newProduct(t.app, owner, owner.businessId);
    await sold(t.app, seller, owner.businessId, [{ productId: product._id, quantity: 1 }], 10_000);
    const res = await as(owner).del(`/api/employees/${seller.employeeId}`);
    expect(res.json()).toMatchObject({ outcome: "deactivated", payslips: 0, sales: 1 });
  });

  it("only the owner removes staff: HR staff 403, another business 404, a bad id 400", async () => {
    const hr = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager", viewEmployee: true });
    const target = await registerEmployee(t.app, owner, owner.businessId);
    expect((await as(hr).del(`/api/employees/${target.employeeId}`)).statusCode).toBe(403);
    expect((await as(other).del(`/api/employees/${target.employeeId}`)).statusCode).toBe(404);
    expect((await as(owner).del(`/api/employees/not-a-uuid`)).statusCode).toBe(400);
    expect((await as(owner).get(`/api/employees/${target.employeeId}`)).statusCode).toBe(200);
  });
});

describe("a member of staff's own settings", () => {
  it("changes their own password with the current one; other sessions end, this one stays", async () => {
    const me = await registerEmployee(t.app, owner, owner.businessId);
    const second = (await employeeLogin(t.app, owner.businessId, me.username, me.password)).json().token as string;
    const url = `/api/employees/${me.employeeId}/password`;
    const wrong = await as(me).put(url, { currentPassword: "nope-nope", newPassword: "brandnew123" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe("This is not your current password");
    expect((await as(me).put(url, { currentPassword: me.password, newPassword: "short" })).statusCode).toBe(400);
    expect((await as(me).put(url, { currentPassword: me.password, newPassword: "brandnew123" })).statusCode).toBe(204);
    expect((await as(me).get("/api/auth/me")).statusCode).toBe(200);
    expect((await client(t.app, second).get("/api/auth/me")).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, me.username, me.password)).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, me.username, "brandnew123")).statusCode).toBe(200);
  });

  it("nobody else changes it this way: a colleague or the owner 403, another business 404", async () => {
    const me = await registerEmployee(t.app, owner, owner.businessId);
    const colleague = await registerEmployee(t.app, owner, owner.businessId, { viewEmployee: true });
    const body = { currentPassword: me.password, newPassword: "brandnew123" };
    const url = `/api/employees/${me.employeeId}/password`;
    expect((await as(colleague).put(url, body)).statusCode).toBe(403);
    expect((await as(owner).put(url, body)).statusCode).toBe(403);
    expect((await as(other).put(url, body)).statusCode).toBe(404);
    expect((await employeeLogin(t.app, owner.businessId, me.username, me.password)).statusCode).toBe(200);
  });

  it("sets and removes their own avatar (checked by content); the owner may too; a colleague 403", async () => {
    const me = await registerEmployee(t.app, owner, owner.businessId);
    const colleague = await registerEmployee(t.app, owner, owner.businessId);
    const set = await upload(me.token, me.employeeId, pngImage());
    expect(set.statusCode).toBe(200);
    const image = set.json().image as string;
    expect(image).toMatch(/^\/api\/files\/employees\/.+\.png$/);
    expect((await t.app.inject({ method: "GET", url: image })).statusCode).toBe(200);
    expect((await as(me).get("/api/auth/me")).json().details.image).toBe(image);
    expect((await upload(me.token, me.employeeId, Buffer.from("not an image"))).statusCode).toBe(400);
    expect((await upload(colleague.token, me.employeeId, pngImage())).statusCode).toBe(403);
    expect((await upload(other.token, me.employeeId, pngImage())).statusCode).toBe(404);
    const byOwner = await upload(owner.token, me.employeeId, JPEG_IMAGE);
    expect(byOwner.json().image).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: "GET", url: image })).statusCode).toBe(404); // the old file is gone
    const removed = await as(me).del(`/api/employees/${me.employeeId}/image`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().image).toBeNull();
  });
});

describe("HR access (spec section 6: admin or viewEmployee)", () => {
  it("viewEmployee lists and reads staff; a cashier without it 403; writes are the owner's", async () => {
    const hr = await registerEmployee(t.app, owner, owner.businessId, { viewEmployee: true });
    const cashier = await registerEmployee(t.app, owner, owner.businessId);
    expect((await as(hr).get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(200);
    expect((await as(hr).get(`/api/employees/${cashier.employeeId}`)).statusCode).toBe(200);
    expect((await as(cashier).get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await as(cashier).get(`/api/employees/${hr.employeeId}`)).statusCode).toBe(403);
    expect((await as(hr).put(`/api/employees/${cashier.employeeId}`, { occupation: "Manager" })).statusCode).toBe(403);
    expect((await as(other).get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });

  it("an employee's payslip history is for payroll readers: admin or viewPayroll; HR alone 403", async () => {
    const payrollClerk = await registerEmployee(t.app, owner, owner.businessId, { viewPayroll: true });
    const hr = await registerEmployee(t.app, owner, owner.businessId, { viewEmployee: true });
    const someone = await registerEmployee(t.app, owner, owner.businessId);
    const url = `/api/payslips?businessId=${owner.businessId}&employeeId=${someone.employeeId}`;
    expect((await as(owner).get(url)).json()).toEqual([]);
    expect((await as(payrollClerk).get(url)).statusCode).toBe(200);
    expect((await as(hr).get(url)).statusCode).toBe(403);
  });
});
