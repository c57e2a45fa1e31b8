import type { CreateSectionInput, Section, UpdateSectionInput } from "@app/shared/restaurant/section";
import { baseApi } from "../../api/base-api.ts";

export const sectionsApi = baseApi.enhanceEndpoints({ addTagTypes: ["Section"] }).injectEndpoints({
  endpoints: (build) => ({
    listSections: build.query<Section[], string>({
      query: (businessId) => ({ url: "/sections", params: { businessId } }),
      providesTags: ["Section"],
    }),
    createSection: build.mutation<Section, CreateSectionInput>({
      query: (body) => ({ url: "/sections", method: "POST", body }),
      invalidatesTags: ["Section"],
    }),
    /** Rename the section, rename tables (with _id), add tables (without). */
    updateSection: build.mutation<Section, { id: string } & UpdateSectionInput>({
      query: ({ id, ...body }) => ({ url: `/sections/update/${id}`, method: "PUT", body }),
      invalidatesTags: ["Section"],
    }),
    deleteSection: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `/sections/${id}`, method: "DELETE" }),
      invalidatesTags: ["Section"],
    }),
    deleteTable: build.mutation<Section, { id: string; tableId: string }>({
      query: ({ id, tableId }) => ({ url: `/sections/${id}/tables/${tableId}`, method: "DELETE" }),
      invalidatesTags: ["Section"],
    }),
  }),
});
export const {
  useListSectionsQuery,
  useCreateSectionMutation,
  useUpdateSectionMutation,
  useDeleteSectionMutation,
  useDeleteTableMutation,
} = sectionsApi;

/** Table names typed one per line or separated by commas, trimmed, blanks dropped. */
export const tableNamesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((t) => t.trim())
    .filter(Boolean);
