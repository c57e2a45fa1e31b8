import type { EtimsCodes, EtimsDeviceInput, EtimsStatus } from "@app/shared/etims/oscu";
import type {
  ConfirmPurchaseAsExpenseInput,
  ConfirmPurchaseAsSupplyInput,
  EtimsPurchase,
  EtimsPurchases,
  EtimsPurchasesFetched,
  EtimsPurchaseState,
} from "@app/shared/etims/purchases";
import type { EtimsFillInput, EtimsProductsMissing, EtimsQueue, EtimsSummary } from "@app/shared/etims/queue";
import { baseApi } from "../../api/base-api.ts";

/** KRA eTIMS: whether the business is connected, its device initialisation, KRA's cached code lists. */
export const etimsApi = baseApi
  .enhanceEndpoints({
    // Purchases from KRA change supplies and stock, or expenses and the cash book: their lists refresh.
    addTagTypes: [
      "EtimsStatus",
      "Business",
      "EtimsQueue",
      "Product",
      "EtimsPurchase",
      "Supply",
      "Supplier",
      "Stock",
      "Notification",
      "Expense",
      "Money",
      "CashUp",
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getEtimsStatus: build.query<EtimsStatus, string>({
        query: (businessId) => `/etims/status?businessId=${businessId}`,
        providesTags: ["EtimsStatus"],
      }),
      connectEtims: build.mutation<EtimsStatus, EtimsDeviceInput>({
        query: (body) => ({ url: "/etims/device", method: "PUT", body }),
        // A business without a KRA PIN gets the one it connected with (Tax and eTIMS shows it).
        invalidatesTags: ["EtimsStatus", "Business"],
      }),
      refreshEtimsCodes: build.mutation<EtimsStatus, string>({
        query: (businessId) => ({ url: "/etims/codes/refresh", method: "POST", body: { businessId } }),
        invalidatesTags: ["EtimsStatus"],
      }),
      etimsCodes: build.query<
        EtimsCodes,
        { businessId: string; kind: "codes" | "itemClasses"; cdCls?: string; search?: string }
      >({
        query: (params) => ({ url: "/etims/codes", params }),
      }),
      /** The dashboard's card: connected, waiting, refused, waiting over 24 hours (owner). */
      getEtimsSummary: build.query<EtimsSummary, string>({
        query: (businessId) => `/etims/summary?businessId=${businessId}`,
        providesTags: ["EtimsQueue"],
      }),
      /** Not yet signed by KRA, oldest first (owner). */
      getEtimsQueue: build.query<EtimsQueue, string>({
        query: (businessId) => `/etims/queue?businessId=${businessId}`,
        providesTags: ["EtimsQueue"],
      }),
      retryEtims: build.mutation<{ queued: true }, { businessId: string; refId: string }>({
        query: ({ businessId, refId }) => ({
          url: `/etims/queue/${refId}/retry`,
          method: "POST",
          body: { businessId },
        }),
        invalidatesTags: ["EtimsQueue"],
      }),
      /** Products still missing eTIMS details, or refused by KRA. */
      getEtimsMissingProducts: build.query<EtimsProductsMissing, string>({
        query: (businessId) => `/etims/products/missing?businessId=${businessId}`,
        providesTags: ["EtimsQueue", "Product"],
      }),
      fillEtimsProducts: build.mutation<{ updated: number }, EtimsFillInput>({
        query: (body) => ({ url: "/etims/products/fill", method: "POST", body }),
        invalidatesTags: ["EtimsQueue", "Product"],
      }),
      /** Purchases from KRA: the suppliers' invoices KRA holds for the business (owner). */
      listEtimsPurchases: build.query<EtimsPurchases, { businessId: string; state?: EtimsPurchaseState }>({
        query: (params) => ({ url: "/etims/purchases", params }),
        providesTags: ["EtimsPurchase"],
      }),
      fetchEtimsPurchases: build.mutation<EtimsPurchasesFetched, string>({
        query: (businessId) => ({ url: "/etims/purchases/fetch", method: "POST", body: { businessId } }),
        invalidatesTags: ["EtimsPurchase"],
      }),
      /**
       * A supplier's invoice into a supply: its products are received into stock at once. The
       * dialog's Idempotency-Key: confirming again after an answer was lost gets that answer.
       */
      confirmPurchaseAsSupply: build.mutation<
        EtimsPurchase,
        { id: string; body: ConfirmPurchaseAsSupplyInput; idempotencyKey: string }
      >({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/etims/purchases/${id}/supply`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["EtimsPurchase", "Supply", "Supplier", "Product", "Stock", "Money", "CashUp", "Notification"],
      }),
      confirmPurchaseAsExpense: build.mutation<
        EtimsPurchase,
        { id: string; body: ConfirmPurchaseAsExpenseInput; idempotencyKey: string }
      >({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/etims/purchases/${id}/expense`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["EtimsPurchase", "Expense", "Money", "CashUp"],
      }),
      rejectEtimsPurchase: build.mutation<EtimsPurchase, { id: string; businessId: string }>({
        query: ({ id, businessId }) => ({ url: `/etims/purchases/${id}/reject`, method: "POST", body: { businessId } }),
        invalidatesTags: ["EtimsPurchase"],
      }),
    }),
  });
export const {
  useGetEtimsStatusQuery,
  useConnectEtimsMutation,
  useRefreshEtimsCodesMutation,
  useEtimsCodesQuery,
  useGetEtimsSummaryQuery,
  useGetEtimsQueueQuery,
  useRetryEtimsMutation,
  useGetEtimsMissingProductsQuery,
  useFillEtimsProductsMutation,
  useListEtimsPurchasesQuery,
  useFetchEtimsPurchasesMutation,
  useConfirmPurchaseAsSupplyMutation,
  useConfirmPurchaseAsExpenseMutation,
  useRejectEtimsPurchaseMutation,
} = etimsApi;
