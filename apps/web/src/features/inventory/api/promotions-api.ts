import type { CreatePromotionInput, Promotion, UpdatePromotionInput } from "@app/shared/pos/promotion-schema";
import { baseApi } from "../../../api/base-api.ts";

/** The owner's promotions (issue 31 item 2); the till reads the same tag (pos-api's tillPromotions). */
export const promotionsApi = baseApi.enhanceEndpoints({ addTagTypes: ["Promotion"] }).injectEndpoints({
  endpoints: (build) => ({
    listPromotions: build.query<Promotion[], string>({
      query: (businessId) => ({ url: "/promotions", params: { businessId } }),
      providesTags: ["Promotion"],
    }),
    createPromotion: build.mutation<Promotion, CreatePromotionInput>({
      query: (body) => ({ url: "/promotions", method: "POST", body }),
      invalidatesTags: ["Promotion"],
    }),
    updatePromotion: build.mutation<Promotion, { id: string; body: UpdatePromotionInput }>({
      query: ({ id, body }) => ({ url: `/promotions/${id}`, method: "PUT", body }),
      invalidatesTags: ["Promotion"],
    }),
    deletePromotion: build.mutation<null, string>({
      query: (id) => ({ url: `/promotions/${id}`, method: "DELETE" }),
      invalidatesTags: ["Promotion"],
    }),
  }),
});
export const {
  useListPromotionsQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useDeletePromotionMutation,
} = promotionsApi;
