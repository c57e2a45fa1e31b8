import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  addBusiness,
  client,
  countRows,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type TestApp,
} from "../factories/app.ts";

let t: TestApp;
let support: { token: string; username: string };
beforeAll(async () => {
  t = await createTestApp();
  support = await signInSupport(t.app, t.database);
});
afterAll(() => t.close());

const raise = (
  token: string,
  businessId: string,
  subject = "Receipt printer",
  message = "The printer prints blank receipts",
) => client(t.app, token).post("/api/requests", { businessId, subject, message });

describe("support requests", () => {
  it("an owner raises a request; support lists it, answers it; the owner reads the answer", async () => {
    const owner = await registerBusiness(t.app, { businessName: "Printer Shop" });
    const res = await raise(owner.token, owner.businessId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      _id: expect.any(String),
      status: "open",
      answer: null,
      createdBy: owner.username,
      business: { _id: owner.businessId, businessName: "Printer Shop" },
    });
    const listed = (await client(t.app, support.token).get("/api/requests?status=open&q=printer%20shop")).json();
    expect(listed.items.map((r: { _id: string }) => r._id)).toContain(res.json()._id);

    const answer = await client(t.app, support.token).patch(`/api/requests/${res.json()._id}/answer`, {
      answer: "Replace the paper roll: thermal side out.",
    });
    expect(answer.json()).toMatchObject({
      status: "answered",
      answer: "Replace the paper roll: thermal side out.",
      answeredBy: support.username,
      answeredAt: expect.any(String),
    });
    const mine = (await client(t.app, owner.token).get("/api/requests")).json();
    expect(mine).toMatchObject({
      total: 1,
      items: [{ status: "answered", answer: "Replace the paper roll: thermal side out." }],
    });
  });

  it("owners see only their own businesses' requests; staff raise and read none; nobody but support answers", async () => {
    const a = await registerBusiness(t.app);
    const branch = await addBusiness(t.app, a);
    const b = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, a, a.businessId, ALL_FLAGS);
    const mineA = (await raise(a.token, a.businessId)).json();
    await raise(a.token, branch.businessId, "Branch question", "How do I move stock here?");
    const theirs = (await raise(b.token, b.businessId, "Secret of B", "Only B and support may read this")).json();

    const listA = await client(t.app, a.token).get("/api/requests");
    expect(listA.json().total).toBe(2);
    expect(listA.body).not.toContain("Secret of B");
    // Naming another owner's business goes through the tenancy guard: refused, not an empty list.
    const foreign = await client(t.app, a.token).get(`/api/requests?businessId=${b.businessId}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain("Secret of B");
    expect((await client(t.app, a.token).get(`/api/requests?businessId=${branch.businessId}`)).json().total).toBe(1);
    expect((await client(t.app, staff.token).get(`/api/requests?businessId=${a.businessId}`)).statusCode).toBe(403);
    expect((await raise(a.token, b.businessId)).statusCode).toBe(403);
    expect((await raise(staff.token, a.businessId)).statusCode).toBe(403);
    expect((await client(t.app, staff.token).get("/api/requests")).statusCode).toBe(403);

    expect(
      (await client(t.app, a.token).patch(`/api/requests/${mineA._id}/answer`, { answer: "I answer myself" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client(t.app, a.token).patch(`/api/requests/${theirs._id}/answer`, { answer: "Meddling" })).statusCode,
    ).toBe(404);
    expect(
      (await client(t.app, staff.token).patch(`/api/requests/${mineA._id}/answer`, { answer: "Staff" })).statusCode,
    ).toBe(403);
    expect((await client(t.app, support.token).get("/api/requests?q=Secret%20of%20B")).json().items).toHaveLength(1);
  });

  it("refuses an empty subject or message and an empty answer, writing nothing", async () => {
    const owner = await registerBusiness(t.app);
    const before = await countRows(t.database, "support_requests");
    const res = await raise(owner.token, owner.businessId, "", "  ");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["message", "subject"]);
    expect(await countRows(t.database, "support_requests")).toBe(before);
    const created = (await raise(owner.token, owner.businessId)).json();
    expect(
      (await client(t.app, support.token).patch(`/api/requests/${created._id}/answer`, { answer: " " })).statusCode,
    ).toBe(400);
  });

  it("an owner whose account is inactive can still ask support for help", async () => {
    const owner = await registerBusiness(t.app);
    await client(t.app, support.token).patch(`/api/businesses/${owner.businessId}`, { accountActive: false });
    expect(
      (await raise(owner.token, owner.businessId, "Account inactive", "We paid yesterday, please check")).statusCode,
    ).toBe(201);
    expect((await client(t.app, owner.token).get("/api/requests")).json().total).toBe(1);
    // Support answers requests of inactive businesses too.
    const id = (await client(t.app, owner.token).get("/api/requests")).json().items[0]._id;
    expect(
      (await client(t.app, support.token).patch(`/api/requests/${id}/answer`, { answer: "Checked: switched back on." }))
        .statusCode,
    ).toBe(200);
  });

  it("pages 10 at a time, newest first", async () => {
    const owner = await registerBusiness(t.app);
    for (let i = 0; i < 11; i++) await raise(owner.token, owner.businessId, `Question ${String(i).padStart(2, "0")}`);
    const page = (await client(t.app, owner.token).get("/api/requests")).json();
    expect(page.total).toBe(11);
    expect(page.items).toHaveLength(10);
    expect(page.items[0].subject).toBe("Question 10");
    expect(
      (await client(t.app, owner.token).get("/api/requests?page=1"))
        .json()
        .items.map((r: { subject: string }) => r.subject),
    ).toEqual(["Question 00"]);
  });
});
