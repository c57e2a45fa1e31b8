import type { BusinessPairInput, Transfer, TransferProductsInput } from "@app/shared/inventory/transfer";
import { baseApi } from "../../../api/base-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/** A transfer moves stock out of one business and into another: both sides' lists refresh. */
const CHANGES = ["Transfer", "Product", "Stock", "Notification", "Category"] as const;
const write = (url: string, body: unknown, key?: string) => ({
  url,
  method: "POST",
  body,
  headers: { "Idempotency-Key": key ?? newIdempotencyKey() },
});

export const transfersApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Product", "Category", "Stock", "Transfer", "Notification"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listTransfers: build.query<
        { items: Transfer[]; total: number },
        { businessId: string; page: number; pageSize: number }
      >({
        query: (params) => ({ url: "/transfers", params }),
        providesTags: ["Transfer"],
      }),
      transferProducts: build.mutation<Transfer, { body: TransferProductsInput; key?: string }>({
        query: ({ body, key }) => write("/businesses/products/transfer", body, key),
        invalidatesTags: [...CHANGES],
      }),
      transferAllProducts: build.mutation<Transfer, { body: BusinessPairInput; key?: string }>({
        query: ({ body, key }) => write("/businesses/all/products/transfer", body, key),
        invalidatesTags: [...CHANGES],
      }),
      copyCatalog: build.mutation<Transfer, { body: BusinessPairInput; key?: string }>({
        query: ({ body, key }) => write("/businesses/all/products/copy/business", body, key),
        invalidatesTags: [...CHANGES],
      }),
    }),
  });
export const {
  useListTransfersQuery,
  useTransferProductsMutation,
  useTransferAllProductsMutation,
  useCopyCatalogMutation,
} = transfersApi;
