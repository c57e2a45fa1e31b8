import type { MessagingStatus } from "@app/shared/messages/messages";
import type { Db } from "../../db/client.ts";
import type { JobLog, Jobs } from "../../platform/jobs.ts";
import type { EmailSettings } from "./email-client.ts";
import { AT_SANDBOX_URL, type SmsSettings } from "./sms-client.ts";

/** How messages go out: the providers (null: not set up), the public address for links, the job runner. */
export type MessagingDeps = {
  db: Db;
  sms: SmsSettings | null;
  email: EmailSettings | null;
  /** PUBLIC_URL: the address receipt links start with; null: the address the request came to. */
  publicUrl: string | null;
  jobs: Jobs | null;
  /** Seconds before the first retry of a failed send (doubled each time). */
  retryDelaySeconds: number;
  log: JobLog;
};

/** The settings of messaging the app is built with (config.ts reads them from the environment). */
export type MessagingConfig = Pick<MessagingDeps, "sms" | "email" | "publicUrl"> & { retryDelaySeconds?: number };

/** What Settings and the send buttons show: whether each channel works, and what is missing if not. */
export function messagingStatusOf(deps: Pick<MessagingDeps, "sms" | "email">): MessagingStatus {
  return {
    sms: deps.sms
      ? { configured: true, missing: [], sandbox: deps.sms.baseUrl.startsWith(AT_SANDBOX_URL) }
      : { configured: false, missing: ["AT_USERNAME", "AT_API_KEY"], sandbox: false },
    email: deps.email ? { configured: true, missing: [] } : { configured: false, missing: ["SMTP_URL", "SMTP_FROM"] },
  };
}
