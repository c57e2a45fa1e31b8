import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/PersonAdd";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { toast } from "react-toastify";
import { ageOn, patientNumberLabel, type Patient } from "@app/shared/clinic/patient";
import { OPEN_STAGES, type QueueEntry, type VisitStage } from "@app/shared/clinic/visit";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useSearchPaging } from "../../../components/paged-grid.tsx";
import { pathTo } from "../../../lib/paths.ts";
import {
  useDeleteConsultationMutation,
  useListConsultationsQuery,
  useListPatientsQuery,
  useUpdateConsultationMutation,
} from "../clinic-api.ts";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { sexLabel, stageLabel } from "../components/labels.ts";
import { PatientFormDialog } from "../components/patient-form-dialog.tsx";
import { QueueTable } from "../components/queue-table.tsx";
import { StartVisitDialog } from "../components/start-visit-dialog.tsx";
import { useClinic } from "../use-clinic.ts";

/** /reception: find or register a patient, start a visit, and today's queue with stages and waiting times. */
export default function ReceptionPage() {
  return (
    <ClinicGate title={t`Reception`} anyOf={["patients.read"]}>
      <Reception />
    </ClinicGate>
  );
}

function Reception() {
  const { businessId, businessName, can, timeZone } = useClinic();
  const paging = useSearchPaging(10);
  const patients = useListPatientsQuery({ businessId, ...paging.query }, { skip: !businessId });
  const queue = useListConsultationsQuery(
    { businessId, scope: "today" },
    { skip: !businessId, pollingInterval: 30_000 },
  );
  const [registering, setRegistering] = useState(false);
  const [editing, setEditing] = useState<Patient | null>(null);
  const [starting, setStarting] = useState<Patient | null>(null);
  const [removing, setRemoving] = useState<QueueEntry | null>(null);
  const [move] = useUpdateConsultationMutation();
  const [remove, removal] = useDeleteConsultationMutation();
  const today = todayIn(timeZone);
  const write = can("patients.write");

  const moveTo = async (v: QueueEntry, stage: VisitStage) => {
    try {
      await move({ id: v._id, body: { stage } }).unwrap();
      toast.success(t`${v.patient.fullName}: ${stageLabel(stage)}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove(removing._id).unwrap();
      toast.success(t`Visit ${removing.visitNumber} removed from the queue`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setRemoving(null);
  };

  return (
    <>
      <PageHeader
        title={t`Reception`}
        subtitle={businessName}
        actions={
          write && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRegistering(true)}>
              <Trans>Register patient</Trans>
            </Button>
          )
        }
      />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              <Trans>Find a patient</Trans>
            </Typography>
            <TextField
              size="small"
              fullWidth
              placeholder={t`Name, phone, ID number, patient number or birth date (yyyy-mm-dd)`}
              value={paging.text}
              onChange={(e) => paging.setText(e.target.value)}
              slotProps={{
                htmlInput: { "aria-label": t`Search patients` },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ mb: 2, maxWidth: 560 }}
            />
            {patients.isError && (
              <Alert severity="error">
                <Trans>The patients could not be loaded. {describeError(patients.error).message}</Trans>
              </Alert>
            )}
            {patients.data && patients.data.items.length === 0 && (
              <Typography color="text.secondary" data-testid="patients-empty">
                {paging.q ? (
                  <Trans>No patient matches “{paging.q}”.</Trans>
                ) : (
                  <Trans>No patients registered yet.</Trans>
                )}
              </Typography>
            )}
            {patients.data && patients.data.items.length > 0 && (
              <TableContainer sx={{ overflowX: "auto" }}>
                <Table size="small" aria-label={t`Patients`} data-testid="patients">
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Patient</Trans>
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                        <Trans>Sex, age</Trans>
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                        <Trans>Phone</Trans>
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                        <Trans>ID number</Trans>
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {patients.data.items.map((p) => {
                      const age = ageOn(p.birthDate, today);
                      return (
                        <TableRow key={p._id}>
                          <TableCell>
                            <Box sx={{ fontWeight: 600 }}>{p.fullName}</Box>
                            <Typography variant="caption" color="text.secondary">
                              {patientNumberLabel(p.patientNumber)}
                            </Typography>
                          </TableCell>
                          <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                            {sexLabel(p.sex)}
                            {age !== null ? `, ${age}` : ""}
                          </TableCell>
                          <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                            {p.phone ? formatKenyanPhone(p.phone) : "-"}
                          </TableCell>
                          <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{p.idNumber ?? "-"}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                            {write && (
                              <Button size="small" variant="outlined" onClick={() => setStarting(p)}>
                                <Trans>Start visit</Trans>
                              </Button>
                            )}
                            {write && (
                              <Button size="small" onClick={() => setEditing(p)}>
                                <Trans>Edit</Trans>
                              </Button>
                            )}
                            <Button
                              size="small"
                              component={RouterLink}
                              to={`${pathTo("/patientrecords")}?patient=${p._id}`}
                            >
                              <Trans>Record</Trans>
                            </Button>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {patients.data && patients.data.total > 10 && (
              <Pagination
                sx={{ mt: 1 }}
                count={Math.ceil(patients.data.total / 10)}
                page={paging.page + 1}
                onChange={(_e, page) => paging.setPage(page - 1)}
              />
            )}
          </CardContent>
        </Card>

        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              <Trans>Today's queue</Trans>
            </Typography>
            <QueueTable
              visits={queue.data}
              loading={queue.isLoading}
              error={queue.isError}
              empty={t`No visits yet today.`}
              actions={
                write
                  ? (v) =>
                      v.stage !== "done" && (
                        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                          <TextField
                            select
                            size="small"
                            value={v.stage}
                            onChange={(e) => void moveTo(v, e.target.value as VisitStage)}
                            slotProps={{ htmlInput: { "aria-label": t`Stage of visit ${v.visitNumber}` } }}
                            sx={{ minWidth: 150 }}
                          >
                            {[...OPEN_STAGES, "done" as const].map((s) => (
                              <MenuItem key={s} value={s}>
                                {stageLabel(s)}
                              </MenuItem>
                            ))}
                          </TextField>
                          <Button size="small" color="error" onClick={() => setRemoving(v)}>
                            <Trans>Remove</Trans>
                          </Button>
                        </Stack>
                      )
                  : undefined
              }
            />
          </CardContent>
        </Card>
      </Stack>
      {registering && (
        <PatientFormDialog
          onClose={(saved) => {
            setRegistering(false);
            if (saved) setStarting(saved);
          }}
        />
      )}
      {editing && <PatientFormDialog patient={editing} onClose={() => setEditing(null)} />}
      {starting && <StartVisitDialog patient={starting} onClose={() => setStarting(null)} />}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t`Remove visit ${removing?.visitNumber ?? ""}?`}
        text={t`The visit of ${removing?.patient.fullName ?? ""} leaves the queue with its requests and bill. A visit with results, dispensed medicines or payments is kept.`}
        confirmLabel={t`Remove`}
        busy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
