import type { DrawerOpening, Printer } from "@app/shared/printing/printer";
import type { Section } from "@app/shared/restaurant/section";
import type { Channel } from "@app/shared/pos/cart";
import type { CaptainOrderPrint, CaptainOrderPrintInput } from "@app/shared/restaurant/kitchen";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import type { Tiles } from "@app/shared/pos/tiles";
import type { UsualItems } from "@app/shared/sales/usual-items";
import type { Promotion } from "@app/shared/pos/promotion-schema";
import type { WholesaleProduct } from "@app/shared/inventory/wholesale-product";
import { baseApi } from "../../api/base-api.ts";
import { readStoredTiles, storeTiles } from "./catalog-cache.ts";

type PrintOutcome = { printStatus: CaptainOrderPrint["printStatus"]; printerError: string | null };
const baseOf = (channel: Channel) => (channel === "retail" ? "/sales" : "/orders");

/** What the till calls: checkout, kitchen prints, receipts, and the tables and printers it uses. */
export const posApi = baseApi
  .enhanceEndpoints({
    addTagTypes: [
      "Product",
      "Stock",
      "Notification",
      "Sale",
      "Order",
      "Section",
      "Printer",
      "CaptainOrder",
      "DrawerLog",
      "OwnerPin",
      "Promotion",
      "WholesaleProduct",
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      checkout: build.mutation<Sale, { channel: Channel; idempotencyKey: string; input: CreateSaleInput }>({
        query: ({ channel, idempotencyKey, input }) => ({
          url: baseOf(channel),
          method: "POST",
          body: input,
          headers: { "idempotency-key": idempotencyKey },
        }),
        // Stock moved: inventory lists, notifications and sales lists are stale.
        invalidatesTags: (_r, _e, { channel }) => [
          channel === "retail" ? "Sale" : "Order",
          "Product",
          "Stock",
          "Notification",
        ],
      }),
      // A known customer's usual items (issue 31 item 8), read when the cashier picks them.
      usualItems: build.query<UsualItems, { businessId: string; customerId: string }>({
        query: (params) => ({ url: "/sales/usual-items", params }),
        providesTags: ["Sale"],
      }),
      tillSections: build.query<Section[], string>({
        query: (businessId) => `/sections?businessId=${businessId}`,
        providesTags: ["Section"],
      }),
      // The tiles' order: fetched when the till opens or a category is chosen, not after each sale,
      // so the tiles do not move under the cashier's finger.
      // Kept on the device as fetched: with no network (FETCH_ERROR), the order last fetched is shown.
      tillTiles: build.query<Tiles, { businessId: string; categoryId?: string }>({
        async queryFn({ businessId, categoryId }, _api, _extra, baseQuery) {
          const r = await baseQuery({
            url: "/products/tiles",
            params: { businessId, ...(categoryId ? { categoryId } : {}) },
          });
          if (!r.error) {
            void storeTiles(businessId, categoryId, r.data as Tiles);
            return { data: r.data as Tiles };
          }
          const stored = r.error.status === "FETCH_ERROR" ? await readStoredTiles(businessId, categoryId) : null;
          return stored ? { data: stored } : { error: r.error };
        },
      }),
      /** The owner's promotions (issue 31 item 2); the pos slice keeps the last ones for a till with no network. */
      tillPromotions: build.query<Promotion[], string>({
        query: (businessId) => ({ url: "/promotions", params: { businessId } }),
        providesTags: ["Promotion"],
      }),
      // The wholesale catalogue's minimum quantities: a line of the wholesale ticket starts at its minimum.
      tillWholesaleProducts: build.query<WholesaleProduct[], string>({
        query: (businessId) => ({ url: "/wholesaleProducts", params: { businessId } }),
        providesTags: ["WholesaleProduct"],
      }),
      tillPrinters: build.query<Printer[], string>({
        query: (businessId) => `/printers?businessId=${businessId}`,
        providesTags: ["Printer"],
      }),
      sendToKitchen: build.mutation<{ print: CaptainOrderPrint | null }, CaptainOrderPrintInput>({
        query: (body) => ({ url: "/captainOrderPrint", method: "POST", body }),
        invalidatesTags: ["CaptainOrder"],
      }),
      printReceipt: build.mutation<PrintOutcome, { channel: Channel; saleId: string; openDrawer?: boolean }>({
        query: ({ channel, saleId, openDrawer }) => ({
          url: `${baseOf(channel)}/${saleId}/print${openDrawer ? "?openDrawer=true" : ""}`,
          method: "POST",
        }),
      }),
      /** "No sale": the cash drawer opens through the receipt printer; logged with who and when (issue 31). */
      noSale: build.mutation<PrintOutcome, string>({
        query: (businessId) => ({ url: "/drawer/open", method: "POST", body: { businessId } }),
        invalidatesTags: ["DrawerLog"],
      }),
      drawerLog: build.query<DrawerOpening[], string>({
        query: (businessId) => ({ url: "/drawer/log", params: { businessId } }),
        providesTags: ["DrawerLog"],
      }),
      ownerPinStatus: build.query<{ set: boolean }, string>({
        query: (businessId) => ({ url: "/ownerPin", params: { businessId } }),
        providesTags: ["OwnerPin"],
      }),
      setOwnerPin: build.mutation<void, { businessId: string; pin: string | null }>({
        query: (body) => ({ url: "/ownerPin", method: "PUT", body }),
        invalidatesTags: ["OwnerPin"],
      }),
    }),
  });
export const {
  useCheckoutMutation,
  useTillSectionsQuery,
  useTillPrintersQuery,
  useTillPromotionsQuery,
  useTillWholesaleProductsQuery,
  useTillTilesQuery,
  useUsualItemsQuery,
  useSendToKitchenMutation,
  usePrintReceiptMutation,
  useNoSaleMutation,
  useDrawerLogQuery,
  useOwnerPinStatusQuery,
  useSetOwnerPinMutation,
} = posApi;
