import { t } from "@lingui/core/macro";
import { Box, Button, Chip, Typography } from "@mui/material";
import { Link } from "react-router";
import type { Channel } from "@app/shared/pos/cart";
import { pathTo } from "../../../lib/paths.ts";
import { visitBillsPart } from "../till-parts.ts";
import type { OfflineReadiness } from "../use-offline-readiness.ts";
import { CashOutButton } from "./cash-out-button.tsx";
import { OfflineReadinessChip } from "./offline-readiness-chip.tsx";
import { OptionalPart } from "./optional-part.tsx";
import { SwitchCashierButton } from "./switch-cashier-button.tsx";
import { openCustomerDisplay } from "../customer-display/use-customer-display.ts";

type Props = {
  channel: Channel;
  businessId: string | undefined;
  clinic: boolean;
  isOwner: boolean;
  restaurant: boolean;
  readiness: OfflineReadiness;
  onRetryReadiness: () => void;
};

/** The till's title row: the channel, a clinic's visit bills, tables, cash out, switch cashier, offline readiness. */
export function TillHeader({ channel, businessId, clinic, isOwner, restaurant, readiness, onRetryReadiness }: Props) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1.5, flexWrap: "wrap" }}>
      <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
        {channel === "retail" ? "POS" : t`Wholesale`}
      </Typography>
      {clinic && businessId && (
        <OptionalPart part={visitBillsPart}>{(m) => <m.VisitBillsButton businessId={businessId} />}</OptionalPart>
      )}
      {isOwner && (
        <Button size="small" component={Link} to={pathTo("/section")}>
          {restaurant ? t`Tables` : t`Set up tables`}
        </Button>
      )}
      {businessId && <CashOutButton businessId={businessId} />}
      {businessId && <SwitchCashierButton businessId={businessId} />}
      <Button size="small" onClick={() => openCustomerDisplay(pathTo("/pos/display"))}>
        {t`Customer display`}
      </Button>
      <OfflineReadinessChip readiness={readiness} onRetry={onRetryReadiness} />
      <Chip
        size="small"
        label={channel === "retail" ? t`Retail prices` : t`Wholesale prices`}
        color={channel === "retail" ? "default" : "secondary"}
      />
    </Box>
  );
}
