// What the benchmarks share: their command line, the processes they start, and how they sum up their runs.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Result } from 'autocannon';

/** `--name N` as a positive number, else `fallback`. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name} must be a positive number`);
  }
  return value;
}

/** `--name TEXT`, if given. */
export function textOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Starts `node --import tsx ARGS` and waits until `ready`; answers a function that stops it. */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  nodeFlags: string[] = [],
) {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (!(await ready())) {
    if (child.exitCode !== null) {
      throw new Error(`${args[0]} exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${args[0]} did not start`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
}

/** A readiness check: the URL answers 2xx. */
export const reachable = (url: string) => () =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

export interface Measure {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The medians of a route's runs, and every error, timeout and non-2xx answer of them all. */
export function summarise(results: Result[]): Measure {
  return {
    reqPerSec: median(results.map((r) => r.requests.average)),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}
