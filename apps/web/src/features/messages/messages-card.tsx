import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { Message } from "@app/shared/messages/messages";
import { describeError } from "../../api/errors.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import { useGetMessagingStatusQuery, useListMessagesQuery } from "./messages-api.ts";

const channelLabel = (c: Message["channel"]) => (c === "sms" ? t`SMS` : c === "email" ? t`E-mail` : t`WhatsApp`);
const statusLabel = (s: Message["status"]) => (s === "sent" ? t`Sent` : s === "failed" ? t`Failed` : t`Queued`);
const statusColor = (s: Message["status"]) => (s === "sent" ? "success" : s === "failed" ? "error" : "default");

/** Settings (owner): whether SMS and e-mail are set up on the server, and the log of what was sent. */
export function MessagesCard({ businessId, timeZone }: { businessId: string; timeZone: string }) {
  const status = useGetMessagingStatusQuery(businessId);
  const log = useListMessagesQuery(businessId, { refetchOnMountOrArgChange: true, pollingInterval: 15_000 });
  return (
    <Card variant="outlined" data-testid="messages-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Receipts by SMS and e-mail</Trans>
        </Typography>
        {status.data && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            {status.data.sms.configured ? (
              <Alert severity="success" data-testid="sms-setup">
                {status.data.sms.sandbox ? (
                  <Trans>SMS: Africa&apos;s Talking (sandbox: messages reach their simulator only)</Trans>
                ) : (
                  <Trans>SMS: Africa&apos;s Talking</Trans>
                )}
              </Alert>
            ) : (
              <Alert severity="info" data-testid="sms-setup">
                <Trans>
                  SMS is not set up. Set {status.data.sms.missing.join(", ")} on the server (Africa&apos;s Talking).
                </Trans>
              </Alert>
            )}
            {status.data.email.configured ? (
              <Alert severity="success">
                <Trans>E-mail: SMTP server set up</Trans>
              </Alert>
            ) : (
              <Alert severity="info">
                <Trans>E-mail is not set up. Set {status.data.email.missing.join(", ")} on the server.</Trans>
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              <Trans>WhatsApp needs no setup: the receipt&apos;s link opens in WhatsApp on the till.</Trans>
            </Typography>
          </Stack>
        )}
        {log.isLoading && <Skeleton variant="rectangular" height={72} aria-label={t`Loading`} />}
        {log.isError && (
          <Alert severity="error">
            <Trans>The message log could not be loaded. {describeError(log.error).message}</Trans>
          </Alert>
        )}
        {log.data && log.data.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No messages sent yet.</Trans>
          </Typography>
        )}
        {log.data && log.data.length > 0 && (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t`Message log`} data-testid="message-log">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Message</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Status and cost</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.map((m) => (
                  <TableRow key={m._id}>
                    <TableCell>
                      {channelLabel(m.channel)} · {m.recipient}
                      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                        {formatDateTime(m.createdAt, timeZone)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={statusColor(m.status)} label={statusLabel(m.status)} />
                      {m.cost && (
                        <Typography component="span" variant="body2" sx={{ ml: 1 }}>
                          {m.cost}
                        </Typography>
                      )}
                      {m.error && (
                        <Typography variant="caption" color="error" sx={{ display: "block" }}>
                          {m.error}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
