import type { Db } from "../db/client.ts";
import type { Jobs } from "../platform/jobs.ts";
import { registerReportJobs } from "../modules/reports/reports.public.ts";
import { registerBillingJob, type BillingDeps } from "../modules/subscriptions/subscriptions.public.ts";
import { refreshAllEtimsCodeLists, type EtimsDeps } from "../modules/etims/etims.public.ts";

/** KRA's code lists and item classifications are fetched again every night at 03:30 Nairobi time. */
export const ETIMS_CODE_LISTS_CRON = "30 3 * * *";

/**
 * Every area's jobs, registered on the one job runner (platform/jobs.ts) before it starts. A new
 * scheduled job is one line in its module, e.g. `jobs.every("backups-due", "0 * * * *", () =>
 * runDueBackup(new Date()))`, called from here.
 */
export function registerJobs(
  jobs: Jobs,
  deps: { db: Db; billing: BillingDeps; billingCron: string | null; etims: EtimsDeps },
): void {
  registerBillingJob(jobs, deps.billing, deps.billingCron);
  registerReportJobs(jobs, deps.db, deps.billing.log);
  // One business's refusal or KRA being down is logged; the others are refreshed all the same.
  jobs.every("etims-code-lists", ETIMS_CODE_LISTS_CRON, async () => {
    const results = await refreshAllEtimsCodeLists(deps.etims);
    for (const r of results.filter((x) => !x.ok))
      deps.billing.log.warn({ businessId: r.businessId, reason: r.message }, "eTIMS code lists not refreshed");
    return { refreshed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
  });
}
