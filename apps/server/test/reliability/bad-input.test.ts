import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@app/shared/errors/api-error-schema";
import type { RouteEntry } from "../../src/platform/access.ts";
import {
  ALL_FLAGS,
  createTestApp,
  databaseFingerprint,
  idsOwnedBy,
  registerEmployee,
  type TestApp,
} from "../factories/app.ts";
import type { JsonSchema } from "../factories/route-requests.ts";
import { prepareValidRequests, type ValidRequests } from "../factories/valid-requests.ts";

/**
 * Bad input, generated from the OpenAPI document: for every route, a request that passes
 * validation is spoilt in one place at a time: a wrong JSON type, a missing required field,
 * a huge string, a NUL character (in the body, the query and the path), negative, fractional
 * and huge numbers, an unknown option, an empty list, another business's ids, a malformed
 * header, a body over the limit. Each must get a 4xx with the uniform error
 * body, never a 2xx or a 5xx, and after all of them no row anywhere has changed.
 */
let t: TestApp;
let v: ValidRequests;
let foreignIds: string[];
/** The callers: the owner, and a Manager of the same business with every permission flag. */
let tokens: string[];
let before: Record<string, string>;
type Mutation = { label: string; request: InjectOptions };

/** The JSON types a schema accepts (OpenAPI 3.0 writes null as `nullable`). */
const typeOf = (s: JsonSchema & { nullable?: boolean }): string[] => {
  const branches = s.anyOf ?? s.oneOf;
  const own = (() => {
    if (branches) return branches.flatMap(typeOf);
    if (s.enum) return [...new Set(s.enum.map((e) => (e === null ? "null" : typeof e)))];
    if (s.const !== undefined) return [s.const === null ? "null" : typeof s.const];
    const t = s.type ?? (s.properties ? "object" : undefined);
    return t === undefined ? [] : Array.isArray(t) ? t : [t];
  })();
  return s.nullable ? [...own, "null"] : own;
};
/** Values of each JSON type; a schema that refuses a type refuses every one of them. */
const SAMPLES: Record<string, unknown[]> = {
  string: ["", "text", "0", "-1", "null", "🙂 ünïcödé", "<script>alert(1)</script>", "'; DROP TABLE sales; --"],
  number: [0, -1, 7.5, 1e308, -0.0001],
  boolean: [true, false],
  null: [null],
  array: [[], [1], ["x"], [{}]],
  object: [{}, { unexpected: 1 }, { businessId: "x" }],
};
const JSON_TYPES = ["string", "number", "boolean", "null", "array", "object"] as const;

/** Values a schema refuses, each with a label. Empty when the schema accepts anything. */
function badValues(s: JsonSchema, textOnly = false): [string, unknown][] {
  const types = typeOf(s);
  if (!types.length) return [];
  const allowed = new Set(types.flatMap((x) => (x === "integer" ? ["integer", "number"] : [x])));
  const out: [string, unknown][] = textOnly
    ? []
    : JSON_TYPES.filter((x) => !allowed.has(x)).flatMap((x) =>
        SAMPLES[x]!.map((sample): [string, unknown] => [`a ${x} ${JSON.stringify(sample).slice(0, 20)}`, sample]),
      );
  if (types.includes("integer") && !textOnly)
    out.push(...[0.5, 1.25, 99.99].map((n): [string, unknown] => [`fractional ${n}`, n]));
  if (s.enum || s.const !== undefined) out.push(["an unknown option", "not-an-option"]);
  if (types.includes("integer") || types.includes("number")) {
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum : undefined);
    if (min !== undefined) out.push(["below the minimum", min - 1]);
    if (min !== undefined && min > -1e12) out.push(["very negative", -1e12]);
    if (s.maximum !== undefined) out.push(["above the maximum", s.maximum + 1], ["huge", 1e300]);
  }
  if (types.includes("string") && !s.enum) {
    out.push(["a NUL character", "text\u0000more"]); // PostgreSQL cannot store it in text
    if (s.maxLength !== undefined)
      out.push(["too long", "x".repeat(s.maxLength + 1)], ["a huge string", "x".repeat(200_000)]);
    if ((s.minLength ?? 0) > 0) out.push(["empty", ""]);
    if (s.format === "uuid") out.push(["not a uuid", "not-a-uuid"]);
    if (s.format === "date-time") out.push(["not a date", "yesterday"]);
    if (s.format === "email") out.push(["not an email", "not-an-email"]);
    if (s.pattern && !new RegExp(s.pattern).test("!!")) out.push(["off its pattern", "!!"]);
  }
  if (types.includes("array") && (s.minItems ?? 0) > 0) out.push(["an empty list", []]);
  return out;
}

/** Replaces the value at a path ("products.0.quantity") in a copy of a JSON value. */
function replaced(value: unknown, path: (string | number)[], next: unknown, remove = false): unknown {
  if (!path.length) return next;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (!rest.length && remove) delete copy[head!];
  else copy[head!] = replaced(copy[head!], rest, next, remove);
  return copy;
}

type Spoil = { label: string; path: (string | number)[]; bad: unknown; remove?: boolean };

/** Every way to spoil a JSON body in one place, walking the value along its schema. */
function bodySpoils(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Spoil[] {
  const where = path.join(".") || "body";
  const out: Spoil[] = badValues(schema).map(([label, bad]) => ({ label: `${where}: ${label}`, path, bad }));
  const props: Record<string, JsonSchema> =
    schema.properties ?? Object.assign({}, ...(schema.anyOf ?? []).map((b) => b.properties ?? {}));
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const name of schema.required ?? [])
      out.push({ label: `${[...path, name].join(".")}: missing`, path: [...path, name], bad: undefined, remove: true });
    // Present fields are walked into; absent optional ones are added with bad values.
    for (const [name, child] of Object.entries(props))
      out.push(...bodySpoils(child, (value as Record<string, unknown>)[name], [...path, name]));
  }
  if (Array.isArray(value) && value.length && schema.items)
    out.push(...bodySpoils(schema.items, value[0], [...path, 0]));
  return out;
}

function mutationsOf(route: RouteEntry): Mutation[] {
  const shape = v.shapes.get(route)!;
  const base = v.bases.get(route)!.request;
  const out: Mutation[] = [];
  const name = `${route.method} ${route.url}`;
  if (shape.body && base.payload !== undefined) {
    for (const { label, path, bad, remove } of bodySpoils(
      shape.body.properties || shape.body.anyOf ? { ...shape.body, type: "object" } : shape.body,
      base.payload,
    )) {
      if (!path.length && bad === undefined) continue;
      out.push({
        label: `${name} ${label}`,
        request: { ...base, payload: replaced(base.payload, path, bad, remove) as InjectOptions["payload"] },
      });
    }
  }
  if (shape.body && base.payload !== undefined) {
    // Over the body limit (1 MB; more for imports, where this is a 400): a body that is, and
    // one whose length only says so, as a client still sending would.
    out.push({ label: `${name} a body over 1 MB`, request: { ...base, payload: { padding: "x".repeat(1_100_000) } } });
    out.push({
      label: `${name} content-length of 50 MB`,
      request: { ...base, headers: { ...(base.headers as object), "content-length": String(50 * 1024 * 1024) } },
    });
  }
  const query = (base.query ?? {}) as Record<string, string>;
  for (const [field, schema] of Object.entries(shape.query?.properties ?? {})) {
    // A query value is always text: only values its own rules refuse (format, length, range, options).
    for (const [label, bad] of badValues(schema, true)) {
      if (typeof bad !== "string" && typeof bad !== "number") continue;
      out.push({
        label: `${name} ?${field}: ${label}`,
        request: { ...base, query: { ...query, [field]: String(bad) } },
      });
    }
    if (shape.query?.required?.includes(field)) {
      const { [field]: _gone, ...rest } = query;
      out.push({ label: `${name} ?${field}: missing`, request: { ...base, query: rest } });
    }
  }
  for (const param of shape.params) {
    const spoilt = (value: string) => ({
      ...base,
      url: route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) =>
        p === param
          ? value
          : decodeURIComponent(String(base.url).split("/")[route.url.split("/").indexOf(`:${p}`)] ?? ""),
      ),
    });
    out.push({ label: `${name} :${param} a NUL character`, request: spoilt("%00") });
    // Ids only: the M-Pesa callback's token may be any text (a wrong one is answered 200). Daraja's C2B
    // callbacks (/api/lipa/...) always get Daraja's 200 answer, "Accepted" or "Rejected", whoever's
    // business the path names: an unknown or foreign one changes nothing (the next test checks every row).
    if (!shape.idParams.includes(param) || route.url.startsWith("/api/lipa/")) continue;
    out.push({ label: `${name} :${param} not a uuid`, request: spoilt("not-a-uuid") });
    out.push({ label: `${name} :${param} unknown`, request: spoilt(crypto.randomUUID()) });
    for (const id of foreignIds.slice(0, 4))
      out.push({ label: `${name} :${param} another business's id`, request: spoilt(id) });
  }
  if (route.access.kind === "tenant") {
    const from = route.access.from;
    for (const id of foreignIds.slice(0, 2)) {
      if (from === "query")
        out.push({
          label: `${name} ?businessId of another business`,
          request: { ...base, query: { ...query, businessId: id } },
        });
      if (from === "body" && base.payload && typeof base.payload === "object")
        out.push({
          label: `${name} body.businessId of another business`,
          request: { ...base, payload: { ...(base.payload as object), businessId: id } },
        });
    }
  }
  if (shape.headers?.properties?.["idempotency-key"]) {
    for (const key of ["short", "k".repeat(300)])
      out.push({
        label: `${name} idempotency-key ${key.length} chars`,
        request: { ...base, headers: { ...(base.headers as object), "idempotency-key": key } },
      });
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({
    loginRateLimitPerMinute: 100_000,
    onlineBooking: { lookupsPerMinute: 100_000, requestsPerHour: 100_000 },
  });
  v = await prepareValidRequests(t);
  // Another business with records of its own: its ids are "foreign" to the owner.
  await t.app.inject({
    method: "POST",
    url: "/api/products",
    headers: { authorization: `Bearer ${v.stranger.token}` },
    payload: { businessId: v.stranger.businessId, name: "Their soda", sellingprice: 100, quantity: 3 },
  });
  foreignIds = await idsOwnedBy(t.database, [v.stranger.businessId]);
  const manager = await registerEmployee(t.app, v.owner, v.owner.businessId, { occupation: "Manager", ...ALL_FLAGS });
  tokens = [v.owner.token, manager.token];
  before = await databaseFingerprint(t.database);
}, 120_000);
afterAll(() => t.close());

describe("5,000+ malformed requests generated from the OpenAPI document, from the owner and a Manager", () => {
  const failures: string[] = [];
  let sent = 0;

  it("every one gets a 4xx with the uniform error body, never a 2xx or a 5xx", async () => {
    const routes = t.app.routeTable.filter((r) => r.url !== "/api/health" && r.url !== "/api/files/*");
    for (const route of routes) {
      for (const [caller, token] of tokens.entries())
        for (const m of mutationsOf(route)) {
          const headers = { ...(m.request.headers as Record<string, string>), authorization: `Bearer ${token}` };
          const res: LightMyRequestResponse = await t.app.inject({ ...m.request, headers });
          m.label = `${caller ? "manager" : "owner"}: ${m.label}`;
          sent++;
          const shaped = (() => {
            try {
              return apiErrorSchema.safeParse(res.json()).success;
            } catch {
              return false;
            }
          })();
          if (res.statusCode < 400 || res.statusCode >= 500 || !shaped)
            failures.push(`${m.label} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
    }
    console.info(`bad input: ${sent} malformed requests over ${routes.length} routes`);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(5000);
  }, 600_000);

  it("and no row changed anywhere", async () => {
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
