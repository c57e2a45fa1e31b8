import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { Alert, Box, Button, Card, Chip, Paper, Typography, useMediaQuery } from "@mui/material";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/pos/cart";
import type { CatalogItem } from "@app/shared/pos/catalog";
import type { Sale } from "@app/shared/sales/sale";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { catalogStore, useCatalog } from "./catalog-store.ts";
import { CashOutButton } from "./components/cash-out-button.tsx";
import { SwitchCashierButton } from "./components/switch-cashier-button.tsx";
import { ProductSearch } from "./components/product-search.tsx";
import { ProductTiles } from "./components/product-tiles.tsx";
import { TicketPanel } from "./components/ticket-panel.tsx";
import { useTillPrintersQuery, useTillSectionsQuery } from "./pos-api.ts";
import {
  posOpened,
  productAdded,
  productRemoved,
  quantitySet,
  sectionChosen,
  tableChosen,
  ticketRepriced,
  ticketReset,
} from "./pos-slice.ts";
import { useKitchen } from "./use-kitchen.ts";
import { useOnline } from "../../lib/offline/use-outbox.ts";
import { usePendingStock } from "./offline/use-pending-stock.ts";
import { useTillKeys } from "./use-till-keys.ts";
import { pathTo } from "../../lib/paths.ts";
import { usePart, type Part } from "../../lib/lazy-part.tsx";
import { PartDialog } from "../../components/part-dialog.tsx";
import { checkoutPart, OFFLINE_PARTS, receiptPart, tablesPart, visitBillsPart } from "./till-parts.ts";
import { useOfflineReadiness } from "./use-offline-readiness.ts";
import { OfflineReadinessChip } from "./components/offline-readiness-chip.tsx";

/** A restaurant's table picker or a clinic's visit bills: in once loaded; a part that could not load offers Try again. */
function OptionalPart<M>({ part, children }: { part: Part<M>; children: (module: M) => ReactNode }) {
  const { module, failed, retry } = usePart(part);
  if (module) return children(module);
  if (!failed) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t`Needs the network once`} onClick={retry} />;
}

/** The till: /pos rings up retail (sellingprice), /wholesale the wholesale ticket (wholesalePrice). */
export default function PosPage() {
  const channel: Channel = useLocation().pathname.startsWith("/wholesale") ? "wholesale" : "retail";
  const dispatch = useAppDispatch();
  const business = useAppSelector((s) => s.business.current);
  const token = useAppSelector((s) => s.session.user?.token);
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  const pos = useAppSelector((s) => s.pos);
  const ticket = pos.tickets[channel];
  const businessId = business?._id;
  const { catalog, error: catalogError, refresh } = useCatalog(businessId, token);
  const { data: sections = [] } = useTillSectionsQuery(businessId ?? "", { skip: !businessId });
  const { data: printers = [] } = useTillPrintersQuery(businessId ?? "", { skip: !businessId });
  const [selected, setSelected] = useState<string | null>(null);
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

  // Everything a sale needs loads as the till opens, beside its catalog, and the service worker
  // keeps it: the till says when it can sell with no network (use-offline-readiness.ts).
  const ready = catalog !== null;
  const { readiness, retry: retryReadiness } = useOfflineReadiness(ready, OFFLINE_PARTS, online);

  const onSold = (sale: Sale, offline = false) => {
    setPaying(false);
    setSold(sale);
    setSoldOffline(offline);
    setSelected(null);
    dispatch(ticketReset({ channel }));
    // Offline, the outbox lowers the stock view (usePendingStock); there is nothing to fetch.
    if (!offline) void refresh();
  };
  const onRefused = (code: string | null) => {
    // Stock or prices changed under the ticket: pick up the catalog, reprice when prices moved.
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
  const restaurant = sections.length > 0;

  const focusSearch = () => {
    if (keyboard) search.current?.focus();
  };
  const add = (item: CatalogItem, quantity: number) => {
    dispatch(productAdded({ channel, product: item, quantity }));
    setSelected(item._id);
    if (item.quantity <= 0) toast.warn(t`${item.name} shows no stock; the sale will be refused unless stock is added`);
  };
  const setQuantity = (productId: string, quantity: number) => dispatch(quantitySet({ channel, productId, quantity }));
  const remove = (productId: string) => {
    dispatch(productRemoved({ channel, productId }));
    setSelected(null);
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
  const selectedLine =
    ticket.products.find((l) => l.productId === selected) ?? ticket.products[ticket.products.length - 1];
  const keys = useTillKeys({
    enabled: !paying && !sold,
    focusSearch,
    pay: openCheckout,
    kitchen: restaurant ? () => void kitchen.sendToKitchen() : undefined,
    removeSelected: () => selectedLine && remove(selectedLine.productId),
    step: (by) => selectedLine && setQuantity(selectedLine.productId, selectedLine.quantity + by),
    move: (by) => {
      const i = ticket.products.findIndex((l) => l.productId === selectedLine?.productId);
      const next = ticket.products[Math.min(Math.max(i + by, 0), ticket.products.length - 1)];
      if (next) setSelected(next.productId);
    },
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
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1.5, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {channel === "retail" ? "POS" : t`Wholesale`}
          </Typography>
          {business?.businessType === "clinic" && businessId && (
            <OptionalPart part={visitBillsPart}>{(m) => <m.VisitBillsButton businessId={businessId} />}</OptionalPart>
          )}
          {isOwner && (
            <Button size="small" component={Link} to={pathTo("/section")}>
              {restaurant ? t`Tables` : t`Set up tables`}
            </Button>
          )}
          {businessId && <CashOutButton businessId={businessId} />}
          {businessId && <SwitchCashierButton businessId={businessId} />}
          <OfflineReadinessChip readiness={readiness} onRetry={retryReadiness} />
          <Chip
            size="small"
            label={channel === "retail" ? t`Retail prices` : t`Wholesale prices`}
            color={channel === "retail" ? "default" : "secondary"}
          />
        </Box>
        {!online && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="till-offline">
            <Trans>Offline: sales are kept on this device and sent when the network is back.</Trans>
          </Alert>
        )}
        {!online && readiness === "needs-network" && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="till-not-ready-offline">
            <Trans>
              This till opened just before the network went, and its checkout is not on this device yet. Keep the
              ticket; connect once to sell.
            </Trans>
          </Alert>
        )}
        {catalogError && (
          <Alert
            severity="error"
            action={
              <Button onClick={() => void refresh()}>
                <Trans>Retry</Trans>
              </Button>
            }
            sx={{ mb: 1 }}
          >
            {catalogError}
          </Alert>
        )}
        <ProductSearch
          ref={search}
          catalog={catalog}
          channel={channel}
          autoFocus={keyboard}
          onPick={add}
          onEmptyKey={keys.onEmptySearchKey}
          idle={
            <ProductTiles businessId={businessId} catalog={catalog} channel={channel} onPick={(item) => add(item, 1)} />
          }
        />
        {keyboard && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }} data-testid="till-keys-help">
            <Trans>Enter add · 3* then code adds 3 · ↑↓ lines · +/- quantity · Del remove · F9 pay</Trans>
            {restaurant ? t` · F8 kitchen` : ""} <Trans>· F2 search</Trans>
          </Typography>
        )}
      </Card>
      <Card
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, display: "flex", flexDirection: "column", minHeight: 0 }}
        data-testid="ticket"
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Ticket</Trans>
          </Typography>
          {restaurant && (
            <OptionalPart part={tablesPart}>
              {(m) => (
                <m.TablePicker
                  sections={sections}
                  section={ticket.section}
                  table={ticket.table}
                  onSection={(section) => dispatch(sectionChosen({ channel, section }))}
                  onTable={(table) => dispatch(tableChosen({ channel, table }))}
                />
              )}
            </OptionalPart>
          )}
        </Box>
        <TicketPanel
          ticket={ticket}
          selected={selectedLine?.productId ?? null}
          stockOf={stockOf}
          onSelect={setSelected}
          onQuantity={setQuantity}
          onRemove={remove}
          touch={touch}
        />
        <Paper
          elevation={phone ? 8 : 0}
          square={phone}
          data-testid="pay-bar"
          sx={
            phone
              ? {
                  position: "fixed",
                  left: 0,
                  right: 0,
                  bottom: 0,
                  zIndex: (theme) => theme.zIndex.appBar - 1,
                  px: 1.5,
                  py: 1,
                  pb: "calc(8px + env(safe-area-inset-bottom))",
                }
              : { mt: 1 }
          }
        >
          <Box
            sx={{
              display: "flex",
              justifyContent: "space-between",
              alignItems: "baseline",
              borderTop: phone ? 0 : 2,
              borderColor: "divider",
              pt: phone ? 0 : 1.5,
            }}
          >
            <Typography variant="h6">
              <Trans>Total</Trans>
            </Typography>
            <Typography variant={phone ? "h5" : "h4"} sx={{ fontWeight: 700 }} data-testid="ticket-total">
              {formatKES(ticket.total)}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", gap: 1, mt: phone ? 0.5 : 1.5 }}>
            <Button
              color="inherit"
              onClick={() => dispatch(ticketReset({ channel }))}
              disabled={!ticket.products.length}
              sx={{ minHeight: 44 }}
            >
              <Trans>Clear</Trans>
            </Button>
            {restaurant && (
              <Button
                variant="outlined"
                onClick={() => void kitchen.sendToKitchen()}
                disabled={kitchen.sending}
                sx={{ minHeight: 44 }}
              >
                {keyboard ? <Trans>Send to kitchen (F8)</Trans> : <Trans>Send to kitchen</Trans>}
              </Button>
            )}
            <Button
              variant="contained"
              size="large"
              sx={{ flex: 1, minHeight: 44 }}
              onClick={openCheckout}
              disabled={!ticket.products.length}
            >
              {keyboard ? (
                <Trans>Pay {formatKES(ticket.total)} (F9)</Trans>
              ) : (
                <Trans>Pay {formatKES(ticket.total)}</Trans>
              )}
            </Button>
          </Box>
        </Paper>
      </Card>
      {checkoutUsed && (
        <PartDialog part={checkoutPart} open={paying} title={t`Checkout`} onClose={closeCheckout}>
          {(m) => (
            <m.CheckoutDialog
              open={paying}
              channel={channel}
              businessId={businessId}
              ticket={ticket}
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
              offline={soldOffline}
              business={{ name: business?.name ?? "", timeZone }}
              networkPrinter={printers.some((p) => p.kind === "network" && p.role === "receipt")}
              onClose={closeReceipt}
            />
          )}
        </PartDialog>
      )}
    </Box>
  );
}
