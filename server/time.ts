// Lengths of time in milliseconds, defined once for the server and the benchmarks.
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
