import type { CommissionEarnedRow, CommissionRule, CreateCommissionRuleInput } from "@app/shared/payroll/commission";
import type { PayProfile, PayProfileInput } from "@app/shared/payroll/pay-profile";
import type { CreatePayrollInput, MarkPayrollPaidInput, PayrollRun, PayslipLine } from "@app/shared/payroll/payroll";
import type { CreateRuleSetInput, RuleSet } from "@app/shared/payroll/rule-set";
import { baseApi } from "../../api/base-api.ts";

const key = (idempotencyKey: string) => ({ "idempotency-key": idempotencyKey });

/**
 * Payroll: runs (draft -> approved -> paid) and their payslips, pay profiles, commission rules,
 * and the statutory rule sets. Writes that move money carry an Idempotency-Key chosen once per
 * attempt by the caller, so a retry never runs or approves twice.
 */
export const payrollApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Payroll", "Payslip", "PayProfile", "Commission", "RuleSet"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPayrolls: build.query<PayrollRun[], string>({
        query: (businessId) => ({ url: "/payrolls", params: { businessId } }),
        providesTags: ["Payroll"],
      }),
      getPayroll: build.query<PayrollRun, string>({
        query: (id) => `/payrolls/${id}`,
        providesTags: ["Payroll"],
      }),
      payrollLines: build.query<PayslipLine[], string>({
        query: (id) => `/payrolls/${id}/lines`,
        providesTags: ["Payroll", "Payslip"],
      }),
      createPayroll: build.mutation<PayrollRun, { body: CreatePayrollInput; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: "/payrolls",
          method: "POST",
          body,
          headers: key(idempotencyKey),
        }),
        invalidatesTags: ["Payroll", "Payslip"],
      }),
      deletePayroll: build.mutation<{ deleted: true }, string>({
        query: (id) => ({ url: `/payrolls/${id}`, method: "DELETE" }),
        invalidatesTags: ["Payroll", "Payslip"],
      }),
      approvePayroll: build.mutation<PayrollRun, { id: string; idempotencyKey: string }>({
        query: ({ id, idempotencyKey }) => ({
          url: `/payrolls/${id}/approve`,
          method: "POST",
          headers: key(idempotencyKey),
        }),
        invalidatesTags: ["Payroll", "Payslip"],
      }),
      payPayroll: build.mutation<PayrollRun, { id: string; body: MarkPayrollPaidInput; idempotencyKey: string }>({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/payrolls/${id}/pay`,
          method: "POST",
          body,
          headers: key(idempotencyKey),
        }),
        invalidatesTags: ["Payroll", "Payslip"],
      }),
      getPayslip: build.query<PayslipLine, string>({
        query: (id) => `/payslips/${id}`,
        providesTags: ["Payslip"],
      }),
      myPayslips: build.query<PayslipLine[], string>({
        query: (businessId) => ({ url: "/payslips/mine", params: { businessId } }),
        providesTags: ["Payslip"],
      }),
      employeePayslips: build.query<PayslipLine[], { businessId: string; employeeId: string }>({
        query: (params) => ({ url: "/payslips", params }),
        providesTags: ["Payslip"],
      }),
      getPayProfile: build.query<PayProfile, string>({
        query: (employeeId) => `/payProfiles/${employeeId}`,
        providesTags: (_r, _e, id) => [{ type: "PayProfile", id }],
      }),
      listPayProfiles: build.query<PayProfile[], string>({
        query: (businessId) => ({ url: "/payProfiles", params: { businessId } }),
        providesTags: ["PayProfile"],
      }),
      savePayProfile: build.mutation<PayProfile, { employeeId: string; body: PayProfileInput }>({
        query: ({ employeeId, body }) => ({ url: `/payProfiles/${employeeId}`, method: "PUT", body }),
        invalidatesTags: (_r, _e, { employeeId }) => ["PayProfile", { type: "PayProfile", id: employeeId }],
      }),
      listCommissionRules: build.query<CommissionRule[], string>({
        query: (businessId) => ({ url: "/commissions", params: { businessId } }),
        providesTags: ["Commission"],
      }),
      createCommissionRule: build.mutation<CommissionRule, CreateCommissionRuleInput>({
        query: (body) => ({ url: "/commissions", method: "POST", body }),
        invalidatesTags: ["Commission"],
      }),
      deleteCommissionRule: build.mutation<{ deleted: true }, string>({
        query: (id) => ({ url: `/commissions/${id}`, method: "DELETE" }),
        invalidatesTags: ["Commission"],
      }),
      earnedCommissions: build.query<CommissionEarnedRow[], { businessId: string; month: string }>({
        query: (params) => ({ url: "/commissions/earned", params }),
        providesTags: ["Commission"],
      }),
      listRuleSets: build.query<RuleSet[], void>({
        query: () => "/payrollRuleSets",
        providesTags: ["RuleSet"],
      }),
      createRuleSet: build.mutation<RuleSet, CreateRuleSetInput>({
        query: (body) => ({ url: "/payrollRuleSets", method: "POST", body }),
        invalidatesTags: ["RuleSet"],
      }),
    }),
  });

export const {
  useListPayrollsQuery,
  useGetPayrollQuery,
  usePayrollLinesQuery,
  useCreatePayrollMutation,
  useDeletePayrollMutation,
  useApprovePayrollMutation,
  usePayPayrollMutation,
  useGetPayslipQuery,
  useMyPayslipsQuery,
  useEmployeePayslipsQuery,
  useGetPayProfileQuery,
  useListPayProfilesQuery,
  useSavePayProfileMutation,
  useListCommissionRulesQuery,
  useCreateCommissionRuleMutation,
  useDeleteCommissionRuleMutation,
  useEarnedCommissionsQuery,
  useListRuleSetsQuery,
  useCreateRuleSetMutation,
} = payrollApi;

/** The file name the server gives a payslip PDF. */
export const payslipFileName = (line: Pick<PayslipLine, "month" | "employeeName">) =>
  `payslip-${line.month}-${line.employeeName.replace(/[^A-Za-z0-9_-]+/g, "_")}.pdf`;
