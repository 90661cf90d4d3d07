/**
 * /healthz tells a queue nobody serves from a healthy one: with jobs waiting and no `grundy worker` seen for
 * HEALTH_WORKER_GRACE_MS it answers 503 with the reason; once nothing waits it is healthy again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { deleteKeys, REDIS_URL, uniquePrefix, waitFor } from './helpers.js';

interface Health {
  readonly status: number;
  readonly body: { ok: boolean; redis: string; detail?: string; degraded?: string };
}

describe('/healthz with a queue and no worker', () => {
  const prefix = uniquePrefix('health');
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { REDIS_URL, GRUNDY_PREFIX: prefix, HEALTH_WORKER_GRACE_MS: '1000' } });
  });
  afterAll(async () => {
    await h.close();
    await deleteKeys(prefix);
  });

  async function health(): Promise<Health> {
    const response = await fetch(`${h.server.url}/healthz`);
    return { status: response.status, body: (await response.json()) as Health['body'] };
  }

  test('degraded (503, with the reason) while jobs wait unserved; healthy when nothing waits', async () => {
    expect((await health()).status).toBe(200);
    const asker = new AbortController();
    // Costly enough for the queue; no worker will take it.
    const waiting = h.service.solve('slow', { ms: 500, tag: 'unserved' }, { signal: asker.signal });
    waiting.catch(() => undefined);
    const degraded = await waitFor('health to turn degraded', async () => {
      const seen = await health();
      return seen.status === 503 ? seen : undefined;
    });
    expect(degraded.body).toMatchObject({
      ok: false,
      redis: 'up',
      degraded: expect.stringMatching(
        /^1 job\(s\) waiting and no worker seen for \d+ s; start `grundy worker` processes/,
      ) as unknown,
    });
    asker.abort();
    await waitFor('health to recover', async () => ((await health()).status === 200 ? true : undefined));
  });
});
