import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { Link as RouterLink } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { patientNumberLabel } from "@app/shared/clinic/patient";
import type { Prescription } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { useListPrescriptionsQuery } from "../clinic-api.ts";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { DispenseDialog } from "../components/dispense-dialog.tsx";
import { useClinic } from "../use-clinic.ts";

/** /prescriptions: what waits to be dispensed (oldest first), dispensing, and what was dispensed. */
export default function PrescriptionsPage() {
  return (
    <ClinicGate title={t`Prescriptions`} anyOf={["prescriptions.read"]} area="pharmacy">
      <Prescriptions />
    </ClinicGate>
  );
}

function Prescriptions() {
  const { businessId, can } = useClinic();
  const [tab, setTab] = useState<"pending" | "dispensed">("pending");
  const { data, isLoading, isError, error } = useListPrescriptionsQuery(
    { businessId, status: tab },
    { skip: !businessId, pollingInterval: tab === "pending" ? 30_000 : 0 },
  );
  const [dispensing, setDispensing] = useState<Prescription | null>(null);
  return (
    <>
      <PageHeader
        title={t`Prescriptions`}
        actions={
          <Button component={RouterLink} to={pathTo("/pos")}>
            <Trans>Pharmacy POS</Trans>
          </Button>
        }
      />
      <Card variant="outlined">
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ px: 2 }}>
          <Tab value="pending" label={t`To dispense`} />
          <Tab value="dispensed" label={t`Dispensed`} />
        </Tabs>
        <CardContent>
          {isLoading && <Skeleton variant="rectangular" height={120} />}
          {isError && (
            <Alert severity="error">
              <Trans>The prescriptions could not be loaded. {describeError(error).message}</Trans>
            </Alert>
          )}
          {data?.length === 0 && (
            <Typography color="text.secondary" data-testid="prescriptions-empty">
              {tab === "pending" ? (
                <Trans>Nothing waiting to be dispensed.</Trans>
              ) : (
                <Trans>Nothing dispensed yet.</Trans>
              )}
            </Typography>
          )}
          {data && data.length > 0 && (
            <TableContainer sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label={t`Prescriptions`} data-testid="prescription-list">
                <TableHead>
                  <TableRow>
                    <TableCell>
                      <Trans>Patient</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Medicine</Trans>
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: "none", sm: "table-cell" } }}>
                      <Trans>Quantity</Trans>
                    </TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((r) => (
                    <TableRow key={r._id} data-testid={`rx-row-${r._id}`}>
                      <TableCell>
                        <Box sx={{ fontWeight: 600 }}>{r.patient.fullName}</Box>
                        <Typography variant="caption" color="text.secondary">
                          {patientNumberLabel(r.patient.patientNumber)} · <Trans>visit {r.visitNumber}</Trans>
                        </Typography>
                        {r.patient.allergies && (
                          <Chip
                            size="small"
                            color="error"
                            label={t`Allergies: ${r.patient.allergies}`}
                            sx={{ display: "flex", mt: 0.5, width: "fit-content" }}
                          />
                        )}
                      </TableCell>
                      <TableCell>
                        <Box>{r.medicine}</Box>
                        <Typography variant="caption" color="text.secondary">
                          {r.dose}, {r.frequency}
                          {r.durationDays ? ` × ${r.durationDays} ${t`days`}` : ""}
                        </Typography>
                        <Typography variant="caption" sx={{ display: { xs: "block", sm: "none" }, fontWeight: 600 }}>
                          {r.quantity} {r.unit}
                        </Typography>
                        {tab === "dispensed" && (
                          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                            {r.batches.map((b) => `${b.batchNumber} (${b.expiryDate}) × ${b.quantity}`).join(", ")} ·{" "}
                            {r.dispensedBy}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap", display: { xs: "none", sm: "table-cell" } }}>
                        {r.quantity} {r.unit}
                        {r.amount !== null && (
                          <Typography variant="caption" sx={{ display: "block" }}>
                            {formatKES(r.amount)}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {tab === "pending" && can("dispense") && (
                          <Button size="small" variant="contained" onClick={() => setDispensing(r)}>
                            <Trans>Dispense</Trans>
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
      {dispensing && <DispenseDialog rx={dispensing} onClose={() => setDispensing(null)} />}
    </>
  );
}
