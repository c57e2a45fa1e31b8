import type { AccessLogPage } from "@app/shared/clinic/access-log";
import type { Bill, OpenBill, VisitPaymentInput } from "@app/shared/clinic/bill";
import type {
  CreateLabRequestsInput,
  CreatePrescriptionsInput,
  LabResultInput,
  ListLabParams,
  ListPrescriptionsParams,
  Medicine,
} from "@app/shared/clinic/orders";
import type {
  CreatePatientInput,
  ListPatientsParams,
  Patient,
  PatientPage,
  PatientRemoval,
  UpdatePatientInput,
} from "@app/shared/clinic/patient";
import type { PatientRecord } from "@app/shared/clinic/record";
import type { ClinicReport } from "@app/shared/clinic/reports";
import type { ClinicService, CreateClinicServiceInput, UpdateClinicServiceInput } from "@app/shared/clinic/services";
import type {
  Consultation,
  CreateConsultationInput,
  LabRequest,
  ListConsultationsParams,
  Prescription,
  QueueEntry,
  UpdateConsultationInput,
} from "@app/shared/clinic/visit";
import { baseApi } from "../../api/base-api.ts";

const params = (q: object) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== "" && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

/** What a change of a visit touches: the queue, the visit, the lab and pharmacy worklists, bills, records. */
const VISIT_CHANGES = ["Visit", "Lab", "Prescription", "Bill", "PatientRecord", "AccessLog"] as const;

/**
 * The clinic (issue 15): patients, visits (the API's consultations), lab, prescriptions and
 * dispensing, bills and payments, the price list, reports and the access log. The server shapes
 * every answer to the caller's clinic rights; the pages hide what would be refused.
 */
export const clinicApi = baseApi
  .enhanceEndpoints({
    addTagTypes: [
      "Product",
      "Stock",
      "Patient",
      "Visit",
      "Lab",
      "Prescription",
      "Bill",
      "PatientRecord",
      "ClinicService",
      "Medicine",
      "AccessLog",
      "ClinicReport",
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPatients: build.query<PatientPage, ListPatientsParams>({
        query: (q) => ({ url: "/patients", params: params(q) }),
        providesTags: ["Patient"],
      }),
      createPatient: build.mutation<Patient, CreatePatientInput>({
        query: (body) => ({ url: "/patients", method: "POST", body }),
        invalidatesTags: ["Patient"],
      }),
      updatePatient: build.mutation<Patient, { id: string; body: UpdatePatientInput }>({
        query: ({ id, body }) => ({ url: `/patients/${id}`, method: "PUT", body }),
        invalidatesTags: ["Patient", ...VISIT_CHANGES],
      }),
      removePatient: build.mutation<PatientRemoval, string>({
        query: (id) => ({ url: `/patients/${id}`, method: "DELETE" }),
        invalidatesTags: ["Patient", ...VISIT_CHANGES],
      }),
      patientRecord: build.query<PatientRecord, string>({
        query: (id) => `/patients/${id}/record`,
        providesTags: ["PatientRecord"],
        // Each read is logged on the server: read again only when the record changed.
        keepUnusedDataFor: 30,
      }),
      listConsultations: build.query<QueueEntry[], ListConsultationsParams>({
        query: (q) => ({ url: "/consultations", params: params(q) }),
        providesTags: ["Visit"],
      }),
      getConsultation: build.query<Consultation, string>({
        query: (id) => `/consultations/${id}`,
        providesTags: ["Visit"],
      }),
      createConsultation: build.mutation<Consultation, CreateConsultationInput>({
        query: (body) => ({ url: "/consultations", method: "POST", body }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      updateConsultation: build.mutation<Consultation, { id: string; body: UpdateConsultationInput }>({
        query: ({ id, body }) => ({ url: `/consultations/${id}`, method: "PUT", body }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      deleteConsultation: build.mutation<{ deleted: true }, string>({
        query: (id) => ({ url: `/consultations/${id}`, method: "DELETE" }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      requestLabTests: build.mutation<Consultation, { id: string; body: CreateLabRequestsInput }>({
        query: ({ id, body }) => ({ url: `/consultations/${id}/lab`, method: "POST", body }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      cancelLabRequest: build.mutation<Consultation, string>({
        query: (id) => ({ url: `/consultations/lab/${id}`, method: "DELETE" }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      listLabRequests: build.query<LabRequest[], ListLabParams>({
        query: (q) => ({ url: "/consultations/lab", params: params(q) }),
        providesTags: ["Lab"],
      }),
      enterLabResult: build.mutation<LabRequest, { id: string; body: LabResultInput }>({
        query: ({ id, body }) => ({ url: `/consultations/lab/${id}/result`, method: "PUT", body }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      prescribe: build.mutation<Consultation, { id: string; body: CreatePrescriptionsInput }>({
        query: ({ id, body }) => ({ url: `/consultations/${id}/prescriptions`, method: "POST", body }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      cancelPrescription: build.mutation<Consultation, string>({
        query: (id) => ({ url: `/consultations/prescriptions/${id}`, method: "DELETE" }),
        invalidatesTags: [...VISIT_CHANGES],
      }),
      listPrescriptions: build.query<Prescription[], ListPrescriptionsParams>({
        query: (q) => ({ url: "/consultations/prescriptions", params: params(q) }),
        providesTags: ["Prescription"],
      }),
      dispense: build.mutation<Prescription, { id: string; acknowledgeAllergy: boolean; key: string }>({
        query: ({ id, acknowledgeAllergy, key }) => ({
          url: `/consultations/prescriptions/${id}/dispense`,
          method: "POST",
          body: { acknowledgeAllergy },
          headers: { "Idempotency-Key": key },
        }),
        // Stock moved: the inventory's product and stock views refresh too.
        invalidatesTags: [...VISIT_CHANGES, "Medicine", "Product", "Stock"],
      }),
      listOpenBills: build.query<OpenBill[], { businessId: string; q?: string }>({
        query: (q) => ({ url: "/consultations/bills", params: params(q) }),
        providesTags: ["Bill"],
      }),
      getBill: build.query<Bill, string>({
        query: (id) => `/consultations/${id}/bill`,
        providesTags: ["Bill"],
      }),
      payBill: build.mutation<Bill, { id: string; body: VisitPaymentInput; key: string }>({
        query: ({ id, body, key }) => ({
          url: `/consultations/${id}/payments`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": key },
        }),
        invalidatesTags: [...VISIT_CHANGES, "ClinicReport"],
      }),
      listClinicServices: build.query<ClinicService[], string>({
        query: (businessId) => ({ url: "/clinic/services", params: { businessId } }),
        providesTags: ["ClinicService"],
      }),
      createClinicService: build.mutation<ClinicService, CreateClinicServiceInput>({
        query: (body) => ({ url: "/clinic/services", method: "POST", body }),
        invalidatesTags: ["ClinicService"],
      }),
      updateClinicService: build.mutation<ClinicService, { id: string; body: UpdateClinicServiceInput }>({
        query: ({ id, body }) => ({ url: `/clinic/services/${id}`, method: "PUT", body }),
        invalidatesTags: ["ClinicService"],
      }),
      deleteClinicService: build.mutation<{ outcome: "deactivated" | "deleted" }, string>({
        query: (id) => ({ url: `/clinic/services/${id}`, method: "DELETE" }),
        invalidatesTags: ["ClinicService"],
      }),
      listMedicines: build.query<Medicine[], { businessId: string; q?: string }>({
        query: (q) => ({ url: "/clinic/medicines", params: params(q) }),
        providesTags: ["Medicine"],
      }),
      clinicReport: build.query<ClinicReport, { businessId: string; from: string; to: string }>({
        query: (q) => ({ url: "/clinic/reports", params: q }),
        providesTags: ["ClinicReport"],
      }),
      accessLog: build.query<AccessLogPage, { businessId: string; patientId?: string; page: number; pageSize: number }>(
        {
          query: (q) => ({ url: "/clinic/access-log", params: params(q) }),
          providesTags: ["AccessLog"],
        },
      ),
    }),
  });

export const {
  useListPatientsQuery,
  useCreatePatientMutation,
  useUpdatePatientMutation,
  useRemovePatientMutation,
  usePatientRecordQuery,
  useListConsultationsQuery,
  useGetConsultationQuery,
  useCreateConsultationMutation,
  useUpdateConsultationMutation,
  useDeleteConsultationMutation,
  useRequestLabTestsMutation,
  useCancelLabRequestMutation,
  useListLabRequestsQuery,
  useEnterLabResultMutation,
  usePrescribeMutation,
  useCancelPrescriptionMutation,
  useListPrescriptionsQuery,
  useDispenseMutation,
  useListOpenBillsQuery,
  useGetBillQuery,
  usePayBillMutation,
  useListClinicServicesQuery,
  useCreateClinicServiceMutation,
  useUpdateClinicServiceMutation,
  useDeleteClinicServiceMutation,
  useListMedicinesQuery,
  useClinicReportQuery,
  useAccessLogQuery,
} = clinicApi;
