import type { Dashboard, Summary, SummaryQuery } from "@app/shared/reports/reports";
import { baseApi } from "../../api/base-api.ts";

/**
 * The dashboard and the summary (issue 16). Both read the server's daily rollups, which follow
 * every sale, void, restore, edit and payment: they are fetched again each time a page opens.
 */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, string>({
      query: (businessId) => ({ url: "/reports/dashboard", params: { businessId } }),
    }),
    getSummary: build.query<Summary, SummaryQuery>({
      query: (q) => ({ url: "/reports/summary", params: q }),
    }),
  }),
});

export const { useGetDashboardQuery, useGetSummaryQuery } = reportsApi;

/** The summary's files (the same figures as the page): /api/reports/summary/csv and /pdf. */
export const summaryFileUrl = (q: SummaryQuery, kind: "csv" | "pdf") =>
  `/api/reports/summary/${kind}?${new URLSearchParams(q).toString()}`;
