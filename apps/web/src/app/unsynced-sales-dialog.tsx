import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { ResponsiveDialog } from "../components/responsive-dialog.tsx";
import { formatDateTime } from "../lib/date-format.ts";
import { nudgeOutbox, removeFromOutbox, retryRefused, type OutboxEntry } from "../lib/offline/outbox.ts";
import { useOnline, useOutboxEntries } from "../lib/offline/use-outbox.ts";
import { useAppSelector } from "./hooks.ts";

/** What the till showed of a sale, or what its request says for one kept before that was stored. */
function summaryOf(entry: OutboxEntry) {
  const { sale } = entry;
  const total = sale.shown?.total ?? sale.input.expectedTotal ?? sale.input.payments.reduce((n, p) => n + p.amount, 0);
  const items = sale.shown
    ? sale.shown.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ")
    : t`${sale.input.products.reduce((n, l) => n + l.quantity, 0)} items`;
  const methods = [...new Set(sale.input.payments.map((p) => p.method))].join(" + ");
  return { total, items, methods };
}

/**
 * The sales kept on this device that have not reached the server: each with what was sold, when
 * and for how much, and whether it waits or was refused (with the server's reason). A refused
 * sale stays until it is sent again (after the cause is fixed) or, by the owner, discarded: the
 * device cannot sign out or switch business while it holds one.
 */
export function UnsyncedSalesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { entries, error } = useOutboxEntries();
  const online = useOnline();
  const isOwner = useAppSelector((s) => s.session.user?.isAdmin ?? false);
  const businesses = useAppSelector((s) => s.business.list);
  const current = useAppSelector((s) => s.business.current?._id);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const act = async (work: () => Promise<void>) => {
    setFailed(null);
    try {
      await work();
    } catch (err) {
      console.error("The sale kept on this device could not be changed", err);
      setFailed(t`This device could not change the sale. Try again.`);
    }
  };
  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    await act(() => removeFromOutbox(discarding.seq));
    setBusy(false);
    setDiscarding(null);
  };
  const refused = entries?.filter((e) => e.refused).length ?? 0;

  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth="md" aria-labelledby="unsynced-title">
      <DialogTitle id="unsynced-title">
        <Trans>Sales kept on this device</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {online ? (
              <Trans>They are sent to the server in the order they were made, as soon as it answers.</Trans>
            ) : (
              <Trans>This device is offline: the sales are sent when the connection is back.</Trans>
            )}
          </Typography>
          {refused > 0 && (
            <Alert severity="error" data-testid="unsynced-refused-note">
              <Trans>
                The server refused {refused} of them. Fix the cause (for example a product that was deleted) and send it
                again, or, as the owner, discard it and record the sale again at the till.
              </Trans>
            </Alert>
          )}
          {failed && <Alert severity="error">{failed}</Alert>}
          {error && (
            <Alert severity="error">
              <Trans>The sales kept on this device could not be read.</Trans>
            </Alert>
          )}
          {!entries && !error && (
            <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
              <CircularProgress size={28} aria-label={t`Loading`} />
            </Box>
          )}
          {entries?.length === 0 && (
            <Alert severity="success">
              <Trans>Every sale made on this device has reached the server.</Trans>
            </Alert>
          )}
          {entries && entries.length > 0 && (
            <List disablePadding data-testid="unsynced-list">
              {entries.map((entry) => {
                const { total, items, methods } = summaryOf(entry);
                const business =
                  entry.sale.businessId === current
                    ? null
                    : (businesses.find((b) => b._id === entry.sale.businessId)?.name ?? t`another business`);
                return (
                  <ListItem
                    key={entry.seq}
                    divider
                    data-testid="unsynced-sale"
                    sx={{ display: "block", px: 0 }}
                    aria-label={t`Sale of ${formatDateTime(entry.sale.input.offlineAt)}`}
                  >
                    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }}>
                          {formatKES(total)} · {methods}
                        </Typography>
                        <Typography variant="body2">{items}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {formatDateTime(entry.sale.input.offlineAt)}
                          {entry.sale.shown && ` · ${entry.sale.shown.servedBy}`}
                          {business && ` · ${business}`}
                        </Typography>
                        {entry.refused && (
                          <Typography variant="body2" color="error" data-testid="unsynced-reason">
                            <Trans>Refused by the server: {entry.refused}</Trans>
                          </Typography>
                        )}
                      </Box>
                      {entry.refused ? (
                        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => void act(() => retryRefused(entry.seq))}
                          >
                            <Trans>Send again</Trans>
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            disabled={!isOwner}
                            title={isOwner ? undefined : t`Only the owner can discard a sale`}
                            onClick={() => setDiscarding(entry)}
                          >
                            <Trans>Discard</Trans>
                          </Button>
                        </Stack>
                      ) : (
                        <Chip size="small" color="warning" label={t`Waiting to sync`} sx={{ flexShrink: 0 }} />
                      )}
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button variant="contained" onClick={nudgeOutbox} disabled={!online || !entries?.some((e) => !e.refused)}>
          <Trans>Sync now</Trans>
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={discarding !== null}
        title={t`Discard this sale?`}
        text={
          discarding
            ? t`The sale of ${formatKES(summaryOf(discarding).total)} made on ${formatDateTime(discarding.sale.input.offlineAt)} will be deleted from this device and will never reach the server: its stock and money will not be recorded. Record it again at the till if the customer paid.`
            : ""
        }
        confirmLabel={t`Discard sale`}
        busy={busy}
        onConfirm={() => void discard()}
        onClose={() => setDiscarding(null)}
      />
    </ResponsiveDialog>
  );
}
