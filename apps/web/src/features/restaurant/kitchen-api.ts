import type { CaptainOrderPrint } from "@app/shared/restaurant/kitchen";
import { baseApi } from "../../api/base-api.ts";

/** The kitchen tickets (captain order prints) of a sale, as the sales pages read and reprint them. */
export const kitchenApi = baseApi.enhanceEndpoints({ addTagTypes: ["CaptainOrder"] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /captainOrderPrint?businessId&saleId (spec section 7); a failed fetch is logged to the console (section 8). */
    listCaptainOrders: build.query<CaptainOrderPrint[], { businessId: string; saleId: string }>({
      async queryFn({ businessId, saleId }, _api, _extra, baseQuery) {
        const r = await baseQuery({ url: "/captainOrderPrint", params: { businessId, saleId } });
        if (!r.error) return { data: r.data as CaptainOrderPrint[] };
        console.error("Fetching captain order prints failed", r.error);
        return { error: r.error };
      },
      providesTags: ["CaptainOrder"],
    }),
    /** POST /captainOrderPrint/{id}/reprint: the same ticket again, to the kitchen printer if there is one. */
    reprintCaptainOrder: build.mutation<CaptainOrderPrint, string>({
      query: (id) => ({ url: `/captainOrderPrint/${id}/reprint`, method: "POST" }),
      invalidatesTags: ["CaptainOrder"],
    }),
  }),
});
export const { useListCaptainOrdersQuery, useReprintCaptainOrderMutation } = kitchenApi;
