import { Trans } from "@lingui/react/macro";
import { Alert, Button } from "@mui/material";
import { describeError } from "../../../api/errors.ts";

/** A list or record that could not be loaded: says so, with the server's reason and a retry. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        )
      }
    >
      <Trans>
        {what} could not be loaded. {describeError(error).message}
      </Trans>
    </Alert>
  );
}
