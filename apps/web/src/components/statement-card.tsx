import { t } from "@lingui/core/macro";
import DownloadIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Button, Card, CardContent, CardHeader, Typography, type SxProps } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Statement } from "@app/shared/money/statement";
import { describeError } from "../api/errors.ts";
import { useAppSelector } from "../app/hooks.ts";
import { downloadFile } from "../lib/download-file.ts";
import { StatementTable } from "./statement-table.tsx";

type Props = {
  /** The statement's query: its data once loaded, its error if it failed. */
  statement: { data?: Statement; isError: boolean; error?: unknown };
  subheader: string;
  /** The API's PDF of the statement and the name it is saved under. */
  pdfUrl: string;
  pdfName: string;
  /** Shown while the statement loads; nothing if not given. */
  loadingText?: string;
  sx?: SxProps;
} & Pick<Parameters<typeof StatementTable>[0], "timeZone" | "linkOf" | "empty" | "testId">;

/** A customer's or supplier's statement in a card, with its PDF to download. */
export function StatementCard({ statement, subheader, pdfUrl, pdfName, loadingText, sx, ...table }: Props) {
  const token = useAppSelector((s) => s.session.user?.token ?? "");
  const [downloading, setDownloading] = useState(false);
  async function pdf() {
    setDownloading(true);
    try {
      await downloadFile(pdfUrl, token, pdfName);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t`The statement could not be downloaded`);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Card variant="outlined" sx={sx}>
      <CardHeader
        title={t`Statement`}
        subheader={subheader}
        action={
          <Button
            startIcon={<DownloadIcon />}
            variant="outlined"
            onClick={() => void pdf()}
            disabled={downloading || !statement.data}
          >
            {downloading ? t`Preparing…` : t`Download PDF`}
          </Button>
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {statement.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {describeError(statement.error).message}
          </Alert>
        )}
        {statement.data ? (
          <StatementTable statement={statement.data} {...table} />
        ) : (
          !statement.isError && loadingText && <Typography color="text.secondary">{loadingText}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
