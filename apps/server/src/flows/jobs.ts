import type { Db } from "../db/client.ts";
import type { Jobs } from "../platform/jobs.ts";
import { registerReportJobs } from "../modules/reports/reports.public.ts";
import { registerBillingJob, type BillingDeps } from "../modules/subscriptions/subscriptions.public.ts";

/**
 * Every area's jobs, registered on the one job runner (platform/jobs.ts) before it starts. A new
 * scheduled job is one line in its module, e.g. `jobs.every("backups-due", "0 * * * *", () =>
 * runDueBackup(new Date()))`, called from here.
 */
export function registerJobs(jobs: Jobs, deps: { db: Db; billing: BillingDeps; billingCron: string | null }): void {
  registerBillingJob(jobs, deps.billing, deps.billingCron);
  registerReportJobs(jobs, deps.db, deps.billing.log);
}
