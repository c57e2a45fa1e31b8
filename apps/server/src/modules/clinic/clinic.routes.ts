import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accessLogPageSchema, accessLogQuerySchema } from "@app/shared/clinic/access-log";
import { listMedicinesQuerySchema, medicineSchema } from "@app/shared/clinic/orders";
import { clinicReportQuerySchema, clinicReportSchema } from "@app/shared/clinic/reports";
import {
  clinicServiceSchema,
  createClinicServiceInputSchema,
  updateClinicServiceInputSchema,
} from "@app/shared/clinic/services";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as prices from "./price-list.service.ts";
import { searchMedicines } from "./prescriptions.service.ts";
import { clinicReport, listAccessLog } from "./reports.service.ts";

const tags = ["clinic"];
const idParams = z.object({ id: z.uuid() });
const businessQuery = z.object({ businessId: z.uuid() });
const serviceRecord: AccessPolicy = {
  kind: "record",
  what: "Service",
  resolve: (db, p) => prices.businessIdOfService(db, p.id!),
  area: "clinic",
  ownerOnly: true,
};

/** The clinic's price list, the medicines it can prescribe, its reports and the access log. */
export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/clinic/services",
    {
      config: { access: { kind: "tenant", from: "query", area: ["clinic", "pharmacy"] } },
      schema: {
        tags,
        summary: "The price list: consultation services and lab tests",
        querystring: businessQuery,
        response: { 200: z.array(clinicServiceSchema) },
      },
    },
    async (req) => prices.listClinicServices(ctxOf(req)),
  );

  app.post(
    "/api/clinic/services",
    {
      config: { access: { kind: "tenant", from: "body", area: "clinic", ownerOnly: true } },
      schema: {
        tags,
        summary: "Add a consultation service or lab test to the price list (owner)",
        body: createClinicServiceInputSchema,
        response: { 201: clinicServiceSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await prices.createClinicService(ctxOf(req), req.body)),
  );

  app.put(
    "/api/clinic/services/:id",
    {
      config: { access: serviceRecord },
      schema: {
        tags,
        summary: "Rename, reprice, switch on or off a service of the price list (owner)",
        params: idParams,
        body: updateClinicServiceInputSchema,
        response: { 200: clinicServiceSchema },
      },
    },
    async (req) => prices.updateClinicService(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/clinic/services/:id",
    {
      config: { access: serviceRecord },
      schema: {
        tags,
        summary: "Remove a service: one already requested is switched off, an unused one erased (owner)",
        params: idParams,
        response: { 200: z.object({ outcome: z.enum(["deactivated", "deleted"]) }) },
      },
    },
    async (req) => prices.deleteClinicService(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/clinic/medicines",
    {
      config: { access: { kind: "tenant", from: "query", area: ["clinic", "pharmacy"] } },
      schema: {
        tags,
        summary: "Medicines that can be prescribed: products received in batches, with the units in date",
        querystring: listMedicinesQuerySchema,
        response: { 200: z.array(medicineSchema) },
      },
    },
    async (req) => searchMedicines(ctxOf(req), req.query.q),
  );

  app.get(
    "/api/clinic/reports",
    {
      config: { access: { kind: "tenant", from: "query", area: "clinic" } },
      schema: {
        tags,
        summary: "Clinic reports: visits per day, top diagnoses, lab workload, revenue by service and by payer",
        querystring: clinicReportQuerySchema,
        response: { 200: clinicReportSchema },
      },
    },
    async (req) => clinicReport(ctxOf(req), req.query),
  );

  app.get(
    "/api/clinic/access-log",
    {
      config: { access: { kind: "tenant", from: "query", area: "clinic", ownerOnly: true } },
      schema: {
        tags,
        summary: "Who read which patient's record, newest first (owner)",
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema },
      },
    },
    async (req) => listAccessLog(ctxOf(req), req.query),
  );
};
