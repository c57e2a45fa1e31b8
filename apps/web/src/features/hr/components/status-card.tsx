import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { Employee } from "@app/shared/accounts/auth";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { useDeleteEmployeeMutation, useUpdateEmployeeMutation } from "../hr-api.ts";

/** Deactivate or reactivate a member of staff, or remove them (history is kept: see DELETE /api/employees). */
export function StatusCard({ employee }: { employee: Employee }) {
  const [update, updating] = useUpdateEmployeeMutation();
  const [remove, removing] = useDeleteEmployeeMutation();
  const [asking, setAsking] = useState<"deactivate" | "remove" | null>(null);
  const navigate = useNavigate();
  async function setActive(active: boolean) {
    try {
      await update({ id: employee._id, body: { active } }).unwrap();
      toast.success(active ? t`${employee.username} can sign in again` : t`${employee.username} is deactivated`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setAsking(null);
  }
  async function doRemove() {
    try {
      const result = await remove(employee._id).unwrap();
      setAsking(null);
      if (result.outcome === "deleted") {
        toast.success(t`${employee.username} was removed`);
        navigate(pathTo("/employees"));
      } else {
        toast.info(t`${employee.username} has payslips or sales, so they were deactivated and their history kept`);
      }
    } catch (err) {
      setAsking(null);
      toast.error(describeError(err).message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Account status</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {employee.active ? (
            <Trans>A deactivated employee cannot sign in; their payslips and sales stay.</Trans>
          ) : (
            <Trans>This employee is deactivated and cannot sign in.</Trans>
          )}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {employee.active ? (
            <Button variant="outlined" color="warning" onClick={() => setAsking("deactivate")}>
              <Trans>Deactivate</Trans>
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => void setActive(true)} disabled={updating.isLoading}>
              <Trans>Activate</Trans>
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => setAsking("remove")}>
            <Trans>Remove employee</Trans>
          </Button>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={asking === "deactivate"}
        title={t`Deactivate ${employee.username}?`}
        text={t`They are signed out and cannot sign in until you activate them again.`}
        confirmLabel={t`Deactivate`}
        busy={updating.isLoading}
        onConfirm={() => void setActive(false)}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === "remove"}
        title={t`Remove ${employee.username}?`}
        text={t`An employee with payslips or sales is deactivated instead, so their history stays. One without is erased for good.`}
        confirmLabel={t`Remove`}
        busy={removing.isLoading}
        onConfirm={() => void doRemove()}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
