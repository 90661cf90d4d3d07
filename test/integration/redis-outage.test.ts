/**
 * Redis going away and coming back (on a throwaway redis-server), and a cache in its own database.
 */
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/core/errors.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import {
  deleteKeys,
  freePort,
  quietLogger,
  REDIS_URL,
  startRedisServer,
  startWorker,
  stopProcess,
  testConfig,
  uniquePrefix,
  waitFor,
  WorkerProcess,
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

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('Redis outages', () => {
  it('Redis unreachable at start: a clear error, for the service and for the worker; both recover later', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const env = {
      REDIS_URL: url,
      GRUNDY_PREFIX: uniquePrefix('outage'),
      INLINE_COST_MS: '0',
      REDIS_CONNECT_TIMEOUT_MS: '3000',
    };

    const error = await rejection(createSolveService(testConfig(env), quietLogger));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.message).toBe(
      `Cannot reach Redis at ${url} (ECONNREFUSED); is it running? Check REDIS_URL, or unset it to solve everything in one process.`,
    );

    const refused = new WorkerProcess(env);
    cleanups.push(() => refused.stop());
    expect((await refused.exited).code).toBe(1);
    expect(refused.stderrText.join('\n')).toContain(
      `grundy worker: Cannot reach Redis at ${url} (ECONNREFUSED)`,
    );

    // Redis arrives: everything starts and works.
    let redis: ChildProcess = await startRedisServer(port);
    cleanups.push(() => stopProcess(redis));
    const service: SolveService = await createSolveService(testConfig(env), quietLogger, { pollMs: 500 });
    cleanups.push(() => service.close());
    const worker = await startWorker(env);
    cleanups.push(() => worker.stop());
    expect((await service.solve('seagm', { cards: [2, 6, 3] })).via).toBe('queue');

    // Redis dies: calls fail fast and say why, health says down.
    await stopProcess(redis);
    const down = await rejection(service.solve('seagm', { cards: [4, 6, 9] }));
    expect(down).toBeInstanceOf(ServiceUnavailableError);
    expect(down.message).toMatch(
      new RegExp(`^Cannot reach Redis at ${url} \\((ECONNREFUSED|ECONNRESET|connection lost)\\)`),
    );
    expect(await service.health()).toMatchObject({ ok: false, redis: 'down' });

    // Redis is back (empty: no persistence): the same service and worker carry on.
    redis = await startRedisServer(port);
    await waitFor(
      'the service to reconnect',
      async () => ((await service.health()).redis === 'up' ? true : undefined),
      15_000,
      100,
    );
    const after = await service.solve('seagm', { cards: [4, 6, 9] });
    expect(after.via).toBe('queue');
    expect(after.explanation.headline.length).toBeGreaterThan(0);
  });

  it('the cache may live in its own database (CACHE_REDIS_URL), and what it holds is re-validated on read', async () => {
    const prefix = uniquePrefix('cache');
    const cacheUrl = `${REDIS_URL}/1`;
    const env = { REDIS_URL, CACHE_REDIS_URL: cacheUrl, GRUNDY_PREFIX: prefix, CACHE_TTL_SECONDS: '120' };
    const service = await createSolveService(testConfig(env), quietLogger);
    const db1 = new Redis(cacheUrl);
    const db0 = new Redis(REDIS_URL);
    cleanups.push(async () => {
      await service.close();
      db0.disconnect();
      db1.disconnect();
      await deleteKeys(prefix, cacheUrl);
      await deleteKeys(prefix);
    });

    const first = await service.solve('seagm', { cards: [3, 5, 7, 15] });
    expect(first.via).toBe('inline');
    expect(await db0.exists(first.key)).toBe(0);
    const ttl = await db1.ttl(first.key);
    expect(ttl > 100 && ttl <= 120).toBe(true);
    expect((await service.solve('seagm', { cards: [15, 7, 5, 3] })).via).toBe('cache');

    // A value that does not match the game's result schema is a miss, and is replaced.
    await db1.set(
      first.key,
      JSON.stringify({ result: { n: 'four' }, explanation: first.explanation, solveMs: 1 }),
      'EX',
      120,
    );
    const again = await service.solve('seagm', { cards: [3, 5, 7, 15] });
    expect(again.via).toBe('inline');
    expect(again.result).toEqual(first.result);
    expect(JSON.parse((await db1.get(first.key)) ?? '{}')).toMatchObject({ result: first.result });
  });
});
