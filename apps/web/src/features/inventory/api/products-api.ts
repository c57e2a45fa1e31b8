import type {
  CreateProductInput,
  ListProductsQuery,
  Product,
  ProductPage,
  UpdateProductInput,
} from "@app/shared/inventory/product";
import { baseApi } from "../../../api/base-api.ts";

/** The list query as the pages send it (the server fills its defaults). */
export type ProductListArgs = Partial<Omit<ListProductsQuery, "includeArchived">> & {
  businessId: string;
  includeArchived?: boolean;
};

/** Products change stock levels, category counts and low-stock alerts: refresh them all. */
const CHANGES = ["Product", "Category", "Stock", "Notification"] as const;

export const productsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Product", "Category", "Stock", "Notification"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listProducts: build.query<ProductPage, ProductListArgs>({
        query: ({ includeArchived, ...q }) => ({
          url: "/products",
          params: { ...q, ...(includeArchived ? { includeArchived: "true" } : {}) },
        }),
        providesTags: ["Product"],
      }),
      getProduct: build.query<Product, string>({
        query: (id) => `/products/${id}`,
        providesTags: (_r, _e, id) => [{ type: "Product", id }],
      }),
      createProduct: build.mutation<Product, CreateProductInput>({
        query: (body) => ({ url: "/products", method: "POST", body }),
        invalidatesTags: [...CHANGES],
      }),
      updateProduct: build.mutation<Product, { id: string; body: UpdateProductInput }>({
        query: ({ id, body }) => ({ url: `/products/${id}`, method: "PUT", body }),
        invalidatesTags: [...CHANGES],
      }),
      deleteProduct: build.mutation<{ archived: boolean }, string>({
        query: (id) => ({ url: `/products/${id}`, method: "DELETE" }),
        invalidatesTags: [...CHANGES],
      }),
      uploadProductImage: build.mutation<Product, { id: string; file: File }>({
        query: ({ id, file }) => {
          const body = new FormData();
          body.append("image", file);
          return { url: `/products/${id}/image`, method: "POST", body };
        },
        invalidatesTags: ["Product"],
      }),
      moveProductToSubcategory: build.mutation<Product, { productId: string; subId: string }>({
        query: ({ productId, subId }) => ({ url: `/categories/move/${productId}/subcategory/${subId}`, method: "PUT" }),
        invalidatesTags: ["Product", "Category"],
      }),
    }),
  });
export const {
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUploadProductImageMutation,
  useMoveProductToSubcategoryMutation,
} = productsApi;
