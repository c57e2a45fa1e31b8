import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { Channel } from "@app/shared/pos/cart";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type { CreditSummary, Debt, Sale } from "@app/shared/sales/sale";
import { baseApi } from "../../../api/base-api.ts";

/** Credit sales live under /sales, credit wholesale orders under /orders (spec section 7). */
const pathOf = (channel: Channel) => (channel === "retail" ? "/sales" : "/orders");
const tagOf = (channel: Channel) => (channel === "retail" ? ("Sale" as const) : ("Order" as const));
/** The cache tags of one channel's credit, or of every channel's. */
const creditTags = (channel?: Channel) =>
  channel
    ? [{ type: tagOf(channel), id: "CREDIT" }]
    : [
        { type: "Sale" as const, id: "CREDIT" },
        { type: "Order" as const, id: "CREDIT" },
      ];

/** Spec section 5: fetching sales without a businessId fails at once and no call is made. */
const NO_BUSINESS: FetchBaseQueryError = {
  status: "CUSTOM_ERROR",
  error: "No business chosen",
  data: { error: { code: "BAD_REQUEST", message: "Choose a business first." } },
};

/** What PUT /{sales|orders}/salecredit/{id} takes: cents, one of the three methods, an ISO date. */
export type CreditPaymentBody = { amountPaid: number; paymentMethod: CreditPaymentMethod | ""; paymentDate: string };

/** One page of a channel's credit, newest first: `limit` rows numbered below `beforeNumber`; `open` keeps those still owing. */
export type CreditListArg = {
  channel: Channel;
  businessId: string | null | undefined;
  limit: number;
  beforeNumber?: number;
  open?: boolean;
  search?: string;
};
/** One page of what is still owed across the channels the user sees, oldest first: `limit` rows numbered above `afterNumber`. */
export type OpenCreditArg = { businessId: string | null | undefined; limit: number; afterNumber?: number };

export const creditApi = baseApi.enhanceEndpoints({ addTagTypes: ["Sale", "Order"] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /sales (or /orders)?credit=true: one page of credit sales (or orders), newest first. */
    listCredit: build.query<Sale[], CreditListArg>({
      async queryFn({ channel, businessId, limit, beforeNumber, open, search }, _api, _extra, baseQuery) {
        if (!businessId) return { error: NO_BUSINESS };
        const params: Record<string, string | number> = { businessId, credit: "true", limit };
        if (beforeNumber !== undefined) params.beforeNumber = beforeNumber;
        if (open) params.open = "true";
        if (search?.trim()) params.search = search.trim();
        const r = await baseQuery({ url: pathOf(channel), params });
        return r.error ? { error: r.error } : { data: r.data as Sale[] };
      },
      providesTags: (_r, _e, arg) => creditTags(arg.channel),
    }),
    /** GET /sales/credit/summary: totals counted on the server, for one channel or all the user sees. */
    creditSummary: build.query<CreditSummary, { businessId: string | null | undefined; channel?: Channel }>({
      async queryFn({ businessId, channel }, _api, _extra, baseQuery) {
        if (!businessId) return { error: NO_BUSINESS };
        const r = await baseQuery({
          url: "/sales/credit/summary",
          params: { businessId, ...(channel ? { channel } : {}) },
        });
        return r.error ? { error: r.error } : { data: r.data as CreditSummary };
      },
      providesTags: (_r, _e, arg) => creditTags(arg.channel),
    }),
    /** GET /sales/credit/open: credit sales and orders still owing, oldest first, a page at a time. */
    listOpenCredit: build.query<Sale[], OpenCreditArg>({
      async queryFn({ businessId, limit, afterNumber }, _api, _extra, baseQuery) {
        if (!businessId) return { error: NO_BUSINESS };
        const r = await baseQuery({
          url: "/sales/credit/open",
          params: { businessId, limit, ...(afterNumber !== undefined ? { afterNumber } : {}) },
        });
        return r.error ? { error: r.error } : { data: r.data as Sale[] };
      },
      providesTags: () => creditTags(),
    }),
    getCredit: build.query<Sale, { channel: Channel; id: string }>({
      query: ({ channel, id }) => `${pathOf(channel)}/${id}`,
      providesTags: (_r, _e, arg) => [{ type: tagOf(arg.channel), id: arg.id }],
    }),
    /** A payment towards a credit sale; on success the business's sales (or orders) are reloaded (spec section 2). */
    recordCreditPayment: build.mutation<Sale, { channel: Channel; id: string; body: CreditPaymentBody }>({
      query: ({ channel, id, body }) => ({ url: `${pathOf(channel)}/salecredit/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, error, arg) => (error ? [] : [tagOf(arg.channel)]),
    }),
    /** PUT /{sales|orders}/salecustomer/{id}: links a credit sale to a customer record. */
    linkSaleCustomer: build.mutation<Sale, { channel: Channel; id: string; customerId: string }>({
      query: ({ channel, id, customerId }) => ({
        url: `${pathOf(channel)}/salecustomer/${id}`,
        method: "PUT",
        body: { customerId },
      }),
      invalidatesTags: (_r, error, arg) => (error ? [] : [tagOf(arg.channel)]),
    }),
    /** GET /sales/debts: who owes what, oldest debt first. */
    listDebts: build.query<Debt[], string | null | undefined>({
      async queryFn(businessId, _api, _extra, baseQuery) {
        if (!businessId) return { error: NO_BUSINESS };
        const r = await baseQuery({ url: "/sales/debts", params: { businessId } });
        return r.error ? { error: r.error } : { data: r.data as Debt[] };
      },
      providesTags: ["Sale", "Order"],
    }),
  }),
});
export const {
  useListCreditQuery,
  useCreditSummaryQuery,
  useListOpenCreditQuery,
  useGetCreditQuery,
  useRecordCreditPaymentMutation,
  useLinkSaleCustomerMutation,
  useListDebtsQuery,
} = creditApi;
