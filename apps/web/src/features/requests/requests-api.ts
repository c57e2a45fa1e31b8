import type {
  AnswerRequestInput,
  CreateRequestInput,
  ListRequestsQuery,
  RequestPage,
  SupportRequest,
} from "@app/shared/requests/request";
import { baseApi } from "../../api/base-api.ts";
import { dateLocale } from "../../lib/date-format.ts";

const params = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""));

/** Support requests: owners raise them, provider support answers them. */
export const requestsApi = baseApi.enhanceEndpoints({ addTagTypes: ["SupportRequest"] }).injectEndpoints({
  endpoints: (build) => ({
    listRequests: build.query<RequestPage, Partial<ListRequestsQuery> & { page: number; pageSize: number }>({
      query: (q) => ({ url: "/requests", params: params(q) }),
      providesTags: ["SupportRequest"],
    }),
    createRequest: build.mutation<SupportRequest, CreateRequestInput>({
      query: (body) => ({ url: "/requests", method: "POST", body }),
      invalidatesTags: ["SupportRequest"],
    }),
    answerRequest: build.mutation<SupportRequest, { id: string } & AnswerRequestInput>({
      query: ({ id, answer }) => ({ url: `/requests/${id}/answer`, method: "PATCH", body: { answer } }),
      invalidatesTags: ["SupportRequest"],
    }),
  }),
});
export const { useListRequestsQuery, useCreateRequestMutation, useAnswerRequestMutation } = requestsApi;

/** When a request was sent or answered, in Nairobi time like the rest of the app. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });
