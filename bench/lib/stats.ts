/** Small helpers for turning repeated runs into the figures the report prints. */

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) of a list of samples, nearest rank. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Rounds for display: whole numbers from 100 up, one decimal below, two below 1. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 1 : 2;
  return Number(value.toFixed(digits));
}

/** One measured figure: what the report prints and results.json keeps. */
export type Figure = {
  bench: string;
  name: string;
  value: number;
  unit: string;
  /** Each run's value; `value` is their median. */
  runs?: number[];
  goal?: { text: string; met: boolean };
};

export function figure(
  bench: string,
  name: string,
  runs: number[],
  unit: string,
  goal?: { text: string; test: (v: number) => boolean },
): Figure {
  const value = round(median(runs));
  return {
    bench,
    name,
    value,
    unit,
    runs: runs.map(round),
    ...(goal ? { goal: { text: goal.text, met: goal.test(value) } } : {}),
  };
}
