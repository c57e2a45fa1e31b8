import { t } from "@lingui/core/macro";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { PAYROLL_SCHEDULES, type PayrollRun, type PayrollSchedule } from "@app/shared/payroll/payroll";
import { scheduleFileName } from "@app/shared/payroll/payroll-csv";
import { useAppSelector } from "../../../app/hooks.ts";
import { downloadFile } from "../../../lib/download-file.ts";

const LABEL: Record<PayrollSchedule, () => string> = {
  paye: () => t`PAYE return`,
  nssf: () => t`NSSF schedule`,
  shif: () => t`SHIF schedule`,
  ahl: () => t`Housing Levy schedule`,
  payments: () => t`Payment list`,
};

/** The monthly returns of a run as CSV files (PAYE, NSSF, SHIF, AHL) and the payment list. */
export function ExportButtons({ run }: { run: PayrollRun }) {
  const token = useAppSelector((s) => s.session.user?.token ?? "");
  const [busy, setBusy] = useState<PayrollSchedule | null>(null);
  async function download(schedule: PayrollSchedule) {
    setBusy(schedule);
    try {
      await downloadFile(
        `/api/payrolls/${run._id}/export?schedule=${schedule}`,
        token,
        scheduleFileName(schedule, run.month),
      );
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t`The download failed`);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {PAYROLL_SCHEDULES.map((s) => (
        <Button
          key={s}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={busy !== null}
          onClick={() => void download(s)}
        >
          {LABEL[s]()}
        </Button>
      ))}
    </Stack>
  );
}
