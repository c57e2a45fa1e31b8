import type { EtimsRefundReasons, EtimsSaleCorrections } from "@app/shared/etims/queue";
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
    /** A sale's credit notes and new receipts sent to KRA after it was voided, edited or restored. */
    getSaleEtimsCorrections: build.query<EtimsSaleCorrections, { businessId: string; saleId: string }>({
      query: ({ businessId, saleId }) => `/etims/sales/${saleId}/corrections?businessId=${businessId}`,
    }),
    /** KRA's refund reasons a voided sale's credit note may carry (the void dialog); `connected` false without a device. */
    getEtimsRefundReasons: build.query<EtimsRefundReasons, string>({
      query: (businessId) => `/etims/refund-reasons?businessId=${businessId}`,
      providesTags: ["EtimsStatus"],
    }),
  }),
});
export const { useGetEtimsReceiptBranchQuery, useGetSaleEtimsCorrectionsQuery, useGetEtimsRefundReasonsQuery } =
  etimsReceiptApi;
