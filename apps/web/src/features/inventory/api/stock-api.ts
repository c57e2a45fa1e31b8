import type { DailyStockLog } from "@app/shared/inventory/daily-stock";
import type { Product } from "@app/shared/inventory/product";
import type { AdjustStockInput, StockMovement } from "@app/shared/inventory/stock";
import type { ProductBatch, ReceiveBatchInput } from "@app/shared/inventory/batch";
import type { StockAnalysis, StockSummary } from "@app/shared/inventory/stock-analysis";
import { baseApi } from "../../../api/base-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/** A stock change moves quantities, values, logs, and may raise or clear a low-stock alert (the bell). */
const CHANGES = ["Product", "Stock", "Notification"] as const;

export const stockApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Product", "Stock", "Notification"] })
  .injectEndpoints({
    endpoints: (build) => ({
      adjustStock: build.mutation<Product, { id: string; body: AdjustStockInput; key?: string }>({
        query: ({ id, body, key }) => ({
          url: `/products/${id}/stock`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": key ?? newIdempotencyKey() },
        }),
        invalidatesTags: [...CHANGES],
      }),
      clearQuantity: build.mutation<Product, { id: string; reason: string; key?: string }>({
        query: ({ id, reason, key }) => ({
          url: `/clearquantity/${id}`,
          method: "PATCH",
          body: { reason },
          headers: { "Idempotency-Key": key ?? newIdempotencyKey() },
        }),
        invalidatesTags: [...CHANGES],
      }),
      listMovements: build.query<
        { items: StockMovement[]; total: number },
        { id: string; page: number; pageSize: number }
      >({
        query: ({ id, ...params }) => ({ url: `/products/${id}/movements`, params }),
        providesTags: ["Stock"],
      }),
      dailyStockLogs: build.query<DailyStockLog[], { businessId: string; startDate: string; endDate: string }>({
        query: (params) => ({ url: "/products/dailystock/log", params }),
        providesTags: ["Stock"],
      }),
      listBatches: build.query<ProductBatch[], string>({
        query: (id) => `/products/${id}/batches`,
        providesTags: ["Stock"],
      }),
      receiveBatch: build.mutation<ProductBatch, { id: string; body: ReceiveBatchInput; key: string }>({
        query: ({ id, body, key }) => ({
          url: `/products/${id}/batches`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": key },
        }),
        invalidatesTags: [...CHANGES],
      }),
      stockSummary: build.query<StockSummary, string>({
        query: (businessId) => ({ url: "/stock/summary", params: { businessId } }),
        providesTags: ["Stock"],
      }),
      stockAnalysis: build.query<
        StockAnalysis,
        { businessId: string; startDate: string; endDate: string; limit?: number }
      >({
        query: (params) => ({ url: "/stock/analysis", params }),
        providesTags: ["Stock"],
      }),
    }),
  });
export const {
  useAdjustStockMutation,
  useClearQuantityMutation,
  useListMovementsQuery,
  useListBatchesQuery,
  useReceiveBatchMutation,
  useDailyStockLogsQuery,
  useStockSummaryQuery,
  useStockAnalysisQuery,
} = stockApi;
