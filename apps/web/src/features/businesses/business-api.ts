import type { AddBusinessInput } from "@app/shared/accounts/auth";
import type { Business, BusinessSettings, UpdateBusinessInput } from "@app/shared/businesses/business";
import { baseApi } from "../../api/base-api.ts";

export const businessApi = baseApi.enhanceEndpoints({ addTagTypes: ["Business"] }).injectEndpoints({
  endpoints: (build) => ({
    listBusinesses: build.query<Business[], void>({ query: () => "/businesses", providesTags: ["Business"] }),
    getBusinessSettings: build.query<BusinessSettings, string>({
      query: (id) => `/businesses/${id}`,
      providesTags: ["Business"],
    }),
    updateBusiness: build.mutation<BusinessSettings, { id: string } & UpdateBusinessInput>({
      query: ({ id, ...body }) => ({ url: `/businesses/${id}`, method: "PATCH", body }),
      invalidatesTags: ["Business"],
    }),
    rotateStaffCode: build.mutation<BusinessSettings, string>({
      query: (id) => ({ url: `/businesses/${id}/staffAccessCode`, method: "POST" }),
      invalidatesTags: ["Business"],
    }),
    addBusiness: build.mutation<{ business: Business }, AddBusinessInput>({
      query: (body) => ({ url: "/businesses/register", method: "POST", body }),
      invalidatesTags: ["Business"],
    }),
  }),
});
export const {
  useListBusinessesQuery,
  useGetBusinessSettingsQuery,
  useUpdateBusinessMutation,
  useRotateStaffCodeMutation,
  useAddBusinessMutation,
} = businessApi;
