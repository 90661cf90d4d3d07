import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullBoardFor, createBullBoardHandler } from '../../src/jobs/bull-board.js';
import { loadConfig } from '../../src/config.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer(createBullBoardHandler([], '/admin/queues/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Bull Board handler', () => {
  it('serves the board under its base path only', async () => {
    const page = await fetch(`${base}/admin/queues`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const api = await fetch(`${base}/admin/queues/api/queues`);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ queues: [] });
    expect((await fetch(`${base}/admin/queuesx`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('is off unless BULL_BOARD is set and there is a queue', () => {
    const service = {
      solve: () => Promise.reject(new Error('unused')),
      solveFile: () => Promise.reject(new Error('unused')),
      health: () => Promise.reject(new Error('unused')),
      route: () => 'inline' as const,
      close: () => Promise.resolve(),
    };
    expect(bullBoardFor(loadConfig({ BULL_BOARD: '1' }), service)).toBeUndefined();
    expect(bullBoardFor(loadConfig({}), { ...service, queues: [] })).toBeUndefined();
  });
});
