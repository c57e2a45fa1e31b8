import type { FastifyInstance, InjectOptions } from "fastify";
import type { RouteEntry } from "../../src/platform/access.ts";

/**
 * Plausible requests for any registered route, built from the route's own schemas (as the
 * OpenAPI document states them), so the route walks cover a new route the day it is added.
 * Every uuid goes into a named "slot" (`params.id`, `query.businessId`, `body.products[].productId`)
 * whose value the caller chooses: the walks put another business's ids there.
 */

/** The parts of JSON Schema that zod's JSON Schema output uses. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** What a route accepts: path params, query, JSON body and headers, each as an object schema. */
export type RouteShape = {
  route: RouteEntry;
  params: string[];
  /** The path params declared as UUIDs (all but a few, e.g. the M-Pesa callback's token). */
  idParams: string[];
  query: JsonSchema | null;
  body: JsonSchema | null;
  headers: JsonSchema | null;
};

/** Picks the uuid of one slot, e.g. `params.id` or `body.products[].productId`. */
export type Fill = (slot: string) => string;

/** One request to try, and the uuid slots it contains. */
export type Candidate = { request: InjectOptions; slots: Set<string>; label: string };

const objectOf = (params: Parameter[]): JsonSchema | null =>
  params.length
    ? {
        type: "object",
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.required).map((p) => p.name),
      }
    : null;

/** `/api/products/:id` in the route table is `/api/products/{id}` in the OpenAPI document. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** The shape of every route of the route table (routes hidden from the document have none). */
export function routeShapes(app: FastifyInstance): Map<RouteEntry, RouteShape> {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const resolve = (s: JsonSchema | undefined): JsonSchema | null => {
    if (!s) return null;
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split("/").pop()!]);
    return s;
  };
  const shapes = new Map<RouteEntry, RouteShape>();
  for (const route of app.routeTable) {
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    if (!op) {
      shapes.set(route, { route, params, idParams: params, query: null, body: null, headers: null });
      continue;
    }
    const parameters = op.parameters ?? [];
    shapes.set(route, {
      route,
      params,
      idParams: parameters.filter((p) => p.in === "path" && p.schema.format === "uuid").map((p) => p.name),
      query: objectOf(parameters.filter((p) => p.in === "query")),
      headers: objectOf(parameters.filter((p) => p.in === "header")),
      body: resolve(op.requestBody?.content?.["application/json"]?.schema),
    });
  }
  return shapes;
}

/** Strings for patterned fields: the first that matches the pattern is used. */
const PATTERN_SAMPLES = [
  "walk-sample",
  "walk.sample",
  "ABCD2345",
  "0712345678",
  "12345678",
  "walk@example.com",
  "2026-01-01",
  "2026-01",
  "A123456789B",
  "12345", // a till PIN (4-6 digits), an M-Pesa shortcode (5-7 digits)
  "backup-2026-01-01T00-00-00-000Z", // a backup's name (restore from Settings)
];

type Mode = "minimal" | "full";

/** Generates one value for a schema; uuids come from `fill`, and every slot visited is recorded. */
export class Sampler {
  readonly slots = new Set<string>();
  /** Calendar days handed out so far: each is the day after the last (from tomorrow), so a stay's check-in comes before its check-out and neither has passed. */
  private days = 0;
  constructor(private readonly fill: Fill) {}

  value(schema: JsonSchema, path: string, mode: Mode): unknown {
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
    const options = schema.anyOf ?? schema.oneOf;
    if (options?.length) return this.value(options.find((o) => o.type !== "null") ?? options[0]!, path, mode);
    if (schema.allOf?.length) return this.value(Object.assign({}, ...schema.allOf) as JsonSchema, path, mode);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
    switch (type ?? (schema.properties ? "object" : "string")) {
      case "object":
        return this.object(schema, path, mode);
      case "array":
        return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
          this.value(schema.items ?? {}, `${path}[]`, mode),
        );
      case "integer":
      case "number": {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
        const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
        return Math.min(Math.max(1, min), max);
      }
      case "boolean":
        return true;
      case "null":
        return null;
      default:
        return this.string(schema, path);
    }
  }

  /** Required properties ("minimal": the first property when none is required), or all of them. */
  object(schema: JsonSchema, path: string, mode: Mode, extra: string[] = []): Record<string, unknown> {
    const props = schema.properties ?? {};
    const names = Object.keys(props);
    const required = schema.required ?? [];
    let chosen = mode === "full" ? names : required.length ? required : names.slice(0, 1);
    chosen = [...new Set([...chosen, ...extra])];
    return Object.fromEntries(
      chosen.filter((n) => props[n]).map((n) => [n, this.value(props[n]!, `${path}.${n}`, mode)]),
    );
  }

  private string(schema: JsonSchema, path: string): string {
    if (schema.format === "uuid") {
      this.slots.add(path);
      return this.fill(path);
    }
    if (schema.format === "email") return "walk@example.com";
    if (schema.format === "date-time") return "2026-01-01T00:00:00.000Z";
    if (schema.format === "date") return new Date(Date.now() + ++this.days * 86_400_000).toISOString().slice(0, 10);
    const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
    if (schema.pattern) {
      const re = new RegExp(schema.pattern);
      const found = PATTERN_SAMPLES.find((s) => re.test(s) && fits(s));
      if (found) return found;
    }
    let s = "walk-sample";
    while (s.length < (schema.minLength ?? 0)) s += "x";
    return s.slice(0, schema.maxLength ?? s.length) || "w";
  }
}

const withBusinessId = (value: unknown, id: string) =>
  value && typeof value === "object" && !Array.isArray(value) ? { businessId: id, ...value } : { businessId: id };

/**
 * Requests to try for one route, in order: required fields only, then each optional field
 * added in turn, then every field. Schemas cannot state refinements ("quantity or delta"),
 * so callers try candidates until one gets past validation.
 * A tenant route always gets `businessId` where its policy reads it, from `fill`.
 */
export function candidates(shape: RouteShape, fill: Fill, token?: string): Candidate[] {
  const { route } = shape;
  const tenantFrom = route.access.kind === "tenant" ? route.access.from : null;
  const build = (
    bodyMode: Mode,
    bodyExtra: string[],
    queryMode: Mode,
    queryExtra: string[],
    label: string,
  ): Candidate => {
    const sampler = new Sampler(fill);
    const params: Record<string, string> = {};
    for (const p of shape.params)
      params[p] = sampler.value({ type: "string", format: "uuid" }, `params.${p}`, "minimal") as string;
    let query: Record<string, unknown> | undefined = shape.query
      ? sampler.object(shape.query, "query", queryMode, queryExtra)
      : undefined;
    let payload: unknown = shape.body
      ? sampler.value(shape.body.properties ? { ...shape.body, type: "object" } : shape.body, "body", bodyMode)
      : undefined;
    if (shape.body?.properties && bodyExtra.length)
      payload = { ...(payload as object), ...sampler.object(shape.body, "body", bodyMode, bodyExtra) };
    if (tenantFrom === "query" && query?.businessId === undefined) {
      sampler.slots.add("query.businessId");
      query = withBusinessId(query, fill("query.businessId"));
    }
    if (tenantFrom === "body" && (payload as { businessId?: unknown } | undefined)?.businessId === undefined) {
      sampler.slots.add("body.businessId");
      payload = withBusinessId(payload, fill("body.businessId"));
    }
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (shape.headers)
      for (const [k, v] of Object.entries(sampler.object(shape.headers, "headers", "minimal"))) headers[k] = String(v);
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name]!));
    const request: InjectOptions = {
      method: route.method as InjectOptions["method"],
      url,
      headers,
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(payload !== undefined ? { payload: payload as InjectOptions["payload"] } : {}),
    };
    return { request, slots: sampler.slots, label };
  };

  const optional = (s: JsonSchema | null) =>
    s?.properties ? Object.keys(s.properties).filter((n) => !(s.required ?? []).includes(n)) : [];
  const list = [build("minimal", [], "minimal", [], "minimal")];
  for (const name of optional(shape.body)) list.push(build("minimal", [name], "minimal", [], `body +${name}`));
  for (const name of optional(shape.query)) list.push(build("minimal", [], "minimal", [name], `query +${name}`));
  list.push(build("full", [], "full", [], "full"));
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = JSON.stringify([c.request.url, c.request.query, c.request.payload, c.request.headers]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The uuid slots a route can take (params, query and body fields), whatever the candidate. */
export function slotsOf(shape: RouteShape): string[] {
  const all = new Set<string>();
  for (const c of candidates(shape, () => "00000000-0000-4000-8000-000000000000")) for (const s of c.slots) all.add(s);
  return [...all];
}

/** True when a response is the uniform 400 for input the schemas (or a service) refused. */
export function isValidationError(res: { statusCode: number; json: () => unknown }): boolean {
  if (res.statusCode !== 400) return false;
  try {
    return (res.json() as { error?: { code?: string } }).error?.code === "VALIDATION_ERROR";
  } catch {
    return false;
  }
}
