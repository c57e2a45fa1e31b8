// What other areas (flows, app.ts) may use of the reports.
export { registerReportJobs, queueRebuild, REBUILD_JOB, SWEEP_JOB } from "./reports.jobs.ts";
