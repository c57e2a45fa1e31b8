import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Chip, Stack, Typography, type SxProps, type Theme } from "@mui/material";
import { memo, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { soldOn, unitPriceOf, type Channel } from "@app/shared/pos/cart";
import type { Catalog, CatalogItem } from "@app/shared/pos/catalog";
import { tileOrder } from "@app/shared/pos/tile-order";
import { useTillTilesQuery } from "../pos-api.ts";

/** A tile's box: at least 44 px a side everywhere a finger lands (it is far larger). */
const TILE_WIDTH = 112;
const ROW_HEIGHT = 116;
const GAP = 8;
/** Rows drawn above and below the visible ones, so a quick flick does not show blanks. */
const OVERSCAN = 3;

const GRID_SX: SxProps<Theme> = {
  position: "relative",
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  overscrollBehavior: "contain",
  "& .tile": {
    position: "absolute",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "flex-start",
    gap: 0.5,
    p: 0.75,
    border: 1,
    borderColor: "divider",
    borderRadius: 1,
    bgcolor: "background.paper",
    cursor: "pointer",
    font: "inherit",
    color: "text.primary",
    textAlign: "center",
    overflow: "hidden",
    touchAction: "manipulation",
    WebkitTapHighlightColor: "transparent", // the :active colour shows the tap

    "&:active": { bgcolor: "action.selected" },
    "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
  },
  "& .pic": {
    width: 44,
    height: 44,
    flexShrink: 0,
    borderRadius: 1,
    objectFit: "cover",
    bgcolor: "grey.100",
    display: "grid",
    placeItems: "center",
    typography: "subtitle1",
    fontWeight: 700,
    color: "text.secondary",
  },
  "& .name": {
    typography: "caption",
    lineHeight: 1.2,
    display: "-webkit-box",
    WebkitLineClamp: 2,
    WebkitBoxOrient: "vertical",
    overflow: "hidden",
    wordBreak: "break-word",
  },
  "& .price": { typography: "caption", fontWeight: 700, mt: "auto" },
  "& .out .price": { color: "error.main" },
  // "Sells out soon": over the tile's corner, so the tile keeps its layout.
  "& .soon": {
    position: "absolute",
    top: 2,
    right: 2,
    px: 0.5,
    borderRadius: 0.5,
    fontSize: 10,
    lineHeight: 1.4,
    fontWeight: 700,
    // Dark amber on pale amber: 8:1, above AA's 4.5:1 for text this small (the theme's warning
    // colours with white are about 3:1).
    bgcolor: "#fff3e0",
    color: "#7a3e00",
    border: 1,
    borderColor: "#ffb74d",
  },
};

type TileProps = {
  item: CatalogItem;
  index: number;
  channel: Channel;
  style: React.CSSProperties;
  /** "Sells out soon" (in the user's language) when it does, else null. */
  soon: string | null;
};

/** One tile; memoised, so scrolling re-renders only the tiles that come into view. */
const Tile = memo(function Tile({ item, index, channel, style, soon }: TileProps) {
  return (
    <button
      type="button"
      className={item.quantity > 0 ? "tile" : "tile out"}
      style={style}
      data-index={index}
      data-testid="pos-tile"
    >
      {item.image ? (
        <img className="pic" src={item.image} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="pic" aria-hidden>
          {item.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <span className="name">{item.name}</span>
      <span className="price">{formatKES(unitPriceOf(item, channel))}</span>
      {soon && (
        <span className="soon" data-testid="pos-tile-soon">
          {soon}
        </span>
      )}
    </button>
  );
});

type Props = {
  businessId: string | undefined;
  catalog: Catalog | null;
  channel: Channel;
  onPick: (item: CatalogItem) => void;
};

/**
 * Product tiles for a finger: a category row ("Most sold" first) over a grid of tiles, the most
 * sold first, then by name. Only the rows in view are in the page (a catalog of 100,000
 * products draws a few dozen buttons), and a tap anywhere in the grid is one listener. It stays
 * mounted (hidden) while a search is typed, so clearing the search does not rebuild it.
 */
export function ProductTiles({ businessId, catalog, channel, onPick }: Props) {
  const [category, setCategory] = useState<string | null>(null);
  // Asked for once the catalog is in: the catalog's download goes first.
  const tiles = useTillTilesQuery(
    { businessId: businessId ?? "", categoryId: category ?? undefined },
    { skip: !businessId || !catalog },
  );
  const items = useMemo(
    () =>
      catalog && tiles.data
        ? tileOrder(catalog.items, tiles.data.ids, category === null).filter((i) => soldOn(i, channel))
        : [],
    [catalog, tiles.data, category, channel],
  );

  // Stored tiles from before the hint have none.
  const soonOut = useMemo(() => new Set<string>(tiles.data?.soonOut ?? []), [tiles.data]);
  const soonLabel = t`Sells out soon`;

  const grid = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ width: 0, height: 0, top: 0 });
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const measure = () => setView({ width: el.clientWidth, height: el.clientHeight, top: el.scrollTop });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    grid.current?.scrollTo({ top: 0 });
  }, [category]);

  const columns = Math.max(2, Math.floor((view.width + GAP) / (TILE_WIDTH + GAP)));
  const tileWidth = (view.width - GAP * (columns - 1)) / columns;
  const rows = Math.ceil(items.length / columns);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const shown: React.ReactNode[] = [];
  if (view.width > 0)
    for (let r = first; r < last; r++)
      for (let c = 0; c < columns; c++) {
        const index = r * columns + c;
        const item = items[index];
        if (!item) break;
        shown.push(
          <Tile
            key={item._id}
            item={item}
            index={index}
            channel={channel}
            soon={soonOut.has(item._id) ? soonLabel : null}
            style={{
              top: r * ROW_HEIGHT,
              left: c * (tileWidth + GAP),
              width: tileWidth,
              height: ROW_HEIGHT - GAP,
            }}
          />,
        );
      }

  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, flex: 1, mt: 1 }} data-testid="pos-tiles">
      <Stack
        direction="row"
        spacing={1}
        sx={{ overflowX: "auto", pb: 1, flexShrink: 0 }}
        role="tablist"
        aria-label={t`Product categories`}
      >
        <Chip
          role="tab"
          aria-selected={category === null}
          label={t`Most sold`}
          color={category === null ? "primary" : "default"}
          onClick={() => setCategory(null)}
          sx={{ minHeight: 44, borderRadius: 22 }}
        />
        {tiles.data?.categories.map((c) => (
          <Chip
            key={c._id}
            role="tab"
            aria-selected={category === c._id}
            label={c.name}
            color={category === c._id ? "primary" : "default"}
            onClick={() => setCategory(c._id)}
            sx={{ minHeight: 44, borderRadius: 22 }}
          />
        ))}
      </Stack>
      {tiles.isError && (
        <Alert
          severity="error"
          action={
            <Button onClick={() => void tiles.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The product tiles could not be loaded.</Trans>
        </Alert>
      )}
      {!tiles.isError && catalog && tiles.data && items.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {channel === "wholesale" && category === null ? (
            <Trans>No wholesale products yet. Add them under Inventory, Wholesale products.</Trans>
          ) : category === null ? (
            <Trans>No products to sell yet. Add products under Products.</Trans>
          ) : (
            <Trans>No products in this category.</Trans>
          )}
        </Typography>
      )}
      {(!catalog || tiles.isLoading) && !tiles.isError && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          <Trans>Loading products…</Trans>
        </Typography>
      )}
      <Box
        ref={grid}
        sx={GRID_SX}
        role="group"
        aria-label={t`Product tiles`}
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          if (Math.floor(top / ROW_HEIGHT) !== Math.floor(view.top / ROW_HEIGHT)) setView((v) => ({ ...v, top }));
        }}
        onMouseDown={(e) => e.preventDefault()} // a tap does not take the focus from the search box
        onClick={(e) => {
          const tile = (e.target as HTMLElement).closest<HTMLElement>("button[data-index]");
          const item = tile ? items[Number(tile.dataset.index)] : undefined;
          if (item) onPick(item);
        }}
      >
        <Box sx={{ height: rows * ROW_HEIGHT }}>{shown}</Box>
      </Box>
    </Box>
  );
}
