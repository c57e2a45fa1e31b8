// The clock of npm test's time-proofing step (issue 26): the server suite and the date-heavy
// end-to-end specs run as if the machine's clock said one of these moments, so a test (or a rule)
// that holds only on some days fails on every run, not two days a week. Each day's run takes the
// next moment of the list; TEST_CLOCK (an ISO-8601 moment) and TEST_CLOCK_TZ choose one instead.
// The processes run under Debian's faketime with a fixed offset, so every process of the step
// (test runner, server, embedded PostgreSQL, Chromium) reads the same moving clock; a PostgreSQL
// server started elsewhere (TEST_DATABASE_URL) keeps the real time, as a hosted one may.
import { spawnSync } from "node:child_process";

/** Moments where dates go wrong: weekends, the last minutes of a day, month and year, a leap day. `tz`: the machine's zone. */
export const TEST_CLOCKS = [
  { label: "Friday 27 Nov 2026 21:30 Nairobi", at: "2026-11-27T21:30:00+03:00", tz: "Africa/Nairobi" },
  { label: "Thursday 31 Dec 2026 23:55 Nairobi", at: "2026-12-31T23:55:00+03:00", tz: "UTC" },
  { label: "Tuesday 29 Feb 2028 10:00 Nairobi", at: "2028-02-29T10:00:00+03:00", tz: "America/New_York" },
  { label: "Sunday 1 Mar 2026 00:05 Nairobi", at: "2026-03-01T00:05:00+03:00", tz: "Africa/Nairobi" },
  { label: "Saturday 31 Oct 2026 23:50 Nairobi", at: "2026-10-31T23:50:00+03:00", tz: "Europe/London" },
  { label: "Sunday 30 Jun 2030 12:00 Nairobi", at: "2030-06-30T12:00:00+03:00", tz: "Asia/Kolkata" },
];

/** The moment for a run on `today`: TEST_CLOCK's, or the list's entry for the day. */
export function pickTestClock(today = new Date(), env = process.env) {
  if (env.TEST_CLOCK) {
    const at = new Date(env.TEST_CLOCK);
    if (Number.isNaN(at.getTime())) throw new Error(`TEST_CLOCK is not a moment: ${env.TEST_CLOCK}`);
    return { label: env.TEST_CLOCK, at: env.TEST_CLOCK, tz: env.TEST_CLOCK_TZ || "Africa/Nairobi" };
  }
  const day = Math.floor(today.getTime() / 86_400_000);
  return TEST_CLOCKS[day % TEST_CLOCKS.length];
}

/** Whether Debian's faketime is on this machine (apt-get install faketime; .ci/run installs it). */
export function hasFaketime() {
  return spawnSync("faketime", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * The real time: under faketime (npm test run as if on another day), Date.now() less that offset.
 * faketime's offsets count from the real clock, so a step's offset must too.
 */
export function realNow(env = process.env, now = Date.now()) {
  const outer = /^([+-]\d+)$/.exec(env.FAKETIME ?? "")?.[1];
  return now - (outer ? Number(outer) * 1000 : 0);
}

/**
 * `command args` run under the clock: faketime with the offset from the real time to the moment
 * (every process it starts shares the offset), in the clock's time zone.
 */
export function underClock(clock, command, args, now = realNow()) {
  const offset = Math.round((new Date(clock.at).getTime() - now) / 1000);
  return {
    command: "faketime",
    args: ["-f", `${offset >= 0 ? "+" : ""}${offset}`, command, ...args],
    env: { TZ: clock.tz },
  };
}
