import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Supplier } from "@app/shared/supplies/supplier";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import { client } from "./app.ts";

type Caller = { token: string };

/** A supplier of a business, created through the API (POST /api/suppliers). */
export async function newSupplier(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  over: Record<string, unknown> = {},
): Promise<Supplier> {
  const res = await client(app, who.token).post("/api/suppliers", {
    businessId,
    name: `Supplier ${randomUUID().slice(0, 6)}`,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`supplier failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A delivery from a supplier (POST /api/supplyrecord); nothing paid unless `over` says so. */
export async function newSupply(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  supplierId: string,
  over: Record<string, unknown> = {},
): Promise<SupplyRecord> {
  const res = await client(app, who.token).post("/api/supplyrecord", {
    businessId,
    supplierId,
    products: [],
    commodities: [{ name: "Packaging", unit: "pcs", quantity: 1, unitCost: 100 }],
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`supply failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
