/**
 * What comes back from Redis is checked before anyone sees it, on a real Redis (unique prefixes): a queued
 * job's answer that fails the game's schemas is refused (never returned to the asker), and the cache drops
 * entries that fail validation on read-back.
 */
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { StoredAnswer } from '../../src/jobs/answer.js';
import { RedisAnswerCache } from '../../src/jobs/cache.js';
import { RedisLink } from '../../src/jobs/connection.js';
import { SolveQueue, type SolveJobData } from '../../src/jobs/queue.js';
import { createMetrics } from '../../src/metrics.js';
import { deleteKeys, quietLogger, REDIS_URL, testConfig, uniquePrefix } from './helpers.js';

const params = parseParams(seagm, { cards: [2, 6, 3] });
const result = seagm.solve(params);
const good: StoredAnswer = { result, explanation: seagm.explain(params, result), solveMs: 1 };

describe('the solve queue refuses a worker answer that fails validation', () => {
  const prefix = uniquePrefix('qvalid');
  const config = testConfig({ REDIS_URL, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve', JOB_ATTEMPTS: '1' });
  const producer = new RedisLink(REDIS_URL, 'producer', quietLogger);
  let queue: SolveQueue | undefined;
  let worker: Worker | undefined;
  /** What the stand-in worker returns for each job key: a real BullMQ worker, answering as told. */
  const answers = new Map<string, unknown>();

  beforeAll(async () => {
    await producer.waitReady(5_000);
    queue = await SolveQueue.open(config, quietLogger, producer, createMetrics({ defaultMetrics: false }), {
      pollMs: 200,
    });
    worker = new Worker<SolveJobData>('solve', (job) => Promise.resolve(answers.get(job.data.key)), {
      connection: { url: REDIS_URL },
      prefix,
    });
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    try {
      await worker?.close();
      await queue?.close();
      await producer.close();
    } finally {
      await deleteKeys(prefix);
    }
  });

  const ask = (key: string, answer: unknown): Promise<StoredAnswer> => {
    answers.set(key, answer);
    const data: SolveJobData = { gameId: 'seagm', solverVersion: '1', params, key, timeoutMs: 10_000 };
    if (queue === undefined) throw new Error('queue not open');
    return queue.run(seagm, data, new AbortController().signal, () => undefined);
  };

  it('returns a valid answer as the worker sent it', async () => {
    expect(await ask(`${prefix}:v1:seagm:1:good`, good)).toEqual(good);
  });

  it.each([
    ['a result outside its schema (probability 2)', { ...good, result: { ...result, probability: 2 } }],
    ['a result with a field missing', { ...good, result: { ...result, firstWins: undefined } }],
    ['an explanation with a bad outcome', { ...good, explanation: { ...good.explanation, outcome: 'draw' } }],
    ['a negative solve time', { ...good, solveMs: -1 }],
    ['no answer at all', null],
  ])('refuses %s, naming the job and the problem', async (_what, bad) => {
    const key = `${prefix}:v1:seagm:1:bad${answers.size}`;
    await expect(ask(key, bad)).rejects.toThrow(/returned an answer that fails validation/);
  });
});

describe('RedisAnswerCache validates what it reads back', () => {
  const prefix = uniquePrefix('cache');
  const link = new RedisLink(REDIS_URL, 'cache', quietLogger);
  const cache = new RedisAnswerCache(link, 60, quietLogger, false);

  beforeAll(() => link.waitReady(5_000));
  afterAll(async () => {
    try {
      await deleteKeys(prefix);
    } finally {
      await link.close();
    }
  });

  it('round-trips a valid answer, with its time to live', async () => {
    const key = `${prefix}:good`;
    await cache.set(key, good);
    expect(await cache.get(seagm, key)).toEqual(good);
    const ttl = await link.client.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('a missing key is a miss', async () => {
    expect(await cache.get(seagm, `${prefix}:absent`)).toBeUndefined();
  });

  it.each([
    ['text that is not JSON', '{"result": '],
    ['a result outside its schema', JSON.stringify({ ...good, result: { ...result, probability: -0.5 } })],
    [
      'an answer of another game',
      JSON.stringify({ ...good, result: { outcome: 'tie', winner: null, rule: 'x' } }),
    ],
    [
      'an explanation without reasons',
      JSON.stringify({ ...good, explanation: { ...good.explanation, reasons: 3 } }),
    ],
  ])('treats %s as a miss and deletes it', async (_what, text) => {
    const key = `${prefix}:bad:${text.length}`;
    await link.client.set(key, text);
    expect(await cache.get(seagm, key)).toBeUndefined();
    expect(await link.client.exists(key)).toBe(0);
  });
});
