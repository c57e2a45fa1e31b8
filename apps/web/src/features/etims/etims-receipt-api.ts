import type { EtimsReceiptBranch } from "@app/shared/etims/receipt-proof";
import { baseApi } from "../../api/base-api.ts";

/**
 * The business's connected eTIMS branch, for the KRA QR code its receipts print (null when not
 * connected). Tagged as the eTIMS status: connecting the device refreshes it.
 */
export const etimsReceiptApi = baseApi.enhanceEndpoints({ addTagTypes: ["EtimsStatus"] }).injectEndpoints({
  endpoints: (build) => ({
    getEtimsReceiptBranch: build.query<EtimsReceiptBranch | null, string>({
      query: (businessId) => `/etims/receipt-branch?businessId=${businessId}`,
      providesTags: ["EtimsStatus"],
    }),
  }),
});
export const { useGetEtimsReceiptBranchQuery } = etimsReceiptApi;
