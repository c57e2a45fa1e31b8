import { ZipArchive } from "archiver";
import yauzl from "yauzl";
import type { Database } from "../../src/db/client.ts";
import { client, registerBusiness, registerEmployee, type Owner, type TestApp } from "./app.ts";
import { newCustomer } from "./customers.ts";
import { expectStatus, newProduct, pngImage, uploadImage } from "./inventory.ts";

/** The entries of a ZIP by name (yauzl, as the server reads imports). */
export async function unzipEntries(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data);
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) parts.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(parts));
  }
  return out;
}

/** A ZIP of these entries (archiver, as the server writes exports). */
export async function zipEntries(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipArchive();
  const parts: Buffer[] = [];
  zip.on("data", (d: Buffer) => parts.push(d));
  for (const [name, data] of entries) zip.append(data, { name });
  await zip.finalize();
  return Buffer.concat(parts);
}

export type SeededBusiness = Owner & { productId: string; image: string; picture: Buffer; customerPhone: string };

/**
 * A business with something in most of its areas: a product with a picture, a sale of it (stock
 * movements, report rows), a customer, a member of staff.
 */
export async function seedBusiness(
  t: TestApp,
  over: { businessName?: string; customerName?: string; customerPhone?: string } = {},
): Promise<SeededBusiness> {
  const owner = await registerBusiness(t.app, over.businessName ? { businessName: over.businessName } : {});
  const product = await newProduct(t, owner, { name: `Sufuria of ${owner.businessName}`, quantity: 10 });
  const picture = pngImage(4, 3);
  const image: string = expectStatus(await uploadImage(t, owner.token, product._id, picture), 200).json().image;
  const sale = await client(t.app, owner.token).post("/api/sales", {
    businessId: owner.businessId,
    products: [{ productId: product._id, quantity: 2 }],
    payments: [{ method: "Cash", amount: 2 * product.sellingprice }],
  });
  expectStatus(sale, 201);
  const customerPhone = over.customerPhone ?? `07${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  await newCustomer(t.app, owner, { name: over.customerName ?? "Amina Customer", phone: customerPhone });
  await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  return { ...owner, productId: product._id, image, picture, customerPhone };
}

/**
 * Row count and checksum per table of every row that is not the business's (nor its owner's
 * user row and sessions): what an import or erasure of that business must not touch.
 */
export async function othersFingerprint(db: Database, businessId: string, ownerId: string) {
  const { rows: tables } = await db.pool.query<{ t: string; has_bid: boolean }>(
    `SELECT table_name AS t, bool_or(column_name = 'business_id') AS has_bid FROM information_schema.columns
     WHERE table_schema = 'public' GROUP BY table_name ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { t, has_bid } of tables) {
    if (t === "rate_limits") continue;
    const row = t === "sessions" ? `(x.id, x.kind, x.user_id, x.business_id, x.created_at, x.revoked_at)` : "x";
    const where = has_bid
      ? `x.business_id IS DISTINCT FROM '${businessId}'${t === "sessions" ? ` AND x.user_id <> '${ownerId}'` : ""}`
      : t === "businesses"
        ? `x.id <> '${businessId}'`
        : t === "users"
          ? `x.id <> '${ownerId}'`
          : "TRUE";
    const { rows } = await db.pool.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(${row}::text, '|' ORDER BY ${row}::text)) AS h FROM "${t}" x WHERE ${where}`,
    );
    out[t] = `${rows[0]!.n} rows, ${rows[0]!.h}`;
  }
  return out;
}

/** Row count and checksum per table of the business's own rows (and its owner's user row), sessions aside. */
const ROW = `(to_jsonb(x) - 'change_xid')::text`;

export async function businessFingerprint(db: Database, businessId: string, ownerId: string) {
  const { rows: tables } = await db.pool.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'business_id'
     AND table_name <> 'sessions' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  const one = async (name: string, sql: string) => {
    const { rows } = await db.pool.query<{ n: number; h: string | null }>(sql);
    out[name] = `${rows[0]!.n} rows, ${rows[0]!.h}`;
  };
  for (const { t } of tables)
    await one(
      t,
      // change_xid: the writing transaction's id (the till's catalog delta), new in every database by design.
      `SELECT count(*)::int AS n, md5(string_agg(${ROW}, '|' ORDER BY ${ROW})) AS h FROM "${t}" x WHERE x.business_id = '${businessId}'`,
    );
  await one(
    "businesses",
    `SELECT count(*)::int AS n, md5(string_agg(x::text, '|')) AS h FROM businesses x WHERE x.id = '${businessId}'`,
  );
  await one(
    "users",
    `SELECT count(*)::int AS n, md5(string_agg(x::text, '|')) AS h FROM users x WHERE x.id = '${ownerId}'`,
  );
  return out;
}
