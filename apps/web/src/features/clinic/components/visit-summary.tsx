import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Chip, Divider, Stack, Typography } from "@mui/material";
import { bmiOf, type Consultation, type LabRequest } from "@app/shared/clinic/visit";
import { flagLabel } from "./labels.ts";
import { StageChip } from "./stage-chip.tsx";
import { dateLocale } from "../../../lib/date-format.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

/** A lab result, as the clinician reads it. */
export function LabResultLine({ lab }: { lab: LabRequest }) {
  return (
    <Box data-testid={`lab-${lab._id}`}>
      <Typography sx={{ fontWeight: 600 }} component="span">
        {lab.testName}
      </Typography>{" "}
      {lab.status === "requested" && <Chip size="small" label={t`Waiting for the lab`} />}
      {lab.status === "cancelled" && <Chip size="small" label={t`Cancelled`} />}
      {lab.result && (
        <>
          : {lab.result.value} {lab.result.unit}{" "}
          {lab.result.referenceRange && (
            <Typography component="span" color="text.secondary">
              ({t`ref.`} {lab.result.referenceRange})
            </Typography>
          )}{" "}
          <Chip
            size="small"
            label={flagLabel(lab.result.flag)}
            color={lab.result.flag === "normal" ? "success" : lab.result.flag === "critical" ? "error" : "warning"}
          />
          {lab.result.comment && (
            <Typography variant="body2" color="text.secondary">
              {lab.result.comment}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            <Trans>
              by {lab.result.resultedBy}, {when(lab.result.resultedAt)}
            </Trans>
          </Typography>
        </>
      )}
    </Box>
  );
}

/** One visit of a patient's history: each part shown only when the server sent it (the caller may read it). */
export function VisitSummary({ visit }: { visit: Consultation }) {
  const v = visit.vitals;
  const n = visit.notes;
  const bmi = v ? bmiOf(v) : null;
  return (
    <Stack spacing={1.5} data-testid={`visit-${visit.visitNumber}`}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 600 }}>
          <Trans>Visit {visit.visitNumber}</Trans> · {when(visit.queuedAt)}
        </Typography>
        <StageChip stage={visit.stage} />
        {visit.clinicianName && (
          <Typography variant="body2" color="text.secondary">
            <Trans>Clinician: {visit.clinicianName}</Trans>
          </Typography>
        )}
      </Box>
      {v && (v.temperature ?? v.systolic ?? v.pulse ?? v.weight ?? v.height) !== null && (
        <Typography variant="body2" data-testid="vitals">
          {[
            v.temperature !== null && `${t`Temp`} ${v.temperature} °C`,
            v.systolic !== null && v.diastolic !== null && `${t`BP`} ${v.systolic}/${v.diastolic}`,
            v.pulse !== null && `${t`Pulse`} ${v.pulse}/min`,
            v.weight !== null && `${t`Weight`} ${v.weight} kg`,
            v.height !== null && `${t`Height`} ${v.height} cm`,
            bmi !== null && `BMI ${bmi}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      )}
      {n && (
        <Stack spacing={0.5}>
          {n.complaint && <Line label={t`Complaint`} text={n.complaint} />}
          {n.history && <Line label={t`History`} text={n.history} />}
          {n.examination && <Line label={t`Examination`} text={n.examination} />}
          {(n.diagnosis || n.icd10Code) && (
            <Line
              label={t`Diagnosis`}
              text={[n.diagnosis, n.icd10Code && `${n.icd10Code} ${n.icd10Title ?? ""}`].filter(Boolean).join(" · ")}
              testId="diagnosis"
            />
          )}
          {n.plan && <Line label={t`Plan`} text={n.plan} />}
        </Stack>
      )}
      {visit.labRequests && visit.labRequests.length > 0 && (
        <>
          <Divider />
          <Typography variant="subtitle2">
            <Trans>Lab</Trans>
          </Typography>
          {visit.labRequests.map((l) => (
            <LabResultLine key={l._id} lab={l} />
          ))}
        </>
      )}
      {visit.prescriptions && visit.prescriptions.length > 0 && (
        <>
          <Divider />
          <Typography variant="subtitle2">
            <Trans>Prescriptions</Trans>
          </Typography>
          {visit.prescriptions.map((r) => (
            <Typography key={r._id} variant="body2" data-testid={`rx-${r._id}`}>
              {r.medicine}: {r.dose}, {r.frequency}
              {r.durationDays ? ` × ${r.durationDays} ${t`days`}` : ""} ({r.quantity} {r.unit}) ·{" "}
              {r.status === "dispensed"
                ? t`dispensed by ${r.dispensedBy ?? ""}`
                : r.status === "pending"
                  ? t`to dispense`
                  : t`cancelled`}
            </Typography>
          ))}
        </>
      )}
    </Stack>
  );
}

function Line({ label, text, testId }: { label: string; text: string; testId?: string }) {
  return (
    <Typography variant="body2" data-testid={testId} sx={{ whiteSpace: "pre-wrap" }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:
      </Box>{" "}
      {text}
    </Typography>
  );
}
