/**
 * Without Redis, a process holds only SOLVE_BACKLOG_MAX big questions waiting for its costly solver threads: the
 * API answers one more 503 at once with the busy text and Retry-After, while the same question as one under way
 * still joins it (202) and small questions are still answered (200). On `startServer` in this process, one
 * costly thread, nothing waiting.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import { startServer, type RunningServer } from '../../src/serve.js';
import { testCatalog } from '../support/bot-harness.js';
import { ApiClient } from './api-helpers.js';
import { quietLogger, waitFor } from './helpers.js';

let service: SolveService;
let server: RunningServer;
let api: ApiClient;

beforeAll(async () => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    WORKER_CONCURRENCY: '1',
    INLINE_COST_MS: '100',
    SOLVE_BACKLOG_MAX: '0',
  });
  const catalog = await testCatalog();
  service = await createSolveService(config, quietLogger, { catalog });
  server = await startServer(config, quietLogger, { service, catalog, gateway: false, graceMs: 500 });
  api = new ApiClient(server.url);
});

afterAll(async () => {
  await server.close();
  await service.close();
});

test('a big question with no room left: 503 and Retry-After at once; the same question joins; small ones answer', async () => {
  const first = await api.post('/api/solve', { game: 'slow', options: { ms: 20_000, tag: 'busy-first' } });
  expect(first.status).toBe(202);
  const { job } = first.json as { job: { url: string } };
  await waitFor(
    'the first big question to run',
    async () => ((await api.get(job.url)).json as { progress?: number | null }).progress ?? undefined,
    15_000,
    50,
  );

  const refused = await api.post('/api/solve', { game: 'slow', options: { ms: 20_000, tag: 'busy-second' } });
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(refused.json).toEqual({
    error: {
      message:
        'Grundy is busy: its one solver thread for big questions is taken. Ask again in a few minutes; small ' +
        'questions are still answered at once.',
    },
  });

  const same = await api.post('/api/solve', { game: 'slow', options: { ms: 20_000, tag: 'busy-first' } });
  expect(same.status).toBe(202);
  const small = await api.post('/api/solve', { game: 'seagm', options: { numbers: '2 6 3' } });
  expect(small.status).toBe(200);
  expect((small.json as { explanation: { outcome: string } }).explanation.outcome).toBe('second');
});
