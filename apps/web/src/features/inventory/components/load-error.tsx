import { Trans } from "@lingui/react/macro";
import { Alert, Button } from "@mui/material";
import { describeError } from "../../../api/errors.ts";

/**
 * A list or record that could not be loaded: says so, with the server's reason and a retry.
 * `what` is the whole sentence ("The products could not be loaded."), one message per language.
 */
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
      {what} {describeError(error).message}
    </Alert>
  );
}
