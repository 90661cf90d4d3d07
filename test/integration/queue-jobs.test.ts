/**
 * How the producer side of the solve queue treats a question's job on a real Redis (unique prefixes), with a real
 * BullMQ worker standing in for `grundy worker` so that each test decides what the job does: a new question is
 * queued once and its waiter count goes away with it, a finished job answers again without a new solve, a failed
 * one is replaced, askers in two processes share one job, many questions at once each get their own answer, and a
 * caller who gives up before its count is in still takes the count out and stops the job.
 */
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SolveCancelledError, SolveTimeoutError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { StoredAnswer } from '../../src/jobs/answer.js';
import { RedisLink } from '../../src/jobs/connection.js';
import {
  cancelChannel,
  encodeFailure,
  jobIdFor,
  SolveQueue,
  type SolveJobData,
} from '../../src/jobs/queue.js';
import { createMetrics } from '../../src/metrics.js';
import { deleteKeys, quietLogger, REDIS_URL, testConfig, uniquePrefix, waitFor } from './helpers.js';

const params = parseParams(seagm, { cards: [2, 6, 3] });
const result = seagm.solve(params);
const explanation = seagm.explain(params, result);
const answerNo = (solveMs: number): StoredAnswer => ({ result, explanation, solveMs });

/** What the stand-in worker does with one job of a key: answer, fail for good, or answer after a pause. */
type Step = { readonly answer: StoredAnswer; readonly afterMs?: number } | { readonly fail: string };

describe('the solve queue and a question’s job', () => {
  const prefix = uniquePrefix('qjobs');
  const config = testConfig({ REDIS_URL, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve', JOB_ATTEMPTS: '1' });
  const links = [0, 1].map(() => new RedisLink(REDIS_URL, 'producer', quietLogger));
  const queues: SolveQueue[] = [];
  let worker: Worker | undefined;
  /** Per key: what its next jobs do, in order (the last step repeats), and how many jobs ran. */
  const plans = new Map<string, Step[]>();
  const runs = new Map<string, number>();

  beforeAll(async () => {
    for (const link of links) {
      await link.waitReady(5_000);
      queues.push(
        await SolveQueue.open(config, quietLogger, link, createMetrics({ defaultMetrics: false }), {
          pollMs: 200,
        }),
      );
    }
    worker = new Worker<SolveJobData>(
      'solve',
      async (job) => {
        const key = job.data.key;
        const done = runs.get(key) ?? 0;
        runs.set(key, done + 1);
        const plan = plans.get(key) ?? [];
        const step = plan[Math.min(done, plan.length - 1)];
        if (step === undefined) throw new Error(`no plan for ${key}`);
        if ('fail' in step) throw new UnrecoverableError(step.fail);
        if (step.afterMs !== undefined) await new Promise((resolve) => setTimeout(resolve, step.afterMs));
        return step.answer;
      },
      { connection: { url: REDIS_URL }, prefix, concurrency: 8 },
    );
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    try {
      await worker?.close();
      for (const queue of queues) await queue.close();
      for (const link of links) await link.close();
    } finally {
      await deleteKeys(prefix);
    }
  });

  const keyOf = (name: string): string => `${prefix}:v1:seagm:1:${name}`;

  const ask = (key: string, from = 0): Promise<StoredAnswer> => {
    const queue = queues[from];
    if (queue === undefined) throw new Error('queue not open');
    const data: SolveJobData = { gameId: 'seagm', solverVersion: '1', params, key, timeoutMs: 10_000 };
    return queue.run(seagm, data, new AbortController().signal, () => undefined);
  };

  it('queues a new question once, answers it, and drops its waiter count afterwards', async () => {
    const key = keyOf('new');
    plans.set(key, [{ answer: answerNo(1) }]);
    expect(await ask(key)).toEqual(answerNo(1));
    expect(runs.get(key)).toBe(1);
    const waiters = `${prefix}:solve:waiters:${jobIdFor(key, prefix)}`;
    await waitFor(
      'the waiter count to go',
      async () => (await links[0]?.client.exists(waiters)) === 0,
      5_000,
    );
  });

  it('answers a question whose job has completed from that job, without solving it again', async () => {
    const key = keyOf('completed');
    plans.set(key, [{ answer: answerNo(2) }, { answer: answerNo(99) }]);
    expect(await ask(key)).toEqual(answerNo(2));
    expect(await ask(key, 1)).toEqual(answerNo(2));
    expect(runs.get(key)).toBe(1);
  });

  it('replaces a job that failed for good when its question is asked again', async () => {
    const key = keyOf('failed');
    plans.set(key, [{ fail: encodeFailure('timeout', 'too slow') }, { answer: answerNo(3) }]);
    await expect(ask(key)).rejects.toBeInstanceOf(SolveTimeoutError);
    expect(await ask(key)).toEqual(answerNo(3));
    expect(runs.get(key)).toBe(2);
  });

  it('lets askers in two processes share one job', async () => {
    const key = keyOf('shared');
    plans.set(key, [{ answer: answerNo(4), afterMs: 300 }]);
    const [first, second] = await Promise.all([ask(key, 0), ask(key, 1)]);
    expect(first).toEqual(answerNo(4));
    expect(second).toEqual(answerNo(4));
    expect(runs.get(key)).toBe(1);
  });

  it('takes out the count of a caller who gave up before it was in, and stops the job nobody waits for', async () => {
    const key = keyOf('early-leaver');
    plans.set(key, [{ answer: answerNo(5), afterMs: 1_000 }]);
    const jobId = jobIdFor(key, prefix);
    const waiters = `${prefix}:solve:waiters:${jobId}`;
    // What a worker would hear: the job removed while it waits, or a cancel for it once it runs.
    const listener = new RedisLink(REDIS_URL, 'subscriber', quietLogger);
    const cancels: string[] = [];
    listener.client.on('message', (_channel: string, id: string) => cancels.push(id));
    try {
      await listener.client.subscribe(cancelChannel(prefix, 'solve'));
      const controller = new AbortController();
      const data: SolveJobData = { gameId: 'seagm', solverVersion: '1', params, key, timeoutMs: 10_000 };
      const asked = queues[0]?.run(seagm, data, controller.signal, () => undefined);
      // Given up at once: the count and the job are on their way to Redis, no reply is back yet.
      controller.abort(new SolveCancelledError());
      await expect(asked).rejects.toBeInstanceOf(SolveCancelledError);
      expect(await links[0]?.client.exists(waiters)).toBe(0);
      await waitFor(
        'the job to be removed or told to stop',
        async () => cancels.includes(jobId) || (await queues[0]?.queue.getJob(jobId)) === undefined,
        5_000,
      );
    } finally {
      await listener.close();
    }
  });

  it('gives each of many questions asked at once its own answer', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => keyOf(`many-${i}`));
    keys.forEach((key, i) => plans.set(key, [{ answer: answerNo(100 + i) }]));
    const answers = await Promise.all(keys.map((key, i) => ask(key, i % 2)));
    expect(answers.map((answer) => answer.solveMs)).toEqual(keys.map((_, i) => 100 + i));
    expect(keys.map((key) => runs.get(key))).toEqual(keys.map(() => 1));
  });
});
