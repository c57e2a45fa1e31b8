import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { formatKES } from "@app/shared/money/money";
import { patientNumberLabel } from "@app/shared/clinic/patient";
import { formatWaiting, minutesSince, type QueueEntry } from "@app/shared/clinic/visit";
import { StageChip } from "./stage-chip.tsx";

/** Re-renders every minute, so waiting times stay true while the page is open. */
function useMinuteTick() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The queue: each visit's patient, stage and waiting time (in this stage, and since arrival).
 * `compact`, for a queue beside the visit (the consultation page's narrow column, 1366 px and
 * less): the clinician goes under the patient's name and the balance is left to billing, so every
 * column fits without scrolling sideways.
 */
export function QueueTable({
  visits,
  loading,
  error,
  empty,
  actions,
  onOpen,
  selectedId,
  compact = false,
}: {
  visits: QueueEntry[] | undefined;
  loading: boolean;
  error: boolean;
  empty: string;
  actions?: (v: QueueEntry) => ReactNode;
  onOpen?: (v: QueueEntry) => void;
  selectedId?: string | null;
  compact?: boolean;
}) {
  const wide = (from: "sm" | "md") => ({ display: compact ? "none" : { xs: "none", [from]: "table-cell" } });
  const now = useMinuteTick();
  if (loading) return <Skeleton variant="rectangular" height={120} />;
  if (error)
    return (
      <Alert severity="error">
        <Trans>The queue could not be loaded. Check the connection and try again.</Trans>
      </Alert>
    );
  if (!visits?.length)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="queue-empty">
        {empty}
      </Typography>
    );
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t`Queue`} data-testid="queue">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>
              <Trans>Patient</Trans>
            </TableCell>
            <TableCell>
              <Trans>Stage</Trans>
            </TableCell>
            <TableCell>
              <Trans>Waiting</Trans>
            </TableCell>
            <TableCell sx={wide("md")}>
              <Trans>Clinician</Trans>
            </TableCell>
            <TableCell align="right" sx={wide("sm")}>
              <Trans>Balance</Trans>
            </TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {visits.map((v) => (
            <TableRow
              key={v._id}
              hover={Boolean(onOpen)}
              selected={selectedId === v._id}
              onClick={onOpen ? () => onOpen(v) : undefined}
              sx={{ cursor: onOpen ? "pointer" : undefined }}
              data-testid={`queue-row-${v.visitNumber}`}
            >
              <TableCell>{v.visitNumber}</TableCell>
              <TableCell>
                <Box sx={{ fontWeight: 600 }}>{v.patient.fullName}</Box>
                <Typography variant="caption" color="text.secondary">
                  {patientNumberLabel(v.patient.patientNumber)}
                  {compact && v.clinicianName && ` · ${v.clinicianName}`}
                </Typography>
              </TableCell>
              <TableCell>
                <StageChip stage={v.stage} />
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {v.stage === "done" ? (
                  "-"
                ) : (
                  <>
                    {formatWaiting(minutesSince(v.stageChangedAt, now))}
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      <Trans>since arrival {formatWaiting(minutesSince(v.queuedAt, now))}</Trans>
                    </Typography>
                  </>
                )}
              </TableCell>
              <TableCell sx={wide("md")}>{v.clinicianName ?? "-"}</TableCell>
              <TableCell align="right" sx={{ ...wide("sm"), whiteSpace: "nowrap" }}>
                {formatKES(v.balance)}
              </TableCell>
              {actions && (
                <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: "nowrap" }}>
                  {actions(v)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
