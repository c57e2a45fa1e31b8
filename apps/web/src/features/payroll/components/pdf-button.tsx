import { t } from "@lingui/core/macro";
import DownloadIcon from "@mui/icons-material/Download";
import { Button } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import { useAppSelector } from "../../../app/hooks.ts";
import { downloadFile } from "../../../lib/download-file.ts";
import { payslipFileName } from "../payroll-api.ts";

/** Downloads one payslip as a PDF (the server draws it from the frozen line). */
export function PdfButton({ line, size = "medium" }: { line: PayslipLine; size?: "small" | "medium" }) {
  const token = useAppSelector((s) => s.session.user?.token ?? "");
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/api/payslips/${line._id}/pdf`, token, payslipFileName(line));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t`The download failed`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" size={size} startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()}>
      {t`Download PDF`}
    </Button>
  );
}
