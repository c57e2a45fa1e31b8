import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { describeError } from "../api/errors.ts";
import { PageHeader } from "./page-header.tsx";

/**
 * A record page whose record did not load: its header with the way back, and why. An unknown id,
 * another business's record or an id that is not one at all (404, 400) is a warning saying
 * `notFound`; anything else is the error's message.
 */
export function RecordMissing({
  title,
  back,
  error,
  notFound,
  testId,
}: {
  title: string;
  back: ReactNode;
  error: unknown;
  notFound: string;
  testId?: string;
}) {
  const status = (error as { status?: unknown } | undefined)?.status;
  const missing = status === 404 || status === 400;
  return (
    <>
      <PageHeader title={title} actions={back} />
      <Alert severity={missing ? "warning" : "error"} data-testid={testId}>
        {missing ? notFound : describeError(error).message}
      </Alert>
    </>
  );
}
