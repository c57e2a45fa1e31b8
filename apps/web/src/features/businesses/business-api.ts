import type { DeleteBusinessInput, DeletedBusiness } from "@app/shared/businesses/business-data";
import type { AddBusinessInput } from "@app/shared/accounts/auth";
import type {
  Business,
  BusinessPage,
  BusinessSettings,
  ListBusinessesQuery,
  UpdateBusinessInput,
} from "@app/shared/businesses/business";
import type {
  GrantSupportAccessInput,
  SupportAccess,
  SupportAccessGrant,
  SupportActionPage,
} from "@app/shared/businesses/support-access";
import { baseApi } from "../../api/base-api.ts";

export const businessApi = baseApi.enhanceEndpoints({ addTagTypes: ["Business", "SupportAccess"] }).injectEndpoints({
  endpoints: (build) => ({
    listBusinesses: build.query<Business[], void>({ query: () => "/businesses", providesTags: ["Business"] }),
    /** One page of the businesses whose name contains q, newest first (support's list). */
    listBusinessPage: build.query<BusinessPage, ListBusinessesQuery & { page: number; pageSize: number }>({
      query: ({ q, page, pageSize }) => ({ url: "/businesses", params: { ...(q ? { q } : {}), page, pageSize } }),
      providesTags: ["Business"],
    }),
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
    /** The support access in force for a business (owner and support). */
    getSupportAccess: build.query<SupportAccess, string>({
      query: (id) => `/businesses/${id}/supportAccess`,
      providesTags: ["SupportAccess"],
    }),
    grantSupportAccess: build.mutation<SupportAccessGrant, { id: string } & GrantSupportAccessInput>({
      query: ({ id, hours }) => ({ url: `/businesses/${id}/supportAccess`, method: "POST", body: { hours } }),
      invalidatesTags: ["SupportAccess"],
    }),
    revokeSupportAccess: build.mutation<void, string>({
      query: (id) => ({ url: `/businesses/${id}/supportAccess`, method: "DELETE" }),
      invalidatesTags: ["SupportAccess"],
    }),
    /** The owner deletes the business, its name typed out: hidden at once, erased for good after 30 days. */
    deleteBusiness: build.mutation<DeletedBusiness, { id: string } & DeleteBusinessInput>({
      query: ({ id, confirmName }) => ({ url: `/businesses/${id}`, method: "DELETE", body: { confirmName } }),
      invalidatesTags: ["Business"],
    }),
    /** What support changed (or tried to) in a business, newest first. */
    listSupportActions: build.query<SupportActionPage, { id: string; page: number; pageSize: number }>({
      query: ({ id, page, pageSize }) => ({
        url: `/businesses/${id}/supportAccess/actions`,
        params: { page, pageSize },
      }),
      providesTags: ["SupportAccess"],
    }),
  }),
});
export const {
  useListBusinessesQuery,
  useListBusinessPageQuery,
  useGetBusinessSettingsQuery,
  useUpdateBusinessMutation,
  useRotateStaffCodeMutation,
  useAddBusinessMutation,
  useGetSupportAccessQuery,
  useGrantSupportAccessMutation,
  useRevokeSupportAccessMutation,
  useListSupportActionsQuery,
  useDeleteBusinessMutation,
} = businessApi;
