import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  etimsCodesQuerySchema,
  etimsCodesSchema,
  etimsDeviceInputSchema,
  etimsStatusSchema,
} from "@app/shared/etims/oscu";
import {
  etimsPurchaseSchema,
  etimsPurchasesFetchedSchema,
  etimsPurchasesSchema,
  listEtimsPurchasesQuerySchema,
} from "@app/shared/etims/purchases";
import { etimsRefundReasonsSchema } from "@app/shared/etims/queue";
import { etimsReceiptBranchSchema } from "@app/shared/etims/receipt-proof";
import { mayManageSales } from "@app/shared/permissions/sales";
import { ctxOf } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import { listCodes, refreshEtimsCodeLists, refundReasons } from "./codes.service.ts";
import { appErrorOf, getStatus, initialise } from "./device.service.ts";
import type { EtimsDeps } from "./etims-deps.ts";
import { rejectEtimsPurchase } from "./purchase-answer.ts";
import { fetchEtimsPurchases, listEtimsPurchases } from "./purchases.service.ts";
import { receiptBranchOf } from "./receipt-branch.ts";

const tags = ["etims"];
const settingsAccess = (from: "body" | "query") =>
  ({ kind: "tenant", from, area: "settings", ownerOnly: true }) as const;
/** The device and its CMC key: the owner's alone, never support's (even with access), like the M-Pesa credentials. */
const deviceAccess = { ...settingsAccess("body"), ownerAlone: true } as const;

/** KRA eTIMS (OSCU): the device in Settings, KRA's code lists for the pickers. */
export const etimsRoutes: FastifyPluginAsyncZod<{ deps: EtimsDeps }> = async (app, { deps }) => {
  app.get(
    "/api/etims/status",
    {
      config: { access: settingsAccess("query") },
      schema: {
        tags,
        summary:
          "Whether the business is connected to KRA eTIMS, as whom, or what is missing; never the CMC key (owner)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: etimsStatusSchema },
      },
    },
    async (req) => getStatus(ctxOf(req), deps),
  );

  app.put(
    "/api/etims/device",
    {
      config: { access: deviceAccess },
      schema: {
        tags,
        summary:
          "Initialise the business's eTIMS device with KRA (selectInitOsdcInfo): KRA PIN, branch id, device serial; the CMC key is kept sealed, then KRA's code lists are fetched (owner)",
        body: etimsDeviceInputSchema,
        response: { 200: etimsStatusSchema },
      },
    },
    async (req) => initialise(ctxOf(req), deps, req.body),
  );

  app.post(
    "/api/etims/codes/refresh",
    {
      config: { access: deviceAccess },
      schema: {
        tags,
        summary: "Fetch KRA's code lists and item classifications changed since the last fetch (owner)",
        body: z.object({ businessId: z.uuid() }),
        response: { 200: etimsStatusSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      try {
        await refreshEtimsCodeLists(ctx.db, deps, ctx.businessId);
      } catch (err) {
        throw appErrorOf(err);
      }
      return getStatus(ctx, deps);
    },
  );

  app.get(
    "/api/etims/codes",
    {
      config: { access: { kind: "tenant", from: "query", area: ["settings", "inventory"] } },
      schema: {
        tags,
        summary: "KRA's cached codes of one class, or item classifications by search, for the pickers",
        querystring: etimsCodesQuerySchema,
        response: { 200: etimsCodesSchema },
      },
    },
    async (req) => listCodes(ctxOf(req), req.query),
  );

  app.get(
    "/api/etims/refund-reasons",
    {
      // Those who void sales and orders (the void routes' own areas and permission).
      config: { access: { kind: "tenant", from: "query", area: ["sales", "wholesale"], permit: mayManageSales } },
      schema: {
        tags,
        summary:
          "KRA's refund reasons (code class 32) a voided sale's credit note may carry, for the void dialog; connected false without an eTIMS device",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: etimsRefundReasonsSchema },
      },
    },
    async (req) => refundReasons(ctxOf(req).db, ctxOf(req).businessId),
  );

  // Purchases from KRA (issue 30 item 8); confirming one into a supply or an expense is a flow
  // (flows/etims-purchases.routes.ts): supplies and expenses are above this module.
  app.get(
    "/api/etims/purchases",
    {
      config: { access: settingsAccess("query") },
      schema: {
        tags,
        summary:
          "The invoices suppliers issued to this business that KRA holds, with their lines and tax bands: new first, then the newest (owner)",
        querystring: listEtimsPurchasesQuerySchema,
        response: { 200: etimsPurchasesSchema },
      },
    },
    async (req) => listEtimsPurchases(ctxOf(req), req.query),
  );

  app.post(
    "/api/etims/purchases/fetch",
    {
      config: { access: settingsAccess("body") },
      schema: {
        tags,
        summary:
          "Fetch from KRA the invoices suppliers issued to this business since the last fetch (selectTrnsPurchaseSalesList); each is kept once (owner)",
        body: z.object({ businessId: z.uuid() }),
        response: { 200: etimsPurchasesFetchedSchema },
      },
    },
    async (req) => fetchEtimsPurchases(ctxOf(req).db, deps, ctxOf(req).businessId),
  );

  app.post(
    "/api/etims/purchases/:id/reject",
    {
      config: { access: settingsAccess("body") },
      schema: {
        tags,
        summary:
          "Reject a supplier's invoice: KRA is told (insertTrnsPurchase, status 04) and nothing is recorded; KRA down: nothing saved; Idempotency-Key as confirming (owner)",
        params: z.object({ id: z.uuid() }),
        headers: idempotencyHeadersSchema,
        body: z.object({ businessId: z.uuid() }),
        response: { 200: etimsPurchaseSchema },
      },
    },
    async (req) => rejectEtimsPurchase(deps, ctxOf(req), req.params.id, idempotencyOf(req)),
  );

  app.get(
    "/api/etims/receipt-branch",
    {
      config: {
        access: {
          kind: "tenant",
          from: "query",
          area: ["pos", "pharmacy", "wholesale", "sales", "olderSales", "salesDocuments", "rooms", "clinic"],
        },
      },
      schema: {
        tags,
        summary:
          "The connected eTIMS branch (KRA PIN, branch id, production or sandbox) a receipt's KRA QR code is built from; null when not connected (staff who print receipts)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: etimsReceiptBranchSchema },
      },
    },
    async (req) => receiptBranchOf(ctxOf(req).db, ctxOf(req).businessId),
  );
};
