/**
 * The solve-service contract, written once and run against both drivers (in-process, and Redis + a spawned
 * `grundy worker`). Each test asks its own questions (distinct cards or tags), so tests never share answers.
 */
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InputError,
  ServiceUnavailableError,
  SolveCancelledError,
  SolveTimeoutError,
} from '../../src/core/errors.js';
import { jobIdFor } from '../../src/jobs/queue.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import { createMetrics, type Metrics } from '../../src/metrics.js';
import { canonicalKey } from '../../src/core/canonical.js';
import { parseParams } from '../../src/core/params.js';
import { loadCatalog } from '../../src/load-catalog.js';
import { quietLogger, slowGamesModule, testConfig, waitFor, withTimeout } from './helpers.js';

export interface JobView {
  readonly state: string;
  readonly attemptsMade: number;
  readonly attemptsStarted: number;
  readonly failedReason: string;
}

export interface DriverHarness {
  readonly name: string;
  /** Environment for this driver's services (REDIS_URL, GRUNDY_PREFIX, ...). */
  env(): Record<string, string>;
  setUp?(): Promise<void>;
  tearDown?(): Promise<void>;
  /** The queued job behind a canonical key (queue drivers only). */
  inspectJob?(key: string): Promise<JobView | undefined>;
}

/** What the service-suite contract asks of a solve job (undefined when BullMQ has no job for `key`). */
export async function inspectQueueJob(
  queue: Queue | undefined,
  key: string,
  prefix: string,
): Promise<JobView | undefined> {
  if (queue === undefined) return undefined;
  const jobId = jobIdFor(key, prefix);
  // The state first: a job read before it ends, then found finished, would show no failed reason.
  const state = await queue.getJobState(jobId);
  const job = await queue.getJob(jobId);
  if (job === undefined) return undefined;
  return {
    state,
    attemptsMade: job.attemptsMade,
    attemptsStarted: job.attemptsStarted,
    failedReason: job.failedReason,
  };
}

async function metricValue(metrics: Metrics, name: string, labels: Record<string, string>): Promise<number> {
  const all = await metrics.registry.getMetricsAsJSON();
  let total = 0;
  for (const metric of all) {
    for (const value of metric.values as {
      metricName?: string;
      labels: Record<string, string | number>;
      value: number;
    }[]) {
      const metricName = value.metricName ?? metric.name;
      if (metricName === name && Object.entries(labels).every(([k, v]) => value.labels[k] === v))
        total += value.value;
    }
  }
  return total;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

export function runServiceSuite(harness: DriverHarness): void {
  describe(`solve service: ${harness.name}`, () => {
    const services: SolveService[] = [];

    beforeAll(async () => {
      await harness.setUp?.();
    });

    afterAll(async () => {
      for (const service of services) await service.close();
      await harness.tearDown?.();
    });

    async function keyFor(gameId: string, candidate: unknown): Promise<string> {
      const game = (await loadCatalog(slowGamesModule)).resolveGame(gameId);
      return canonicalKey(
        game.id,
        game.solverVersion,
        parseParams(game, candidate),
        harness.env()['GRUNDY_PREFIX'],
      );
    }

    async function open(env: Record<string, string> = {}, metrics?: Metrics): Promise<SolveService> {
      const config = testConfig({ ...harness.env(), ...env });
      const service = await createSolveService(
        config,
        quietLogger,
        metrics === undefined ? { pollMs: 500 } : { metrics, pollMs: 500 },
      );
      services.push(service);
      return service;
    }

    it('answers, then serves the same question (in any order) from the cache', async () => {
      const metrics = createMetrics({ defaultMetrics: false });
      const service = await open({}, metrics);
      const first = await service.solve('seagm', { cards: ['2', 6, 3, 11] });
      expect(first.fromCache).toBe(false);
      expect(first.via).not.toBe('cache');
      expect(first.explanation.outcome).toMatch(/^(first|second)$/);
      expect(first.key).toMatch(
        new RegExp(`^${harness.env()['GRUNDY_PREFIX'] ?? 'grundy'}:v1:seagm:1:[0-9a-f]{40}$`),
      );

      const again = await service.solve('seagm', { cards: [11, 3, 2, 6] });
      expect(again.via).toBe('cache');
      expect(again.fromCache).toBe(true);
      expect(again.key).toBe(first.key);
      expect(again.result).toEqual(first.result);
      expect(again.explanation).toEqual(first.explanation);
      expect(again.solveMs).toBe(first.solveMs);
      expect(await metricValue(metrics, 'grundy_cache_hits_total', { game: 'seagm' })).toBe(1);
      expect(await metricValue(metrics, 'grundy_cache_misses_total', { game: 'seagm' })).toBe(1);
    });

    it('solves identical questions asked at once only once, and answers both', async () => {
      const metrics = createMetrics({ defaultMetrics: false });
      const service = await open({}, metrics);
      const question = { ms: 600, tag: `dedup-${harness.name}` };
      const [a, b] = await Promise.all([
        service.solve('slow', question),
        service.solve('slow', { ...question }),
      ]);
      expect(a.result).toEqual({ spunMs: 600, tag: question.tag });
      expect(b.result).toEqual(a.result);
      expect(b.solveMs).toBe(a.solveMs);
      expect(await metricValue(metrics, 'grundy_solve_duration_seconds_count', { game: 'slow' })).toBe(1);
      expect(await metricValue(metrics, 'grundy_jobs_completed_total', { game: 'slow' })).toBe(1);
      const view = await harness.inspectJob?.(a.key);
      if (harness.inspectJob !== undefined) expect(view?.attemptsStarted).toBe(1);
    });

    it('answers many different quick questions asked at once, each with its own answer', async () => {
      const service = await open();
      const catalog = await loadCatalog(slowGamesModule);
      const game = catalog.resolveGame('multiplication');
      const base = 7_000_000 + harness.name.length * 1_000;
      const questions = Array.from({ length: 40 }, (_, i) => ({
        n: String(base + i),
        first: i % 2 === 0 ? 'Alice' : 'Bob',
      }));
      const answers = await Promise.all(questions.map((q) => service.solve('multiplication', q)));
      answers.forEach((answer, i) => {
        const params: unknown = parseParams(game, questions[i]);
        expect(answer.via).not.toBe('cache');
        expect(answer.result).toEqual(game.solve(params, {}));
        expect(answer.explanation).toEqual(game.explain(params, answer.result));
      });
      if (harness.inspectJob !== undefined) {
        // On a queue, questions asked together travel in shared jobs (jobs/batch.ts), not one job each.
        const own: unknown[] = [];
        for (const answer of answers) own.push(await harness.inspectJob(answer.key));
        expect(own.filter((view) => view === undefined).length).toBeGreaterThan(20);
      }
      const again = await Promise.all(questions.map((q) => service.solve('multiplication', q)));
      expect(again.map((answer) => answer.via)).toEqual(questions.map(() => 'cache'));
    });

    it('refuses bad input with its message, without solving or retrying', async () => {
      const metrics = createMetrics({ defaultMetrics: false });
      const service = await open({}, metrics);
      const bad = await rejection(service.solve('seagm', { cards: ['2', 'x'] }));
      expect(bad).toBeInstanceOf(InputError);
      expect(bad.message).toContain('card 2 is "x"');
      const tooMany = await rejection(
        service.solve('seagm', { cards: Array.from({ length: 100_001 }, () => 2) }),
      );
      expect(tooMany).toBeInstanceOf(InputError);
      expect(tooMany.message).toContain('at most 100,000 cards');
      const unknown = await rejection(service.solve('chess', {}));
      expect(unknown).toBeInstanceOf(InputError);
      expect(unknown.message).toContain('Unknown game "chess"');
      expect(await metricValue(metrics, 'grundy_cache_misses_total', {})).toBe(0);

      // Input only the solver can judge: refused once, with the solver's message, and never retried.
      const refused = await rejection(
        service.solve('slow', { ms: 5, reject: true, tag: `refuse-${harness.name}` }),
      );
      expect(refused).toBeInstanceOf(InputError);
      expect(refused.message).toBe(`slow: refuse-${harness.name} was refused by the solver`);
      const job = await harness.inspectJob?.(
        await keyFor('slow', { ms: 5, reject: true, tag: `refuse-${harness.name}` }),
      );
      if (harness.inspectJob !== undefined) {
        expect(job).toMatchObject({ state: 'failed', attemptsMade: 1, attemptsStarted: 1 });
        expect(job?.failedReason).toBe(`[bad_input] slow: refuse-${harness.name} was refused by the solver`);
      }
    });

    it('ends a solve at its time limit, once', async () => {
      const service = await open({ JOB_TIMEOUT_MS: '1000' });
      const error = await rejection(service.solve('slow', { ms: 20_000, tag: `limit-${harness.name}` }));
      expect(error.message).toBe('The solver did not finish within 1 s.');
      expect(error).toBeInstanceOf(SolveTimeoutError);
      const job = await harness.inspectJob?.(
        await keyFor('slow', { ms: 20_000, tag: `limit-${harness.name}` }),
      );
      if (harness.inspectJob !== undefined) {
        expect(job).toMatchObject({ state: 'failed', attemptsMade: 1, attemptsStarted: 1 });
        expect(job?.failedReason).toMatch(/^\[timeout\] /);
      }
    });

    it('reports progress of a long solve', async () => {
      const service = await open();
      const seen: number[] = [];
      const answer = await service.solve(
        'slow',
        { ms: 1_000, tag: `progress-${harness.name}` },
        { onProgress: (f) => seen.push(f) },
      );
      expect(answer.result).toEqual({ spunMs: 1_000, tag: `progress-${harness.name}` });
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const fraction of seen) expect(fraction >= 0 && fraction <= 1).toBe(true);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    });

    it('answers a quick question while costly ones hold every solver thread they may use', async () => {
      // One thread a lane: the first costly question runs, the second waits for it, and neither may hold up
      // a quick one (in-process both run here; with Redis, on the worker, whose two threads they fill).
      const service = await open({ WORKER_CONCURRENCY: '1', INLINE_COST_MS: '100' });
      const controller = new AbortController();
      const costly: unknown[] = [];
      const started = new Promise<void>((resolve) => {
        for (const tag of ['a', 'b'])
          void service
            .solve(
              'slow',
              { ms: 30_000, tag: `lanes-${tag}-${harness.name}` },
              { signal: controller.signal, onProgress: () => resolve() },
            )
            .then(
              (answer) => costly.push(answer),
              (error: unknown) => costly.push(error),
            );
      });
      try {
        await withTimeout(started, 15_000, 'a costly question to start');
        const quick = await withTimeout(
          service.solve('seagm', { cards: [2, 6, 3, 17, 51] }),
          15_000,
          'the quick question',
        );
        expect(quick.explanation.outcome).toMatch(/^(first|second)$/);
        expect(costly, 'the costly questions are still running or waiting').toEqual([]);
      } finally {
        controller.abort();
      }
      await waitFor('the costly callers to be released', () => costly.length === 2 || undefined, 15_000);
      for (const settled of costly) expect(settled).toBeInstanceOf(SolveCancelledError);
    });

    it('refuses a costly question as busy when its own solver threads have no room left (SOLVE_BACKLOG_MAX)', async () => {
      // One costly thread, nothing may wait: a second costly question is refused at once in-process, while a
      // quick one is answered; with Redis the queue takes it (and a worker thread runs it).
      const metrics = createMetrics({ defaultMetrics: false });
      const service = await open(
        { WORKER_CONCURRENCY: '1', INLINE_COST_MS: '100', SOLVE_BACKLOG_MAX: '0' },
        metrics,
      );
      const controller = new AbortController();
      const settled: unknown[] = [];
      const ask = (tag: string, onProgress: () => void): void => {
        void service
          .solve(
            'slow',
            { ms: 30_000, tag: `${tag}-${harness.name}` },
            { signal: controller.signal, onProgress },
          )
          .then(
            (answer) => settled.push(answer),
            (error: unknown) => settled.push(error),
          );
      };
      try {
        await withTimeout(
          new Promise<void>((resolve) => ask('backlog-first', resolve)),
          15_000,
          'the first costly question to start',
        );
        if (harness.inspectJob === undefined) {
          const refused = await rejection(
            service.solve('slow', { ms: 30_000, tag: `backlog-second-${harness.name}` }),
          );
          expect(refused).toBeInstanceOf(ServiceUnavailableError);
          expect((refused as ServiceUnavailableError).busy).toBe(true);
          expect(
            await metricValue(metrics, 'grundy_jobs_failed_total', { game: 'slow', reason: 'busy' }),
          ).toBe(1);
          expect((refused as ServiceUnavailableError).publicText).toBe(
            'Grundy is busy: its one solver thread for big questions is taken. Ask again in a few minutes; small ' +
              'questions are still answered at once.',
          );
        } else {
          await withTimeout(
            new Promise<void>((resolve) => ask('backlog-second', resolve)),
            15_000,
            'the queue to take the second costly question',
          );
        }
        const quick = await service.solve('seagm', { cards: [2, 6, 3, 19, 57] });
        expect(quick.explanation.outcome).toMatch(/^(first|second)$/);
        expect(settled, 'the costly questions still run').toEqual([]);
      } finally {
        controller.abort();
      }
      const asked = harness.inspectJob === undefined ? 1 : 2;
      await waitFor('the costly callers to be released', () => settled.length === asked || undefined, 15_000);
      for (const outcome of settled) expect(outcome).toBeInstanceOf(SolveCancelledError);
    });

    it('lets a caller give up; the work stops, and the question can be asked again', async () => {
      const service = await open();
      // Far longer than any cancellation takes to arrive, however busy the machine: the job must end as
      // cancelled, never by finishing first.
      const question = { ms: 30_000, tag: `cancel-${harness.name}` };
      const askThenGiveUp = async (what: string): Promise<void> => {
        const controller = new AbortController();
        const settled: unknown[] = [];
        // Progress proves a run of this question is under way: a failed job reports none.
        const started = new Promise<void>((resolve) => {
          void service
            .solve('slow', question, { signal: controller.signal, onProgress: () => resolve() })
            .then(
              (answer) => settled.push(answer),
              (error: unknown) => settled.push(error),
            );
        });
        await withTimeout(started, 15_000, `${what} to start`);
        controller.abort();
        await waitFor(`${what}: the caller to be released`, () => settled.length > 0 || undefined, 15_000);
        expect(settled[0]).toBeInstanceOf(SolveCancelledError);
        if (harness.inspectJob !== undefined) {
          // The worker was told to stop: the job ends as cancelled.
          const key = await keyFor('slow', question);
          const job = await waitFor(
            `${what}: the job to stop`,
            async () => {
              const view = await harness.inspectJob?.(key);
              return view?.state === 'failed' ? view : undefined;
            },
            12_000,
          );
          expect(job.failedReason).toMatch(/^\[cancelled\] /);
        }
      };
      await askThenGiveUp('the first ask');
      // Asked again, the question runs again (the cancelled job is not its answer), and can be given up again.
      await askThenGiveUp('the question asked again');
    });

    it('reports health, closes idempotently, and refuses work once closed', async () => {
      const service = await open();
      const health = await service.health();
      expect(health.ok).toBe(true);
      expect(health.redis).toBe(harness.env()['REDIS_URL'] === undefined ? 'not configured' : 'up');
      await Promise.all([service.close(), service.close()]);
      await service.close();
      const error = await rejection(service.solve('seagm', { cards: [2, 6, 3] }));
      expect(error).toBeInstanceOf(ServiceUnavailableError);
    });
  });
}
