/**
 * `serveMain` as `grundy serve` runs it, in-process (stopped by an AbortSignal instead of SIGTERM): with no
 * Discord settings at all; with DISCORD_PUBLIC_KEY, DISCORD_APPLICATION_ID and DISCORD_API_BASE pointed at the
 * fake Discord; and the same with REDIS_URL and a separate `grundy worker` process solving from the queue.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { serveMain } from '../../src/cli/serve.js';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import { LogCapture } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import { FakeDiscord } from '../support/fake-discord.js';
import {
  APPLICATION_ID,
  chatInput,
  postInteraction,
  testKeys,
  type TestKeys,
} from '../support/interactions.js';
import { deleteKeys, freePort, REDIS_URL, startWorker, uniquePrefix, type WorkerProcess } from './helpers.js';

interface Serving {
  readonly url: string;
  readonly logs: LogCapture;
  stop(): Promise<number>;
}

async function serve(env: Record<string, string>): Promise<Serving> {
  const logs = new LogCapture();
  const controller = new AbortController();
  let onUrl: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (onUrl = resolve));
  const exited = serveMain(
    [],
    { HOST: '127.0.0.1', PORT: String(await freePort()), ...env },
    {
      signal: controller.signal,
      onListening: onUrl,
      logStream: logs,
    },
  );
  const url = await Promise.race([
    listening,
    exited.then((code) => Promise.reject(new Error(`serve exited with ${code}: ${logs.text}`))),
  ]);
  return {
    url,
    logs,
    stop() {
      controller.abort();
      return exited;
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The "done when": the answers a user sees, end to end. */
async function doneWhen(
  url: string,
  keys: TestKeys,
  fake: FakeDiscord,
  via: '(inline)' | '(queue)',
): Promise<void> {
  const games = (await import('../../src/games/catalog.js')).builtInGames;
  const valid = (json: unknown) =>
    expect(discordSchemas().validate('interactionCallback', json)).toBeUndefined();

  const small = chatInput(games, 'seagm', { numbers: '2 6 3' }, { fake });
  const first = await postInteraction(url, keys, small.payload);
  valid(first.json);
  let body = first.json as {
    type: number;
    data: { embeds: { title: string; description: string; footer: { text: string } }[] };
  };
  // A question the service will queue is deferred at once; so is an answer with a picture (files cannot ride
  // in the HTTP response). The original message is then edited with the answer.
  if (via === '(queue)') expect(first.json).toEqual({ type: 5, data: {} });
  if (body.type === 5) {
    const edit = await fake.waitFor(
      (r) => r.params['token'] === small.token && JSON.stringify(r.body).includes('"embeds":[{'),
    );
    body = { type: 4, data: edit.body as typeof body.data };
  }
  expect(body.type).toBe(4);
  expect(body.data.embeds[0]?.title).toBe('Second player wins');
  expect(body.data.embeds[0]?.description).toContain('1/3 (0.3333)');
  expect(body.data.embeds[0]?.footer.text).toContain(via);

  const bad = await postInteraction(
    url,
    keys,
    chatInput(games, 'seagm', { numbers: '2 6 three' }, { fake }).payload,
  );
  valid(bad.json);
  expect(bad.json).toMatchObject({
    type: 4,
    data: { flags: 64, content: expect.stringMatching(/^⚠️ card 3 is "three"/) as unknown },
  });

  const cards = Array.from({ length: 2000 }, (_, k) => 2 * k + 3).join(' ');
  const big = chatInput(games, 'seagm', { file: fake.addAttachment('cards.txt', cards) }, { fake });
  const deferred = await postInteraction(url, keys, big.payload);
  expect(deferred.json).toEqual({ type: 5, data: {} });
  const answer = await fake.waitFor(
    (r) => r.params['token'] === big.token && JSON.stringify(r.body).includes('"embeds":[{'),
    'the 2,000-card answer',
    30_000,
  );
  // All 2,000 cards are odd multiples of nothing in common: the solver's verdict, worded as the bot words it.
  const expected = seagm.solve(parseParams(seagm, { cards: cards.split(' ') }));
  expect((answer.body as { embeds: { title: string }[] }).embeds[0]?.title).toBe(
    `${expected.firstWins ? 'First' : 'Second'} player wins`,
  );

  const now = Math.floor(Date.now() / 1000);
  const tampered = await postInteraction(url, keys, small.payload, {
    sendBody: JSON.stringify({ ...small.payload, id: '1' }),
  });
  expect(tampered.status).toBe(401);
  expect((await postInteraction(url, keys, small.payload, { timestamp: now - 600 })).status).toBe(401);
  expect(fake.problems).toEqual([]);
}

describe('grundy serve', () => {
  test('with no Discord settings at all it starts, says what is missing, and stops on the signal', async () => {
    const serving = await serve({ LOG_LEVEL: 'info' });
    const health = await fetch(`${serving.url}/healthz`);
    expect(await health.json()).toMatchObject({
      ok: true,
      redis: 'not configured',
      interactionsEndpoint: 'off (no DISCORD_PUBLIC_KEY)',
      gateway: 'off (no DISCORD_TOKEN)',
    });
    const refused = await fetch(`${serving.url}/interactions`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(await serving.stop()).toBe(0);
    const messages = serving.logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'grundy serve listening',
        expect.stringMatching(/^DISCORD_PUBLIC_KEY is not set/) as unknown,
        expect.stringMatching(/^DISCORD_TOKEN is not set/) as unknown,
        expect.stringMatching(/^DISCORD_APPLICATION_ID is not set/) as unknown,
        'stopped',
      ]),
    );
  });

  test('a bad DISCORD_PUBLIC_KEY stops it at start with exit 2', async () => {
    let stderr = '';
    const code = await serveMain(
      [],
      { DISCORD_PUBLIC_KEY: 'abc', PORT: '0' },
      { stderr: { write: (t: string) => (stderr += t) } },
    );
    expect(code).toBe(2);
    expect(stderr).toBe(
      'grundy serve: DISCORD_PUBLIC_KEY must be the 64 hex characters shown as "Public Key" on the application’s General Information page.\n',
    );
  });

  test('answers signed interactions with the endpoint pointed at a fake Discord (in-process solving)', async () => {
    const fake = await new FakeDiscord().start();
    cleanups.push(() => fake.close());
    const keys = testKeys();
    const serving = await serve({
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_API_BASE: fake.apiBase,
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => serving.stop());
    await doneWhen(serving.url, keys, fake, '(inline)');
  });

  test('the same with REDIS_URL and a separate grundy worker solving from the queue', async () => {
    const prefix = uniquePrefix('serve');
    const env = { REDIS_URL, GRUNDY_PREFIX: prefix, INLINE_COST_MS: '0' };
    const worker: WorkerProcess = await startWorker(env, ['--concurrency', '1']);
    cleanups.push(() => deleteKeys(prefix));
    cleanups.push(() => worker.stop());
    const fake = await new FakeDiscord().start();
    cleanups.push(() => fake.close());
    const keys = testKeys();
    const adminPort = await freePort();
    const serving = await serve({
      ...env,
      BULL_BOARD: '1',
      ADMIN_PORT: String(adminPort),
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_API_BASE: fake.apiBase,
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => serving.stop());
    const health = (await (await fetch(`${serving.url}/healthz`)).json()) as { redis: string };
    expect(health.redis).toBe('up');
    // The board is on the admin listener only.
    expect((await fetch(`${serving.url}/admin/queues`)).status).toBe(404);
    const board = await fetch(`http://127.0.0.1:${adminPort}/admin/queues`);
    expect(board.status).toBe(200);
    expect(board.headers.get('content-type')).toContain('text/html');
    await doneWhen(serving.url, keys, fake, '(queue)');
  });
});
