import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../components/responsive-dialog.tsx";
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { answerRequestInputSchema, type SupportRequest } from "@app/shared/requests/request";
import { describeError } from "../../api/errors.ts";
import { formatWhen, useAnswerRequestMutation } from "./requests-api.ts";

/** Support writes (or rewrites) the answer to a request. */
export function AnswerDialog({ request, onClose }: { request: SupportRequest; onClose: () => void }) {
  const [answer, setAnswer] = useState(request.answer ?? "");
  const [error, setError] = useState("");
  const [save, saving] = useAnswerRequestMutation();
  async function submit() {
    const parsed = answerRequestInputSchema.safeParse({ answer });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Write an answer");
    try {
      await save({ id: request._id, ...parsed.data }).unwrap();
      toast.success(t`Answer sent to ${request.business.businessName}`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        <Trans>Answer: {request.subject}</Trans>
      </DialogTitle>
      <DialogContent>
        <Typography variant="caption" color="text.secondary">
          {request.business.businessName} · {request.createdBy} · {formatWhen(request.createdAt)}
        </Typography>
        <Box sx={{ my: 2, p: 2, bgcolor: "grey.100", borderRadius: 1, whiteSpace: "pre-wrap" }}>{request.message}</Box>
        <TextField
          label={t`Answer`}
          multiline
          minRows={4}
          fullWidth
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          error={Boolean(error)}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving.isLoading}>
          <Trans>Send answer</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
