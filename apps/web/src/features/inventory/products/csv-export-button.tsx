import { t } from "@lingui/core/macro";
import DownloadIcon from "@mui/icons-material/Download";
import { Button } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { downloadFile } from "../../../lib/download-file.ts";
import { useInventoryAccess } from "../components/use-inventory-access.ts";

/** Downloads every live product as a CSV file in the columns the import reads. */
export function CsvExportButton() {
  const { businessId, token, business } = useInventoryAccess();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile(
        `/api/products/export?businessId=${encodeURIComponent(businessId)}`,
        token,
        `products-${(business?.name ?? "business").replace(/[^\w-]+/g, "-")}-${day}.csv`,
      );
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t`The export failed`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void download()}
      disabled={busy || !businessId}
    >
      {busy ? t`Exporting…` : t`Export CSV`}
    </Button>
  );
}
