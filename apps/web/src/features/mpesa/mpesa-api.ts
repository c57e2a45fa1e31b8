import type {
  MpesaCredentialsInput,
  MpesaSettings,
  StkPushInput,
  TillPayment,
  UnclaimedQuery,
} from "@app/shared/mpesa/mpesa";
import { baseApi } from "../../api/base-api.ts";

/** M-Pesa at the counter: the business's Daraja settings, STK pushes, unclaimed customer payments. */
export const mpesaApi = baseApi.enhanceEndpoints({ addTagTypes: ["MpesaSettings", "MpesaPayment"] }).injectEndpoints({
  endpoints: (build) => ({
    getMpesaSettings: build.query<MpesaSettings, string>({
      query: (businessId) => `/mpesa/settings?businessId=${businessId}`,
      providesTags: ["MpesaSettings"],
    }),
    saveMpesaSettings: build.mutation<MpesaSettings, MpesaCredentialsInput>({
      query: (body) => ({ url: "/mpesa/settings", method: "PUT", body }),
      invalidatesTags: ["MpesaSettings"],
    }),
    registerC2b: build.mutation<MpesaSettings, string>({
      query: (businessId) => ({ url: "/mpesa/c2b/register", method: "POST", body: { businessId } }),
      invalidatesTags: ["MpesaSettings"],
    }),
    rotateC2bToken: build.mutation<MpesaSettings, string>({
      query: (businessId) => ({ url: "/mpesa/settings/rotateC2bToken", method: "POST", body: { businessId } }),
      invalidatesTags: ["MpesaSettings"],
    }),
    sendStkPush: build.mutation<TillPayment, StkPushInput & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: "/mpesa/stk",
        method: "POST",
        body,
        headers: { "idempotency-key": idempotencyKey },
      }),
    }),
    tillPayment: build.query<TillPayment, string>({
      query: (id) => `/mpesa/payments/${id}`,
    }),
    unclaimedPayments: build.query<TillPayment[], UnclaimedQuery>({
      query: ({ businessId, amount, receipt }) => ({
        url: "/mpesa/unclaimed",
        params: { businessId, ...(amount !== undefined ? { amount } : {}), ...(receipt ? { receipt } : {}) },
      }),
      providesTags: ["MpesaPayment"],
    }),
  }),
});
export const {
  useGetMpesaSettingsQuery,
  useSaveMpesaSettingsMutation,
  useRegisterC2bMutation,
  useRotateC2bTokenMutation,
  useSendStkPushMutation,
  useTillPaymentQuery,
  useUnclaimedPaymentsQuery,
} = mpesaApi;
