/**
 * The API with REDIS_URL, on a real Redis under a unique prefix: big questions go through the BullMQ queue to a
 * spawned `grundy worker` and are polled to their answer; the per-client limit is counted in Redis (shared by
 * every serve process, as the bot's is); games against Grundy live in the Redis play store.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import { startServer, type RunningServer } from '../../src/serve.js';
import { testCatalog } from '../support/bot-harness.js';
import { ApiClient } from './api-helpers.js';
import {
  deleteKeys,
  quietLogger,
  REDIS_URL,
  slowGamesModule,
  startWorker,
  uniquePrefix,
  waitFor,
  type WorkerProcess,
} from './helpers.js';

const prefix = uniquePrefix('api');
const env = { REDIS_URL, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve' };
let worker: WorkerProcess;
let service: SolveService;
let server: RunningServer;
let api: ApiClient;
let redis: Redis;

beforeAll(async () => {
  worker = await startWorker(env, ['--concurrency', '1']);
  const config = loadConfig({
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule,
    RATE_LIMIT_PER_MINUTE: '100',
  });
  const catalog = await testCatalog();
  service = await createSolveService(config, quietLogger, { catalog, pollMs: 200 });
  server = await startServer(config, quietLogger, { service, catalog, gateway: false, graceMs: 500 });
  api = new ApiClient(server.url);
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await server.close();
  await service.close();
  await worker.stop();
  redis.disconnect();
  await deleteKeys(prefix);
});

async function keys(pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

test('a small question is answered at once; the client is counted in Redis', async () => {
  const response = await api.post('/api/solve', { game: 'seagm', options: { numbers: '2 6 3' } });
  expect(response.status).toBe(200);
  expect((response.json as { result: { firstWins: boolean } }).result.firstWins).toBe(false);
  expect(await keys(`${prefix}:rate:web:*`)).toEqual([`${prefix}:rate:web:127.0.0.1`]);
});

test('a big question goes through the queue to the worker and is polled to its answer', async () => {
  const asked = await api.post('/api/solve', { game: 'slow', options: { ms: 400, tag: 'queued' } });
  expect(asked.status).toBe(202);
  const { job } = asked.json as { job: { id: string; url: string } };
  const seen: string[] = [];
  const final = await waitFor(
    'the queued job to finish',
    async () => {
      const view = (await api.get(job.url)).json as { status: string; answer?: unknown };
      seen.push(view.status);
      return view.status === 'done' || view.status === 'failed' ? view : undefined;
    },
    30_000,
    100,
  );
  expect(final.status).toBe('done');
  expect(seen[0]).toMatch(/^(queued|running|done)$/);
  expect(final.answer).toMatchObject({ game: 'slow', result: { spunMs: 400, tag: 'queued' } });
  // The worker solved it: the answer is in the Redis cache, so the same question now answers at once.
  const again = await api.post('/api/solve', { game: 'slow', options: { ms: 400, tag: 'queued' } });
  expect(again.status).toBe(200);
  expect(again.json).toEqual(final.answer);
  // The API's job id is random, not the queue's job id (the canonical key's hash).
  expect(await keys(`${prefix}:*${job.id}*`)).toEqual([]);
});

test('a game against Grundy lives in the Redis play store', async () => {
  const started = await api.post('/api/play', { game: 'seagm', options: { numbers: '4 6 9' } });
  expect(started.status).toBe(201);
  const { id, player, moves } = started.json as { id: string; player: string; moves: { id: string }[] };
  expect((await keys(`${prefix}:play*${id}*`)).length).toBeGreaterThan(0);
  const moved = await api.post(`/api/play/${id}/moves`, { move: moves[0]?.id, player });
  expect(moved.status).toBe(200);
  expect((moved.json as { history: unknown[] }).history.length).toBeGreaterThanOrEqual(1);
});
