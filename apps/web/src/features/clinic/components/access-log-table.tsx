import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Pagination,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import type { AccessKind } from "@app/shared/clinic/access-log";
import { patientNumberLabel } from "@app/shared/clinic/patient";
import { describeError } from "../../../api/errors.ts";
import { useAccessLogQuery } from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";
import { occupationName } from "./labels.ts";
import { dateLocale } from "../../../lib/date-format.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "medium", timeZone: "Africa/Nairobi" });

function kindLabel(kind: AccessKind): string {
  return {
    record: t`Patient record`,
    visit: t`Visit`,
    lab: t`Lab worklist`,
    prescriptions: t`Prescriptions`,
    bill: t`Bill`,
  }[kind];
}

/** Who read which patient's record and when (the owner's view); one patient's, or the whole clinic's. */
export function AccessLogTable({ patientId }: { patientId?: string }) {
  const { businessId } = useClinic();
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, error } = useAccessLogQuery(
    { businessId, patientId, page, pageSize: 25 },
    { skip: !businessId, refetchOnMountOrArgChange: true },
  );
  if (isLoading) return <Skeleton variant="rectangular" height={120} />;
  if (isError)
    return (
      <Alert severity="error">
        <Trans>The access log could not be loaded. {describeError(error).message}</Trans>
      </Alert>
    );
  if (!data?.items.length)
    return (
      <Typography color="text.secondary">
        <Trans>No one has read a patient record yet.</Trans>
      </Typography>
    );
  return (
    <>
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={t`Access log`} data-testid="access-log">
          <TableHead>
            <TableRow>
              <TableCell>
                <Trans>When</Trans>
              </TableCell>
              <TableCell>
                <Trans>Who</Trans>
              </TableCell>
              {!patientId && (
                <TableCell>
                  <Trans>Patient</Trans>
                </TableCell>
              )}
              <TableCell>
                <Trans>What</Trans>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((e) => (
              <TableRow key={e._id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{when(e.at)}</TableCell>
                <TableCell>
                  {e.userName}{" "}
                  <Typography component="span" variant="caption" color="text.secondary">
                    ({occupationName(e.occupation)})
                  </Typography>
                </TableCell>
                {!patientId && (
                  <TableCell>
                    {e.patientName} · {patientNumberLabel(e.patientNumber)}
                  </TableCell>
                )}
                <TableCell>{kindLabel(e.kind)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data.total > 25 && (
        <Pagination
          sx={{ mt: 1 }}
          count={Math.ceil(data.total / 25)}
          page={page + 1}
          onChange={(_e, p) => setPage(p - 1)}
        />
      )}
    </>
  );
}
