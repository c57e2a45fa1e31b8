import type { BackupEntry, BackupStatusView, RestorePlanView } from "@app/shared/backups/backup-status";
import { baseApi } from "../../api/base-api.ts";
import { dateLocale } from "../../lib/date-format.ts";

/** The installation's nightly backups (owners): Settings shows them, the dashboard warns. */
export const backupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBackupStatus: build.query<BackupStatusView, string>({
      query: (businessId) => ({ url: "/backups/status", params: { businessId } }),
    }),
    listBackups: build.query<BackupEntry[], string>({
      query: (businessId) => ({ url: "/backups", params: { businessId } }),
    }),
    getRestorePlan: build.mutation<RestorePlanView, { businessId: string; name: string }>({
      query: (body) => ({ url: "/backups/restore-plan", method: "POST", body }),
    }),
    restoreBackup: build.mutation<
      { tables: number; rows: number; files: number },
      { businessId: string; name: string; confirm: string }
    >({
      query: (body) => ({ url: "/backups/restore", method: "POST", body }),
    }),
  }),
});
export const { useGetBackupStatusQuery, useListBackupsQuery, useGetRestorePlanMutation, useRestoreBackupMutation } =
  backupsApi;

/** A size in bytes as people read it (KB, MB, GB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A backup's moment in the installation's time zone. */
export const formatBackupTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString(dateLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZone || undefined,
  });
