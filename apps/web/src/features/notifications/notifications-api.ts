import type { Notification } from "@app/shared/inventory/low-stock";
import { baseApi } from "../../api/base-api.ts";

export const lowStockApi = baseApi.enhanceEndpoints({ addTagTypes: ["Notification"] }).injectEndpoints({
  endpoints: (build) => ({
    lowStock: build.query<Notification[], string>({
      query: (businessId) => `/notifications?businessId=${businessId}`,
      providesTags: ["Notification"],
    }),
  }),
});
