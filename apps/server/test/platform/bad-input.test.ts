import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@app/shared/errors/api-error-schema";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type Res,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct } from "../factories/sales.ts";

/**
 * Input that used to answer 500 or nothing: a NUL character (PostgreSQL refuses it in text),
 * a body over the limit from a client that is still sending, and a burst of registrations.
 */
let t: TestApp;
let owner: Owner;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(() => t.close());

const expectUniform400 = (res: Res, label: string) => {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const { error } = apiErrorSchema.parse(res.json());
  expect(error.code, label).toBe("VALIDATION_ERROR");
  expect(Object.values(error.fields ?? {}), label).toContain("Must not contain a NUL character");
};

describe("a NUL character in any text", () => {
  it("is refused with 400 and the uniform body in bodies, nested fields, queries and paths; nothing is written", async () => {
    const product = await newProduct(t.app, owner, owner.businessId);
    const before = await databaseFingerprint(t.database);
    const as = api(t.app, owner.token);
    const b = owner.businessId;
    const cases: [string, () => Promise<Res>][] = [
      ["product name", () => as.post("/api/products", { businessId: b, name: "Soda\u0000", sellingprice: 100 })],
      ["product search", () => as.get(`/api/products?businessId=${b}&search=${encodeURIComponent("a\u0000b")}`)],
      ["a path id", () => as.get(`/api/products/${encodeURIComponent("\u0000")}`)],
      [
        "a customer name in a sale",
        () =>
          as.post("/api/sales", {
            businessId: b,
            products: [{ productId: product._id, quantity: 1 }],
            payments: [{ method: "Credit", amount: 10000 }],
            customerName: "Wanjiku\u0000",
            customerPhone: "0722000111",
          }),
      ],
      ["a stock note", () => as.post(`/api/products/${product._id}/stock`, { delta: 1, note: "count\u0000" }, {})],
      ["a support request", () => as.post("/api/requests", { businessId: b, subject: "Help\u0000", message: "x" })],
      [
        "a key of an object",
        () => as.post("/api/requests", { businessId: b, subject: "Help", message: "x", "\u0000": 1 }),
      ],
      [
        "sign-in username",
        () => api(t.app).post("/api/adminAuth/login", { username: "\u0000", password: "secret123" }),
      ],
    ];
    for (const [label, send] of cases) expectUniform400(await send(), label);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("other control characters and ordinary text still pass", async () => {
    const res = await api(t.app, owner.token).post("/api/requests", {
      businessId: owner.businessId,
      subject: "Tab\there",
      message: "Line one\nline two 🙂",
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

/** Sends a POST of `size` bytes over a raw socket, `chunk` at a time, and returns what the server answered. */
function sendLargeBody(path: string, size: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "x");
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("error", (err) => reject(Object.assign(err, { answer })));
    socket.on("close", () => resolve(answer));
    const chunked = headers["transfer-encoding"] === "chunked";
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
      : chunk;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (chunked) socket.end("0\r\n\r\n");
      else socket.end();
    };
    socket.on("connect", () => {
      const head = Object.entries({ host: "127.0.0.1", "content-type": "application/json", ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      pump();
    });
  });
}

describe("a body over the limit", () => {
  const size = 50 * 1024 * 1024;
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

  it("a client still sending 50 MB (with a length) reads a 413 with the uniform body, not a reset connection", async () => {
    const answer = await sendLargeBody("/api/products/import", size, {
      authorization: `Bearer ${owner.token}`,
      "content-length": String(size),
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(apiErrorSchema.parse(bodyOf(answer)).error.code).toBe("BAD_REQUEST");
  });

  it("the same without a length (chunked, as a slow phone streams): 413 with the uniform body", async () => {
    const answer = await sendLargeBody("/api/requests", 8 * 1024 * 1024, {
      authorization: `Bearer ${owner.token}`,
      "transfer-encoding": "chunked",
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(apiErrorSchema.parse(bodyOf(answer.replace(/\r\n[0-9a-f]+\r\n/, "\r\n"))).error.code).toBe("BAD_REQUEST");
  });

  it("fetch sending a large body gets the answer too", async () => {
    const res = await fetch(`${base}/api/products/import`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ businessId: owner.businessId, rows: [{ name: "x".repeat(size) }] }),
    });
    expect(res.status).toBe(413);
    expect(apiErrorSchema.parse(await res.json()).error.message).toMatch(/too large/i);
  });
});

describe("registration", () => {
  it("is rate limited per address: a burst from one address is refused with 429, another address still registers", async () => {
    const register = (address: string) => {
      const id = randomUUID().slice(0, 8);
      return t.app.inject({
        method: "POST",
        url: "/api/businesses/register",
        remoteAddress: address,
        payload: {
          businessName: `Shop ${id}`,
          businessType: "general",
          username: `burst_${id}`,
          email: `burst_${id}@example.com`,
          phone: "0712345678",
          password: "secret123",
        },
      });
    };
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await register("203.0.113.7")).statusCode);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(10);
    expect(codes).toContain(429);
    const refused = await register("203.0.113.7");
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe("RATE_LIMITED");
    expect((await register("203.0.113.8")).statusCode).toBe(201);
  });
});
