import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ageOn, patientNumberLabel } from "@app/shared/clinic/patient";
import type { Consultation, VisitStage } from "@app/shared/clinic/visit";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useGetConsultationQuery, useListConsultationsQuery, useUpdateConsultationMutation } from "../clinic-api.ts";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { sexLabel, stageLabel } from "../components/labels.ts";
import { NotesCard } from "../components/notes-card.tsx";
import { OrdersCard } from "../components/orders-card.tsx";
import { QueueTable } from "../components/queue-table.tsx";
import { StageChip } from "../components/stage-chip.tsx";
import { VitalsCard } from "../components/vitals-card.tsx";
import { useClinic } from "../use-clinic.ts";

/** /consultation: the clinician's queue, and the open visit's vitals, consultation, lab and prescriptions. */
export default function ConsultationPage() {
  return (
    <ClinicGate title={t`Consultation`} anyOf={["notes.read", "vitals.write"]}>
      <ConsultationDesk />
    </ClinicGate>
  );
}

function ConsultationDesk() {
  const { businessId } = useClinic();
  const queue = useListConsultationsQuery(
    { businessId, scope: "open" },
    { skip: !businessId, pollingInterval: 30_000 },
  );
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t`Consultation`} />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 7fr)" },
          gap: 2,
        }}
      >
        <Card variant="outlined" sx={{ alignSelf: "start" }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              <Trans>Queue</Trans>
            </Typography>
            <QueueTable
              visits={queue.data}
              loading={queue.isLoading}
              error={queue.isError}
              empty={t`No patients waiting.`}
              onOpen={(v) => setSelected(v._id)}
              selectedId={selected}
              compact
            />
          </CardContent>
        </Card>
        <Box>
          {selected ? (
            <VisitDesk id={selected} key={selected} />
          ) : (
            <Alert severity="info">
              <Trans>Choose a patient from the queue.</Trans>
            </Alert>
          )}
        </Box>
      </Box>
    </>
  );
}

function VisitDesk({ id }: { id: string }) {
  const { data: visit, isLoading, isError, error } = useGetConsultationQuery(id);
  if (isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (isError || !visit)
    return (
      <Alert severity="error">
        <Trans>The visit could not be loaded. {describeError(error).message}</Trans>
      </Alert>
    );
  return <Visit visit={visit} />;
}

/** Where the clinician sends the patient next. */
const NEXT: { stage: VisitStage; label: () => string }[] = [
  { stage: "consultation", label: () => t`With the clinician` },
  { stage: "lab", label: () => t`Send to the lab` },
  { stage: "pharmacy", label: () => t`Send to the pharmacy` },
  { stage: "billing", label: () => t`Send to billing` },
  { stage: "done", label: () => t`Done` },
];

function Visit({ visit }: { visit: Consultation }) {
  const { can, timeZone } = useClinic();
  const [move, { isLoading }] = useUpdateConsultationMutation();
  const age = ageOn(visit.patient.birthDate, todayIn(timeZone));
  const moveTo = async (stage: VisitStage) => {
    try {
      await move({ id: visit._id, body: { stage } }).unwrap();
      toast.success(t`${visit.patient.fullName}: ${stageLabel(stage)}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  return (
    <Stack spacing={2} data-testid="visit-desk">
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
              {visit.patient.fullName}
            </Typography>
            <StageChip stage={visit.stage} />
            <Typography color="text.secondary">
              {patientNumberLabel(visit.patient.patientNumber)} · {sexLabel(visit.patient.sex)}
              {age !== null ? `, ${age}` : ""} · <Trans>visit {visit.visitNumber}</Trans>
            </Typography>
          </Box>
          {visit.patient.allergies ? (
            <Chip
              color="error"
              sx={{ mt: 1 }}
              label={t`Allergies: ${visit.patient.allergies}`}
              data-testid="allergies"
            />
          ) : null}
          {(can("patients.write") || can("notes.write") || can("vitals.write")) && (
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
              {NEXT.filter((n) => n.stage !== visit.stage).map((n) => (
                <Button
                  key={n.stage}
                  size="small"
                  variant="outlined"
                  disabled={isLoading}
                  onClick={() => void moveTo(n.stage)}
                >
                  {n.label()}
                </Button>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      {can("vitals.write") && <VitalsCard visit={visit} />}
      {visit.notes && (can("notes.write") ? <NotesCard visit={visit} /> : <ReadOnlyNotes visit={visit} />)}
      {(visit.labRequests || visit.prescriptions) && <OrdersCard visit={visit} canOrder={can("notes.write")} />}
    </Stack>
  );
}

function ReadOnlyNotes({ visit }: { visit: Consultation }) {
  const n = visit.notes!;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Consultation</Trans>
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
          {[n.complaint, n.examination, n.diagnosis, n.icd10Code && `${n.icd10Code} ${n.icd10Title}`, n.plan]
            .filter(Boolean)
            .join("\n") || t`Nothing written yet.`}
        </Typography>
      </CardContent>
    </Card>
  );
}
