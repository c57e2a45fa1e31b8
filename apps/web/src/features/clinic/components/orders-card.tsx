import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Consultation } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { useCancelLabRequestMutation, useCancelPrescriptionMutation } from "../clinic-api.ts";
import { LabOrderDialog } from "./lab-order-dialog.tsx";
import { PrescribeDialog } from "./prescribe-dialog.tsx";
import { LabResultLine } from "./visit-summary.tsx";

/** Lab requests (with results as they come back) and prescriptions of the visit, and ordering more. */
export function OrdersCard({ visit, canOrder }: { visit: Consultation; canOrder: boolean }) {
  const [ordering, setOrdering] = useState<"lab" | "rx" | null>(null);
  const [cancelLab] = useCancelLabRequestMutation();
  const [cancelRx] = useCancelPrescriptionMutation();
  const run = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      toast.success(done);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            <Trans>Lab and prescriptions</Trans>
          </Typography>
          {canOrder && (
            <>
              <Button variant="outlined" onClick={() => setOrdering("lab")}>
                <Trans>Request lab tests</Trans>
              </Button>
              <Button variant="outlined" onClick={() => setOrdering("rx")}>
                <Trans>Prescribe</Trans>
              </Button>
            </>
          )}
        </Box>
        <Stack spacing={1} data-testid="lab-requests">
          {!visit.labRequests?.length && (
            <Typography color="text.secondary">
              <Trans>No lab tests requested.</Trans>
            </Typography>
          )}
          {visit.labRequests?.map((l) => (
            <Box key={l._id} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
              <Box sx={{ flex: 1 }}>
                <LabResultLine lab={l} />
              </Box>
              {canOrder && l.status === "requested" && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => void run(cancelLab(l._id).unwrap(), t`${l.testName} cancelled`)}
                >
                  <Trans>Cancel</Trans>
                </Button>
              )}
            </Box>
          ))}
        </Stack>
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="prescriptions">
          {!visit.prescriptions?.length && (
            <Typography color="text.secondary">
              <Trans>No prescriptions.</Trans>
            </Typography>
          )}
          {visit.prescriptions?.map((r) => (
            <Box key={r._id} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                <b>{r.medicine}</b>: {r.dose}, {r.frequency}
                {r.durationDays ? ` × ${r.durationDays} ${t`days`}` : ""} · {r.quantity} {r.unit} ·{" "}
                {r.status === "dispensed" ? t`dispensed` : r.status === "pending" ? t`to dispense` : t`cancelled`}
              </Typography>
              {canOrder && r.status === "pending" && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => void run(cancelRx(r._id).unwrap(), t`${r.medicine} cancelled`)}
                >
                  <Trans>Cancel</Trans>
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      </CardContent>
      {ordering === "lab" && <LabOrderDialog visitId={visit._id} onClose={() => setOrdering(null)} />}
      {ordering === "rx" && <PrescribeDialog visit={visit} onClose={() => setOrdering(null)} />}
    </Card>
  );
}
