import { Trans } from "@lingui/react/macro";
import { Alert, Button } from "@mui/material";
import type { ReactNode } from "react";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";

type Props = { title: string; back: ReactNode; error: unknown; notFound: ReactNode; onRetry: () => void };

/**
 * A room, booking or conference page whose record did not load: its header with the way back, a
 * warning saying `notFound` for NOT_FOUND, else the error's message; Retry asks again.
 */
export function HotelRecordMissing({ title, back, error, notFound, onRetry }: Props) {
  const missing = errorCodeOf(error) === ERROR_CODES.NOT_FOUND;
  return (
    <>
      <PageHeader title={title} actions={back} />
      <Alert
        severity={missing ? "warning" : "error"}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        }
      >
        {missing ? notFound : describeError(error).message}
      </Alert>
    </>
  );
}
