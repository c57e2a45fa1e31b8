import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { Box, Card, Typography, useMediaQuery } from "@mui/material";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "react-toastify";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { catalogStore, useCatalog } from "./catalog-store.ts";
import { PayBar } from "./components/pay-bar.tsx";
import { TillDiscountBar } from "./components/till-discount-bar.tsx";
import { ProductSearch } from "./components/product-search.tsx";
import { ProductTiles } from "./components/product-tiles.tsx";
import { TicketHeader } from "./components/ticket-header.tsx";
import { TicketPanel } from "./components/ticket-panel.tsx";
import { TillAlerts } from "./components/till-alerts.tsx";
import { TillHeader } from "./components/till-header.tsx";
import { useTillPrintersQuery, useTillSectionsQuery, useTillWholesaleProductsQuery } from "./pos-api.ts";
import { useGetEtimsReceiptBranchQuery } from "../etims/etims-receipt-api.ts";
import { posOpened, ticketRepriced, ticketReset } from "./pos-slice.ts";
import { useKitchen } from "./use-kitchen.ts";
import { useTicketLines } from "./use-ticket-lines.ts";
import { useTillPromotions } from "./use-till-promotions.ts";
import { useOnline } from "../../lib/offline/use-outbox.ts";
import { usePendingStock } from "./offline/use-pending-stock.ts";
import { useTillKeys } from "./use-till-keys.ts";
import { PartDialog } from "../../components/part-dialog.tsx";
import { checkoutPart, OFFLINE_PARTS, receiptPart } from "./till-parts.ts";
import { useOfflineReadiness } from "./use-offline-readiness.ts";
import { useCustomerDisplay } from "./customer-display/use-customer-display.ts";

/** The till: /pos rings up retail (sellingprice), /wholesale the wholesale ticket (wholesalePrice). */
export default function PosPage() {
  const channel: Channel = useLocation().pathname.startsWith("/wholesale") ? "wholesale" : "retail";
  const dispatch = useAppDispatch();
  const business = useAppSelector((s) => s.business.current);
  const token = useAppSelector((s) => s.session.user?.token);
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  const pos = useAppSelector((s) => s.pos);
  const ticket = pos.tickets[channel];
  const ticketCustomer = pos.customers?.[channel] ?? null;
  const businessId = business?._id;
  const { catalog, error: catalogError, refresh } = useCatalog(businessId, token);
  // A product the till sells: at the wholesale till, only those with a wholesale price.
  const itemOf = useCallback(
    (id: string) => catalog?.items.find((i) => i._id === id && (channel !== "wholesale" || i.wholesalePrice > 0)),
    [catalog, channel],
  );
  const { data: sections = [] } = useTillSectionsQuery(businessId ?? "", { skip: !businessId });
  const { data: printers = [] } = useTillPrintersQuery(businessId ?? "", { skip: !businessId });
  // The eTIMS branch for the receipt's KRA lines ("Awaiting KRA signature" until the sale is signed).
  const { data: etims = null } = useGetEtimsReceiptBranchQuery(businessId ?? "", { skip: !businessId });
  const [paying, setPaying] = useState(false);
  const [sold, setSold] = useState<Sale | null>(null);
  const [soldOffline, setSoldOffline] = useState(false);
  // The checkout stays mounted once opened, as it was when it loaded with the page.
  const [checkoutUsed, setCheckoutUsed] = useState(false);
  const online = useOnline();
  usePendingStock(businessId);
  const search = useRef<HTMLInputElement>(null);
  // A phone: one column, the total and Pay in a bar fixed at the bottom. From a tablet's width the
  // search and the ticket sit side by side, each in its own card.
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  // A keyboard is likely where the pointer is a mouse; a touch screen gets 44 px targets instead
  // of the shortcuts' help, and the search box is not focused for it (that opens the on-screen keyboard).
  const keyboard = useMediaQuery("(hover: hover) and (pointer: fine)", { noSsr: true });
  const touch = !keyboard || phone;
  const timeZone = business?.timeZone ?? "Africa/Nairobi";

  useEffect(() => {
    if (businessId) dispatch(posOpened(businessId));
  }, [businessId, dispatch]);
  const promotions = useTillPromotions(businessId, timeZone);

  // Everything a sale needs loads as the till opens, beside its catalog, and the service worker
  // keeps it: the till says when it can sell with no network (use-offline-readiness.ts).
  const ready = catalog !== null;
  const { readiness, retry: retryReadiness } = useOfflineReadiness(ready, OFFLINE_PARTS, online);

  const onSold = (sale: Sale, offline = false) => {
    setPaying(false);
    setSold(sale);
    setSoldOffline(offline);
    lines.setSelected(null);
    dispatch(ticketReset({ channel }));
    // Offline, the outbox lowers the stock view (usePendingStock); there is nothing to fetch.
    if (!offline) void refresh();
  };
  const onRefused = (code: string | null) => {
    // Stock or prices changed under the ticket: pick up the catalog, reprice when prices moved.
    // The owner may have changed a promotion meanwhile: fetched again too, applied when it arrives.
    if (code === ERROR_CODES.PRICES_CHANGED) promotions.refetch();
    void refresh().then(() => {
      const items = catalogStore.get().catalog?.items ?? [];
      if (code !== ERROR_CODES.PRICES_CHANGED) return;
      const prices = Object.fromEntries(
        items.map((i) => [i._id, channel === "wholesale" && i.wholesalePrice > 0 ? i.wholesalePrice : i.sellingprice]),
      );
      dispatch(ticketRepriced({ channel, prices }));
    });
  };
  const kitchen = useKitchen(businessId, ticket, timeZone);
  useCustomerDisplay(businessId, business?.name ?? "", ticket, sold);
  // The wholesale catalogue's minimum quantities (the products it sells are those with a wholesale price).
  const { data: wholesale } = useTillWholesaleProductsQuery(businessId ?? "", {
    skip: !businessId || channel !== "wholesale",
  });
  const minimums = useMemo(() => new Map(wholesale?.map((w) => [w.productId, w.minQuantity])), [wholesale]);
  const lines = useTicketLines(channel, ticket, (id) => minimums.get(id) ?? 1);
  const { selectedLine } = lines;
  const restaurant = sections.length > 0;

  const focusSearch = () => {
    if (keyboard) search.current?.focus();
  };
  const closeCheckout = () => {
    setPaying(false);
    focusSearch();
  };
  const closeReceipt = () => {
    setSold(null);
    setTimeout(focusSearch, 0);
  };
  const openCheckout = () => {
    if (!ticket.products.length) return void toast.info(t`The ticket is empty`);
    setPaying(true);
    setCheckoutUsed(true);
  };
  const keys = useTillKeys({
    enabled: !paying && !sold,
    focusSearch,
    pay: openCheckout,
    kitchen: restaurant ? () => void kitchen.sendToKitchen() : undefined,
    removeSelected: () => selectedLine && lines.remove(selectedLine.productId),
    step: (by) => selectedLine && lines.setQuantity(selectedLine.productId, selectedLine.quantity + by),
    move: lines.move,
  });

  const stockOf = (productId: string) => catalog?.items.find((i) => i._id === productId)?.quantity;

  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          sm: "minmax(0, 1fr) minmax(0, 1fr)",
          md: "minmax(0, 5fr) minmax(0, 6fr)",
        },
        gap: { xs: 1.5, sm: 2 },
        height: { xs: "auto", sm: "calc(100vh - 112px)" },
        // On a phone the bar at the bottom would cover the ticket's last line.
        pb: { xs: "88px", sm: 0 },
      }}
    >
      <Card
        variant="outlined"
        sx={{
          p: { xs: 1.5, sm: 2 },
          display: "flex",
          flexDirection: "column",
          minHeight: 0,
          // A phone: the search, its results and the tiles take most of the first screen.
          height: { xs: "min(54vh, 480px)", sm: "auto" },
        }}
      >
        <TillHeader
          channel={channel}
          businessId={businessId}
          clinic={business?.businessType === "clinic"}
          isOwner={isOwner}
          restaurant={restaurant}
          readiness={readiness}
          onRetryReadiness={retryReadiness}
        />
        <TillAlerts
          online={online}
          readiness={readiness}
          catalogError={catalogError}
          onRetryCatalog={() => void refresh()}
        />
        <ProductSearch
          ref={search}
          catalog={catalog}
          channel={channel}
          autoFocus={keyboard}
          camera={touch}
          onPick={lines.add}
          onEmptyKey={keys.onEmptySearchKey}
          idle={
            <ProductTiles
              businessId={businessId}
              catalog={catalog}
              channel={channel}
              onPick={(item) => lines.add(item, 1)}
            />
          }
        />
        {keyboard && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }} data-testid="till-keys-help">
            <Trans>
              Enter add · 3* then code adds 3 · ↑↓ lines · +/- quantity · Del remove · F6/F7 discount · F9 pay
            </Trans>
            {restaurant ? t` · F8 kitchen` : ""} <Trans>· F2 search</Trans>
          </Typography>
        )}
      </Card>
      <Card
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, display: "flex", flexDirection: "column", minHeight: 0 }}
        data-testid="ticket"
      >
        <TicketHeader
          channel={channel}
          ticket={ticket}
          sections={sections}
          businessId={businessId}
          customer={ticketCustomer}
          itemOf={itemOf}
          onAdd={lines.add}
        />
        <TicketPanel
          ticket={ticket}
          selected={selectedLine?.productId ?? null}
          stockOf={stockOf}
          onSelect={lines.setSelected}
          onQuantity={lines.setQuantity}
          onRemove={lines.remove}
          touch={touch}
        />
        <TillDiscountBar
          channel={channel}
          businessId={businessId}
          ticket={ticket}
          selectedLine={selectedLine}
          enabled={!paying && !sold}
          keyboard={keyboard}
        />
        <PayBar
          total={ticket.total}
          empty={!ticket.products.length}
          phone={phone}
          keyboard={keyboard}
          kitchen={restaurant ? { sending: kitchen.sending, send: () => void kitchen.sendToKitchen() } : undefined}
          onClear={() => dispatch(ticketReset({ channel }))}
          onPay={openCheckout}
        />
      </Card>
      {checkoutUsed && (
        <PartDialog part={checkoutPart} open={paying} title={t`Checkout`} onClose={closeCheckout}>
          {(m) => (
            <m.CheckoutDialog
              open={paying}
              channel={channel}
              businessId={businessId}
              ticket={ticket}
              ticketCustomer={ticketCustomer}
              onSold={onSold}
              onRefused={onRefused}
              onClose={closeCheckout}
            />
          )}
        </PartDialog>
      )}
      {sold && (
        <PartDialog part={receiptPart} open title={t`Receipt`} onClose={closeReceipt}>
          {(m) => (
            <m.ReceiptDialog
              sale={sold}
              businessId={businessId ?? ""}
              offline={soldOffline}
              business={{
                name: business?.name ?? "",
                timeZone,
                kraPin: business?.kraPin ?? null,
                vatRegistered: business?.vatRegistered ?? false,
                etims,
              }}
              networkPrinter={printers.some((p) => p.kind === "network" && p.role === "receipt")}
              onClose={closeReceipt}
            />
          )}
        </PartDialog>
      )}
    </Box>
  );
}
