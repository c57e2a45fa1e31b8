/**
 * The server's one clock. Every moment the server stores or compares is read here, never from the
 * database's now(): a database on another machine, or one started as another user under a test
 * clock, may keep another time, and a rule that compared a moment written by one clock with the
 * other's now() gave wrong answers (a sale missing from today's report, a cash-up counting
 * nothing). Rows get their created_at from it too (`.$defaultFn(now)` beside each column's SQL
 * default, which only rows written outside the app use). Lint refuses now() in SQL (eslint.config.js).
 */
export function now(): Date {
  return new Date();
}

/**
 * Moments for rows written in one statement that are read back in order of time (a prescription's
 * items, a visit's lab tests and their charges): the first at `at`, each next one a millisecond
 * later, so they keep the order they were written in (the database's clock_timestamp() gave each
 * row its own microsecond; the app's clock counts milliseconds).
 */
export function momentsFor(count: number, at: Date = now()): Date[] {
  return Array.from({ length: count }, (_, i) => new Date(at.getTime() + i));
}
