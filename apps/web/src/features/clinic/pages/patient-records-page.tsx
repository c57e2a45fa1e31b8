import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { ageOn, patientNumberLabel } from "@app/shared/clinic/patient";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useSearchPaging } from "../../../components/paged-grid.tsx";
import { useListPatientsQuery, usePatientRecordQuery, useRemovePatientMutation } from "../clinic-api.ts";
import { AccessLogTable } from "../components/access-log-table.tsx";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { sexLabel } from "../components/labels.ts";
import { PatientFormDialog } from "../components/patient-form-dialog.tsx";
import { VisitSummary } from "../components/visit-summary.tsx";
import { useClinic } from "../use-clinic.ts";

/** /patientrecords: a patient's history (visits, diagnoses, results, prescriptions, allergies), and the access log. */
export default function PatientRecordsPage() {
  return (
    <ClinicGate title={t`Patient Records`} anyOf={["patients.read"]}>
      <Records />
    </ClinicGate>
  );
}

function Records() {
  const { businessId, can } = useClinic();
  const [search, setSearch] = useSearchParams();
  const patientId = search.get("patient");
  const [tab, setTab] = useState<"records" | "log">("records");
  const paging = useSearchPaging(10);
  const [archived, setArchived] = useState(false);
  const patients = useListPatientsQuery(
    { businessId, ...paging.query, archived: archived ? "true" : undefined },
    { skip: !businessId },
  );
  const open = (id: string) => setSearch({ patient: id });
  return (
    <>
      <PageHeader title={t`Patient Records`} />
      {can("accessLog") && (
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="records" label={t`Records`} />
          <Tab value="log" label={t`Access log`} data-testid="access-log-tab" />
        </Tabs>
      )}
      {tab === "log" ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              <Trans>Who read patient records</Trans>
            </Typography>
            <AccessLogTable />
          </CardContent>
        </Card>
      ) : (
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 4fr) minmax(0, 8fr)" },
            gap: 2,
          }}
        >
          <Card variant="outlined" sx={{ alignSelf: "start" }}>
            <CardContent>
              <TextField
                size="small"
                fullWidth
                placeholder={t`Find a patient`}
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
              />
              <Box sx={{ mt: 1 }}>
                <Chip
                  size="small"
                  label={archived ? t`Showing archived` : t`Show archived`}
                  onClick={() => setArchived(!archived)}
                  variant={archived ? "filled" : "outlined"}
                />
              </Box>
              {patients.isError && <Alert severity="error">{describeError(patients.error).message}</Alert>}
              {patients.data?.items.length === 0 && (
                <Typography color="text.secondary" sx={{ mt: 2 }}>
                  <Trans>No patients found.</Trans>
                </Typography>
              )}
              <List dense aria-label={t`Patients`}>
                {patients.data?.items.map((p) => (
                  <ListItemButton key={p._id} selected={p._id === patientId} onClick={() => open(p._id)}>
                    <ListItemText
                      primary={p.fullName}
                      secondary={`${patientNumberLabel(p.patientNumber)} · ${formatKenyanPhone(p.phone)}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            </CardContent>
          </Card>
          <Box>
            {patientId ? (
              <Record id={patientId} key={patientId} onGone={() => setSearch({})} />
            ) : (
              <Alert severity="info">
                <Trans>Choose a patient to see their record.</Trans>
              </Alert>
            )}
          </Box>
        </Box>
      )}
    </>
  );
}

function Record({ id, onGone }: { id: string; onGone: () => void }) {
  const { can, timeZone } = useClinic();
  const { data, isLoading, isError, error } = usePatientRecordQuery(id, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [remove, removal] = useRemovePatientMutation();
  if (isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (isError || !data)
    return (
      <Alert severity="error">
        <Trans>The record could not be loaded. {describeError(error).message}</Trans>
      </Alert>
    );
  const p = data.patient;
  const age = ageOn(p.birthDate, todayIn(timeZone));
  const confirmRemove = async () => {
    try {
      const res = await remove(p._id).unwrap();
      toast.success(res.outcome === "archived" ? t`${p.fullName} archived (history kept)` : t`${p.fullName} deleted`);
      if (res.outcome === "deleted") onGone();
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setRemoving(false);
  };
  return (
    <Stack spacing={2} data-testid="patient-record">
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {p.fullName} {p.archived && <Chip size="small" label={t`Archived`} />}
            </Typography>
            {can("patients.write") && (
              <>
                <Button size="small" onClick={() => setEditing(true)}>
                  <Trans>Edit</Trans>
                </Button>
                {!p.archived && (
                  <Button size="small" color="error" onClick={() => setRemoving(true)}>
                    <Trans>Archive or delete</Trans>
                  </Button>
                )}
              </>
            )}
          </Box>
          <Typography color="text.secondary">
            {patientNumberLabel(p.patientNumber)} · {sexLabel(p.sex)}
            {age !== null ? `, ${age}` : ""} {p.birthDate ? `(${p.birthDate})` : ""}
          </Typography>
          <Typography variant="body2">
            {[
              p.phone,
              p.idNumber && `${t`ID`} ${p.idNumber}`,
              p.residence,
              p.nextOfKin && `${t`Next of kin`}: ${p.nextOfKin}`,
              p.memberNumber && `${t`Member no.`} ${p.memberNumber}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Typography>
          {p.allergies !== null && (
            <Chip
              sx={{ mt: 1 }}
              color={p.allergies ? "error" : "default"}
              label={p.allergies ? t`Allergies: ${p.allergies}` : t`No known allergies`}
              data-testid="record-allergies"
            />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            <Trans>Visits</Trans>
          </Typography>
          {data.visits.length === 0 && (
            <Typography color="text.secondary">
              <Trans>No visits yet.</Trans>
            </Typography>
          )}
          <Stack spacing={2} divider={<Divider />}>
            {data.visits.map((v) => (
              <VisitSummary key={v._id} visit={v} />
            ))}
          </Stack>
        </CardContent>
      </Card>
      {can("accessLog") && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              <Trans>Who read this record</Trans>
            </Typography>
            <AccessLogTable patientId={p._id} />
          </CardContent>
        </Card>
      )}
      {editing && <PatientFormDialog patient={p} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={removing}
        title={t`Remove ${p.fullName}?`}
        text={t`A patient with visits is archived and their history kept; a patient without visits is deleted.`}
        confirmLabel={t`Remove`}
        busy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
