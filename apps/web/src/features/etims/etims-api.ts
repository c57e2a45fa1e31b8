import type { EtimsCodes, EtimsDeviceInput, EtimsStatus } from "@app/shared/etims/oscu";
import { baseApi } from "../../api/base-api.ts";

/** KRA eTIMS: whether the business is connected, its device initialisation, KRA's cached code lists. */
export const etimsApi = baseApi.enhanceEndpoints({ addTagTypes: ["EtimsStatus"] }).injectEndpoints({
  endpoints: (build) => ({
    getEtimsStatus: build.query<EtimsStatus, string>({
      query: (businessId) => `/etims/status?businessId=${businessId}`,
      providesTags: ["EtimsStatus"],
    }),
    connectEtims: build.mutation<EtimsStatus, EtimsDeviceInput>({
      query: (body) => ({ url: "/etims/device", method: "PUT", body }),
      invalidatesTags: ["EtimsStatus"],
    }),
    refreshEtimsCodes: build.mutation<EtimsStatus, string>({
      query: (businessId) => ({ url: "/etims/codes/refresh", method: "POST", body: { businessId } }),
      invalidatesTags: ["EtimsStatus"],
    }),
    etimsCodes: build.query<
      EtimsCodes,
      { businessId: string; kind: "codes" | "itemClasses"; cdCls?: string; search?: string }
    >({
      query: (params) => ({ url: "/etims/codes", params }),
    }),
  }),
});
export const { useGetEtimsStatusQuery, useConnectEtimsMutation, useRefreshEtimsCodesMutation, useEtimsCodesQuery } =
  etimsApi;
