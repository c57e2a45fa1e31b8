import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { Channel } from "@app/shared/sales/cart";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type { Debt, Sale } from "@app/shared/sales/sale";
import { baseApi } from "../../api/base-api.ts";

/** Credit sales live under /sales, credit wholesale orders under /orders (spec section 7). */
const pathOf = (channel: Channel) => (channel === "retail" ? "/sales" : "/orders");
const tagOf = (channel: Channel) => (channel === "retail" ? ("Sale" as const) : ("Order" as const));
/** The most the API returns in one list; a shop's open credit fits well within it. */
export const CREDIT_LIST_LIMIT = 1000;

/** Spec section 5: fetching sales without a businessId fails at once and no call is made. */
const NO_BUSINESS: FetchBaseQueryError = { status: "CUSTOM_ERROR", error: "No business chosen", data: { error: { code: "BAD_REQUEST", message: "Choose a business first." } } };

/** What PUT /{sales|orders}/salecredit/{id} takes: cents, one of the three methods, an ISO date. */
export type CreditPaymentBody = { amountPaid: number; paymentMethod: CreditPaymentMethod | ""; paymentDate: string };

export const creditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every credit sale (or order) of a business, newest first. */
    listCredit: build.query<Sale[], { channel: Channel; businessId: string | null | undefined }>({
      async queryFn({ channel, businessId }, _api, _extra, baseQuery) {
        if (!businessId) return { error: NO_BUSINESS };
        const r = await baseQuery({ url: pathOf(channel), params: { businessId, credit: "true", limit: CREDIT_LIST_LIMIT } });
        return r.error ? { error: r.error } : { data: r.data as Sale[] };
      },
      providesTags: (_r, _e, arg) => [{ type: tagOf(arg.channel), id: "CREDIT" }],
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
export const { useListCreditQuery, useGetCreditQuery, useRecordCreditPaymentMutation, useListDebtsQuery } = creditApi;
