import SearchIcon from "@mui/icons-material/Search";
import { Box, InputAdornment, List, ListItemButton, ListItemText, TextField, Typography } from "@mui/material";
import { forwardRef, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { unitPriceOf, type Channel } from "@app/shared/sales/cart";
import type { Catalog, CatalogItem } from "@app/shared/sales/catalog";
import { findByCode, searchCatalog } from "@app/shared/sales/catalog-search";

/** "3*" typed before a code or a name adds three units. */
const QUANTITY_PREFIX = /^(\d{1,4})\*\s*/;

export function parseQuery(text: string): { quantity: number; query: string } {
  const m = QUANTITY_PREFIX.exec(text);
  return m ? { quantity: Math.max(Number(m[1]), 1), query: text.slice(m[0].length) } : { quantity: 1, query: text };
}

type Props = { catalog: Catalog | null; channel: Channel; onPick: (item: CatalogItem, quantity: number) => void; onEmptyKey?: (e: React.KeyboardEvent) => void };

/**
 * Search as you type by name, SKU or barcode, in the browser. A scanner types a code and
 * Enter: the exact product is added at once. Arrows move through the results; Enter adds.
 */
export const ProductSearch = forwardRef<HTMLInputElement, Props>(function ProductSearch({ catalog, channel, onPick, onEmptyKey }, ref) {
  const [text, setText] = useState("");
  const [highlight, setHighlight] = useState(0);
  const { quantity, query } = parseQuery(text);
  const results = useMemo(() => (catalog && query.trim() ? searchCatalog(catalog, query, 40) : []), [catalog, query]);
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
      pick((catalog && findByCode(catalog, query)) || results[highlight]);
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
      <TextField
        inputRef={ref}
        autoFocus
        fullWidth
        placeholder={catalog ? `Scan or search ${catalog.items.length.toLocaleString()} products (name, SKU, barcode)` : "Loading products…"}
        value={text}
        onChange={(e) => {
          typedAt.current = e.timeStamp || performance.now();
          setText(e.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: { "aria-label": "Search products", "data-testid": "pos-search", autoComplete: "off", spellCheck: false },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
        }}
      />
      {quantity > 1 && <Typography variant="caption" color="primary" sx={{ mt: 0.5 }}>Adding {quantity} at a time</Typography>}
      <List dense data-testid="pos-results" sx={{ overflowY: "auto", flex: 1, mt: 1 }}>
        {results.map((item, i) => (
          <ListItemButton key={item._id} selected={i === highlight} onClick={() => pick(item)} onMouseEnter={() => setHighlight(i)}>
            <ListItemText
              primary={item.name}
              secondary={[item.sku, item.barcode].filter(Boolean).join(" · ") || undefined}
            />
            <Box sx={{ textAlign: "right", ml: 2 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{formatKES(unitPriceOf(item, channel))}</Typography>
              <Typography variant="caption" color={item.quantity > 0 ? "text.secondary" : "error"}>
                {item.quantity > 0 ? `${item.quantity} ${item.unit} in stock` : "Out of stock"}
              </Typography>
            </Box>
          </ListItemButton>
        ))}
        {query.trim() && catalog && !results.length && <Typography color="text.secondary" sx={{ p: 2 }}>No product matches “{query}”.</Typography>}
      </List>
    </Box>
  );
});
