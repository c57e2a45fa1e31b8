import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from "@mui/material";
import { Link } from "react-router";
import type { StockStatus } from "@app/shared/inventory/product";
import { useListProductsQuery } from "../api/products-api.ts";
import { LoadError } from "../components/load-error.tsx";
import { ProductThumb } from "../components/product-thumb.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { pathTo } from "../../../lib/paths.ts";

const SHOWN = 15;

/** The products of one stock status (emptiest first), each opening its page. */
export function StockListCard({
  title,
  status,
  empty,
}: {
  title: string;
  status: Exclude<StockStatus, "in">;
  empty: string;
}) {
  const { businessId } = useInventoryAccess();
  const { data, isFetching, isError, error, refetch } = useListProductsQuery({
    businessId,
    stockStatus: status,
    sort: "quantity",
    order: "asc",
    page: 0,
    pageSize: SHOWN,
  });
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardHeader
        slotProps={{ title: { variant: "h6" } }}
        title={title}
        subheader={data ? `${data.total.toLocaleString()} product${data.total === 1 ? "" : "s"}` : " "}
      />
      {isFetching && <LinearProgress aria-label={t`Loading ${title}`} />}
      <CardContent sx={{ pt: 0 }}>
        {isError && <LoadError error={error} what={t`Could not load: ${title}.`} onRetry={() => void refetch()} />}
        {data && data.items.length === 0 && <Typography color="text.secondary">{empty}</Typography>}
        <List dense aria-label={title}>
          {data?.items.map((p) => (
            <ListItemButton key={p._id} component={Link} to={pathTo("/products/:productId", { productId: p._id })}>
              <ListItemAvatar>
                <ProductThumb image={p.image} name={p.name} size={32} />
              </ListItemAvatar>
              <ListItemText
                primary={p.name}
                secondary={t`${p.quantity} ${p.unit} left · reorder level ${p.reorderLevel}`}
              />
            </ListItemButton>
          ))}
        </List>
        {data && data.total > SHOWN && (
          <Typography variant="caption" color="text.secondary">
            <Trans>The {SHOWN} emptiest are shown; filter Stock levels by status to see all.</Trans>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
