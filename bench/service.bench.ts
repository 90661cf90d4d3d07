/**
 * The solve service: a small job's round trip through Redis and a `grundy worker` (p50 / p99), throughput with
 * one and two worker processes (and for tiny jobs, with the CPU time the asker, the worker and Redis spend on
 * each), and cache-hit latency, each next to the in-process driver's figures, with BullMQ's own no-op figures on
 * the same machine (the floor any BullMQ queue stands on, and what a waiting caller costs BullMQ itself).
 * Needs a Redis at REDIS_URL (default redis://127.0.0.1:6379) and the built CLI (`npm run bench` builds it);
 * without Redis only the in-process rows are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Queue, QueueEvents, Worker } from 'bullmq';
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
const THROUGHPUT_JOBS = 1_000;
/**
 * Jobs run before a throughput is timed. A service runs warm: over its first thousand or so queued jobs the same
 * bursts speed up from about 1.5 k to 2.4 k jobs/s here (V8 optimising the asker's and the worker's code, and
 * BullMQ's and ioredis'), so a short warm-up measured the start, not the service.
 */
const WARM_UP_JOBS = 2_000;
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

/** Median wall time (of 3, after WARM_UP_JOBS) for `count` fresh small questions, `IN_FLIGHT` at a time. */
async function throughput(service: SolveService, count: number, tiny = false): Promise<number> {
  await burst(service, WARM_UP_JOBS, tiny);
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
 * BullMQ's own figures on this machine, with one Worker whose processor does nothing (no validation, no cache):
 * - drain: NOOP_JOBS jobs added at once (addBulk), then drained: the floor any BullMQ queue stands on;
 * - round trip: NOOP_JOBS jobs added one by one, IN_FLIGHT at a time, each caller waiting for its job to finish
 *   (`job.waitUntilFinished`, one QueueEvents): what a caller that waits for answers costs BullMQ itself.
 * Both in this one process, each timed after a warm-up run of the same (NOOP_JOBS, as many as WARM_UP_JOBS).
 * Returns the wall times in ms.
 */
async function bullmqNoop(prefix: string): Promise<{ drain: number; roundTrip: number }> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('noop', { connection, prefix });
  // Each waiting job.waitUntilFinished adds a 'closing' listener to the queue (BullMQ's way): IN_FLIGHT of them.
  queue.setMaxListeners(IN_FLIGHT + 10);
  const events = new QueueEvents('noop', { connection: { url: REDIS_URL }, prefix });
  const worker = new Worker('noop', () => Promise.resolve(1), {
    connection,
    prefix,
    concurrency: NOOP_CONCURRENCY,
    autorun: false,
  });
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    let done = 0;
    let drained = (): void => undefined;
    worker.on('completed', () => {
      if (++done === NOOP_JOBS) drained();
    });
    worker.run().catch(() => undefined);
    /** NOOP_JOBS jobs added at once while the worker waits, and the time it then takes to finish them all. */
    const drain = async (): Promise<number> => {
      done = 0;
      const finished = new Promise<void>((resolve) => {
        drained = resolve;
      });
      await worker.pause();
      await queue.addBulk(
        Array.from({ length: NOOP_JOBS }, (_, i) => ({
          name: 'noop',
          data: { i },
          opts: { removeOnComplete: true },
        })),
      );
      const start = performance.now();
      await worker.resume();
      await finished;
      return performance.now() - start;
    };
    /** NOOP_JOBS jobs added one by one, IN_FLIGHT at a time, each caller waiting for its own. */
    const roundTrips = async (): Promise<number> => {
      const start = performance.now();
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < NOOP_JOBS) {
          next++;
          const job = await queue.add('noop', { i: next }, { removeOnComplete: true });
          await job.waitUntilFinished(events);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
      return performance.now() - start;
    };
    // Warmed up as Grundy's rows are (WARM_UP_JOBS), each way once.
    await drain();
    await roundTrips();
    return { drain: await drain(), roundTrip: await roundTrips() };
  } finally {
    await worker.close();
    await events.close();
    await queue.close();
    connection.disconnect();
  }
}

/** CPU time (user + system) of the process `pid` so far, in ms, from /proc (undefined where there is none). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name: state is the 1st, utime the 12th, stime the 13th (clock ticks of 10 ms).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** The Redis server's CPU time so far, in ms (INFO cpu; the whole server, other clients included). */
async function redisCpuMs(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string): number => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

interface CpuPerJob {
  readonly asker: number;
  readonly worker: number | undefined;
  readonly redis: number;
}

/** Tiny-job throughput (as `throughput`) with the CPU time each party spent per job, in µs. */
async function tinyWithCpu(
  service: SolveService,
  worker: ChildProcess,
): Promise<{ wall: number; cpu: CpuPerJob }> {
  const redis = new Redis(REDIS_URL);
  try {
    await burst(service, WARM_UP_JOBS, true);
    const asker0 = process.cpuUsage();
    const worker0 = processCpuMs(worker.pid);
    const redis0 = await redisCpuMs(redis);
    const times = [];
    for (let i = 0; i < 3; i++) times.push(await burst(service, THROUGHPUT_JOBS, true));
    const asker = process.cpuUsage(asker0);
    const worker1 = processCpuMs(worker.pid);
    const jobs = 3 * THROUGHPUT_JOBS;
    const cpu = {
      asker: (asker.user + asker.system) / jobs,
      worker:
        worker0 === undefined || worker1 === undefined ? undefined : ((worker1 - worker0) * 1000) / jobs,
      redis: (((await redisCpuMs(redis)) - redis0) * 1000) / jobs,
    };
    times.sort((a, b) => a - b);
    return { wall: times[1] ?? 0, cpu };
  } finally {
    redis.disconnect();
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
  // The same asker with batching off: every question in a BullMQ job of its own, as before jobs/batch.ts.
  const unbatched = await createSolveService(
    loadConfig({ ...env, LOG_LEVEL: 'silent', QUEUE_BATCH_MAX: '1' }),
    logger,
  );
  const workers: ChildProcess[] = [];
  try {
    const first = await startWorker(env);
    workers.push(first);
    const noop = await bullmqNoop(prefix);
    const trips = await roundTrips(service, ROUND_TRIPS);
    const one = await throughput(service, THROUGHPUT_JOBS);
    const tiny = await tinyWithCpu(service, first);
    const tinyAlone = await tinyWithCpu(unbatched, first);
    workers.push(await startWorker(env));
    const two = await throughput(service, THROUGHPUT_JOBS);
    const hit = await cacheHits(service, CACHE_HITS);
    const cpuRow = (label: string, figures: { cpu: CpuPerJob }): BenchRow => {
      const { asker, worker, redis } = figures.cpu;
      return row(
        label,
        (asker + (worker ?? 0) + redis) / 1000,
        `${asker.toFixed(0)} + ${worker?.toFixed(0) ?? 'n/a'} + ${redis.toFixed(0)} µs`,
        `${fmt(3 * THROUGHPUT_JOBS)} questions`,
      );
    };
    return [
      row(
        `BullMQ itself: no-op jobs, addBulk, 1 worker (concurrency ${NOOP_CONCURRENCY})`,
        noop.drain,
        perSecond(NOOP_JOBS, noop.drain, 'jobs'),
        `${fmt(NOOP_JOBS)} jobs`,
      ),
      row(
        `BullMQ itself: no-op jobs, add + waitUntilFinished, ${IN_FLIGHT} in flight, one process`,
        noop.roundTrip,
        perSecond(NOOP_JOBS, noop.roundTrip, 'jobs'),
        `${fmt(NOOP_JOBS)} jobs`,
      ),
      row(
        `redis: throughput, tiny questions (multiplication), 1 worker process, batched (QUEUE_BATCH_MAX 32)`,
        tiny.wall,
        perSecond(THROUGHPUT_JOBS, tiny.wall, 'questions'),
        `${fmt(THROUGHPUT_JOBS)} questions`,
      ),
      cpuRow('redis: CPU per tiny question, batched: asker + worker + Redis server', tiny),
      row(
        `redis: throughput, tiny questions, 1 worker process, a job each (QUEUE_BATCH_MAX=1)`,
        tinyAlone.wall,
        perSecond(THROUGHPUT_JOBS, tinyAlone.wall, 'questions'),
        `${fmt(THROUGHPUT_JOBS)} questions`,
      ),
      cpuRow('redis: CPU per tiny question, a job each: asker + worker + Redis server', tinyAlone),
      row('redis: round trip p50 (queue, 1 worker)', trips.p50, `p99 ${trips.p99.toFixed(2)} ms`),
      row(
        `redis: throughput, small SEAGM questions, 1 worker process, batched`,
        one,
        perSecond(THROUGHPUT_JOBS, one, 'questions'),
        `${fmt(THROUGHPUT_JOBS)} questions`,
      ),
      row(
        `redis: throughput, small SEAGM questions, 2 worker processes, batched`,
        two,
        perSecond(THROUGHPUT_JOBS, two, 'questions'),
        `${fmt(THROUGHPUT_JOBS)} questions`,
      ),
      row('redis: cache hit p50 (GET + zod)', hit, ''),
    ];
  } finally {
    await service.close();
    await unbatched.close();
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
