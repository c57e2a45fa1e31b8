import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { apiErrorSchema } from "@app/shared/errors/api-error-schema";
import type { RouteEntry } from "../../src/platform/access.ts";
import { createTestApp, databaseFingerprint, type Owner, type TestApp } from "../factories/app.ts";
import { candidates, type JsonSchema, type RouteShape } from "../factories/route-requests.ts";
import { prepareValidRequests, type ValidRequests } from "../factories/valid-requests.ts";

/**
 * Malformed input on every route with a body, query, path id or header: the uniform 400
 * (`{ error: { code, message, fields } }`), never a 500, and nothing written anywhere.
 * Requests are sent by the owner of the business they name (on a real record of it), so a
 * missing check would reach the service, not stop at the tenancy guard.
 */
let t: TestApp;
let owner: Owner;
let shapes: Map<RouteEntry, RouteShape>;
let before: Record<string, string>;
/** For each route: a fill that names the owner's own business and records, so only the input is wrong. */
let fills: ValidRequests["fills"];
/** The request each check spoils: for a tenant route, one that passes validation. */
let bases: ValidRequests["bases"];
let tokenFor: ValidRequests["tokenFor"];

const where = (route: RouteEntry, what: string) => `${route.method} ${route.url}: ${what}`;

/** The uniform error body; `code` when given. */
function expectUniformError(res: LightMyRequestResponse, status: number, label: string, code?: string) {
  expect(res.statusCode, `${label} -> ${res.body.slice(0, 300)}`).toBe(status);
  const parsed = apiErrorSchema.safeParse(res.json());
  expect(parsed.success, `${label}: uniform error body, got ${res.body.slice(0, 300)}`).toBe(true);
  if (code) expect(parsed.data?.error.code, label).toBe(code);
  return parsed.data!.error;
}

/** A value of the wrong JSON type for a schema. */
function wrongValue(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  if (schema.const !== undefined || schema.enum) return 12345;
  switch (type) {
    case "string":
      return 12345;
    case "integer":
    case "number":
      return "not-a-number";
    case "boolean":
      return "yes";
    case "array":
      return "not-a-list";
    case "object":
      return 7;
    default:
      return { unexpected: true };
  }
}

/** A query value a schema refuses (every query value is a string), or null when any string is fine. */
function badQueryValue(schema: JsonSchema): string | null {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  if (schema.enum) return "not-an-option";
  if (schema.format === "uuid") return "not-a-uuid";
  if (schema.format === "date-time") return "yesterday";
  if (type === "integer" || type === "number") return "abc";
  if (schema.maxLength !== undefined) return "x".repeat(schema.maxLength + 1);
  return null;
}

/** Properties of a body schema, including those of each branch of a union. */
function propertiesOf(schema: JsonSchema | null): Record<string, JsonSchema> {
  if (!schema) return {};
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  return Object.assign({}, ...branches.map((b) => b.properties ?? {}), schema.properties ?? {});
}

const validBase = (route: RouteEntry) => bases.get(route)!.request;

beforeAll(async () => {
  t = await createTestApp({
    loginRateLimitPerMinute: 10_000,
    onlineBooking: { lookupsPerMinute: 10_000, requestsPerHour: 10_000 },
  });
  ({ owner, shapes, fills, bases, tokenFor } = await prepareValidRequests(t));
  before = await databaseFingerprint(t.database);
}, 60_000);
afterAll(() => t.close());

describe("malformed input on every route", () => {
  it("bodies: broken JSON, no JSON object, {}, {businessId: 123}, the wrong type in each field, text and XML", async () => {
    const routes = t.app.routeTable.filter((r) => r.hasBody);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const base = validBase(route);
      const send = (payload: string, contentType = "application/json") =>
        t.app.inject({
          ...base,
          payload,
          headers: { ...(base.headers as Record<string, string>), "content-type": contentType },
        });

      expectUniformError(await send('{"businessId": '), 400, where(route, "broken JSON"), "BAD_REQUEST");
      for (const body of ["null", "[]", '"text"', "{}", '{"businessId":123}']) {
        const error = expectUniformError(await send(body), 400, where(route, body), "VALIDATION_ERROR");
        expect(error.fields, where(route, `${body} names the fields`)).toBeTypeOf("object");
      }
      expectUniformError(await send("businessId=1", "text/plain"), 400, where(route, "text/plain"), "VALIDATION_ERROR");
      expectUniformError(
        await send("<businessId>1</businessId>", "application/xml"),
        415,
        where(route, "application/xml"),
        "BAD_REQUEST",
      );

      // Each field of a full request (every field filled; for a union, its first branch), spoilt in turn, is named in `fields`.
      const full = candidates(shapes.get(route)!, fills.get(route) ?? (() => owner.businessId), tokenFor(route)).at(-1)!
        .request.payload;
      if (full === null || typeof full !== "object" || Array.isArray(full)) continue;
      const schemas = propertiesOf(shapes.get(route)!.body);
      for (const name of Object.keys(full)) {
        const bad = wrongValue(schemas[name] ?? {});
        const error = expectUniformError(
          await send(JSON.stringify({ ...full, [name]: bad })),
          400,
          where(route, `${name}: ${JSON.stringify(bad)}`),
          "VALIDATION_ERROR",
        );
        expect(
          Object.keys(error.fields ?? {}).some((k) => k === name || k.startsWith(`${name}.`)),
          where(route, `fields names ${name}: ${JSON.stringify(error.fields)}`),
        ).toBe(true);
      }
    }
  });

  it("queries: missing, and each field malformed in turn", async () => {
    const routes = t.app.routeTable.filter((r) => r.hasQuery);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const shape = shapes.get(route)!;
      const base = validBase(route);
      if (shape.query?.required?.length) {
        const error = expectUniformError(
          await t.app.inject({ ...base, query: {} }),
          400,
          where(route, "no query"),
          "VALIDATION_ERROR",
        );
        for (const name of shape.query.required)
          expect(error.fields, where(route, `names ${name}`)).toHaveProperty(name);
      }
      for (const [name, schema] of Object.entries(shape.query?.properties ?? {})) {
        const bad = badQueryValue(schema);
        if (bad === null) continue;
        const res = await t.app.inject({ ...base, query: { ...(base.query as Record<string, string>), [name]: bad } });
        const error = expectUniformError(res, 400, where(route, `${name}=${bad}`), "VALIDATION_ERROR");
        expect(error.fields, where(route, `names ${name}`)).toHaveProperty(name);
      }
    }
  });

  it("path ids that are not UUIDs are 400", async () => {
    const routes = t.app.routeTable.filter((r) => r.url.includes(":"));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    // Every path param is a UUID but the M-Pesa callbacks' token, which any text may be (answered 200).
    const others = routes.filter((r) => shapes.get(r)!.idParams.length !== shapes.get(r)!.params.length);
    expect(others.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/subscriptions/mpesa/callback/:token",
      "POST /api/lipa/stk/:token",
      "POST /api/lipa/c2b/:token/:businessId/confirmation",
      "POST /api/lipa/c2b/:token/:businessId/validation",
      "GET /api/public/receipts/:token",
    ]);
    for (const route of routes.filter((r) => !others.includes(r))) {
      const base = validBase(route);
      const url = route.url.replace(/:[A-Za-z]+/g, "not-a-uuid");
      expectUniformError(await t.app.inject({ ...base, url }), 400, where(route, url), "VALIDATION_ERROR");
    }
  });

  it("headers: a malformed Idempotency-Key is 400", async () => {
    const routes = t.app.routeTable.filter((r) => shapes.get(r)?.headers?.properties?.["idempotency-key"]);
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const route of routes) {
      const base = validBase(route);
      const res = await t.app.inject({
        ...base,
        headers: { ...(base.headers as Record<string, string>), "idempotency-key": "short" },
      });
      const error = expectUniformError(res, 400, where(route, "idempotency-key: short"), "VALIDATION_ERROR");
      expect(error.fields, where(route, "names the header")).toHaveProperty("idempotency-key");
    }
  });

  it("a body over the size limit is refused with the uniform error", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ businessId: owner.businessId, name: "x".repeat(1_100_000) }),
    });
    expectUniformError(res, 413, "POST /api/categories with 1.1 MB", "BAD_REQUEST");
  });

  it("none of it wrote anything", async () => {
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("the requests the checks spoil are otherwise valid, so the checks are not vacuous", () => {
    const tenantRoutes = t.app.routeTable.filter(
      (r) => (r.hasBody || r.hasQuery) && (r.access.kind === "tenant" || r.access.kind === "record"),
    );
    expect(tenantRoutes.filter((r) => !bases.get(r)!.valid).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
