import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type {
  CreateSupplierInput,
  DeleteSupplierResult,
  ListSuppliersQuery,
  Supplier,
  SupplierPage,
  SupplierStatement,
  UpdateSupplierInput,
} from "@app/shared/supplies/supplier";
import type {
  CreateSupplyInput,
  ListSuppliesQuery,
  SupplyCreditSummary,
  SupplyPage,
  SupplyProductOption,
  SupplyRecord,
  TransferToStockInput,
  UpdateSupplyCommodityInput,
  UpdateSupplyInput,
  UpdateSupplyProductInput,
} from "@app/shared/supplies/supply";
import type {
  AnalysisBucket,
  CommodityLogEntry,
  ProductSupplyLog,
  SupplyAnalysis,
  SupplyTransfer,
} from "@app/shared/supplies/supply-logs";
import { baseApi } from "../../api/base-api.ts";

const params = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""));
type WithBusiness<T> = Partial<Omit<T, "businessId">> & { businessId: string };

/** What a supplier payment sends: cents, a method, when (ISO). */
export type SupplierPaymentBody = { amountPaid: number; paymentMethod: CreditPaymentMethod | ""; paymentDate: string };

/**
 * Suppliers and supply records (spec section 7: /api/suppliers, /api/supplyrecord). Moving a
 * supply into stock changes products ("Product", "Stock": the inventory pages and the till).
 */
export const suppliesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Supplier", "Supply", "Product", "Stock", "Notification"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listSuppliers: build.query<SupplierPage, WithBusiness<ListSuppliersQuery>>({
        query: (q) => ({ url: "/suppliers", params: params(q) }),
        providesTags: ["Supplier", "Supply"],
      }),
      getSupplier: build.query<Supplier, string>({
        query: (id) => `/suppliers/${id}`,
        providesTags: ["Supplier", "Supply"],
      }),
      supplierStatement: build.query<SupplierStatement, string>({
        query: (id) => `/suppliers/${id}/statement`,
        providesTags: ["Supplier", "Supply"],
      }),
      createSupplier: build.mutation<Supplier, CreateSupplierInput>({
        query: (body) => ({ url: "/suppliers", method: "POST", body }),
        invalidatesTags: ["Supplier"],
      }),
      updateSupplier: build.mutation<Supplier, { id: string; body: UpdateSupplierInput }>({
        query: ({ id, body }) => ({ url: `/suppliers/${id}`, method: "PUT", body }),
        invalidatesTags: ["Supplier"],
      }),
      deleteSupplier: build.mutation<DeleteSupplierResult, string>({
        query: (id) => ({ url: `/suppliers/${id}`, method: "DELETE" }),
        invalidatesTags: ["Supplier"],
      }),
      listSupplies: build.query<SupplyPage, WithBusiness<ListSuppliesQuery>>({
        query: (q) => ({ url: "/supplyrecord", params: params(q) }),
        providesTags: ["Supply"],
      }),
      getSupply: build.query<SupplyRecord, string>({
        query: (id) => `/supplyrecord/${id}`,
        providesTags: ["Supply"],
      }),
      supplyCreditSummary: build.query<SupplyCreditSummary, string>({
        query: (businessId) => ({ url: "/supplyrecord/credit/summary", params: { businessId } }),
        providesTags: ["Supply"],
      }),
      createSupply: build.mutation<SupplyRecord, { input: CreateSupplyInput; idempotencyKey: string }>({
        query: ({ input, idempotencyKey }) => ({
          url: "/supplyrecord",
          method: "POST",
          body: input,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: ["Supply", "Supplier"],
      }),
      updateSupply: build.mutation<SupplyRecord, { id: string; body: UpdateSupplyInput }>({
        query: ({ id, body }) => ({ url: `/supplyrecord/${id}`, method: "PUT", body }),
        invalidatesTags: ["Supply"],
      }),
      deleteSupply: build.mutation<{ deleted: true }, string>({
        query: (id) => ({ url: `/supplyrecord/${id}`, method: "DELETE" }),
        invalidatesTags: ["Supply", "Supplier"],
      }),
      updateSupplyProduct: build.mutation<
        SupplyRecord,
        { id: string; productId: string; body: UpdateSupplyProductInput }
      >({
        query: ({ id, productId, body }) => ({
          url: `/supplyrecord/${id}/product/${productId}`,
          method: "PATCH",
          body,
        }),
        invalidatesTags: ["Supply", "Supplier"],
      }),
      updateSupplyCommodity: build.mutation<
        SupplyRecord,
        { id: string; commodityId: string; body: UpdateSupplyCommodityInput }
      >({
        query: ({ id, commodityId, body }) => ({
          url: `/supplyrecord/${id}/commodity/${commodityId}`,
          method: "PATCH",
          body,
        }),
        invalidatesTags: ["Supply", "Supplier"],
      }),
      transferToStock: build.mutation<SupplyRecord, { id: string; body: TransferToStockInput; idempotencyKey: string }>(
        {
          query: ({ id, body, idempotencyKey }) => ({
            url: `/supplyrecord/transferSupplyToStock/${id}`,
            method: "POST",
            body,
            headers: { "idempotency-key": idempotencyKey },
          }),
          invalidatesTags: ["Supply", "Product", "Stock", "Notification"],
        },
      ),
      paySupplier: build.mutation<SupplyRecord, { id: string; body: SupplierPaymentBody; idempotencyKey: string }>({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/supplyrecord/${id}/payments`,
          method: "POST",
          body,
          headers: { "idempotency-key": idempotencyKey },
        }),
        invalidatesTags: ["Supply", "Supplier"],
      }),
      supplyTransferLog: build.query<SupplyTransfer[], string>({
        query: (id) => `/supplyrecord/transfer/quantity/${id}`,
        providesTags: ["Supply"],
      }),
      productSupplyLog: build.query<ProductSupplyLog, string>({
        query: (productId) => `/supplyrecord/log/quantity/${productId}`,
        providesTags: ["Supply"],
      }),
      commodityLog: build.query<CommodityLogEntry[], string>({
        query: (supplierId) => `/supplyrecord/commodity/${supplierId}`,
        providesTags: ["Supply"],
      }),
      searchSupplyProducts: build.query<SupplyProductOption[], { businessId: string; q?: string }>({
        query: (q) => ({ url: "/supplyrecord/products", params: params(q) }),
        providesTags: ["Product"],
      }),
      supplyAnalysis: build.query<
        SupplyAnalysis,
        { businessId: string; from: string; to: string; bucket: AnalysisBucket }
      >({
        query: (q) => ({ url: "/supplyrecord/analysis", params: q }),
        providesTags: ["Supply"],
      }),
    }),
  });
export const {
  useListSuppliersQuery,
  useGetSupplierQuery,
  useSupplierStatementQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useDeleteSupplierMutation,
  useListSuppliesQuery,
  useGetSupplyQuery,
  useSupplyCreditSummaryQuery,
  useCreateSupplyMutation,
  useUpdateSupplyMutation,
  useDeleteSupplyMutation,
  useUpdateSupplyProductMutation,
  useUpdateSupplyCommodityMutation,
  useTransferToStockMutation,
  usePaySupplierMutation,
  useSupplyTransferLogQuery,
  useProductSupplyLogQuery,
  useCommodityLogQuery,
  useSearchSupplyProductsQuery,
  useSupplyAnalysisQuery,
} = suppliesApi;
