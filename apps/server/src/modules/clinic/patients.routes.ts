import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPatientInputSchema,
  listPatientsQuerySchema,
  patientPageSchema,
  patientRemovalSchema,
  patientSchema,
  updatePatientInputSchema,
} from "@app/shared/clinic/patient";
import { patientRecordSchema } from "@app/shared/clinic/record";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./patients.service.ts";

const tags = ["patients"];
const idParams = z.object({ id: z.uuid() });
const patientRecord: AccessPolicy = {
  kind: "record",
  what: "Patient",
  resolve: (db, p) => service.businessIdOfPatient(db, p.id!),
  area: "clinic",
};

/** Patients (spec section 7): reception's register; what each caller reads is shaped by their clinic rights. */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/patients",
    {
      config: { access: { kind: "tenant", from: "query", area: "clinic" } },
      schema: {
        tags,
        summary: "Find patients by name, phone, ID, patient number or birth date (a page of 10 by default)",
        querystring: listPatientsQuerySchema,
        response: { 200: patientPageSchema },
      },
    },
    async (req) => service.listPatients(ctxOf(req), req.query),
  );

  app.post(
    "/api/patients",
    {
      config: { access: { kind: "tenant", from: "body", area: "clinic" } },
      schema: {
        tags,
        summary: "Register a patient (reception and clinicians; allergies by clinicians only)",
        body: createPatientInputSchema,
        response: { 201: patientSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createPatient(ctxOf(req), req.body)),
  );

  app.put(
    "/api/patients/:id",
    {
      config: { access: patientRecord },
      schema: {
        tags,
        summary: "Edit a patient's details (reception) or allergies (clinicians and nurses)",
        params: idParams,
        body: updatePatientInputSchema,
        response: { 200: patientSchema },
      },
    },
    async (req) => service.updatePatient(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/patients/:id",
    {
      config: { access: patientRecord },
      schema: {
        tags,
        summary: "Remove a patient: one with visits is archived (history kept), one without is erased",
        params: idParams,
        response: { 200: patientRemovalSchema },
      },
    },
    async (req) => service.removePatient(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/patients/:id/record",
    {
      config: { access: patientRecord },
      schema: {
        tags,
        summary:
          "A patient's history: visits, diagnoses, results, prescriptions, allergies (as the caller may see them; logged)",
        params: idParams,
        response: { 200: patientRecordSchema },
      },
    },
    async (req) => service.getPatientRecord(ctxOf(req), req.params.id),
  );
};
