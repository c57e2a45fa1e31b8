import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "@app/shared/inventory/product";
import { createTestApp, registerBusiness, registerEmployee, type Owner, type TestApp } from "../factories/app.ts";
import { newProduct, pngImage } from "../factories/inventory.ts";
import { newExpense } from "../factories/money.ts";
import { newRoom, newRoomType } from "../factories/rooms.ts";

/**
 * Every upload route, over the limit: always 413, nothing stored (the record's image unchanged, no
 * new file), however the body arrives: in one piece, or streamed by a slow client whose pieces
 * happen to end exactly at the limit (busboy then marks the file truncated without handing over
 * another byte, and the route used to store the first 5 MB and answer 200). A file of exactly
 * the limit is stored whole.
 */
let t: TestApp;
let owner: Owner;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const PNG = pngImage();
const padded = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
const BOUNDARY = "----upload-limit";
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * POSTs or PUTs a multipart body with one file. `pieces`: file offsets at which the client pauses
 * (a slow phone), so the server reads the file in pieces ending exactly there.
 */
function send(method: string, url: string, file: Buffer, pieces: number[] = []) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = Buffer.concat([HEAD, file, TAIL]);
    const cuts = [...pieces.map((p) => HEAD.length + p), body.length];
    const req = http.request(
      `${base}${url}`,
      {
        method,
        headers: {
          authorization: `Bearer ${owner.token}`,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    let at = 0;
    const next = (i: number) => {
      if (i === cuts.length) return void req.end();
      req.write(body.subarray(at, cuts[i]));
      at = cuts[i]!;
      setTimeout(() => next(i + 1), 15);
    };
    next(0);
  });
}

async function storedFiles(): Promise<string[]> {
  const entries = (await readdir(t.uploads, { recursive: true, withFileTypes: true })) as {
    isFile(): boolean;
    parentPath: string;
    name: string;
  }[];
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.uploads, path.join(e.parentPath, e.name)))
    .sort();
}

type Target = { name: string; method: string; url: string; image: () => Promise<unknown> };
const one = async (text: string, id: string) => (await t.database.pool.query(text, [id])).rows[0];

async function targets(): Promise<Target[]> {
  const product = await newProduct(t, owner);
  const type = await newRoomType(t.app, owner);
  const room = await newRoom(t.app, owner, type._id);
  const staff = await registerEmployee(t.app, owner, owner.businessId);
  const expense = await newExpense(t.app, owner, owner.businessId);
  return [
    {
      name: "product image",
      method: "POST",
      url: `/api/products/${product._id}/image`,
      image: async () => (await one("SELECT image FROM products WHERE id = $1", product._id)).image,
    },
    {
      name: "room picture",
      method: "PUT",
      url: `/api/rooms/addImage/${room._id}`,
      image: async () => (await one("SELECT images FROM rooms WHERE id = $1", room._id)).images,
    },
    {
      name: "staff photo",
      method: "POST",
      url: `/api/employees/${staff.employeeId}/image`,
      image: async () => (await one("SELECT image FROM employees WHERE id = $1", staff.employeeId)).image,
    },
    {
      name: "expense receipt",
      method: "POST",
      url: `/api/expenses/${expense._id}/receipt`,
      image: async () => (await one("SELECT receipt_image FROM expenses WHERE id = $1", expense._id)).receipt_image,
    },
  ];
}

const OVER = padded(MAX_IMAGE_BYTES + 1);
const SIX_MB = padded(6 * 1024 * 1024);
// The slow client's pauses: every 256 KB of the file, so one piece ends exactly at 5 MB.
const every256k = (size: number) => Array.from({ length: Math.floor(size / 262_144) }, (_, i) => (i + 1) * 262_144);

describe("an upload over the limit is refused with 413 and nothing is stored", () => {
  // In one piece: 20 times each; streamed slowly (a pause every 256 KB, 15 ms each: ~0.4 s per
  // upload): 5 times each, to keep the file's run time reasonable.
  const cases: [string, Buffer, number[], number][] = [
    ["6 MB in one piece", SIX_MB, [], 20],
    ["5 MB + 1 byte in one piece", OVER, [], 20],
    ["5 MB + 1 byte from a slow client", OVER, every256k(OVER.length), 5],
    ["6 MB from a slow client", SIX_MB, every256k(SIX_MB.length), 5],
  ];
  it.each(cases)(
    "%s, on every upload route",
    async (_label, file, pieces, times) => {
      for (const target of await targets()) {
        const before = await target.image();
        const files = await storedFiles();
        for (let i = 0; i < times; i++) {
          const res = await send(target.method, target.url, file, pieces);
          expect(res.status, `${target.name} #${i + 1}: ${res.body}`).toBe(413);
          expect(JSON.parse(res.body).error.message).toMatch(/larger than 5 MB/);
        }
        expect(await target.image(), target.name).toEqual(before);
        expect(await storedFiles(), target.name).toEqual(files);
      }
    },
    120_000,
  );
});

describe("a file of exactly the limit", () => {
  it("is stored whole on every upload route, in one piece or from a slow client", async () => {
    const exact = padded(MAX_IMAGE_BYTES);
    for (const target of await targets()) {
      for (const pieces of [[], every256k(exact.length)]) {
        const res = await send(target.method, target.url, exact, pieces);
        expect(res.status, `${target.name}: ${res.body}`).toBe(200);
        const image = await target.image();
        const url = Array.isArray(image) ? String(image.at(-1)) : String(image);
        const key = url.replace(/^\/api\/files\//, "");
        const stored = await readFile(path.join(t.uploads, key));
        expect(stored.length, target.name).toBe(MAX_IMAGE_BYTES);
        expect(stored.equals(exact), target.name).toBe(true);
      }
    }
  }, 120_000);
});
