import type { EtimsCodes, EtimsDeviceInput, EtimsStatus } from "@app/shared/etims/oscu";
import { baseApi } from "../../api/base-api.ts";

/** KRA eTIMS: whether the business is connected, its device initialisation, KRA's cached code lists. */
export const etimsApi = baseApi.enhanceEndpoints({ addTagTypes: ["EtimsStatus", "Business"] }).injectEndpoints({
  endpoints: (build) => ({
    getEtimsStatus: build.query<EtimsStatus, string>({
      query: (businessId) => `/etims/status?businessId=${businessId}`,
      providesTags: ["EtimsStatus"],
    }),
    connectEtims: build.mutation<EtimsStatus, EtimsDeviceInput>({
      query: (body) => ({ url: "/etims/device", method: "PUT", body }),
      // A business without a KRA PIN gets the one it connected with (Tax and eTIMS shows it).
      invalidatesTags: ["EtimsStatus", "Business"],
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
