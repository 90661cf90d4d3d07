/**
 * The asker's side of batched quick questions (jobs/batch.ts) on a real Redis, with a real BullMQ worker standing
 * in for `grundy worker` so that each test decides what a batch job does: questions asked in one turn share jobs
 * of at most QUEUE_BATCH_MAX, a lone one keeps its own job, and no question is lost when the batch fails, comes
 * back with answers that do not hold, or finds no worker; a caller who gives up is told at once.
 * (The real worker's side: redis-workers.test.ts; the whole road: the service suite.)
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, SolveCancelledError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import type { StoredAnswer } from '../../src/jobs/answer.js';
import { SolveBatcher } from '../../src/jobs/batch.js';
import { RedisAnswerCache } from '../../src/jobs/cache.js';
import { RedisLink } from '../../src/jobs/connection.js';
import {
  BATCH_JOB_NAME,
  encodeFailure,
  jobIdFor,
  NoWorkerError,
  SolveQueue,
  type BatchAnswer,
  type SolveBatchData,
  type SolveJobData,
} from '../../src/jobs/queue.js';
import { createMetrics } from '../../src/metrics.js';
import { deleteKeys, quietLogger, REDIS_URL, testConfig, uniquePrefix } from './helpers.js';

const answerTo = (params: unknown): StoredAnswer => {
  const valid = parseParams(multiplication, params);
  const result = multiplication.solve(valid, {});
  return { result, explanation: multiplication.explain(valid, result), solveMs: 0.5 };
};

type BatchStep = (items: readonly SolveJobData[]) => Promise<unknown>;

describe('quick questions batched on the queue', () => {
  const prefix = uniquePrefix('qbatch');
  const env = {
    REDIS_URL,
    GRUNDY_PREFIX: prefix,
    QUEUE_NAME: 'solve',
    JOB_ATTEMPTS: '1',
    QUEUE_BATCH_MAX: '4',
  };
  const config = testConfig(env);
  const link = new RedisLink(REDIS_URL, 'producer', quietLogger);
  const cache = new RedisAnswerCache(link, 60, quietLogger, false);
  let queue: SolveQueue | undefined;
  let batcher: SolveBatcher | undefined;
  let worker: Worker | undefined;
  /** What the stand-in does with the next batch jobs; the sizes of the batches it saw; single jobs it ran. */
  let onBatch: BatchStep = () => Promise.reject(new Error('no plan'));
  let sizes: number[] = [];
  let singles: string[] = [];
  let counter = 0;

  beforeAll(async () => {
    await link.waitReady(5_000);
    queue = await SolveQueue.open(config, quietLogger, link, createMetrics({ defaultMetrics: false }), {
      pollMs: 200,
    });
    batcher = new SolveBatcher(queue, config, createMetrics({ defaultMetrics: false }), cache);
    worker = new Worker(
      'solve',
      async (job: Job) => {
        if (job.name !== BATCH_JOB_NAME) {
          const data = job.data as SolveJobData;
          singles.push(data.key);
          return answerTo(data.params);
        }
        const { batch } = job.data as SolveBatchData;
        sizes.push(batch.length);
        return onBatch(batch);
      },
      { connection: { url: REDIS_URL }, prefix, concurrency: 8 },
    );
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    try {
      await worker?.close();
      await queue?.close();
      await link.close();
    } finally {
      await deleteKeys(prefix);
    }
  });

  /** Fresh questions nobody asked before. */
  const questions = (count: number): SolveJobData[] =>
    Array.from({ length: count }, () => {
      counter++;
      const params = { n: String(10_000 + counter), first: 'Alice' };
      return {
        gameId: 'multiplication',
        solverVersion: multiplication.solverVersion,
        params,
        key: `${prefix}:v1:multiplication:${multiplication.solverVersion}:q${counter}`,
        timeoutMs: 5_000,
      };
    });

  const ask = (data: SolveJobData, signal = new AbortController().signal): Promise<StoredAnswer> => {
    if (batcher === undefined) throw new Error('not open');
    return batcher.run(multiplication, data, signal, () => undefined);
  };

  /** The worker's good behaviour: answer each question, cache it, say so. */
  const answerAndCache: BatchStep = async (items) => {
    const batch: BatchAnswer['batch'] = [];
    for (const item of items) {
      await cache.set(item.key, answerTo(item.params));
      batch.push({ cached: true });
    }
    return { batch };
  };

  const reset = (step: BatchStep): void => {
    onBatch = step;
    sizes = [];
    singles = [];
  };

  it('sends the questions asked in one turn together, at most QUEUE_BATCH_MAX a job, and answers each', async () => {
    reset(answerAndCache);
    const asked = questions(10);
    const answers = await Promise.all(asked.map((data) => ask(data)));
    answers.forEach((answer, i) => expect(answer).toEqual(answerTo(asked[i]?.params)));
    expect(sizes.sort()).toEqual([2, 4, 4]);
    expect(singles).toEqual([]);
  });

  it('sends a question asked alone in a job of its own, under its canonical key', async () => {
    reset(answerAndCache);
    const [data] = questions(1);
    if (data === undefined) throw new Error('no question');
    expect(await ask(data)).toEqual(answerTo(data.params));
    expect(sizes).toEqual([]);
    expect(singles).toEqual([data.key]);
    expect(await queue?.queue.getJobState(jobIdFor(data.key, prefix))).toBe('completed');
  });

  it('asks each question again on its own job when the batch fails for good', async () => {
    reset(() => Promise.reject(new UnrecoverableError('the batch broke')));
    const asked = questions(3);
    const answers = await Promise.all(asked.map((data) => ask(data)));
    answers.forEach((answer, i) => expect(answer).toEqual(answerTo(asked[i]?.params)));
    expect(sizes).toEqual([3]);
    expect(singles.sort()).toEqual(asked.map((data) => data.key).sort());
  });

  it('tells the one asker of a question refused for good why, and answers the others', async () => {
    reset(async (items) => {
      await cache.set(items[0]?.key ?? '', answerTo(items[0]?.params));
      return {
        batch: [
          { cached: true },
          { failed: encodeFailure('bad_input', 'n must be at most 10^18, e.g. 42') },
          { answer: answerTo(items[2]?.params) },
        ],
      };
    });
    const asked = questions(3);
    const settled = await Promise.allSettled(asked.map((data) => ask(data)));
    expect(settled[0]).toEqual({ status: 'fulfilled', value: answerTo(asked[0]?.params) });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: answerTo(asked[2]?.params) });
    const refused = settled[1];
    expect(refused?.status).toBe('rejected');
    if (refused?.status === 'rejected') {
      expect(refused.reason).toBeInstanceOf(InputError);
      expect((refused.reason as Error).message).toBe('n must be at most 10^18, e.g. 42');
    }
    expect(singles).toEqual([]);
  });

  it('asks again alone a question whose answer is not in the cache, or that failed with no reason for good', async () => {
    reset(() =>
      Promise.resolve({ batch: [{ cached: true }, { failed: 'not answered: a solver thread crashed' }] }),
    );
    const asked = questions(2);
    const answers = await Promise.all(asked.map((data) => ask(data)));
    answers.forEach((answer, i) => expect(answer).toEqual(answerTo(asked[i]?.params)));
    expect(singles.sort()).toEqual(asked.map((data) => data.key).sort());
  });

  it('asks each question again alone when the batch returns something that is not a batch answer', async () => {
    for (const junk of [{ batch: [{ cached: true }] }, 'junk', { batch: [{ answer: { result: 1 } }, {}] }]) {
      reset(() => Promise.resolve(junk));
      const asked = questions(2);
      const answers = await Promise.all(asked.map((data) => ask(data)));
      answers.forEach((answer, i) => expect(answer).toEqual(answerTo(asked[i]?.params)));
      expect(singles.sort()).toEqual(asked.map((data) => data.key).sort());
    }
  });

  it('tells a caller who gives up at once; the batch goes on for the others', async () => {
    reset(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return answerAndCache(items);
    });
    const asked = questions(3);
    const leaving = new AbortController();
    const started = performance.now();
    const asking = asked.map((data, i) => ask(data, i === 1 ? leaving.signal : undefined));
    setTimeout(() => leaving.abort(new SolveCancelledError()), 50);
    const gone = await asking[1]?.catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(SolveCancelledError);
    expect(performance.now() - started).toBeLessThan(350);
    expect(await asking[0]).toEqual(answerTo(asked[0]?.params));
    expect(await asking[2]).toEqual(answerTo(asked[2]?.params));
    expect(sizes).toEqual([3]);
  });

  it('with no worker within JOB_WAIT_MS, tells every asker so and drops the batch job', async () => {
    const lonely = testConfig({ ...env, QUEUE_NAME: 'nobody', JOB_WAIT_MS: '1000' });
    const lonelyQueue = await SolveQueue.open(
      lonely,
      quietLogger,
      link,
      createMetrics({ defaultMetrics: false }),
    );
    const bull = new Queue('nobody', { connection: { url: REDIS_URL }, prefix });
    try {
      const lonelyBatcher = new SolveBatcher(
        lonelyQueue,
        lonely,
        createMetrics({ defaultMetrics: false }),
        cache,
      );
      const asked = questions(3);
      const settled = await Promise.allSettled(
        asked.map((data) =>
          lonelyBatcher.run(multiplication, data, new AbortController().signal, () => undefined),
        ),
      );
      for (const outcome of settled) {
        expect(outcome.status).toBe('rejected');
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(NoWorkerError);
      }
      expect(await bull.getJobCounts('waiting')).toEqual({ waiting: 0 });
    } finally {
      await bull.close();
      await lonelyQueue.close();
    }
  });
});
