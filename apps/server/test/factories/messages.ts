import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/db/client.ts";
import { messages } from "../../src/modules/messages/messages.table.ts";
import { client } from "./app.ts";

/**
 * A sale's public receipt link (through the API) and one line of the message log, sent, for the
 * route walks (an app without SMS set up cannot queue one; the send job is tested on its own in
 * test/messages). Returns the link's token.
 */
export async function seedMessages(
  app: FastifyInstance,
  database: Database,
  owner: { token: string; businessId: string; username: string },
  saleId: string,
): Promise<string> {
  const res = await client(app, owner.token).post(`/api/sales/${saleId}/receipt-link`, {});
  if (res.statusCode !== 200) throw new Error(`receipt link: ${res.statusCode} ${res.body}`);
  await database.db.insert(messages).values({
    businessId: owner.businessId,
    channel: "sms",
    kind: "receipt",
    recipient: "+254711000222",
    ref: saleId,
    body: `Receipt: ${(res.json() as { url: string }).url}`,
    status: "sent",
    providerId: "ATXid_seeded",
    cost: "KES 0.8000",
    attempts: 1,
    createdBy: owner.username,
  });
  return (res.json() as { token: string }).token;
}
