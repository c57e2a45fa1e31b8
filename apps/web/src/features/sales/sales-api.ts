import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { ProductPage } from "@app/shared/inventory/product";
import type { Channel } from "@app/shared/pos/cart";
import type { PaymentStatus } from "@app/shared/sales/payments";
import type { Sale, UpdateSaleInput } from "@app/shared/sales/sale";
import type { SaleHistoryEntry } from "@app/shared/sales/sale-history";
import { baseApi } from "../../api/base-api.ts";
import type { PrintOutcome } from "../printing/printers-api.ts";

/** How many sales one page of /sales or /wholesaleOrders holds ("Load more" asks for the next). */
export const SALES_PAGE_SIZE = 50;

/** Retail sales live under /sales, wholesale orders under /orders (spec section 7). */
export const channelPath = (channel: Channel) => (channel === "retail" ? "/sales" : "/orders");
/** The cache tag of a channel's records. */
export const channelTag = (channel: Channel) => (channel === "retail" ? ("Sale" as const) : ("Order" as const));

/** Spec section 5: fetching sales without a businessId fails at once and no call is made. */
export const NO_BUSINESS_ERROR: FetchBaseQueryError = {
  status: "CUSTOM_ERROR",
  error: "No business chosen",
  data: { error: { code: "BAD_REQUEST", message: "Choose a business first." } },
};

export type SalesListArg = {
  channel: Channel;
  businessId: string | null | undefined;
  search?: string;
  /** Only sales made offline that found too little stock when they arrived (the owner reviews them). */
  stockReview?: boolean;
};
type Ref = { channel: Channel; id: string };
/** Editing, voiding or restoring a sale moves stock, so stock levels and the low-stock bell refresh too. */
const STOCK_CHANGES = ["Product", "Stock", "Notification", "StockShortfall"] as const;
export type VoidSaleArg = Ref & {
  deletedBy: string;
  paymentStatus: PaymentStatus;
  reason?: string;
  /** KRA's refund reason for the credit note (code class 32); none: the server's 06 "Refund". */
  etimsRefundReason?: string;
};

/** True when a created or restored sale belongs in a list of this business's sales (spec section 4). */
export function saleJoinsList(sale: Pick<Sale, "businessId">, listBusinessId: string | null | undefined): boolean {
  return Boolean(listBusinessId) && sale.businessId === listBusinessId;
}

type CacheApi = {
  dispatch: (action: ReturnType<typeof salesApi.util.updateQueryData>) => unknown;
  getState: () => unknown;
};

/**
 * Puts a created or restored sale at the top of the cached sales lists, only when it belongs to
 * the current business and to the list's business (spec section 4). Searched lists are left alone.
 */
export function addSaleToCachedLists({ dispatch, getState }: CacheApi, sale: Sale): void {
  const state = getState() as Parameters<typeof salesApi.util.selectCachedArgsForQuery>[0] & {
    business: { current: { _id: string } | null };
  };
  if (!saleJoinsList(sale, state.business.current?._id)) return;
  for (const cached of salesApi.util.selectCachedArgsForQuery(state, "listSales")) {
    if (
      cached.channel !== sale.channel ||
      !saleJoinsList(sale, cached.businessId) ||
      cached.search?.trim() ||
      cached.stockReview
    )
      continue;
    dispatch(
      salesApi.util.updateQueryData("listSales", cached, (draft) => {
        if (draft.pages.some((p) => p.some((s) => s._id === sale._id))) return;
        // Newest first by sale number, as the server lists them: into the first loaded page that
        // reaches back past it (else the last one). A restored sale keeps its number.
        const page =
          draft.pages.find((p) => p.length > 0 && p[p.length - 1]!.saleNumber <= sale.saleNumber) ??
          draft.pages[draft.pages.length - 1];
        if (!page) return;
        page.push(sale);
        page.sort((a, b) => b.saleNumber - a.saleNumber);
      }),
    );
  }
}

/** A failed sales fetch is also logged to the console (spec section 8). */
function asSales(r: { data?: unknown; error?: FetchBaseQueryError }) {
  if (!r.error) return { data: r.data as Sale[] };
  console.error("Fetching sales failed", r.error);
  return { error: r.error };
}

export const salesApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ["Product", "Stock", "Notification", "StockShortfall", "Sale", "Order", "VoidSale"],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * GET /sales or /orders?businessId&limit, newest first by sale number; the next page is asked
       * `beforeNumber` the last row's number. (Paging `before` its createdAt skipped sales made in
       * the same millisecond: the API shows milliseconds, the database keeps microseconds.)
       */
      listSales: build.infiniteQuery<Sale[], SalesListArg, number | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => (last.length < SALES_PAGE_SIZE ? undefined : last[last.length - 1]!.saleNumber),
        },
        async queryFn({ queryArg, pageParam }, _api, _extra, baseQuery) {
          if (!queryArg.businessId) return { error: NO_BUSINESS_ERROR };
          const params: Record<string, string | number> = { businessId: queryArg.businessId, limit: SALES_PAGE_SIZE };
          if (pageParam !== null) params.beforeNumber = pageParam;
          if (queryArg.search?.trim()) params.search = queryArg.search.trim();
          if (queryArg.stockReview) params.stockReview = "true";
          return asSales(await baseQuery({ url: channelPath(queryArg.channel), params }));
        },
        providesTags: (_r, _e, arg) => [{ type: channelTag(arg.channel), id: "LIST" }],
      }),
      getSale: build.query<Sale, Ref>({
        query: ({ channel, id }) => `${channelPath(channel)}/${id}`,
        providesTags: (_r, _e, arg) => [{ type: channelTag(arg.channel), id: arg.id }],
      }),
      /**
       * GET /sales/{id}/history: who edited, voided, restored, collected credit on it, and when,
       * with the sale before and after. Tagged as the sale, so every change to it refreshes this.
       */
      getSaleHistory: build.query<SaleHistoryEntry[], Ref>({
        query: ({ channel, id }) => `${channelPath(channel)}/${id}/history`,
        providesTags: (_r, _e, arg) => [{ type: channelTag(arg.channel), id: arg.id }],
      }),
      /** GET /sales/log/sales: every sale between two instants (Older Sales). */
      salesLog: build.query<Sale[], { businessId: string | null | undefined; startDate: string; endDate: string }>({
        async queryFn(arg, _api, _extra, baseQuery) {
          if (!arg.businessId) return { error: NO_BUSINESS_ERROR };
          return asSales(
            await baseQuery({
              url: "/sales/log/sales",
              params: { businessId: arg.businessId, startDate: arg.startDate, endDate: arg.endDate },
            }),
          );
        },
        providesTags: [
          { type: "Sale", id: "LIST" },
          { type: "Order", id: "LIST" },
        ],
      }),
      updateSale: build.mutation<Sale, Ref & { body: UpdateSaleInput }>({
        query: ({ channel, id, body }) => ({ url: `${channelPath(channel)}/${id}`, method: "PUT", body }),
        invalidatesTags: (_r, _e, arg) => [channelTag(arg.channel), ...STOCK_CHANGES],
      }),
      /** DELETE /sales/{id}?deletedBy&paymentStatus: the sale moves to the void sales and leaves the lists. */
      voidSale: build.mutation<Sale, VoidSaleArg>({
        query: ({ channel, id, deletedBy, paymentStatus, reason, etimsRefundReason }) => ({
          url: `${channelPath(channel)}/${id}`,
          method: "DELETE",
          params: {
            deletedBy,
            paymentStatus,
            ...(reason?.trim() ? { reason: reason.trim() } : {}),
            ...(etimsRefundReason ? { etimsRefundReason } : {}),
          },
        }),
        async onQueryStarted(arg, { dispatch, queryFulfilled, getState }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          for (const cached of salesApi.util.selectCachedArgsForQuery(getState(), "listSales")) {
            if (cached.channel !== arg.channel) continue;
            dispatch(
              salesApi.util.updateQueryData("listSales", cached, (draft) => {
                draft.pages = draft.pages.map((page) => page.filter((s) => s._id !== arg.id));
              }),
            );
          }
        },
        invalidatesTags: (_r, error, arg) =>
          error
            ? []
            : [
                { type: "VoidSale", id: arg.channel },
                { type: channelTag(arg.channel), id: arg.id },
                { type: channelTag(arg.channel), id: "CREDIT" },
                ...STOCK_CHANGES,
              ],
      }),
      listVoidSales: build.query<Sale[], { channel: Channel; businessId: string | null | undefined }>({
        async queryFn(arg, _api, _extra, baseQuery) {
          if (!arg.businessId) return { error: NO_BUSINESS_ERROR };
          return asSales(
            await baseQuery({
              url: `${channelPath(arg.channel)}/voidsales/salesvoid/this/ask`,
              params: { businessId: arg.businessId },
            }),
          );
        },
        providesTags: (_r, _e, arg) => [{ type: "VoidSale", id: arg.channel }],
      }),
      /** POST /sales/voidsales/restore/{id}: the sale comes back and joins the lists of its own business only. */
      restoreSale: build.mutation<Sale, Ref>({
        query: ({ channel, id }) => ({ url: `${channelPath(channel)}/voidsales/restore/${id}`, method: "POST" }),
        async onQueryStarted(_arg, api) {
          const { data } = await api.queryFulfilled.catch(() => ({ data: null }));
          if (data) addSaleToCachedLists(api, data);
        },
        invalidatesTags: (_r, error, arg) =>
          error
            ? []
            : [
                { type: "VoidSale", id: arg.channel },
                { type: channelTag(arg.channel), id: arg.id },
                { type: channelTag(arg.channel), id: "CREDIT" },
                ...STOCK_CHANGES,
              ],
      }),
      updateVoidSale: build.mutation<Sale, Ref & { reason: string }>({
        query: ({ channel, id, reason }) => ({
          url: `${channelPath(channel)}/voidsales/${id}`,
          method: "PUT",
          body: { reason },
        }),
        invalidatesTags: (_r, _e, arg) => [
          { type: "VoidSale", id: arg.channel },
          { type: channelTag(arg.channel), id: arg.id },
        ],
      }),
      /**
       * DELETE /sales/voidsales/{id}: takes a void sale off the void sales. It is never erased: the
       * sale, its payments, stock movements and history are kept (money and stock records stay).
       */
      hideVoidSale: build.mutation<{ hidden: true }, Ref>({
        query: ({ channel, id }) => ({ url: `${channelPath(channel)}/voidsales/${id}`, method: "DELETE" }),
        invalidatesTags: (_r, _e, arg) => [
          { type: "VoidSale", id: arg.channel },
          { type: channelTag(arg.channel), id: arg.id },
        ],
      }),
      /** POST /sales/{id}/print: the receipt on the network receipt printer. */
      sendReceiptToPrinter: build.mutation<PrintOutcome, Ref>({
        query: ({ channel, id }) => ({ url: `${channelPath(channel)}/${id}/print`, method: "POST" }),
      }),
      /** Products to add while editing a sale (GET /products?businessId&search). */
      searchSaleProducts: build.query<ProductPage, { businessId: string; search: string }>({
        query: ({ businessId, search }) => ({ url: "/products", params: { businessId, search, pageSize: 10 } }),
        providesTags: ["Product"],
      }),
    }),
  });

export const {
  useListSalesInfiniteQuery,
  useGetSaleQuery,
  useSalesLogQuery,
  useUpdateSaleMutation,
  useVoidSaleMutation,
  useListVoidSalesQuery,
  useRestoreSaleMutation,
  useUpdateVoidSaleMutation,
  useHideVoidSaleMutation,
  useGetSaleHistoryQuery,
  useSendReceiptToPrinterMutation,
  useSearchSaleProductsQuery,
} = salesApi;
