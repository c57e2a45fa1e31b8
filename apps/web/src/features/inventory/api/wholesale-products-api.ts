import type {
  CreateWholesaleProductInput,
  UpdateWholesaleProductInput,
  WholesaleProduct,
} from "@app/shared/inventory/wholesale-product";
import { baseApi } from "../../../api/base-api.ts";

/**
 * The wholesale catalogue (issue 33): the till reads the same tag (pos-api's tillWholesaleProducts);
 * a change sets the product's wholesale price, so products and the till's catalog are stale too.
 */
export const wholesaleProductsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["WholesaleProduct", "Product"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listWholesaleProducts: build.query<WholesaleProduct[], string>({
        query: (businessId) => ({ url: "/wholesaleProducts", params: { businessId } }),
        providesTags: ["WholesaleProduct"],
      }),
      createWholesaleProduct: build.mutation<WholesaleProduct, CreateWholesaleProductInput>({
        query: (body) => ({ url: "/wholesaleProducts", method: "POST", body }),
        invalidatesTags: ["WholesaleProduct", "Product"],
      }),
      updateWholesaleProduct: build.mutation<WholesaleProduct, { id: string; body: UpdateWholesaleProductInput }>({
        query: ({ id, body }) => ({ url: `/wholesaleProducts/${id}`, method: "PUT", body }),
        invalidatesTags: ["WholesaleProduct", "Product"],
      }),
      deleteWholesaleProduct: build.mutation<null, string>({
        query: (id) => ({ url: `/wholesaleProducts/${id}`, method: "DELETE" }),
        invalidatesTags: ["WholesaleProduct", "Product"],
      }),
    }),
  });
export const {
  useListWholesaleProductsQuery,
  useCreateWholesaleProductMutation,
  useUpdateWholesaleProductMutation,
  useDeleteWholesaleProductMutation,
} = wholesaleProductsApi;
