import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { patientNumberLabel } from "@app/shared/clinic/patient";
import { formatWaiting, minutesSince, type LabRequest } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useListLabRequestsQuery } from "../clinic-api.ts";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { LabResultDialog } from "../components/lab-result-dialog.tsx";
import { LabResultLine } from "../components/visit-summary.tsx";
import { useClinic } from "../use-clinic.ts";

/** /lab: requests waiting for the lab (oldest first), results entry, and the results sent back. */
export default function LabPage() {
  return (
    <ClinicGate title={t`Lab`} anyOf={["lab.read"]}>
      <Lab />
    </ClinicGate>
  );
}

function Lab() {
  const { businessId, can } = useClinic();
  const [tab, setTab] = useState<"requested" | "completed">("requested");
  const { data, isLoading, isError, error } = useListLabRequestsQuery(
    { businessId, status: tab },
    { skip: !businessId, pollingInterval: tab === "requested" ? 30_000 : 0 },
  );
  const [entering, setEntering] = useState<LabRequest | null>(null);
  return (
    <>
      <PageHeader title={t`Lab`} />
      <Card variant="outlined">
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ px: 2 }}>
          <Tab value="requested" label={t`Waiting`} />
          <Tab value="completed" label={t`Results`} />
        </Tabs>
        <CardContent>
          {isLoading && <Skeleton variant="rectangular" height={120} />}
          {isError && (
            <Alert severity="error">
              <Trans>The lab requests could not be loaded. {describeError(error).message}</Trans>
            </Alert>
          )}
          {data?.length === 0 && (
            <Typography color="text.secondary" data-testid="lab-empty">
              {tab === "requested" ? <Trans>No tests waiting.</Trans> : <Trans>No results yet.</Trans>}
            </Typography>
          )}
          {data && data.length > 0 && (
            <TableContainer sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label={t`Lab requests`} data-testid="lab-list">
                <TableHead>
                  <TableRow>
                    <TableCell>
                      <Trans>Patient</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Test</Trans>
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                      {tab === "requested" ? <Trans>Waiting</Trans> : <Trans>Requested by</Trans>}
                    </TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((l) => (
                    <TableRow key={l._id} data-testid={`lab-row-${l._id}`}>
                      <TableCell>
                        <Box sx={{ fontWeight: 600 }}>{l.patient.fullName}</Box>
                        <Typography variant="caption" color="text.secondary">
                          {patientNumberLabel(l.patient.patientNumber)} · <Trans>visit {l.visitNumber}</Trans>
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {tab === "requested" ? (
                          <>
                            <Box>{l.testName}</Box>
                            {l.note && (
                              <Typography variant="caption" color="text.secondary">
                                {l.note}
                              </Typography>
                            )}
                          </>
                        ) : (
                          <LabResultLine lab={l} />
                        )}
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, whiteSpace: "nowrap" }}>
                        {tab === "requested" ? formatWaiting(minutesSince(l.requestedAt)) : l.requestedBy}
                      </TableCell>
                      <TableCell align="right">
                        {tab === "requested" && can("lab.write") && (
                          <Button size="small" variant="contained" onClick={() => setEntering(l)}>
                            <Trans>Enter result</Trans>
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      {entering && <LabResultDialog lab={entering} onClose={() => setEntering(null)} />}
    </>
  );
}
