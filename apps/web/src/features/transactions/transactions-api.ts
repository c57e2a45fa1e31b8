import type {
  CashUp,
  CashUpPreview,
  CreateCashUpInput,
  CreateTransactionInput,
  ListTransactionsQuery,
  ManualTransaction,
  TransactionPage,
} from "@app/shared/transactions/transaction";
import { baseApi } from "../../api/base-api.ts";
import { newIdempotencyKey, paramsOf } from "../../lib/idempotency-key.ts";

type Keyed<T> = T & { idempotencyKey: string };

/** The cash book and the cash-up. "Money" is the ledger's tag: every page that shows money refreshes with it. */
export const transactionsApi = baseApi.enhanceEndpoints({ addTagTypes: ["Money", "CashUp"] }).injectEndpoints({
  endpoints: (build) => ({
    listTransactions: build.query<TransactionPage, Partial<ListTransactionsQuery> & { businessId: string }>({
      query: (q) => ({ url: "/transactions", params: paramsOf(q) }),
      providesTags: ["Money"],
    }),
    createTransaction: build.mutation<ManualTransaction, Keyed<CreateTransactionInput>>({
      query: ({ idempotencyKey, ...body }) => ({
        url: "/transactions",
        method: "POST",
        body,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
      invalidatesTags: ["Money", "CashUp"],
    }),
    deleteTransaction: build.mutation<ManualTransaction, string>({
      query: (id) => ({
        url: `/transactions/${id}`,
        method: "DELETE",
        headers: { "Idempotency-Key": newIdempotencyKey() },
      }),
      invalidatesTags: ["Money", "CashUp"],
    }),
    cashUpPreview: build.query<CashUpPreview, string>({
      query: (businessId) => ({ url: "/transactions/cashup", params: { businessId } }),
      providesTags: ["CashUp", "Money"],
    }),
    createCashUp: build.mutation<CashUp, Keyed<CreateCashUpInput>>({
      query: ({ idempotencyKey, ...body }) => ({
        url: "/transactions/cashup",
        method: "POST",
        body,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
      invalidatesTags: ["CashUp"],
    }),
    listCashUps: build.query<CashUp[], string>({
      query: (businessId) => ({ url: "/transactions/cashups", params: { businessId } }),
      providesTags: ["CashUp"],
    }),
  }),
});
export const {
  useListTransactionsQuery,
  useCreateTransactionMutation,
  useDeleteTransactionMutation,
  useCashUpPreviewQuery,
  useCreateCashUpMutation,
  useListCashUpsQuery,
} = transactionsApi;

/** Where a cash-up's Z report (PDF, 80 mm) is served. */
export const zReportUrl = (cashUpId: string) => `/api/transactions/cashups/${cashUpId}/zreport`;
