/**
 * How fast Grundy gives up, as the tests used to assert it: a solve past its time limit, a caller who cancels,
 * and a Redis that is not there at start-up. In-process (no Redis needed); the slow test game spins for as long
 * as it is told. The bot's "deferred within 3 s" rows are in bot.bench.ts.
 */
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SolveCancelledError, SolveTimeoutError } from '../src/core/errors.js';
import { createSolveService } from '../src/jobs/service.js';
import { quietLogger, testConfig, uniquePrefix } from '../test/integration/helpers.js';
import { budget, type BenchRow } from './harness.js';

const REPEAT = 3;

function median(times: number[]): number {
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** A port nothing listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 1;
}

async function timeLimitMs(): Promise<number> {
  const service = await createSolveService(testConfig({ JOB_TIMEOUT_MS: '1000' }), quietLogger);
  try {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      const error = await service.solve('slow', { ms: 20_000, tag: `limit-${i}` }).catch((e: unknown) => e);
      if (!(error instanceof SolveTimeoutError)) throw new Error(`expected a time-out, got ${String(error)}`);
      times.push(performance.now() - start);
    }
    return median(times);
  } finally {
    await service.close();
  }
}

async function cancelMs(): Promise<number> {
  const service = await createSolveService(testConfig(), quietLogger);
  try {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const controller = new AbortController();
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const outcome = service
        .solve(
          'slow',
          { ms: 5_000, tag: `cancel-${i}` },
          { signal: controller.signal, onProgress: () => started() },
        )
        .catch((e: unknown) => e);
      await running;
      const start = performance.now();
      controller.abort();
      const error = await outcome;
      if (!(error instanceof SolveCancelledError)) throw new Error(`expected a cancel, got ${String(error)}`);
      times.push(performance.now() - start);
    }
    return median(times);
  } finally {
    await service.close();
  }
}

async function redisAbsentMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const env = {
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      GRUNDY_PREFIX: uniquePrefix('bench-absent'),
      REDIS_CONNECT_TIMEOUT_MS: '3000',
    };
    const start = performance.now();
    const failed = await createSolveService(testConfig(env), quietLogger).then(
      async (service) => {
        await service.close();
        return false;
      },
      () => true,
    );
    if (!failed) throw new Error('the service started without Redis');
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(): Promise<BenchRow[]> {
  const row = (input: string, timeMs: number, limitMs: number): BenchRow => ({
    group: 'limits',
    input,
    size: `median of ${REPEAT}`,
    timeMs,
    throughput: '',
    budget: budget(timeMs, limitMs),
  });
  return [
    row('solve past JOB_TIMEOUT_MS = 1 s: error to the caller', await timeLimitMs(), 10_000),
    row('caller cancels a running solve: caller released', await cancelMs(), 2_000),
    row('REDIS_URL with nothing listening: start-up refused', await redisAbsentMs(), 3_000),
  ];
}
