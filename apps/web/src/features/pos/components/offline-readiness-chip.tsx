import { t } from "@lingui/core/macro";
import CloudDoneIcon from "@mui/icons-material/CloudDoneOutlined";
import CloudOffIcon from "@mui/icons-material/CloudOffOutlined";
import { Chip, CircularProgress, Tooltip } from "@mui/material";
import type { OfflineReadiness } from "../use-offline-readiness.ts";

/** The till's word on whether it can sell with no network (use-offline-readiness.ts). */
export function OfflineReadinessChip({ readiness, onRetry }: { readiness: OfflineReadiness; onRetry: () => void }) {
  const common = { size: "small", "data-testid": "till-offline-readiness", "data-state": readiness } as const;
  switch (readiness) {
    case "preparing":
      return (
        <Tooltip title={t`The checkout, the receipt and the catalog are being kept on this device`}>
          <Chip
            {...common}
            variant="outlined"
            icon={<CircularProgress size={14} aria-hidden />}
            label={t`Getting ready to sell offline…`}
          />
        </Tooltip>
      );
    case "ready":
      return (
        <Tooltip title={t`Sales go on with no network, even after a reload, and are sent when it is back`}>
          <Chip
            {...common}
            variant="outlined"
            color="success"
            icon={<CloudDoneIcon />}
            label={t`Ready to sell offline`}
          />
        </Tooltip>
      );
    case "ready-here":
      return (
        <Tooltip title={t`Sales go on with no network while this page stays open; do not reload it offline`}>
          <Chip
            {...common}
            variant="outlined"
            color="success"
            icon={<CloudDoneIcon />}
            label={t`Sells offline while open`}
          />
        </Tooltip>
      );
    case "needs-network":
      return (
        <Tooltip title={t`Part of the till is not on this device yet; it loads when the network is back`}>
          <Chip
            {...common}
            color="warning"
            icon={<CloudOffIcon />}
            label={t`Connect once to sell offline`}
            onClick={onRetry}
          />
        </Tooltip>
      );
  }
}
