import { TZDate } from "@date-fns/tz";
import { format, getISOWeek, getISOWeekYear, subDays } from "date-fns";

/** How many backups rotation keeps: the newest of each of the last N days, ISO weeks and months. */
export type RetentionPolicy = { daily: number; weekly: number; monthly: number };
export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/**
 * Which backups to keep (grandfather-father-son): the newest backup of each of the `daily` most
 * recent days that have one, of each of the `weekly` most recent ISO weeks and of each of the
 * `monthly` most recent months, days counted in `timeZone`. Returns the kept times, newest first;
 * every other backup may be deleted. Pure: the caller lists and deletes.
 */
export function backupsToKeep(times: readonly Date[], policy: RetentionPolicy, timeZone: string): Date[] {
  const newestFirst = [...times].sort((a, b) => b.getTime() - a.getTime());
  const keep = new Set<Date>();
  const bucket = (count: number, keyOf: (d: TZDate) => string) => {
    const seen = new Set<string>();
    for (const t of newestFirst) {
      const key = keyOf(new TZDate(t.getTime(), timeZone));
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(t);
    }
  };
  bucket(policy.daily, (d) => format(d, "yyyy-MM-dd"));
  bucket(policy.weekly, (d) => `${getISOWeekYear(d)}-W${getISOWeek(d)}`);
  bucket(policy.monthly, (d) => format(d, "yyyy-MM"));
  return newestFirst.filter((t) => keep.has(t));
}

/** "HH:MM", 24 h. */
export const BACKUP_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The most recent time at or before `now` when the nightly backup was due: today's `time` in
 * `timeZone` if it has passed, else yesterday's.
 */
export function lastScheduledTime(now: Date, time: string, timeZone: string): Date {
  const match = BACKUP_TIME_PATTERN.exec(time);
  if (!match) throw new Error(`Not a time of day (HH:MM): ${time}`);
  const local = new TZDate(now.getTime(), timeZone);
  const at = (day: TZDate) =>
    new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Number(match[1]), Number(match[2]), 0, timeZone);
  const today = at(local);
  return today.getTime() <= now.getTime() ? new Date(today.getTime()) : new Date(at(subDays(local, 1)).getTime());
}

/** True when a backup is due: none succeeded since the most recent scheduled time. */
export function backupIsDue(now: Date, lastSuccess: Date | null, time: string, timeZone: string): boolean {
  return !lastSuccess || lastSuccess.getTime() < lastScheduledTime(now, time, timeZone).getTime();
}

/** The dashboard warns when no backup succeeded for this long. */
export const BACKUP_STALE_HOURS = 48;

export function backupIsStale(now: Date, lastSuccess: Date | null): boolean {
  return !lastSuccess || now.getTime() - lastSuccess.getTime() > BACKUP_STALE_HOURS * 3_600_000;
}

/** "YYYY-MM-DD HH:MM[:SS]" read as a moment in `timeZone`; null when it is not that form. */
export function parseLocalMoment(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime());
}
