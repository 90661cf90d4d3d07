/** Shared bench plumbing: every bench file exports `run()` returning rows; `bench/run.ts` prints one table. */
import { performance } from 'node:perf_hooks';

export interface BenchRow {
  readonly group: string;
  readonly input: string;
  /** Human size, e.g. "n = 100,000". */
  readonly size: string;
  /** Median wall time in ms. */
  readonly timeMs: number;
  /** e.g. "1.2 M cards/s"; empty when it means nothing. */
  readonly throughput: string;
  /** Budget check, e.g. "< 2000 ms: ok". */
  readonly budget?: string;
}

export interface BenchFile {
  run(): Promise<BenchRow[]>;
}

/** Median wall time of `fn` over `repeat` runs after one warm-up. */
export async function timeMedian(fn: () => unknown, repeat = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

export function perSecond(count: number, ms: number, unit: string): string {
  const rate = (count / ms) * 1000;
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)} M ${unit}/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toFixed(1)} k ${unit}/s`;
  return `${rate.toFixed(1)} ${unit}/s`;
}

export function budget(ms: number, limitMs: number): string {
  return `< ${limitMs} ms: ${ms < limitMs ? 'ok' : 'MISSED'}`;
}

export function fmt(n: number | bigint): string {
  return n.toLocaleString('en-US');
}

/** Median wall time of the `grundy` binary (bin/grundy.js, process start included) reading `inputFile` on stdin. */
export async function timeCliMedian(args: readonly string[], inputFile: string, repeat = 3): Promise<number> {
  const { spawnSync } = await import('node:child_process');
  const { openSync, closeSync } = await import('node:fs');
  const cli = new URL('../bin/grundy.js', import.meta.url).pathname;
  return timeMedian(() => {
    const fd = openSync(inputFile, 'r');
    try {
      const out = spawnSync(process.execPath, [cli, ...args], { stdio: [fd, 'ignore', 'pipe'] });
      if (out.status !== 0) throw new Error(`grundy ${args.join(' ')} failed: ${out.stderr.toString()}`);
    } finally {
      closeSync(fd);
    }
  }, repeat);
}
