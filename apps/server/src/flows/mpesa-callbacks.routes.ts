import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { darajaCallbackSchema } from "@app/shared/subscriptions/mpesa";
import { handleC2bValidation, handleStkCallback, type TillMpesaDeps } from "../modules/mpesa/mpesa.public.ts";
import { fillMpesaReference } from "../modules/sales/sales.public.ts";
import { confirmC2bPayment } from "./paybill.ts";

const tags = ["mpesa"];

/** The C2B body Daraja POSTs: checked field by field in the service, bounded here. */
const c2bBodySchema = z
  .object({
    TransactionType: z.string().max(40).optional(),
    TransID: z.string().max(40),
    TransTime: z.string().max(20),
    TransAmount: z.union([z.string().max(20), z.number()]),
    BusinessShortCode: z.union([z.string().max(20), z.number()]),
    BillRefNumber: z.string().max(40).nullish(),
    InvoiceNumber: z.string().max(40).nullish(),
    OrgAccountBalance: z.union([z.string().max(40), z.number()]).nullish(),
    ThirdPartyTransID: z.string().max(60).nullish(),
    MSISDN: z.union([z.string().max(40), z.number()]).nullish(),
    FirstName: z.string().max(100).nullish(),
    MiddleName: z.string().max(100).nullish(),
    LastName: z.string().max(100).nullish(),
  })
  .loose();
const c2bParams = z.object({ token: z.string().max(200), businessId: z.uuid() });
const c2bResponse = { 200: z.object({ ResultCode: z.string(), ResultDesc: z.string() }) };

/**
 * Daraja's calls to the till's M-Pesa. What they say reaches other areas: a late receipt number
 * shows on the sale a payment already paid, and a paybill payment pays what its account number
 * names (flows/paybill.ts).
 */
export const mpesaCallbackRoutes: FastifyPluginAsyncZod<{ deps: TillMpesaDeps }> = async (app, { deps }) => {
  // Daraja's calls. No signature exists: the path carries the installation's token, and the
  // service checks everything against what was asked; Daraja never learns what was believed.
  app.post(
    "/api/lipa/stk/:token",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's STK callback for till payments; confirmed with STK Query before anything is marked paid",
        security: [],
        params: z.object({ token: z.string().max(200) }),
        body: darajaCallbackSchema,
        response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) },
      },
    },
    async (req) => {
      try {
        await handleStkCallback(deps, fillMpesaReference, req.params.token, req.body);
      } catch (err) {
        app.log.error({ err }, "Till M-Pesa callback could not be processed; the payment stays pending for the query");
      }
      return { ResultCode: 0, ResultDesc: "Accepted" };
    },
  );

  app.post(
    "/api/lipa/c2b/:token/:businessId/confirmation",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's C2B confirmation: stored once per TransID with its raw payload",
        security: [],
        params: c2bParams,
        body: c2bBodySchema,
        response: c2bResponse,
      },
    },
    async (req) => {
      await confirmC2bPayment(deps, req.params.token, req.params.businessId, req.body);
      return { ResultCode: "0", ResultDesc: "Accepted" };
    },
  );

  app.post(
    "/api/lipa/c2b/:token/:businessId/validation",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's C2B validation: accepted when the confirmation would be stored",
        security: [],
        params: c2bParams,
        body: c2bBodySchema,
        response: c2bResponse,
      },
    },
    async (req) => handleC2bValidation(deps, req.params.token, req.params.businessId, req.body),
  );
};
