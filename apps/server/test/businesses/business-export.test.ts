import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportManifest } from "../../src/db/business-data/export.ts";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type TestApp,
} from "../factories/app.ts";
import {
  businessFingerprint,
  othersFingerprint,
  seedBusiness,
  unzipEntries,
  zipEntries,
  type SeededBusiness,
} from "../factories/business-data.ts";

/**
 * One business's data, out of one server and into another (issue 29 item 4): the owner's
 * export is a ZIP of CSVs (that business's rows only) and its uploads; support's import loads it
 * into a second database with its ids, leaving every other business there as it was, and refuses
 * (nothing saved) a second import, a changed file or another schema.
 */
let source: TestApp;
let target: TestApp;
let shop: SeededBusiness;
let other: SeededBusiness;
let zip: Buffer;
let entries: Map<string, Buffer>;
/** The business's rows as they were when exported (later tests add staff to the source). */
let exported: Record<string, string>;
const OTHER_NAME = "Zebra Kiosk Otherplace";
const OTHER_CUSTOMER = "Wanjiku Notinexport";
const OTHER_PHONE = "0799555111";

const importZip = (t: TestApp, token: string, body: Buffer) =>
  t.app.inject({
    method: "POST",
    url: "/api/platform/businesses/import",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    payload: body,
  });

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  shop = await seedBusiness(source, { businessName: "Mama Export Duka" });
  other = await seedBusiness(source, {
    businessName: OTHER_NAME,
    customerName: OTHER_CUSTOMER,
    customerPhone: OTHER_PHONE,
  });
  const res = await client(source.app, shop.token).get(`/api/businesses/${shop.businessId}/export`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  expect(res.headers["content-disposition"]).toMatch(
    /^attachment; filename="Mama-Export-Duka-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  zip = res.rawPayload;
  entries = await unzipEntries(zip);
  exported = await businessFingerprint(source.database, shop.businessId, shop.userId);
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe("export", () => {
  it("holds a manifest with every table's row count and each file's sha256, and the uploads", () => {
    const manifest = JSON.parse(entries.get("manifest.json")!.toString()) as ExportManifest;
    expect(manifest).toMatchObject({ format: "duka-pos-business-export", version: 1, businessId: shop.businessId });
    for (const [name, hash] of Object.entries(manifest.files))
      expect(createHash("sha256").update(entries.get(name)!).digest("hex"), name).toBe(hash);
    const count = (t: string) => manifest.tables.find((x) => x.name === t)?.rows;
    expect(count("businesses")).toBe(1);
    expect(count("users")).toBe(1);
    expect(count("products")).toBe(1);
    expect(count("sales")).toBe(1);
    expect(count("customers")).toBe(1);
    expect(count("employees")).toBe(1);
    expect(manifest.tables.map((t) => t.name)).not.toContain("sessions");
    const key = shop.image.slice("/api/files/".length);
    expect(entries.get(`uploads/${key}`)).toEqual(shop.picture);
  });

  it("its CSVs hold only that business's rows: another business's name, customer and phone never appear", () => {
    const csvs = [...entries].filter(([n]) => n.startsWith("tables/"));
    expect(csvs.length).toBeGreaterThan(50);
    const text = csvs.map(([, d]) => d.toString("utf8")).join("\n");
    expect(text).toContain("Mama Export Duka");
    expect(text).toContain(shop.customerPhone.slice(1)); // stored as 2547..., whichever way it was typed
    for (const foreign of [
      OTHER_NAME,
      OTHER_CUSTOMER,
      OTHER_PHONE.slice(1),
      other.businessId,
      other.productId,
      other.username,
    ])
      expect(text).not.toContain(foreign);
    expect([...entries.keys()].some((n) => n.includes(other.businessId))).toBe(false);
  });

  it("only the owner exports: staff 403, another owner 404, support without the owner's support access 403", async () => {
    const url = `/api/businesses/${shop.businessId}/export`;
    const manager = await registerEmployee(source.app, shop, shop.businessId, { occupation: "Manager" });
    const cashier = await registerEmployee(source.app, shop, shop.businessId, { occupation: "Cashier" });
    expect((await client(source.app, manager.token).get(url)).statusCode).toBe(403);
    expect((await client(source.app, cashier.token).get(url)).statusCode).toBe(403);
    expect((await client(source.app, other.token).get(url)).statusCode).toBe(404);
    expect((await client(source.app).get(url)).statusCode).toBe(401);
    const support = await signInSupport(source.app, source.database);
    const refused = await client(source.app, support.token).get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("SUPPORT_ACCESS_REQUIRED");
    const grant = await client(source.app, shop.token).post(`/api/businesses/${shop.businessId}/supportAccess`, {
      hours: 1,
    });
    expect(grant.statusCode).toBeLessThan(300);
    expect((await client(source.app, support.token).get(url)).statusCode).toBe(200);
  });
});

describe("import into another server's database", () => {
  it("loads the business with its ids and uploads; every other business there is untouched", async () => {
    const residentA = await seedBusiness(target, { businessName: "Resident One" });
    const residentB = await seedBusiness(target, { businessName: "Resident Two" });
    const support = await signInSupport(target.app, target.database);
    const before = await othersFingerprint(target.database, shop.businessId, shop.userId);

    const res = await importZip(target, support.token, zip);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ businessId: shop.businessId, businessName: "Mama Export Duka", files: 1 });

    expect(await othersFingerprint(target.database, shop.businessId, shop.userId)).toEqual(before);
    expect(await businessFingerprint(target.database, shop.businessId, shop.userId)).toEqual(exported);
    // The owner signs in on the new server and sees the picture, served from its own store.
    const login = await client(target.app).post("/api/adminAuth/login", {
      username: shop.username,
      password: shop.password,
    });
    expect(login.statusCode).toBe(200);
    const product = await client(target.app, login.json().token).get(`/api/products/${shop.productId}`);
    expect(product.json().image).toBe(shop.image);
    const served = await target.app.inject({ method: "GET", url: shop.image });
    expect(served.rawPayload).toEqual(shop.picture);
    for (const r of [residentA, residentB])
      expect((await client(target.app, r.token).get(`/api/products/${r.productId}`)).statusCode).toBe(200);
  });

  it("a second import is refused with a clear message and saves nothing", async () => {
    const support = await signInSupport(target.app, target.database);
    const before = await databaseFingerprint(target.database);
    const res = await importZip(target, support.token, zip);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Mama Export Duka .* is already on this server/);
    expect(await databaseFingerprint(target.database)).toEqual(before);
  });

  it("a ZIP whose CSV was changed, or from another schema version, is refused; nothing saved", async () => {
    const fresh = await createTestApp();
    try {
      const support = await signInSupport(fresh.app, fresh.database);
      const before = await databaseFingerprint(fresh.database);
      const changed = new Map(entries);
      changed.set("tables/products.csv", Buffer.from(`${entries.get("tables/products.csv")!.toString()}\n`));
      const bad = await importZip(fresh, support.token, await zipEntries(changed));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/tables\/products\.csv .*sha256/);

      const manifest = JSON.parse(entries.get("manifest.json")!.toString()) as ExportManifest;
      const older = new Map(entries).set("manifest.json", Buffer.from(JSON.stringify({ ...manifest, migrations: 3 })));
      const schema = await importZip(fresh, support.token, await zipEntries(older));
      expect(schema.statusCode).toBe(409);
      expect(schema.json().error.message).toMatch(/3 migrations/);

      const notZip = await importZip(fresh, support.token, Buffer.from("not a zip at all"));
      expect(notZip.statusCode).toBe(400);
      expect(await databaseFingerprint(fresh.database)).toEqual(before);

      // The owner's username is someone else's here: refused, naming the clash, nothing saved.
      await registerBusiness(fresh.app, { username: shop.username });
      const taken = await databaseFingerprint(fresh.database);
      const clash = await importZip(fresh, support.token, zip);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toMatch(/A row of users is already on this server .*username/);
      expect(await databaseFingerprint(fresh.database)).toEqual(taken);
    } finally {
      await fresh.close();
    }
  });

  it("only support imports: the owner, signed in there, is refused", async () => {
    const login = await client(target.app).post("/api/adminAuth/login", {
      username: shop.username,
      password: shop.password,
    });
    const res = await importZip(target, login.json().token, zip);
    expect(res.statusCode).toBe(403);
    expect((await importZip(target, "", zip)).statusCode).toBe(401);
  });
});
