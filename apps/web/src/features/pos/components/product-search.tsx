import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  FormControl,
  IconButton,
  InputAdornment,
  OutlinedInput,
  Typography,
  useMediaQuery,
  useTheme,
  type SxProps,
  type Theme,
} from "@mui/material";
import { alpha } from "@mui/material/styles";
import { forwardRef, memo, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { soldOn, unitPriceOf, type Channel } from "@app/shared/pos/cart";
import type { Catalog, CatalogItem } from "@app/shared/pos/catalog";
import { findByCode, searchCatalog } from "@app/shared/pos/catalog-search";
import CameraIcon from "@mui/icons-material/PhotoCameraOutlined";
import { PartDialog } from "../../../components/part-dialog.tsx";
import { cameraAvailable } from "../camera-scan/barcode-reader.ts";
import { cameraScanPart } from "../till-parts.ts";

/** "3*" typed before a code or a name adds three units. */
const QUANTITY_PREFIX = /^(\d{1,4})\*\s*/;

export function parseQuery(text: string): { quantity: number; query: string } {
  const m = QUANTITY_PREFIX.exec(text);
  return m ? { quantity: Math.max(Number(m[1]), 1), query: text.slice(m[0].length) } : { quantity: 1, query: text };
}

/**
 * The result list's look, set once on the list: its rows are plain elements. Forty MUI list
 * items (ListItemButton, ListItemText, Typography) were most of a keystroke's time, each
 * one resolving its styles again on every keystroke.
 */
const RESULTS_SX: SxProps<Theme> = {
  listStyle: "none",
  m: 0,
  mt: 1,
  p: 0,
  overflowY: "auto",
  flex: 1,
  "& > li": {
    display: "flex",
    alignItems: "center",
    gap: 2,
    px: 2,
    py: 1,
    borderRadius: 1,
    cursor: "pointer",
    typography: "body2",
  },
  "& > li[aria-selected=true]": {
    bgcolor: (theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
  },
  "& .name": { display: "block", color: "text.primary" },
  "& .codes": { display: "block", color: "text.secondary" },
  "& .side": { ml: "auto", textAlign: "right", flexShrink: 0 },
  "& .price": { display: "block", fontWeight: 600 },
  "& .stock": { display: "block", typography: "caption", color: "text.secondary" },
  "& .stock.out": { color: "error.main" },
};

type RowProps = { item: CatalogItem; index: number; selected: boolean; channel: Channel };

/** One result; memoised, so a keystroke re-renders only the rows that changed. */
const ResultRow = memo(function ResultRow({ item, index, selected, channel }: RowProps) {
  const codes = [item.sku, item.barcode].filter(Boolean).join(" · ");
  return (
    <li role="option" aria-selected={selected} data-index={index}>
      <span>
        <span className="name">{item.name}</span>
        {codes && <span className="codes">{codes}</span>}
      </span>
      <span className="side">
        <span className="price">{formatKES(unitPriceOf(item, channel))}</span>
        <span className={item.quantity > 0 ? "stock" : "stock out"}>
          {item.quantity > 0 ? t`${item.quantity} ${item.unit} in stock` : t`Out of stock`}
        </span>
      </span>
    </li>
  );
});

/** The result under a pointer event, from its row's data-index. */
function rowIndexOf(e: React.MouseEvent): number | null {
  const row = (e.target as HTMLElement).closest<HTMLElement>("li[data-index]");
  return row ? Number(row.dataset.index) : null;
}

type Props = {
  catalog: Catalog | null;
  channel: Channel;
  onPick: (item: CatalogItem, quantity: number) => void;
  onEmptyKey?: (e: React.KeyboardEvent) => void;
  /** Shown under the search box while nothing is typed (the product tiles). */
  idle?: React.ReactNode;
  /** Focus the search box on arrival (where a keyboard or scanner is likely). */
  autoFocus?: boolean;
  /** Offer scanning with the device's camera (phones and tablets). */
  camera?: boolean;
};

/**
 * Search as you type by name, SKU or barcode, in the browser. A scanner types a code and
 * Enter: the exact product is added at once. Arrows move through the results; Enter adds.
 */
export const ProductSearch = forwardRef<HTMLInputElement, Props>(function ProductSearch(
  { catalog, channel, onPick, onEmptyKey, idle, autoFocus = true, camera = false },
  ref,
) {
  const [text, setText] = useState("");
  const [scanning, setScanning] = useState(false);
  // A phone's field holds about 30 characters: the long placeholder was cut mid-word.
  const narrow = useMediaQuery(useTheme().breakpoints.down("sm"), { noSsr: true });
  const [highlight, setHighlight] = useState(0);
  const { quantity, query } = parseQuery(text);
  // The wholesale till sells only the wholesale catalogue (soldOn): a wider search, then the first 40 of it.
  const results = useMemo(
    () =>
      catalog && query.trim()
        ? searchCatalog(catalog, query, channel === "wholesale" ? 400 : 40)
            .filter((i) => soldOn(i, channel))
            .slice(0, 40)
        : [],
    [catalog, query, channel],
  );
  const count = useMemo(
    () => (catalog ? catalog.items.filter((i) => soldOn(i, channel)).length : 0),
    [catalog, channel],
  );
  const byCode = (code: string) => {
    const item = catalog ? findByCode(catalog, code) : undefined;
    return item && soldOn(item, channel) ? item : undefined;
  };
  const typedAt = useRef<number | null>(null);

  // Keystroke to results on screen: measured for the benchmark (performance marks).
  useLayoutEffect(() => {
    if (typedAt.current === null) return;
    performance.measure("pos:search", { start: typedAt.current, end: performance.now() });
    typedAt.current = null;
  }, [results]);

  function pick(item: CatalogItem | undefined) {
    if (!item) return;
    onPick(item, quantity);
    setText("");
    setHighlight(0);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "Enter") {
      e.preventDefault();
      pick(byCode(query) || results[highlight]);
    } else if (e.key === "ArrowDown" && results.length) {
      e.preventDefault();
      setHighlight((h) => Math.min(h + 1, results.length - 1));
    } else if (e.key === "ArrowUp" && results.length) {
      e.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (e.key === "Escape") {
      setText("");
    } else if (!text) onEmptyKey?.(e);
  }

  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: 1 }}>
      {/* TextField's markup without TextField, which brings Select, Menu and Popover (13 KB gzip) into the till's first load. */}
      <FormControl fullWidth>
        <OutlinedInput
          inputRef={ref}
          autoFocus={autoFocus}
          placeholder={
            catalog
              ? narrow
                ? t`Scan or search ${count.toLocaleString()} products`
                : t`Scan or search ${count.toLocaleString()} products (name, SKU, barcode)`
              : t`Loading products…`
          }
          value={text}
          onChange={(e) => {
            typedAt.current = e.timeStamp || performance.now();
            setText(e.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            "aria-label": t`Search products`,
            "data-testid": "pos-search",
            autoComplete: "off",
            spellCheck: false,
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
          endAdornment={
            camera && cameraAvailable() ? (
              <InputAdornment position="end">
                <IconButton edge="end" aria-label={t`Scan with the camera`} onClick={() => setScanning(true)}>
                  <CameraIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </FormControl>
      {scanning && (
        <PartDialog part={cameraScanPart} open title={t`Scan with the camera`} onClose={() => setScanning(false)}>
          {(m) => (
            <m.CameraScanDialog
              onClose={() => setScanning(false)}
              onCode={(code) => {
                const item = byCode(code);
                if (!item) return { ok: false, message: t`No product has the code ${code}` };
                pick(item);
                return { ok: true, message: t`Added ${item.name}` };
              }}
            />
          )}
        </PartDialog>
      )}
      {quantity > 1 && (
        <Typography variant="caption" color="primary" sx={{ mt: 0.5 }}>
          <Trans>Adding {quantity} at a time</Trans>
        </Typography>
      )}
      {idle && (
        <Box sx={{ display: query.trim() ? "none" : "flex", flexDirection: "column", flex: 1, minHeight: 0 }}>
          {idle}
        </Box>
      )}
      <Box
        component="ul"
        role="listbox"
        hidden={!query.trim()}
        aria-label={t`Products found`}
        data-testid="pos-results"
        sx={RESULTS_SX}
        onMouseDown={(e) => e.preventDefault()} // the search box keeps the focus, for the next scan
        onClick={(e) => {
          const i = rowIndexOf(e);
          if (i !== null) pick(results[i]);
        }}
        onMouseOver={(e) => {
          const i = rowIndexOf(e);
          if (i !== null && i !== highlight) setHighlight(i);
        }}
      >
        {results.map((item, i) => (
          <ResultRow key={item._id} item={item} index={i} selected={i === highlight} channel={channel} />
        ))}
      </Box>
      {query.trim() && catalog && !results.length && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          <Trans>No product matches “{query}”.</Trans>
        </Typography>
      )}
    </Box>
  );
});
