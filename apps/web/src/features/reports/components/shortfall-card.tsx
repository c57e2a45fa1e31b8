import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, List, ListItem, Typography } from "@mui/material";
import { Link } from "react-router";
import { pathTo } from "../../../lib/paths.ts";
import { useStockShortfallsQuery } from "../../sales/shortfalls-api.ts";

/**
 * The owner's dashboard names every product offline sales sold without stock (issue 33, item 9),
 * with a link to settle each on its sales page. Nothing shows while there is nothing to settle.
 */
export function ShortfallCard({ businessId }: { businessId: string }) {
  const { data } = useStockShortfallsQuery(businessId, { skip: !businessId });
  if (!data?.length) return null;
  return (
    <Alert severity="warning" data-testid="dash-shortfalls" sx={{ "& .MuiAlert-message": { width: "100%" } }}>
      <Typography sx={{ fontWeight: 700 }}>
        <Trans>Stock to review: sold offline without stock</Trans>
      </Typography>
      <List dense disablePadding>
        {data.slice(0, 10).map((s) => (
          <ListItem
            key={`${s.saleId}:${s.productId}`}
            disableGutters
            sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}
            data-testid="dash-shortfall"
          >
            <Box sx={{ flex: "1 1 200px", minWidth: 0, overflowWrap: "anywhere" }}>
              {s.channel === "retail" ? t`Sale #${s.saleNumber}` : t`Order #${s.saleNumber}`}: {s.missing} × {s.name}
            </Box>
            <Button
              component={Link}
              to={s.channel === "retail" ? pathTo("/sales") : pathTo("/wholesaleOrders")}
              size="small"
              color="inherit"
              variant="outlined"
            >
              <Trans>Settle</Trans>
            </Button>
          </ListItem>
        ))}
      </List>
      {data.length > 10 && (
        <Typography variant="body2">
          <Trans>and {data.length - 10} more on the sales pages</Trans>
        </Typography>
      )}
    </Alert>
  );
}
