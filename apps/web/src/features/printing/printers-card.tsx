import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Printer } from "@app/shared/printing/printer";
import { COLUMNS_BY_WIDTH } from "@app/shared/printing/printer";
import { describeError } from "../../api/errors.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { printInBrowser } from "../../lib/print-document.ts";
import { AddPrinterDialog } from "./add-printer-dialog.tsx";
import { useDeletePrinterMutation, useListPrintersQuery, useTestPrinterMutation } from "./printers-api.ts";

/** A test page for the browser's print dialog: the full width of the paper, ruled. */
function printBrowserTest(p: Printer) {
  const columns = COLUMNS_BY_WIDTH[p.paperWidth];
  printInBrowser(
    [
      { kind: "text", text: "TEST PAGE", align: "center", bold: true, large: true },
      { kind: "text", text: p.name, align: "center" },
      { kind: "rule" },
      { kind: "text", text: "1234567890".repeat(5).slice(0, columns) },
      { kind: "rule" },
      { kind: "feed" },
    ],
    p.paperWidth,
  );
}

/** Settings: the business's printers (receipts and kitchen tickets): list, add, test page, remove. */
export function PrintersCard({ businessId }: { businessId: string }) {
  const { data = [], isFetching, isError, refetch } = useListPrintersQuery(businessId);
  const [test, { isLoading: testing }] = useTestPrinterMutation();
  const [remove, { isLoading: removing }] = useDeletePrinterMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Printer | null>(null);
  async function testPage(p: Printer) {
    if (p.kind === "browser") return printBrowserTest(p);
    try {
      const outcome = await test(p._id).unwrap();
      if (outcome.printStatus === "sent") toast.success(t`Test page sent to ${p.name}`);
      else toast.error(t`${p.name} did not print: ${outcome.printerError ?? "no answer"}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function confirmRemove(p: Printer) {
    try {
      await remove(p._id).unwrap();
      toast.success(t`Printer ${p.name} removed`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }
  return (
    <Card variant="outlined" data-testid="printers-card">
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Printers</Trans>
          </Typography>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            <Trans>Add printer</Trans>
          </Button>
        </Box>
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                <Trans>Retry</Trans>
              </Button>
            }
          >
            <Trans>The printers could not be loaded.</Trans>
          </Alert>
        )}
        {!isError && !isFetching && data.length === 0 && (
          <Typography color="text.secondary">
            <Trans>
              No printers yet. Receipts print through the browser's print dialog until a network printer is added.
            </Trans>
          </Typography>
        )}
        {isFetching && data.length === 0 && (
          <Typography color="text.secondary">
            <Trans>Loading printers...</Trans>
          </Typography>
        )}
        {data.length > 0 && (
          <Table size="small" aria-label={t`Printers`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Name</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Prints</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Connection</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Paper</Trans>
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((p) => (
                <TableRow key={p._id}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>
                    <Chip size="small" label={p.role === "receipt" ? t`Receipts` : t`Kitchen`} />
                  </TableCell>
                  <TableCell>{p.kind === "network" ? `${p.host}:${p.port}` : t`Browser print dialog`}</TableCell>
                  <TableCell>
                    <Trans>{p.paperWidth} mm</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                      <Button size="small" onClick={() => void testPage(p)} disabled={testing}>
                        <Trans>Test page</Trans>
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(p)}>
                        <Trans>Remove</Trans>
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {adding && <AddPrinterDialog businessId={businessId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Remove ${deleting?.name ?? ""}?`}
        text={t`The tills stop printing to it. It can be added again later.`}
        confirmLabel={t`Remove`}
        busy={removing}
        onConfirm={() => deleting && void confirmRemove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
