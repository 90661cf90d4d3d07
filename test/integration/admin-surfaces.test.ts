/**
 * Admin surfaces: Bull Board is served only on the admin listener (loopback by default, or behind Basic
 * credentials), never on the public one; and what users and /healthz see about a Redis outage names no host
 * and no port (the logs may).
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { serveMain } from '../../src/cli/serve.js';
import { LogCapture, startHarness } from '../support/bot-harness.js';
import { chatInput, postInteraction } from '../support/interactions.js';
import {
  deleteKeys,
  freePort,
  REDIS_URL,
  startRedisServer,
  stopProcess,
  uniquePrefix,
  waitFor,
} from './helpers.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(env: Record<string, string>): Promise<{ url: string; logs: LogCapture }> {
  const logs = new LogCapture();
  const controller = new AbortController();
  let onUrl: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (onUrl = resolve));
  const exited = serveMain(
    [],
    { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    { signal: controller.signal, onListening: onUrl, logStream: logs },
  );
  cleanups.push(() => {
    controller.abort();
    return exited;
  });
  const url = await Promise.race([
    listening,
    exited.then((code) => Promise.reject(new Error(`serve exited with ${code}: ${logs.text}`))),
  ]);
  return { url, logs };
}

const board = '/admin/queues/api/queues';

describe('Bull Board', () => {
  test('only on the admin listener (127.0.0.1 by default), never on the public one', async () => {
    const prefix = uniquePrefix('admin');
    cleanups.push(() => deleteKeys(prefix));
    const adminPort = await freePort();
    const { url, logs } = await serve({
      REDIS_URL,
      GRUNDY_PREFIX: prefix,
      BULL_BOARD: '1',
      ADMIN_PORT: String(adminPort),
    });
    expect((await fetch(`${url}${board}`)).status).toBe(404);
    const admin = await fetch(`http://127.0.0.1:${adminPort}${board}`);
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { queues: { name: string }[] }).queues).toEqual([
      expect.objectContaining({ name: 'solve' }),
    ]);
    expect(logs.text).toContain(`"adminUrl":"http://127.0.0.1:${adminPort}/admin/queues"`);
  });

  test('with BULL_BOARD_USER and BULL_BOARD_PASSWORD set, only with those credentials', async () => {
    const prefix = uniquePrefix('admin');
    cleanups.push(() => deleteKeys(prefix));
    const adminPort = await freePort();
    const { logs } = await serve({
      REDIS_URL,
      GRUNDY_PREFIX: prefix,
      BULL_BOARD: '1',
      ADMIN_PORT: String(adminPort),
      BULL_BOARD_USER: 'ops',
      BULL_BOARD_PASSWORD: 'correct horse',
    });
    const at = `http://127.0.0.1:${adminPort}${board}`;
    const basic = (user: string, password: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    });
    expect((await fetch(at)).status).toBe(401);
    expect((await fetch(at, { headers: basic('ops', 'wrong') })).status).toBe(401);
    expect((await fetch(at, { headers: basic('ops', 'correct horse') })).status).toBe(200);
    expect(logs.text).not.toContain('correct horse');
  });

  test('off loopback without credentials, serve refuses to start', async () => {
    let stderr = '';
    const code = await serveMain(
      [],
      { HOST: '127.0.0.1', PORT: '0', BULL_BOARD: '1', ADMIN_HOST: '0.0.0.0', REDIS_URL },
      { stderr: { write: (text: string) => (stderr += text) }, logStream: new LogCapture() },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('BULL_BOARD on ADMIN_HOST=0.0.0.0 would show the queue to the network');
  });
});

describe('a Redis outage, as users and /healthz see it', () => {
  test('no Redis host name or port in the error shown or in /healthz', async () => {
    const port = await freePort();
    let redis: ChildProcess | undefined = await startRedisServer(port);
    cleanups.push(() => (redis === undefined ? Promise.resolve() : stopProcess(redis)));
    const h = await startHarness({
      env: {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        GRUNDY_PREFIX: uniquePrefix('hidden'),
      },
    });
    cleanups.push(() => h.close());
    await stopProcess(redis);
    redis = undefined;

    // Costly enough for the queue, which needs Redis.
    const built = chatInput(h.games, 'slow', { ms: 500, tag: 'outage' }, { fake: h.fake });
    const first = await postInteraction(h.server.url, h.keys, built.payload);
    expect(first.json).toEqual({ type: 5, data: {} });
    const shown = await h.fake.waitFor(
      (r) => r.params['token'] === built.token && r.route === 'POST /webhooks/:app/:token',
      'the error follow-up',
    );
    const content = (shown.body as { content: string }).content;
    expect(content).toBe('⚠️ Grundy’s job queue is unreachable right now; please try again in a minute.');

    const health = await waitFor('health to say Redis is down', async () => {
      const response = await fetch(`${h.server.url}/healthz`);
      return response.status === 503 ? await response.text() : undefined;
    });
    expect(health).toContain('"redis":"down"');
    for (const leak of [String(port), '127.0.0.1', 'redis://']) {
      expect(content).not.toContain(leak);
      expect(health).not.toContain(leak);
    }
    // The operator still learns where: in the logs.
    expect(h.logs.text).toContain(`redis://127.0.0.1:${port}`);
  });
});
