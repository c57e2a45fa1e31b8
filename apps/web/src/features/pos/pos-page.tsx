import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { Alert, Box, Button, Card, Chip, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
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
import { CheckoutDialog } from "./components/checkout-dialog.tsx";
import { ProductSearch } from "./components/product-search.tsx";
import { ReceiptDialog } from "./components/receipt-dialog.tsx";
import { TablePicker } from "./components/table-picker.tsx";
import { TicketPanel } from "./components/ticket-panel.tsx";
import { VisitBillsButton } from "./components/visit-bills.tsx";
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
import { useTillKeys } from "./use-till-keys.ts";
import { pathTo } from "../../lib/paths.ts";

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
  const search = useRef<HTMLInputElement>(null);
  const timeZone = business?.timeZone ?? "Africa/Nairobi";

  useEffect(() => {
    if (businessId) dispatch(posOpened(businessId));
  }, [businessId, dispatch]);

  const onSold = (sale: Sale) => {
    setPaying(false);
    setSold(sale);
    setSelected(null);
    dispatch(ticketReset({ channel }));
    void refresh();
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

  const focusSearch = () => search.current?.focus();
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
  const openCheckout = () => {
    if (!ticket.products.length) return void toast.info(t`The ticket is empty`);
    setPaying(true);
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
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 5fr) minmax(0, 6fr)" },
        gap: 2,
        height: "calc(100vh - 112px)",
      }}
    >
      <Card variant="outlined" sx={{ p: 2, display: "flex", flexDirection: "column", minHeight: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {channel === "retail" ? "POS" : t`Wholesale`}
          </Typography>
          {business?.businessType === "clinic" && businessId && <VisitBillsButton businessId={businessId} />}
          {isOwner && (
            <Button size="small" component={Link} to={pathTo("/section")}>
              {restaurant ? t`Tables` : t`Set up tables`}
            </Button>
          )}
          {businessId && <CashOutButton businessId={businessId} />}
          {businessId && <SwitchCashierButton businessId={businessId} />}
          <Chip
            size="small"
            label={channel === "retail" ? t`Retail prices` : t`Wholesale prices`}
            color={channel === "retail" ? "default" : "secondary"}
          />
        </Box>
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
          onPick={add}
          onEmptyKey={keys.onEmptySearchKey}
        />
        <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
          <Trans>Enter add · 3* then code adds 3 · ↑↓ lines · +/- quantity · Del remove · F9 pay</Trans>
          {restaurant ? t` · F8 kitchen` : ""} <Trans>· F2 search</Trans>
        </Typography>
      </Card>
      <Card
        variant="outlined"
        sx={{ p: 2, display: "flex", flexDirection: "column", minHeight: 0 }}
        data-testid="ticket"
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Ticket</Trans>
          </Typography>
          {restaurant && (
            <TablePicker
              sections={sections}
              section={ticket.section}
              table={ticket.table}
              onSection={(section) => dispatch(sectionChosen({ channel, section }))}
              onTable={(table) => dispatch(tableChosen({ channel, table }))}
            />
          )}
        </Box>
        <TicketPanel
          ticket={ticket}
          selected={selectedLine?.productId ?? null}
          stockOf={stockOf}
          onSelect={setSelected}
          onQuantity={setQuantity}
          onRemove={remove}
        />
        <Box
          sx={{
            display: "flex",
            justifyContent: "space-between",
            alignItems: "baseline",
            borderTop: 2,
            borderColor: "divider",
            pt: 1.5,
            mt: 1,
          }}
        >
          <Typography variant="h6">
            <Trans>Total</Trans>
          </Typography>
          <Typography variant="h4" sx={{ fontWeight: 700 }} data-testid="ticket-total">
            {formatKES(ticket.total)}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, mt: 1.5 }}>
          <Button color="inherit" onClick={() => dispatch(ticketReset({ channel }))} disabled={!ticket.products.length}>
            <Trans>Clear</Trans>
          </Button>
          {restaurant && (
            <Button variant="outlined" onClick={() => void kitchen.sendToKitchen()} disabled={kitchen.sending}>
              <Trans>Send to kitchen (F8)</Trans>
            </Button>
          )}
          <Button
            variant="contained"
            size="large"
            sx={{ flex: 1 }}
            onClick={openCheckout}
            disabled={!ticket.products.length}
          >
            <Trans>Pay {formatKES(ticket.total)} (F9)</Trans>
          </Button>
        </Box>
      </Card>
      <CheckoutDialog
        open={paying}
        channel={channel}
        businessId={businessId}
        ticket={ticket}
        onSold={onSold}
        onRefused={onRefused}
        onClose={() => {
          setPaying(false);
          focusSearch();
        }}
      />
      <ReceiptDialog
        sale={sold}
        business={{ name: business?.name ?? "", timeZone }}
        networkPrinter={printers.some((p) => p.kind === "network" && p.role === "receipt")}
        onClose={() => {
          setSold(null);
          setTimeout(focusSearch, 0);
        }}
      />
    </Box>
  );
}
