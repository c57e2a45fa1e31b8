import type { Category, Subcategory } from "@app/shared/inventory/category";
import { baseApi } from "../../../api/base-api.ts";

/** Category names show in product lists too. */
const CHANGES = ["Category", "Product"] as const;

export const categoriesApi = baseApi.enhanceEndpoints({ addTagTypes: ["Product", "Category"] }).injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<Category[], string>({
      query: (businessId) => ({ url: "/categories", params: { businessId } }),
      providesTags: ["Category"],
    }),
    createCategory: build.mutation<Category, { businessId: string; name: string }>({
      query: (body) => ({ url: "/categories", method: "POST", body }),
      invalidatesTags: [...CHANGES],
    }),
    renameCategory: build.mutation<Category, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/categories/${id}`, method: "PUT", body: { name } }),
      invalidatesTags: [...CHANGES],
    }),
    deleteCategory: build.mutation<null, string>({
      query: (id) => ({ url: `/categories/${id}`, method: "DELETE" }),
      invalidatesTags: [...CHANGES],
    }),
    createSubcategory: build.mutation<
      { subcategory: Subcategory; category: Category },
      { categoryId: string; name: string }
    >({
      query: ({ categoryId, name }) => ({
        url: `/categories/subcategory/${categoryId}`,
        method: "POST",
        body: { name },
      }),
      invalidatesTags: [...CHANGES],
    }),
    renameSubcategory: build.mutation<Category, { id: string; subId: string; name: string }>({
      query: ({ id, subId, name }) => ({
        url: `/categories/${id}/subcategories/${subId}`,
        method: "PUT",
        body: { name },
      }),
      invalidatesTags: [...CHANGES],
    }),
    deleteSubcategory: build.mutation<Category, { id: string; subId: string }>({
      query: ({ id, subId }) => ({ url: `/categories/category/${id}/subcategory/${subId}`, method: "DELETE" }),
      invalidatesTags: [...CHANGES],
    }),
  }),
});
export const {
  useListCategoriesQuery,
  useCreateCategoryMutation,
  useRenameCategoryMutation,
  useDeleteCategoryMutation,
  useCreateSubcategoryMutation,
  useRenameSubcategoryMutation,
  useDeleteSubcategoryMutation,
} = categoriesApi;
