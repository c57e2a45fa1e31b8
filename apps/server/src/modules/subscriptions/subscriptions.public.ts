// What other areas (flows, app.ts) may use of the subscriptions.
export { registerBillingJob, runBillingJob, BILLING_JOB } from "./billing-job.ts";
export type { BillingDeps } from "./billing-deps.ts";
