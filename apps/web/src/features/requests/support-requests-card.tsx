import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { createRequestInputSchema } from "@app/shared/requests/request";
import { describeError } from "../../api/errors.ts";
import { useAppSelector } from "../../app/hooks.ts";
import { formatWhen, useCreateRequestMutation, useListRequestsQuery } from "./requests-api.ts";

/** The owner's Support requests card (Settings, and the Account Inactive page): ask support, read the answers. */
export function SupportRequestsCard() {
  const business = useAppSelector((s) => s.business.current);
  const { data, isFetching, isError } = useListRequestsQuery(
    { businessId: business?._id, page: 0, pageSize: 10 },
    { skip: !business },
  );
  const [create, creating] = useCreateRequestMutation();
  const [form, setForm] = useState({ subject: "", message: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit() {
    if (!business) return;
    const parsed = createRequestInputSchema.safeParse({ businessId: business._id, ...form });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      await create(parsed.data).unwrap();
      toast.success(t`Your request was sent to support`);
      setForm({ subject: "", message: "" });
      setErrors({});
    } catch (err) {
      const { message, fields } = describeError(err);
      setErrors(fields);
      toast.error(message);
    }
  }
  return (
    <Card variant="outlined" data-testid="support-requests-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Support requests</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>Ask the Duka POS support team about</Trans> {business?.name ?? t`your business`}
          <Trans>. Answers appear here.</Trans>
        </Typography>
        <Stack
          spacing={2}
          sx={{ maxWidth: 560, my: 2 }}
          component="form"
          aria-label={t`New support request`}
          onSubmit={(e) => (e.preventDefault(), void submit())}
        >
          <TextField
            label={t`Subject`}
            size="small"
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.target.value })}
            error={Boolean(errors.subject)}
            helperText={errors.subject}
          />
          <TextField
            label={t`Message`}
            multiline
            minRows={3}
            value={form.message}
            onChange={(e) => setForm({ ...form, message: e.target.value })}
            error={Boolean(errors.message)}
            helperText={errors.message}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={creating.isLoading || !business}
            sx={{ alignSelf: "flex-start" }}
          >
            <Trans>Send request</Trans>
          </Button>
        </Stack>
        {isError && (
          <Alert severity="error">
            <Trans>Your requests could not be loaded.</Trans>
          </Alert>
        )}
        {!isFetching && data?.items.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No requests yet.</Trans>
          </Typography>
        )}
        <List disablePadding>
          {data?.items.map((r, i) => (
            <Box key={r._id}>
              {i > 0 && <Divider />}
              <ListItem sx={{ display: "block", px: 0 }}>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
                  <Typography sx={{ fontWeight: 600 }}>{r.subject}</Typography>
                  <Chip size="small" label={r.status} color={r.status === "open" ? "warning" : "success"} />
                  <Typography variant="caption" color="text.secondary">
                    {formatWhen(r.createdAt)}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap" }}>
                  {r.message}
                </Typography>
                {r.answer && (
                  <Alert severity="success" icon={false} sx={{ mt: 1 }}>
                    <strong>
                      <Trans>Answer from {r.answeredBy}:</Trans>
                    </strong>{" "}
                    {r.answer}
                  </Alert>
                )}
              </ListItem>
            </Box>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
