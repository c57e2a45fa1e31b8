import type { Sale } from "@app/shared/sales/sale";
import type { OpenShortfall, SettleShortfallInput } from "@app/shared/sales/shortfall";
import { baseApi } from "../../api/base-api.ts";

// Inlined (not imported from sales-api.ts): the bell loads this file on every signed-in page.
const channelPath = (channel: OpenShortfall["channel"]) => (channel === "retail" ? "/sales" : "/orders");
const channelTag = (channel: OpenShortfall["channel"]) =>
  channel === "retail" ? ("Sale" as const) : ("Order" as const);

export type SettleShortfallArg = SettleShortfallInput & Pick<OpenShortfall, "channel" | "saleId"> & { key: string };

/**
 * The stock that offline sales sold without having it (issue 33, item 9): listed for the owner
 * (the bell, the dashboard's card, the sales page) and settled one product at a time.
 */
export const shortfallsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["StockShortfall", "Product", "Stock", "Notification", "Sale", "Order"] })
  .injectEndpoints({
    endpoints: (build) => ({
      stockShortfalls: build.query<OpenShortfall[], string>({
        query: (businessId) => ({ url: "/stock-shortfalls", params: { businessId } }),
        providesTags: ["StockShortfall"],
      }),
      /** POST /sales/{id}/shortfall: one Idempotency-Key per settle the user asks for (a retry reuses it). */
      settleShortfall: build.mutation<Sale, SettleShortfallArg>({
        query: ({ channel, saleId, key, ...body }) => ({
          url: `${channelPath(channel)}/${saleId}/shortfall`,
          method: "POST",
          headers: { "Idempotency-Key": key },
          body,
        }),
        invalidatesTags: (_r, error, arg) =>
          error && (error as { status?: unknown }).status !== 409
            ? []
            : [
                "StockShortfall",
                "Product",
                "Stock",
                "Notification",
                { type: channelTag(arg.channel), id: arg.saleId },
                // The register's "Stock to review" chip goes with the last settled product.
                { type: channelTag(arg.channel), id: "LIST" },
              ],
      }),
    }),
  });

export const { useStockShortfallsQuery, useSettleShortfallMutation } = shortfallsApi;
