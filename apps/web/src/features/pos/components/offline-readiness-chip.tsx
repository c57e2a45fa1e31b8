import { t } from "@lingui/core/macro";
import CloudDoneIcon from "@mui/icons-material/CloudDoneOutlined";
import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import { Chip, CircularProgress, Tooltip, type ChipProps } from "@mui/material";
import type { ReactElement } from "react";
import type { OfflineReadiness } from "../use-offline-readiness.ts";

type Look = {
  label: string;
  tooltip: string;
  icon: ReactElement;
  color: ChipProps["color"];
  variant: ChipProps["variant"];
};

/** What each state says (read at render, in the current language). */
function lookOf(readiness: OfflineReadiness): Look {
  switch (readiness) {
    case "preparing":
      return {
        label: t`Getting ready to sell offline…`,
        tooltip: t`The checkout, the receipt and the catalog are being kept on this device`,
        icon: <CircularProgress size={14} aria-hidden />,
        color: "default",
        variant: "outlined",
      };
    case "ready":
      return {
        label: t`Ready to sell offline`,
        tooltip: t`Sales go on with no network, even after a reload, and are sent when it is back`,
        icon: <CloudDoneIcon />,
        color: "success",
        variant: "outlined",
      };
    case "ready-here":
      return {
        label: t`Sells offline while open`,
        tooltip: t`Sales go on with no network while this page stays open; do not reload it offline`,
        icon: <CloudDoneIcon />,
        color: "success",
        variant: "outlined",
      };
    case "needs-network":
      return {
        label: t`Connect once to sell offline`,
        tooltip: t`Part of the till is not on this device yet; it loads when the network is back`,
        icon: <CloudOffIcon />,
        color: "warning",
        variant: "filled",
      };
  }
}

/** The till's word on whether it can sell with no network (use-offline-readiness.ts); when it cannot yet, a tap tries again. */
export function OfflineReadinessChip({ readiness, onRetry }: { readiness: OfflineReadiness; onRetry: () => void }) {
  const { label, tooltip, icon, color, variant } = lookOf(readiness);
  return (
    <Tooltip title={tooltip}>
      <Chip
        size="small"
        data-testid="till-offline-readiness"
        data-state={readiness}
        label={label}
        icon={icon}
        color={color}
        variant={variant}
        {...(readiness === "needs-network" ? { onClick: onRetry } : {})}
      />
    </Tooltip>
  );
}
