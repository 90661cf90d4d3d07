/**
 * The solve service: a small job's round trip through Redis and a `grundy worker` (p50 / p99), throughput with
 * one and two worker processes (and for tiny jobs), and cache-hit latency, each next to the in-process driver's
 * figures, with BullMQ's own no-op figure on the same machine (the floor any BullMQ queue stands on).
 * Needs a Redis at REDIS_URL (default redis://127.0.0.1:6379) and the built CLI (`npm run bench` builds it);
 * without Redis only the in-process rows are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { createSolveService } from '../src/jobs/service.js';
import type { SolveService } from '../src/jobs/types.js';
import { createLogger } from '../src/log.js';
import { deleteKeys } from '../test/integration/helpers.js';
import { fmt, perSecond, type BenchRow } from './harness.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const root = fileURLToPath(new URL('../', import.meta.url));
const logger = createLogger('silent');

const ROUND_TRIPS = 300;
const THROUGHPUT_JOBS = 400;
const IN_FLIGHT = 32;
const CACHE_HITS = 2_000;

const NOOP_JOBS = 2_000;
/** BullMQ worker concurrency for its no-op figure: what `grundy worker` allows for quick jobs (1 + 16). */
const NOOP_CONCURRENCY = 17;

let counter = 0;
/** A tiny Multiplication question nobody asked before: solved in microseconds, so the queue is all it costs. */
function tinyQuestion(): { n: string; first: string } {
  counter++;
  return { n: String(1_000 + counter), first: 'Alice' };
}

/** A small SEAGM question nobody asked before (distinct cards, so neither the cache nor dedup helps). */
function freshQuestion(): { cards: number[] } {
  counter++;
  return { cards: [6, 10, 15, 1_000 + counter, 2_000_000 + 2 * counter] };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function roundTrips(service: SolveService, count: number): Promise<{ p50: number; p99: number }> {
  await service.solve('seagm', freshQuestion()); // warm-up: threads, connections
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await service.solve('seagm', freshQuestion());
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function burst(service: SolveService, count: number, tiny = false): Promise<number> {
  const start = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      next++;
      if (tiny) await service.solve('multiplication', tinyQuestion());
      else await service.solve('seagm', freshQuestion());
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return performance.now() - start;
}

/** Median wall time (of 3, after a warm-up) for `count` fresh small questions, `IN_FLIGHT` at a time. */
async function throughput(service: SolveService, count: number, tiny = false): Promise<number> {
  await burst(service, Math.ceil(count / 4), tiny);
  const times = [
    await burst(service, count, tiny),
    await burst(service, count, tiny),
    await burst(service, count, tiny),
  ];
  times.sort((a, b) => a - b);
  return times[1] ?? 0;
}

async function cacheHits(service: SolveService, count: number): Promise<number> {
  const question = freshQuestion();
  await service.solve('seagm', question);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await service.solve('seagm', question);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * BullMQ's own figure on this machine: NOOP_JOBS jobs added at once (addBulk), then drained by one Worker whose
 * processor does nothing. No validation, no cache, no waiting caller: the floor any BullMQ queue stands on.
 */
async function bullmqNoop(prefix: string): Promise<number> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('noop', { connection, prefix });
  const worker = new Worker('noop', () => Promise.resolve(1), {
    connection,
    prefix,
    concurrency: NOOP_CONCURRENCY,
    autorun: false,
  });
  try {
    await queue.addBulk(
      Array.from({ length: NOOP_JOBS }, (_, i) => ({
        name: 'noop',
        data: { i },
        opts: { removeOnComplete: true },
      })),
    );
    const start = performance.now();
    let done = 0;
    await new Promise<void>((resolve) => {
      worker.on('completed', () => {
        if (++done === NOOP_JOBS) resolve();
      });
      worker.run().catch(() => undefined);
    });
    return performance.now() - start;
  } finally {
    await worker.close();
    await queue.close();
    connection.disconnect();
  }
}

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [`${root}bin/grundy.js`, 'worker', '--concurrency', '1'], {
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.setEncoding('utf8');
    const onData = (chunk: string): void => {
      output += chunk;
      if (output.includes('"msg":"worker ready"')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`grundy worker exited (${String(code)}): ${output}`)));
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function row(input: string, timeMs: number, throughputText: string, size = 'n = 5 cards'): BenchRow {
  return { group: 'service', input, size, timeMs, throughput: throughputText };
}

async function inProcessRows(): Promise<BenchRow[]> {
  const service = await createSolveService(
    loadConfig({ LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '2' }),
    logger,
  );
  try {
    const trips = await roundTrips(service, ROUND_TRIPS);
    const wall = await throughput(service, THROUGHPUT_JOBS);
    const hit = await cacheHits(service, CACHE_HITS);
    return [
      row('in-process: round trip p50 (thread pool)', trips.p50, `p99 ${trips.p99.toFixed(2)} ms`),
      row(
        `in-process: throughput, ${IN_FLIGHT} in flight`,
        wall,
        perSecond(THROUGHPUT_JOBS, wall, 'jobs'),
        `${fmt(THROUGHPUT_JOBS)} jobs`,
      ),
      row('in-process: cache hit p50 (LRU)', hit, ''),
    ];
  } finally {
    await service.close();
  }
}

async function redisRows(): Promise<BenchRow[]> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL, GRUNDY_PREFIX: prefix, INLINE_COST_MS: '0' };
  const service = await createSolveService(loadConfig({ ...env, LOG_LEVEL: 'silent' }), logger);
  const workers: ChildProcess[] = [];
  try {
    workers.push(await startWorker(env));
    const noop = await bullmqNoop(prefix);
    const trips = await roundTrips(service, ROUND_TRIPS);
    const one = await throughput(service, THROUGHPUT_JOBS);
    const tiny = await throughput(service, THROUGHPUT_JOBS, true);
    workers.push(await startWorker(env));
    const two = await throughput(service, THROUGHPUT_JOBS);
    const hit = await cacheHits(service, CACHE_HITS);
    return [
      row(
        `BullMQ itself: no-op jobs, addBulk, 1 worker (concurrency ${NOOP_CONCURRENCY})`,
        noop,
        perSecond(NOOP_JOBS, noop, 'jobs'),
        `${fmt(NOOP_JOBS)} jobs`,
      ),
      row(
        `redis: throughput, tiny jobs (multiplication), 1 worker process`,
        tiny,
        perSecond(THROUGHPUT_JOBS, tiny, 'jobs'),
        `${fmt(THROUGHPUT_JOBS)} jobs`,
      ),
      row('redis: round trip p50 (queue, 1 worker)', trips.p50, `p99 ${trips.p99.toFixed(2)} ms`),
      row(
        `redis: throughput, 1 worker process`,
        one,
        perSecond(THROUGHPUT_JOBS, one, 'jobs'),
        `${fmt(THROUGHPUT_JOBS)} jobs`,
      ),
      row(
        `redis: throughput, 2 worker processes`,
        two,
        perSecond(THROUGHPUT_JOBS, two, 'jobs'),
        `${fmt(THROUGHPUT_JOBS)} jobs`,
      ),
      row('redis: cache hit p50 (GET + zod)', hit, ''),
    ];
  } finally {
    await service.close();
    for (const worker of workers) await stopWorker(worker);
    await deleteKeys(prefix, REDIS_URL);
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await inProcessRows();
  try {
    rows.push(...(await redisRows()));
  } catch (error) {
    console.error(
      `bench service: Redis rows skipped (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return rows;
}
