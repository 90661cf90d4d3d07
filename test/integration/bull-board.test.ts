/** Bull Board over the service's real queue: listed, and read-only. */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { bullBoardFor } from '../../src/jobs/bull-board.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import { deleteKeys, quietLogger, REDIS_URL, testConfig, uniquePrefix } from './helpers.js';

const prefix = uniquePrefix('board');
let service: SolveService | undefined;
let server: Server | undefined;

afterAll(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  await service?.close();
  await deleteKeys(prefix);
});

describe('Bull Board', () => {
  it('lists the solve queue, read-only, when BULL_BOARD is on', async () => {
    const config = testConfig({ REDIS_URL, GRUNDY_PREFIX: prefix, BULL_BOARD: '1' });
    service = await createSolveService(config, quietLogger);
    const handler = bullBoardFor(config, service);
    expect(handler).toBeTypeOf('function');
    if (handler === undefined) return;
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/admin/queues/api/queues`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { queues: { name: string; readOnlyMode: boolean }[] };
    expect(body.queues).toEqual([expect.objectContaining({ name: 'solve', readOnlyMode: true })]);
    const pause = await fetch(`http://127.0.0.1:${port}/admin/queues/api/queues/solve/pause`, {
      method: 'PUT',
    });
    expect(pause.status).toBeGreaterThanOrEqual(400);
  });
});
