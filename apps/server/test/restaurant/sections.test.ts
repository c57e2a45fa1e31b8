import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Section } from "@app/shared/restaurant/section";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct, shopStaff, sold } from "../factories/sales.ts";

/** Restaurant sections and tables: laid out by the owner on /section, read at the tills. */
let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
async function newSection(name: string, tables: string[], who: Owner = owner): Promise<Section> {
  const res = await api(t.app, who.token).post("/api/sections", {
    businessId: who.businessId,
    name,
    tables: tables.map((n) => ({ name: n })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const tableNames = (s: Section) => s.tables.map((x) => x.name);

describe("POST and GET /api/sections", () => {
  it("creates a section with its tables in order, and lists the business's sections in the order they were made", async () => {
    const shop = await registerBusiness(t.app);
    const terrace = await newSection(" Terrace ", ["T1", "T2", "T3"], shop);
    expect(terrace).toMatchObject({ businessId: shop.businessId, name: "Terrace" });
    expect(tableNames(terrace)).toEqual(["T1", "T2", "T3"]);
    expect(terrace.tables.every((x) => typeof x._id === "string")).toBe(true);
    const bar = await newSection("Bar", [], shop);
    await newSection("Elsewhere", ["X"]);
    const res = await api(t.app, shop.token).get(`/api/sections?businessId=${shop.businessId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([terrace, bar]);
  });

  it("refuses a missing or too long name and two tables of one name (any case): 400, nothing written", async () => {
    const before = await databaseFingerprint(t.database);
    for (const body of [
      {},
      { name: "  " },
      { name: "x".repeat(61) },
      { name: "Hall", tables: [{ name: "T1" }, { name: "t1" }] },
      { name: "Hall", tables: [{ name: "" }] },
      { name: "Hall", tables: "T1" },
    ]) {
      const res = await o().post("/api/sections", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("PUT /api/sections/update/{id}", () => {
  it("renames the section, renames tables by _id and adds tables without one, after the existing ones", async () => {
    const s = await newSection("Hall", ["H1", "H2"]);
    const res = await o().put(`/api/sections/update/${s._id}`, {
      name: "Main hall",
      tables: [{ _id: s.tables[1]!._id, name: "Window" }, { name: "H3" }, { name: "H4" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Section;
    expect(updated.name).toBe("Main hall");
    expect(updated.tables).toEqual([
      s.tables[0],
      { _id: s.tables[1]!._id, name: "Window" },
      { _id: expect.any(String), name: "H3" },
      { _id: expect.any(String), name: "H4" },
    ]);
    const renamedOnly = await o().put(`/api/sections/update/${s._id}`, { name: "Hall" });
    expect(renamedOnly.json().tables).toEqual(updated.tables);
  });

  it("a table name taken in the section is 409, a table of another section 404, nothing to update 400; nothing written", async () => {
    const s = await newSection("Garden", ["G1", "G2"]);
    const elsewhere = await newSection("Roof", ["R1"]);
    const before = await databaseFingerprint(t.database);
    const taken = await o().put(`/api/sections/update/${s._id}`, { tables: [{ name: "g2" }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain("already has a table with that name");
    expect(
      (await o().put(`/api/sections/update/${s._id}`, { tables: [{ _id: s.tables[0]!._id, name: "G2" }] })).statusCode,
    ).toBe(409);
    expect(
      (await o().put(`/api/sections/update/${s._id}`, { tables: [{ _id: elsewhere.tables[0]!._id, name: "Stolen" }] }))
        .statusCode,
    ).toBe(404);
    expect((await o().put(`/api/sections/update/${s._id}`, {})).statusCode).toBe(400);
    expect(
      (await o().put(`/api/sections/update/${s._id}`, { tables: [{ name: "A" }, { name: "a" }] })).statusCode,
    ).toBe(400);
    expect((await o().put(`/api/sections/update/${randomUUID()}`, { name: "Nowhere" })).statusCode).toBe(404);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // The same name in another section is fine.
    expect((await o().put(`/api/sections/update/${elsewhere._id}`, { tables: [{ name: "G1" }] })).statusCode).toBe(200);
  });
});

describe("DELETE /api/sections/{id} and /api/sections/{id}/tables/{tableId}", () => {
  it("deletes one table; a table of another section or an unknown one is 404", async () => {
    const s = await newSection("Patio", ["P1", "P2", "P3"]);
    const other = await newSection("Lounge", ["L1"]);
    const res = await o().del(`/api/sections/${s._id}/tables/${s.tables[1]!._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(tableNames(res.json())).toEqual(["P1", "P3"]);
    const before = await databaseFingerprint(t.database);
    expect((await o().del(`/api/sections/${s._id}/tables/${other.tables[0]!._id}`)).statusCode).toBe(404);
    expect((await o().del(`/api/sections/${s._id}/tables/${s.tables[1]!._id}`)).statusCode).toBe(404);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("deletes a section with its tables; sales made at its tables keep the names", async () => {
    const s = await newSection("Annex", ["A1"]);
    const p = await newProduct(t.app, owner, owner.businessId);
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      sectionId: s._id,
      tableId: s.tables[0]!._id,
    });
    const res = await o().del(`/api/sections/${s._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    const list = (await o().get(`/api/sections?businessId=${owner.businessId}`)).json() as Section[];
    expect(list.map((x) => x._id)).not.toContain(s._id);
    expect(
      (await t.database.pool.query("SELECT count(*)::int AS n FROM section_tables WHERE section_id = $1", [s._id]))
        .rows[0].n,
    ).toBe(0);
    expect((await o().get(`/api/sales/${sale._id}`)).json()).toMatchObject({ sectionName: "Annex", tableName: "A1" });
    expect((await o().del(`/api/sections/${s._id}`)).statusCode).toBe(404);
  });
});

describe("who may read and lay out sections", () => {
  it("the tills read them (Cashier, Manager, Stock Handler); only the owner creates, changes or deletes, nothing written otherwise", async () => {
    const s = await newSection("Front", ["F1", "F2"]);
    const staff = await shopStaff(t.app, owner);
    for (const person of Object.values(staff)) {
      const as = api(t.app, person.token);
      expect((await as.get(`/api/sections?businessId=${owner.businessId}`)).statusCode).toBe(200);
      const before = await databaseFingerprint(t.database);
      expect((await as.post("/api/sections", { businessId: owner.businessId, name: "Staff room" })).statusCode).toBe(
        403,
      );
      expect((await as.put(`/api/sections/update/${s._id}`, { name: "Renamed" })).statusCode).toBe(403);
      expect((await as.del(`/api/sections/${s._id}/tables/${s.tables[0]!._id}`)).statusCode).toBe(403);
      expect((await as.del(`/api/sections/${s._id}`)).statusCode).toBe(403);
      expect(await databaseFingerprint(t.database)).toEqual(before);
    }
  });

  it("in a clinic the Pharmacy reads them; a Stock Handler there has no till and gets 403", async () => {
    const clinic = await registerBusiness(t.app, { businessType: "clinic" });
    const cashier = await registerEmployee(t.app, clinic, clinic.businessId, { occupation: "Cashier" });
    const handler = await registerEmployee(t.app, clinic, clinic.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await api(t.app, cashier.token).get(`/api/sections?businessId=${clinic.businessId}`)).statusCode).toBe(200);
    expect((await api(t.app, handler.token).get(`/api/sections?businessId=${clinic.businessId}`)).statusCode).toBe(403);
  });

  it("another business: 403 on its business id, 404 on its sections; no session: 401; nothing written", async () => {
    const s = await newSection("Private", ["Z1"]);
    const them = api(t.app, other.token);
    const before = await databaseFingerprint(t.database);
    expect((await them.get(`/api/sections?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await them.post("/api/sections", { businessId: owner.businessId, name: "Intruder" })).statusCode).toBe(403);
    expect((await them.put(`/api/sections/update/${s._id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await them.del(`/api/sections/${s._id}/tables/${s.tables[0]!._id}`)).statusCode).toBe(404);
    expect((await them.del(`/api/sections/${s._id}`)).statusCode).toBe(404);
    const anonymous = api(t.app);
    expect((await anonymous.get(`/api/sections?businessId=${owner.businessId}`)).statusCode).toBe(401);
    expect((await anonymous.post("/api/sections", { businessId: owner.businessId, name: "X" })).statusCode).toBe(401);
    expect((await anonymous.put(`/api/sections/update/${s._id}`, { name: "X" })).statusCode).toBe(401);
    expect((await anonymous.del(`/api/sections/${s._id}`)).statusCode).toBe(401);
    expect((await anonymous.del(`/api/sections/${s._id}/tables/${s.tables[0]!._id}`)).statusCode).toBe(401);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // A table of another business cannot be used for a sale either.
    const theirs = await newProduct(t.app, other, other.businessId);
    expect(
      (
        await them.post("/api/sales", {
          businessId: other.businessId,
          products: [{ productId: theirs._id, quantity: 1 }],
          payments: [{ method: "Cash", amount: 10000 }],
          tableId: s.tables[0]!._id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
