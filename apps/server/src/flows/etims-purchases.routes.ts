import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmPurchaseAsExpenseInputSchema,
  confirmPurchaseAsSupplyInputSchema,
  etimsPurchaseSchema,
} from "@app/shared/etims/purchases";
import { ctxOf } from "../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../platform/idempotency.ts";
import type { EtimsDeps } from "../modules/etims/etims.public.ts";
import { confirmPurchaseAsExpense, confirmPurchaseAsSupply } from "./etims-purchases.ts";

const tags = ["etims"];
/** The owner's, like the rest of eTIMS (the list, the fetch and the rejection: modules/etims/etims.routes.ts). */
const access = { kind: "tenant", from: "body", area: "settings", ownerOnly: true } as const;
const params = z.object({ id: z.uuid() });

/** Purchases from KRA: a supplier's invoice confirmed into a supply or an expense. */
export const etimsPurchaseRoutes: FastifyPluginAsyncZod<{ deps: EtimsDeps }> = async (app, { deps }) => {
  app.post(
    "/api/etims/purchases/:id/supply",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Confirm a supplier's KRA invoice as a supply: each line a product of ours (received into stock at once) or a commodity, in the quantities confirmed; KRA is told (insertTrnsPurchase, 02, those quantities). KRA down: nothing saved; already answered: 409, unless the same Idempotency-Key answered it (its answer again) (owner)",
        params,
        headers: idempotencyHeadersSchema,
        body: confirmPurchaseAsSupplyInputSchema,
        response: { 200: etimsPurchaseSchema },
      },
    },
    async (req) => confirmPurchaseAsSupply(ctxOf(req), deps, req.params.id, req.body, idempotencyOf(req)),
  );

  app.post(
    "/api/etims/purchases/:id/expense",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Confirm a supplier's KRA invoice as an expense (its total, paid to the supplier, with KRA's eTIMS invoice); KRA is told (insertTrnsPurchase, 02). KRA down: nothing saved; already answered: 409, unless the same Idempotency-Key answered it (its answer again) (owner)",
        params,
        headers: idempotencyHeadersSchema,
        body: confirmPurchaseAsExpenseInputSchema,
        response: { 200: etimsPurchaseSchema },
      },
    },
    async (req) => confirmPurchaseAsExpense(ctxOf(req), deps, req.params.id, req.body, idempotencyOf(req)),
  );
};
