/**
 * Workers as separate processes: one job for a question asked by two bots at once, a worker killed mid-job,
 * a graceful SIGTERM, jobs that reach the queue with bad data, and a batch of quick questions.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { parseParams } from '../../src/core/params.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { decodeAnswerJson } from '../../src/jobs/answer.js';
import { BATCH_JOB_NAME, jobIdFor } from '../../src/jobs/queue.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import {
  deleteKeys,
  quietLogger,
  REDIS_URL,
  startWorker,
  testConfig,
  uniquePrefix,
  waitFor,
  withTimeout,
  type WorkerProcess,
} from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // Keep cleaning.
    }
  }
});

interface Setup {
  readonly prefix: string;
  readonly env: Record<string, string>;
  readonly queue: Queue;
  service(): Promise<SolveService>;
  worker(args?: readonly string[]): Promise<WorkerProcess>;
}

function setup(label: string, extraEnv: Record<string, string> = {}): Setup {
  const prefix = uniquePrefix(label);
  const env = {
    REDIS_URL,
    GRUNDY_PREFIX: prefix,
    QUEUE_NAME: 'solve',
    INLINE_COST_MS: '50',
    JOB_LOCK_MS: '2000',
    STALLED_INTERVAL_MS: '500',
    ...extraEnv,
  };
  const queue = new Queue('solve', { connection: { url: REDIS_URL }, prefix });
  cleanups.push(async () => {
    await queue.close();
    await deleteKeys(prefix);
  });
  return {
    prefix,
    env,
    queue,
    async service() {
      const service = await createSolveService(testConfig(env), quietLogger, { pollMs: 500 });
      cleanups.push(() => service.close());
      return service;
    },
    async worker(args = ['--concurrency', '1']) {
      const worker = await startWorker(env, args);
      cleanups.push(() => worker.stop());
      return worker;
    },
  };
}

function bigSeagm(seed: number): { cards: number[] } {
  const rng = createRng(seed);
  return { cards: Array.from({ length: 100_000 }, () => rng.int(1, 1_000_000_000)) };
}

describe('solve workers (Redis)', () => {
  it('a big SEAGM instance asked by two bots at once is solved once, and both get the answer', async () => {
    const s = setup('dedup');
    const worker = await s.worker(['--concurrency', '2']);
    const [bot1, bot2] = await Promise.all([s.service(), s.service()]);
    const question = bigSeagm(42);
    const [a, b] = await Promise.all([bot1.solve('seagm', question), bot2.solve('seagm', question)]);
    expect(a.via).toBe('queue');
    expect(b.via).toBe('queue');
    expect(b.key).toBe(a.key);
    expect(b.result).toEqual(a.result);
    expect(b.solveMs).toBe(a.solveMs);
    const job = await s.queue.getJob(jobIdFor(a.key, s.prefix));
    expect(job?.attemptsStarted).toBe(1);
    const counts = await s.queue.getJobCounts('completed', 'failed', 'waiting', 'active');
    expect(counts).toEqual({ completed: 1, failed: 0, waiting: 0, active: 0 });
    expect(worker.lines.filter((line) => line.msg === 'solving')).toHaveLength(1);
    // A small instance stays in the bot process (estimated cost below INLINE_COST_MS).
    expect((await bot1.solve('seagm', { cards: [2, 6, 3] })).via).toBe('inline');
  });

  it('a worker killed with SIGKILL mid-job loses nothing: another worker finishes the job', async () => {
    const s = setup('kill');
    const first = await s.worker();
    const service = await s.service();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const answer = service.solve('slow', { ms: 3_000, tag: 'kill' }, { onProgress: () => started() });
    await withTimeout(running, 15_000, 'the first worker to start solving');
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await s.worker();
    const solved = await withTimeout(answer, 30_000, 'the answer from the second worker');
    expect(solved.result).toEqual({ spunMs: 3_000, tag: 'kill' });
    expect(second.lines.some((line) => line.msg === 'solving' && line['game'] === 'slow')).toBe(true);
    const job = await s.queue.getJob(jobIdFor(solved.key, s.prefix));
    expect(job?.attemptsStarted).toBe(2);
  });

  it('SIGTERM: the worker takes no new job, finishes the active one, and exits 0', async () => {
    const s = setup('term');
    const worker = await s.worker(['--concurrency', '2']);
    const service = await s.service();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const answer = service.solve('slow', { ms: 1_500, tag: 'term' }, { onProgress: () => started() });
    await withTimeout(running, 15_000, 'the worker to start solving');
    worker.child.kill('SIGTERM');
    await worker.waitForLog((line) => typeof line.msg === 'string' && line.msg.startsWith('stopping'));

    // Asked after the signal: left in the queue for another worker.
    const controller = new AbortController();
    const later = service.solve('slow', { ms: 100, tag: 'after-term' }, { signal: controller.signal });
    later.catch(() => undefined);

    const solved = await withTimeout(answer, 15_000, 'the active job to finish');
    expect(solved.result).toEqual({ spunMs: 1_500, tag: 'term' });
    const exit = await withTimeout(worker.exited, 15_000, 'the worker to exit');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(worker.lines.filter((line) => line.msg === 'solving')).toHaveLength(1);
    expect(await s.queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
    controller.abort();
    await waitFor(
      'the abandoned job to be removed',
      async () => (await s.queue.getJobCounts('waiting'))['waiting'] === 0 || undefined,
    );
  });

  it('a job with bad data fails once, with the user-facing message, and is never retried', async () => {
    const s = setup('bad');
    await s.worker();
    const retrying = { attempts: 3, backoff: { type: 'fixed', delay: 10 } };
    await s.queue.add(
      'seagm',
      {
        gameId: 'seagm',
        solverVersion: '1',
        params: { cards: ['2', 'x'] },
        key: `${s.prefix}:v1:seagm:1:bad`,
        timeoutMs: 5_000,
      },
      { jobId: 'bad-input', ...retrying },
    );
    await s.queue.add('junk', { hello: 'world' }, { jobId: 'malformed', ...retrying });
    const failed = await waitFor('both jobs to fail', async () => {
      for (const id of ['bad-input', 'malformed'])
        if ((await s.queue.getJobState(id)) !== 'failed') return undefined;
      // Read once both have failed: a job read while still active would show its attempts before the failure.
      return [await s.queue.getJob('bad-input'), await s.queue.getJob('malformed')];
    });
    const [bad, junk] = failed;
    expect(bad?.attemptsMade).toBe(1);
    expect(bad?.failedReason).toMatch(/^\[bad_input\] card 2 is "x", but the numbers must be whole numbers/);
    expect(junk?.attemptsMade).toBe(1);
    expect(junk?.failedReason).toBe('[bad_input] The job data is not a solve request.');
  });

  it('a batch job: each question answered and cached in its place; a bad one says why; junk fails once', async () => {
    const s = setup('batch');
    await s.worker();
    const item = (name: string, params: unknown) => ({
      gameId: 'multiplication',
      solverVersion: multiplication.solverVersion,
      params,
      key: `${s.prefix}:v1:multiplication:${multiplication.solverVersion}:${name}`,
      timeoutMs: 5_000,
    });
    const good = [item('a', { n: '12', first: 'Alice' }), item('b', { n: '1000003', first: 'Bob' })];
    const bad = item('bad', { n: 'twelve', first: 'Alice' });
    const retrying = { attempts: 3, backoff: { type: 'fixed', delay: 10 } };
    await s.queue.add(BATCH_JOB_NAME, { batch: [good[0], bad, good[1]] }, { jobId: 'batch-1', ...retrying });
    // One question alone is not a batch (the asker sends it as its own job), nor is anything else.
    await s.queue.add(BATCH_JOB_NAME, { batch: [good[0]] }, { jobId: 'batch-junk', ...retrying });
    const [done, junk] = await waitFor('both batches to finish', async () => {
      if ((await s.queue.getJobState('batch-1')) !== 'completed') return undefined;
      if ((await s.queue.getJobState('batch-junk')) !== 'failed') return undefined;
      return [await s.queue.getJob('batch-1'), await s.queue.getJob('batch-junk')];
    });
    const returned = done?.returnvalue as { batch: unknown[] };
    expect(returned.batch).toHaveLength(3);
    expect(returned.batch[0]).toEqual({ cached: true });
    expect(returned.batch[2]).toEqual({ cached: true });
    expect((returned.batch[1] as { failed: string }).failed).toMatch(/^\[bad_input\] .*twelve/);
    const client = new Redis(REDIS_URL);
    try {
      for (const question of good) {
        const answer = decodeAnswerJson(multiplication, (await client.get(question.key)) ?? '');
        const params = parseParams(multiplication, question.params);
        expect(answer?.result).toEqual(multiplication.solve(params, {}));
      }
    } finally {
      client.disconnect();
    }
    expect(junk?.attemptsMade).toBe(1);
    expect(junk?.failedReason).toBe('[bad_input] The job data is not a batch of solve requests.');
  });
});
