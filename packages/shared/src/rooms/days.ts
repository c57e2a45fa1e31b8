import { z } from "zod";

/**
 * Calendar days ("yyyy-MM-dd") as hotels count them: a stay runs from the check-in day to the
 * check-out day, and its nights are the days from check-in up to (not including) check-out.
 * Arithmetic is done in UTC on the day itself, so no time zone or daylight saving can move it.
 */
export const daySchema = z.iso.date("A date as yyyy-MM-dd");

const toUtc = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The day moved by whole days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The nights of a stay: each day from check-in up to the day before check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const n = daysBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(n, 0) }, (_, i) => addDays(checkIn, i));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  return nightsOf(from, addDays(to, 1));
}

/** "yyyy-MM" of a day. */
export const monthOf = (day: string) => day.slice(0, 7);
