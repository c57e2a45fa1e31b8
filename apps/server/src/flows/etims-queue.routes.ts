import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  etimsFillInputSchema,
  etimsProductsMissingSchema,
  etimsQueueSchema,
  etimsSaleCorrectionsSchema,
  etimsSummarySchema,
  type EtimsQueueItem,
  type EtimsQueueStock,
  type EtimsSummary,
} from "@app/shared/etims/queue";
import { documentNumber, type DocumentType } from "@app/shared/sales-documents/document";
import type { DbOrTx } from "../db/client.ts";
import { ctxOf } from "../platform/access.ts";
import { notFound } from "../platform/errors.ts";
import type { Jobs } from "../platform/jobs.ts";
import { transact } from "../platform/retry.ts";
import {
  correctionOf,
  correctionSales,
  correctionsOfSale,
  deviceInfoOf,
  openRows,
  outboxCounts,
  purchasesToConfirm,
  requeue,
} from "../modules/etims/etims.public.ts";
import {
  fillProductsEtims,
  productsForEtims,
  productsMissingEtims,
  stockMovementsForEtims,
} from "../modules/inventory/inventory.public.ts";
import { findSale, setSaleEtims } from "../modules/sales/sales.public.ts";
import { setDocumentEtims } from "../modules/sales-documents/sales-documents.public.ts";
import { queueSend } from "./etims-queue.ts";

const tags = ["etims"];
/** The queue is the owner's: the "Not yet signed by KRA" list, retries, the dashboard card. */
const ownerAccess = (from: "query" | "body") =>
  ({ kind: "tenant", from, area: ["settings", "dashboard"], ownerOnly: true }) as const;

export async function etimsSummary(db: DbOrTx, businessId: string): Promise<EtimsSummary> {
  const [device, counts, purchases] = await Promise.all([
    deviceInfoOf(db, businessId),
    outboxCounts(db, businessId),
    purchasesToConfirm(db, businessId),
  ]);
  return { connected: !!device, ...counts, purchasesToConfirm: purchases };
}

/** The label of each open row: the sale's or order's number, the document's, the product's name. */
async function labelsOf(db: DbOrTx, businessId: string, rows: { kind: string; refId: string }[]) {
  const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.refId);
  const labels = new Map<string, string>();
  const list = (xs: string[]) =>
    sql.join(
      xs.map((x) => sql`${x}::uuid`),
      sql`, `,
    );
  // A credit note or a new receipt is named by its sale.
  const corrections = await correctionSales(db, businessId, [...ids("credit"), ...ids("resend")]);
  const saleIds = [...new Set([...ids("sale"), ...[...corrections.values()].map((c) => c.saleId)])];
  if (saleIds.length) {
    const { rows: sales } = await db.execute<{ id: string; channel: string; sale_number: number }>(
      sql`SELECT id, channel, sale_number FROM sales WHERE business_id = ${businessId} AND id IN (${list(saleIds)})`,
    );
    for (const s of sales) labels.set(s.id, `${s.channel === "wholesale" ? "Order" : "Sale"} ${s.sale_number}`);
    for (const [id, c] of corrections) labels.set(id, labels.get(c.saleId) ?? "");
  }
  if (ids("document").length) {
    const { rows: docs } = await db.execute<{ id: string; type: DocumentType; seq: number }>(
      sql`SELECT id, type, seq FROM sales_documents WHERE business_id = ${businessId} AND id IN (${list(ids("document"))})`,
    );
    for (const d of docs) labels.set(d.id, documentNumber(d.type, d.seq));
  }
  if (ids("item").length) {
    const { rows: items } = await db.execute<{ id: string; name: string }>(
      sql`SELECT id, name FROM products WHERE business_id = ${businessId} AND id IN (${list(ids("item"))})`,
    );
    for (const p of items) labels.set(p.id, p.name);
  }
  return labels;
}

/** A refused stock report's movement and its product (the owner's list names them); a movement gone has none. */
async function stockOf(db: DbOrTx, businessId: string, rows: { kind: string; refId: string }[]) {
  const moves = await stockMovementsForEtims(
    db,
    businessId,
    rows.filter((r) => r.kind === "stock").map((r) => r.refId),
  );
  const products = await productsForEtims(db, businessId, [...new Set([...moves.values()].map((m) => m.productId))]);
  const out = new Map<string, EtimsQueueStock>();
  for (const [id, m] of moves)
    out.set(id, {
      product: products.get(m.productId)?.name ?? "",
      reason: m.reason,
      delta: m.delta,
      movedAt: m.createdAt.toISOString(),
    });
  return out;
}

/** KRA eTIMS's queue for the owner, and the products' eTIMS details in bulk. */
export const etimsQueueRoutes: FastifyPluginAsyncZod<{ jobs: Jobs | null }> = async (app, { jobs }) => {
  app.get(
    "/api/etims/summary",
    {
      config: { access: ownerAccess("query") },
      schema: {
        tags,
        summary:
          "The dashboard's eTIMS card: connected, sales waiting for KRA, refused, waiting over 24 hours, suppliers' invoices to confirm (owner)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: etimsSummarySchema },
      },
    },
    async (req) => etimsSummary(ctxOf(req).db, ctxOf(req).businessId),
  );

  app.get(
    "/api/etims/queue",
    {
      config: { access: ownerAccess("query") },
      schema: {
        tags,
        summary:
          "Not yet signed by KRA: sales, documents and products waiting (and why) or refused (KRA's reason), and stock reports KRA refused, oldest first (owner)",
        querystring: z.object({ businessId: z.uuid(), limit: z.coerce.number().int().min(1).max(500).default(200) }),
        response: { 200: etimsQueueSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const [summary, rows] = await Promise.all([
        etimsSummary(ctx.db, ctx.businessId),
        openRows(ctx.db, ctx.businessId, req.query.limit),
      ]);
      const [labels, stock] = await Promise.all([
        labelsOf(ctx.db, ctx.businessId, rows),
        stockOf(ctx.db, ctx.businessId, rows),
      ]);
      const items: EtimsQueueItem[] = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        refId: r.refId,
        label: stock.get(r.refId)?.product ?? labels.get(r.refId) ?? "",
        ...(stock.has(r.refId) ? { stock: stock.get(r.refId)! } : {}),
        state: r.state as EtimsQueueItem["state"],
        attempts: r.attempts,
        errorCode: r.errorCode,
        error: r.error,
        queuedAt: r.queuedAt.toISOString(),
      }));
      return { summary, items };
    },
  );

  app.post(
    "/api/etims/queue/:refId/retry",
    {
      config: { access: ownerAccess("body") },
      schema: {
        tags,
        summary:
          "Send a refused sale, document, credit note, product or stock report to KRA again (after fixing it) (owner)",
        params: z.object({ refId: z.uuid() }),
        body: z.object({ businessId: z.uuid() }),
        response: { 200: z.object({ queued: z.literal(true) }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await transact(ctx.db, async (tx) => {
        const row = await requeue(tx, ctx.businessId, req.params.refId);
        if (!row) throw notFound("Refused eTIMS record");
        const pending = { state: "pending" as const, proof: null, error: null };
        if (row.kind === "sale") await setSaleEtims(tx, ctx.businessId, row.refId, pending);
        if (row.kind === "resend") {
          const resend = await correctionOf(tx, ctx.businessId, row.refId);
          if (resend) await setSaleEtims(tx, ctx.businessId, resend.saleId, pending);
        }
        if (row.kind === "document") await setDocumentEtims(tx, ctx.businessId, row.refId, pending);
      });
      if (jobs) await queueSend(jobs, ctx.businessId);
      return { queued: true as const };
    },
  );

  app.get(
    "/api/etims/sales/:id/corrections",
    {
      config: { access: { kind: "tenant", from: "query", area: ["sales", "wholesale"] } },
      schema: {
        tags,
        summary:
          "A sale's credit notes and new receipts sent to KRA after it was voided, edited or restored, oldest first",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: etimsSaleCorrectionsSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      if (!(await findSale(ctx.db, ctx.businessId, req.params.id))) throw notFound("Sale");
      return { items: await correctionsOfSale(ctx.db, ctx.businessId, req.params.id) };
    },
  );

  app.get(
    "/api/etims/products/missing",
    {
      config: { access: { kind: "tenant", from: "query", area: "inventory" } },
      schema: {
        tags,
        summary: "Complete eTIMS details: live products still missing one, or refused by KRA (with KRA's reason)",
        querystring: z.object({ businessId: z.uuid(), limit: z.coerce.number().int().min(1).max(500).default(200) }),
        response: { 200: etimsProductsMissingSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const { items, total } = await productsMissingEtims(ctx.db, ctx.businessId, req.query.limit);
      return {
        total,
        items: items.map((p) => ({
          _id: p.id,
          name: p.name,
          etimsItemClass: p.itemClass,
          etimsItemType: p.itemType,
          etimsOrigin: p.origin,
          etimsPackagingUnit: p.packagingUnit,
          etimsQuantityUnit: p.quantityUnit,
          etimsItemCode: p.itemCode,
          etimsError: p.error,
        })),
      };
    },
  );

  app.post(
    "/api/etims/products/fill",
    {
      config: { access: { kind: "tenant", from: "body", area: "inventory", ownerOnly: true } },
      schema: {
        tags,
        summary: "Fill the same eTIMS details into many products; each is then registered with KRA (owner)",
        body: etimsFillInputSchema,
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const d = req.body.details;
      // All or nothing: a product that is not this business's is 404 and none is changed.
      const updated = await transact(ctx.db, async (tx) => {
        const n = await fillProductsEtims(tx, ctx.businessId, req.body.productIds, {
          ...(d.etimsItemClass ? { itemClass: d.etimsItemClass } : {}),
          ...(d.etimsItemType ? { itemType: d.etimsItemType } : {}),
          ...(d.etimsOrigin ? { origin: d.etimsOrigin } : {}),
          ...(d.etimsPackagingUnit ? { packagingUnit: d.etimsPackagingUnit } : {}),
          ...(d.etimsQuantityUnit ? { quantityUnit: d.etimsQuantityUnit } : {}),
        });
        if (n === null) throw notFound("Product");
        return n;
      });
      return { updated };
    },
  );
};
