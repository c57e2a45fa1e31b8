import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billSchema, listBillsQuerySchema, openBillSchema, visitPaymentInputSchema } from "@app/shared/clinic/bill";
import {
  createLabRequestsInputSchema,
  createPrescriptionsInputSchema,
  dispenseInputSchema,
  labResultInputSchema,
  listLabQuerySchema,
  listPrescriptionsQuerySchema,
} from "@app/shared/clinic/orders";
import {
  consultationSchema,
  createConsultationInputSchema,
  labRequestSchema,
  listConsultationsQuerySchema,
  prescriptionSchema,
  queueEntrySchema,
  updateConsultationInputSchema,
} from "@app/shared/clinic/visit";
import type { Area } from "@app/shared/permissions/areas";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import type { Db } from "../../db/client.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as billing from "./billing.service.ts";
import * as lab from "./lab.service.ts";
import * as rx from "./prescriptions.service.ts";
import * as visits from "./visits.service.ts";

const tags = ["consultations"];
const idParams = z.object({ id: z.uuid() });
/** The pharmacy (its POS and Prescriptions) works on visits too. */
const CLINIC: Area = "clinic";
const CLINIC_OR_PHARMACY: readonly Area[] = ["clinic", "pharmacy"];

const record = (
  what: string,
  resolve: (db: Db, id: string) => Promise<string | null>,
  area: Area | readonly Area[] = CLINIC,
): AccessPolicy => ({ kind: "record", what, resolve: (db, p) => resolve(db, p.id!), area });
const visitRecord = (area: Area | readonly Area[] = CLINIC) => record("Visit", visits.businessIdOfVisit, area);

/**
 * Visits (the API's consultations, spec section 7) and what happens during them: lab requests
 * and results, prescriptions and dispensing, the bill and its payments. Static paths
 * (/lab, /prescriptions, /bills) come before /{id} in the router.
 */
export const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/consultations",
    {
      config: { access: { kind: "tenant", from: "query", area: CLINIC } },
      schema: {
        tags,
        summary: "The queue: today's visits (or every open one) with stage and waiting times, nothing clinical",
        querystring: listConsultationsQuerySchema,
        response: { 200: z.array(queueEntrySchema) },
      },
    },
    async (req) => visits.listConsultations(ctxOf(req), req.query),
  );

  app.post(
    "/api/consultations",
    {
      config: { access: { kind: "tenant", from: "body", area: CLINIC } },
      schema: {
        tags,
        summary:
          "Start a visit for a patient of this business (queued at waiting; the consultation fee goes on its bill)",
        body: createConsultationInputSchema,
        response: { 201: consultationSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await visits.createConsultation(ctxOf(req), req.body)),
  );

  app.get(
    "/api/consultations/lab",
    {
      config: { access: { kind: "tenant", from: "query", area: CLINIC } },
      schema: {
        tags,
        summary: "The lab's worklist: requests waiting (or completed, cancelled), results for those who may read them",
        querystring: listLabQuerySchema,
        response: { 200: z.array(labRequestSchema) },
      },
    },
    async (req) => lab.listLabRequests(ctxOf(req), req.query),
  );

  app.get(
    "/api/consultations/prescriptions",
    {
      config: { access: { kind: "tenant", from: "query", area: CLINIC_OR_PHARMACY } },
      schema: {
        tags,
        summary: "The pharmacy's worklist: prescriptions waiting to be dispensed (or dispensed, cancelled)",
        querystring: listPrescriptionsQuerySchema,
        response: { 200: z.array(prescriptionSchema) },
      },
    },
    async (req) => rx.listPrescriptions(ctxOf(req), req.query),
  );

  app.get(
    "/api/consultations/bills",
    {
      config: { access: { kind: "tenant", from: "query", area: CLINIC_OR_PHARMACY } },
      schema: {
        tags,
        summary: "Visit bills the POS can take payment for (owing, or at billing), oldest first",
        querystring: listBillsQuerySchema,
        response: { 200: z.array(openBillSchema) },
      },
    },
    async (req) => billing.listOpenBills(ctxOf(req), req.query.q),
  );

  app.get(
    "/api/consultations/:id",
    {
      config: { access: visitRecord(CLINIC_OR_PHARMACY) },
      schema: {
        tags,
        summary: "One visit: each part (vitals, notes, lab, prescriptions) only for those who may read it; logged",
        params: idParams,
        response: { 200: consultationSchema },
      },
    },
    async (req) => visits.getConsultation(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/consultations/:id",
    {
      config: { access: visitRecord() },
      schema: {
        tags,
        summary: "Move a visit along the queue, record vitals, write the consultation and diagnosis (ICD-10)",
        params: idParams,
        body: updateConsultationInputSchema,
        response: { 200: consultationSchema },
      },
    },
    async (req) => visits.updateConsultation(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/consultations/:id",
    {
      config: { access: visitRecord() },
      schema: {
        tags,
        summary: "Remove a visit queued by mistake (one with results, dispensing or payments is kept: 409)",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => visits.deleteConsultation(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/consultations/:id/lab",
    {
      config: { access: visitRecord() },
      schema: {
        tags,
        summary: "Request lab tests of the price list for a visit (each goes on its bill)",
        params: idParams,
        body: createLabRequestsInputSchema,
        response: { 201: consultationSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await lab.requestLabTests(ctxOf(req), req.params.id, req.body)),
  );

  app.delete(
    "/api/consultations/lab/:id",
    {
      config: { access: record("Lab request", lab.businessIdOfLabRequest) },
      schema: {
        tags,
        summary: "Cancel a lab test not yet done (taken off the bill)",
        params: idParams,
        response: { 200: consultationSchema },
      },
    },
    async (req) => lab.cancelLabRequest(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/consultations/lab/:id/result",
    {
      config: { access: record("Lab request", lab.businessIdOfLabRequest) },
      schema: {
        tags,
        summary: "Enter a lab result (value, unit, reference range, flag); it is then on the clinician's view",
        params: idParams,
        body: labResultInputSchema,
        response: { 200: labRequestSchema },
      },
    },
    async (req) => lab.enterLabResult(ctxOf(req), req.params.id, req.body),
  );

  app.post(
    "/api/consultations/:id/prescriptions",
    {
      config: { access: visitRecord() },
      schema: {
        tags,
        summary: "Prescribe medicines (inventory products) with dose, frequency, duration and quantity",
        params: idParams,
        body: createPrescriptionsInputSchema,
        response: { 201: consultationSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await rx.prescribe(ctxOf(req), req.params.id, req.body)),
  );

  app.delete(
    "/api/consultations/prescriptions/:id",
    {
      config: { access: record("Prescription", rx.businessIdOfPrescription) },
      schema: {
        tags,
        summary: "Cancel a prescription not yet dispensed",
        params: idParams,
        response: { 200: consultationSchema },
      },
    },
    async (req) => rx.cancelPrescription(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/consultations/prescriptions/:id/dispense",
    {
      config: { access: record("Prescription", rx.businessIdOfPrescription, CLINIC_OR_PHARMACY) },
      schema: {
        tags,
        summary:
          "Dispense: stock taken from the batches that expire first through the ledger and the medicine put on the bill, in one transaction (Idempotency-Key)",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: dispenseInputSchema,
        response: { 200: prescriptionSchema },
      },
    },
    async (req) => rx.dispense(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );

  app.get(
    "/api/consultations/:id/bill",
    {
      config: { access: visitRecord(CLINIC_OR_PHARMACY) },
      schema: {
        tags,
        summary: "A visit's bill: consultation fee, lab tests, medicines, payments and balance (logged)",
        params: idParams,
        response: { 200: billSchema },
      },
    },
    async (req) => billing.getBill(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/consultations/:id/payments",
    {
      config: { access: visitRecord(CLINIC_OR_PHARMACY) },
      schema: {
        tags,
        summary: "Pay a visit's bill by Cash, M-Pesa, Bank or an insurance/SHA claim (Idempotency-Key)",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: visitPaymentInputSchema,
        response: { 201: billSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await billing.payBill(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );
};
