import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Customer } from "@app/shared/customers/customer";
import { client } from "./app.ts";

/** A Kenyan mobile number no other test customer is likely to have. */
export const randomPhone = () => `07${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;

/** A customer of a business, created through the API (POST /api/customersAuth/register). */
export async function newCustomer(
  app: FastifyInstance,
  who: { token: string; businessId?: string },
  over: Record<string, unknown> = {},
  businessId = who.businessId,
): Promise<Customer> {
  const res = await client(app, who.token).post("/api/customersAuth/register", {
    businessId,
    name: "Test Customer",
    phone: randomPhone(),
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`customer failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
