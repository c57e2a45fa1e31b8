import type { FailedJob } from "@app/shared/health/jobs";
import { baseApi } from "../../api/base-api.ts";

/** The provider's view of the installation's health (support only): the job runner's dead-letter list. */
export const healthApi = baseApi.enhanceEndpoints({ addTagTypes: ["FailedJob"] }).injectEndpoints({
  endpoints: (build) => ({
    listFailedJobs: build.query<{ jobs: FailedJob[] }, void>({
      query: () => ({ url: "/platform/jobs/failed" }),
      providesTags: ["FailedJob"],
    }),
    retryFailedJob: build.mutation<{ retried: true }, string>({
      query: (id) => ({ url: `/platform/jobs/failed/${id}/retry`, method: "POST", body: {} }),
      invalidatesTags: ["FailedJob"],
    }),
  }),
});
export const { useListFailedJobsQuery, useRetryFailedJobMutation } = healthApi;
