// What other parts of the server may use of the messages module: its public entry (modules/README.md).
import type { Jobs } from "../../platform/jobs.ts";
import type { MessagingDeps } from "./messages-deps.ts";
import { MESSAGE_ATTEMPTS, MESSAGE_SEND_JOB, sendQueuedMessage } from "./messages.service.ts";

export { messagingStatusOf, type MessagingConfig, type MessagingDeps } from "./messages-deps.ts";
export { AT_LIVE_URL, AT_SANDBOX_URL } from "./sms-client.ts";
export { messageRoutes } from "./messages.routes.ts";
/** A customer's statement by SMS or e-mail (flows/customer-statements.routes.ts). */
export { queueMessage, type NewMessage } from "./messages.service.ts";

/** The send job: one message a run, retried with backoff (a failure after the last try is logged on the message). */
export function registerMessageJobs(jobs: Jobs, deps: MessagingDeps): void {
  jobs.define<{ businessId: string; messageId: string }>(MESSAGE_SEND_JOB, (data) => sendQueuedMessage(deps, data), {
    retries: MESSAGE_ATTEMPTS - 1,
    retryDelaySeconds: deps.retryDelaySeconds,
    backoff: true,
    policy: "short",
    concurrency: 2,
    expireInSeconds: 120,
  });
}
