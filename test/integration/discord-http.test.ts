/**
 * The HTTP interactions endpoint end to end: Ed25519-signed requests from a test key pair -> `startServer`
 * (real dispatcher, real solve service) -> a fake Discord on loopback that validates every REST call against
 * Discord's OpenAPI schemas. Every HTTP interaction response is validated against the same schema.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { renderAnswer } from '../../src/bot/render/answer.js';
import { seagm } from '../../src/games/seagm/index.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import type { RecordedRequest } from '../support/fake-discord.js';
import {
  ada,
  bob,
  buttonPress,
  chatInput,
  ping,
  postInteraction,
  testKeys,
  type OptionInput,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';

const EPHEMERAL = 64;
const noMentions = { parse: [], users: [] };

function expectValidCallback(json: unknown): void {
  expect(discordSchemas().validate('interactionCallback', json)).toBeUndefined();
}

interface Asked {
  readonly token: string;
  readonly id: string;
  readonly status: number;
  readonly json: Record<string, unknown>;
  readonly ms: number;
}

describe('HTTP interactions endpoint', () => {
  let h: Harness;
  const tokens: string[] = [];

  async function ask(command: string, values: Record<string, OptionInput>, user = ada): Promise<Asked> {
    const built = chatInput(h.games, command, values, { user, fake: h.fake });
    tokens.push(built.token);
    const response = await postInteraction(h.server.url, h.keys, built.payload);
    expect(response.status).toBe(200);
    expectValidCallback(response.json);
    return {
      token: built.token,
      id: built.id,
      status: response.status,
      json: response.json as Record<string, unknown>,
      ms: response.ms,
    };
  }

  /** The last edit of the original message that carries an embed (the answer). */
  function answerEdit(token: string): Promise<RecordedRequest> {
    return h.fake.waitFor(
      (r) =>
        r.params['token'] === token && r.method === 'PATCH' && JSON.stringify(r.body).includes('"embeds":[{'),
      'the answer edit',
      20_000,
    );
  }

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('PING is answered with PONG', async () => {
    const response = await postInteraction(h.server.url, h.keys, ping());
    expect(response).toMatchObject({ status: 200, json: { type: 1 } });
    expectValidCallback(response.json);
  });

  test('refuses missing, foreign, tampered and stale signatures with 401, before doing anything', async () => {
    const before = h.fake.requests.length;
    const built = chatInput(h.games, 'seagm', { numbers: '2 6 3' });
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      await postInteraction(h.server.url, h.keys, built.payload, { unsigned: true }),
      await postInteraction(h.server.url, testKeys(), built.payload),
      await postInteraction(h.server.url, h.keys, built.payload, {
        sendBody: JSON.stringify({
          ...built.payload,
          data: { name: 'seagm', type: 1, options: [{ name: 'numbers', type: 3, value: '1 1' }] },
        }),
      }),
      await postInteraction(h.server.url, h.keys, built.payload, { timestamp: now - 330 }),
      await postInteraction(h.server.url, h.keys, built.payload, { timestamp: now + 330 }),
      await postInteraction(h.server.url, h.keys, built.payload, {
        headers: { 'x-signature-ed25519': 'zz' },
      }),
    ];
    expect(cases.map((c) => c.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(cases.map((c) => c.json)).toEqual([
      { error: 'invalid request signature' },
      { error: 'invalid request signature' },
      { error: 'invalid request signature' },
      { error: 'stale request timestamp' },
      { error: 'stale request timestamp' },
      { error: 'invalid request signature' },
    ]);
    // A timestamp within five minutes is fine.
    expect((await postInteraction(h.server.url, h.keys, ping(), { timestamp: now - 240 })).status).toBe(200);
    expect(h.fake.requests.length).toBe(before);
    const metrics = await h.metrics.registry.getSingleMetricAsString('grundy_interactions_total');
    expect(metrics).toContain('grundy_interactions_total{kind="http",outcome="unauthorized"} 6');
  });

  test('/seagm numbers: 2 6 3 is answered in the first response: second player wins, random play 1/3', async () => {
    const asked = await ask('seagm', { numbers: '2 6 3' });
    // What the solver said (now from the cache, with its original solve time), rendered: the exact payload.
    const solved = await h.service.solve('seagm', { cards: ['2', '6', '3'] });
    const expected = renderAnswer({
      game: seagm,
      answer: { explanation: solved.explanation, fromCache: false, solveMs: solved.solveMs, via: 'inline' },
      inputSummary: 'numbers: 2 6 3',
    });
    expect(expected.files).toBeUndefined();
    expect(asked.json).toEqual({ type: 4, data: { allowed_mentions: noMentions, embeds: expected.embeds } });
    // The facts the issue names: second player wins; random play 1/3.
    const [embed] = (
      asked.json['data'] as { embeds: { title: string; description: string; fields: { value: string }[] }[] }
    ).embeds;
    expect(embed?.title).toBe('Second player wins');
    expect(embed?.description).toContain('1/3 (0.3333)');
    expect(embed?.fields.map((f) => f.value)).toContain('1/3 (0.3333)');
    // Nothing else was sent for this interaction.
    expect(h.fake.forToken(asked.token)).toEqual([]);

    // The same question again (in another order) comes from the cache.
    const again = await ask('seagm', { numbers: '3, 2, 6' });
    const [cached] = (again.json['data'] as { embeds: { footer: { text: string }; title: string }[] }).embeds;
    expect(cached?.title).toBe('Second player wins');
    expect(cached?.footer.text).toMatch(/^From the cache · first solved in /);
  });

  test('a malformed numbers option gets an ephemeral error naming the option, what is allowed and an example', async () => {
    const asked = await ask('seagm', { numbers: '2 x 3' });
    expect(asked.json).toEqual({
      type: 4,
      data: {
        content:
          '⚠️ numbers: card 2 is "x", but each card must be a whole number from 1 to 10^9, e.g. 2 6 3\nOn Discord, e.g.: /seagm numbers: 2 6 3',
        flags: EPHEMERAL,
        allowed_mentions: noMentions,
      },
    });
    const none = await ask('seagm', {});
    expect((none.json['data'] as { content: string }).content).toBe(
      '⚠️ Missing "numbers": The cards: whole numbers from 1 to 10^9, separated by spaces or commas (up to 100,000). Give it, e.g. /seagm numbers: 2 6 3, or attach a text file as "file".',
    );
    const both = await ask('seagm', { numbers: '2 6 3', file: h.fake.addAttachment('cards.txt', '2 6 3') });
    expect(both.json).toMatchObject({
      type: 4,
      data: { content: '⚠️ Give either "numbers" or "file", not both.', flags: EPHEMERAL },
    });
  });

  test('a 2,000-card file: "thinking..." within 3 s, then the original message is edited with the answer', async () => {
    const cards = Array.from({ length: 2000 }, (_, k) => 1000 + 7 * k);
    const file = h.fake.addAttachment('cards.txt', cards.join('\n'));
    const asked = await ask('seagm', { file });
    expect(asked.json).toEqual({ type: 5, data: {} });
    expect(asked.ms).toBeLessThan(3000);

    const edit = await answerEdit(asked.token);
    // The solver threads' own explanation (a cache hit now), so the test follows the built solver.
    const expected = (await h.service.solve('seagm', { cards })).explanation;
    const body = edit.body as {
      embeds: Record<string, unknown>[];
      components: unknown[];
      attachments: unknown[];
      content: string;
    };
    expect(body.content).toBe('');
    expect(body.components).toEqual([]);
    expect(body.embeds[0]).toMatchObject({
      title: `${expected.winner ?? ''} wins`,
      description: expect.stringContaining(expected.headline) as unknown,
    });
    expect(body.embeds[0]?.['fields']).toEqual(
      expect.arrayContaining([{ name: 'Input', value: 'numbers: file cards.txt (10.5 KiB)', inline: false }]),
    );
    // The turn table does not fit the embed, so the whole explanation is attached.
    expect(body.attachments).toEqual([{ id: '0', filename: 'seagm-explanation.txt' }]);
    expect(edit.files).toHaveLength(1);
    expect(edit.files[0]?.text).toContain('Cards: 2,000');
    expect(edit.files[0]?.text).toContain(expected.headline);
    // Only edits of the original message followed the deferral; none came after the answer.
    const calls = h.fake.forToken(asked.token);
    expect(calls.every((r) => r.route === 'PATCH /webhooks/:app/:token/messages/@original')).toBe(true);
    expect(calls.at(-1)).toBe(edit);
  });

  test('a file that is not text is refused: the public "thinking..." is deleted, the error follows up ephemeral', async () => {
    const file = h.fake.addAttachment('cards.png', Buffer.from([0x89, 0x50]), 'image/png');
    const asked = await ask('seagm', { file });
    expect(asked.json).toEqual({ type: 5, data: {} });
    const followUp = await h.fake.waitFor(
      (r) => r.params['token'] === asked.token && r.route === 'POST /webhooks/:app/:token',
      'the ephemeral follow-up',
    );
    expect(followUp.body).toEqual({
      content: '⚠️ file: "cards.png" is image/png; attach a plain text file (.txt).',
      flags: EPHEMERAL,
      allowed_mentions: noMentions,
    });
    expect(h.fake.forToken(asked.token).map((r) => r.route)).toEqual([
      'DELETE /webhooks/:app/:token/messages/@original',
      'POST /webhooks/:app/:token',
    ]);
  });

  test('/help, /help game and /games answer ephemeral embeds', async () => {
    const help = await ask('help', {});
    expect(help.json).toMatchObject({
      type: 4,
      data: { flags: EPHEMERAL, embeds: [{ title: 'Grundy solves two-player games and explains who wins' }] },
    });
    const one = await ask('help', { game: 'seagm' });
    const [embed] = (
      one.json['data'] as {
        embeds: { title: string; description: string; fields: { name: string; value: string }[] }[];
      }
    ).embeds;
    expect(embed?.title).toBe('SEAGM — the gcd game');
    expect(embed?.description).toContain('`/seagm [numbers] [file]`');
    expect(embed?.fields.find((f) => f.name === 'Try')?.value).toBe('`/seagm numbers: 2 6 3`');
    const games = await ask('games', {});
    const listed = (games.json['data'] as { embeds: { fields: { name: string }[] }[] }).embeds[0]?.fields.map(
      (f) => f.name,
    );
    expect(listed).toEqual(h.games.map((g) => g.title));
  });

  test('an unknown command and a stale button get specific ephemeral answers', async () => {
    const unknown = await ask('chess', {});
    expect(unknown.json).toMatchObject({
      type: 4,
      data: { content: '⚠️ Grundy does not know /chess (any more). Try /help.', flags: EPHEMERAL },
    });
    const press = buttonPress('grundy-cancel:1234567890123456789', chatInput(h.games, 'slow', { ms: 1 }), {
      fake: h.fake,
    });
    tokens.push(press.token);
    const stale = await postInteraction(h.server.url, h.keys, press.payload);
    expectValidCallback(stale.json);
    expect(stale.json).toEqual({
      type: 4,
      data: {
        content: 'That solve has already finished (or Grundy restarted since); there is nothing to cancel.',
        flags: EPHEMERAL,
        allowed_mentions: noMentions,
      },
    });
  });

  test('an unexpected failure shows an error id, never a stack trace, and logs it under that id', async () => {
    const asked = await ask('slow', { ms: 1, tag: 'explode' });
    const content = (asked.json['data'] as { content: string }).content;
    expect(asked.json).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    const match =
      /^Something went wrong on Grundy’s side\. Error id: `([0-9a-f]{8})` \(please mention it if you report this\)\.$/.exec(
        content,
      );
    expect(match).not.toBeNull();
    expect(content).not.toContain('exploded');
    const logged = h.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l['errorId'] === match?.[1]);
    expect(logged).toMatchObject({
      msg: 'unexpected failure while handling an interaction',
      interactionId: asked.id,
    });
    expect(JSON.stringify(logged)).toContain('exploded on purpose');
  });

  test('GET /healthz reports the service and transports; GET /metrics is Prometheus text', async () => {
    const health = await fetch(`${h.server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      ok: true,
      redis: 'not configured',
      interactionsEndpoint: 'on',
      gateway: 'off',
    });
    const metrics = await fetch(`${h.server.url}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toMatch(/grundy_interactions_total\{kind="seagm",outcome="ok"\} \d+/);
    expect((await fetch(`${h.server.url}/nope`)).status).toBe(404);
    expect((await fetch(`${h.server.url}/interactions`)).status).toBe(405);
  });

  test('no interaction token and no bot token was ever written to the logs', async () => {
    await waitUntil('the dispatcher to be idle', () => h.server.dispatcher.inFlight === 0);
    expect(tokens.length).toBeGreaterThan(5);
    expect(h.logs.lines.length).toBeGreaterThan(0);
    for (const token of [...tokens, h.fake.botToken]) expect(h.logs.text).not.toContain(token);
  });
});

describe('limits: per-user rate, attachment sizes, streamed attachments', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { RATE_LIMIT_PER_MINUTE: '2' },
      settings: {
        attachments: { textBytes: 1024, streamBytes: 64 * 1024, hosts: ['127.0.0.1'], timeoutMs: 10_000 },
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  async function send(command: string, values: Record<string, OptionInput>, user = ada) {
    const built = chatInput(h.games, command, values, { user, fake: h.fake });
    const response = await postInteraction(h.server.url, h.keys, built.payload);
    expect(discordSchemas().validate('interactionCallback', response.json)).toBeUndefined();
    return { built, json: response.json as { type: number; data: Record<string, unknown> } };
  }

  test('the third question within a minute is refused politely, with the wait; others are not affected', async () => {
    expect((await send('help', {})).json.type).toBe(4);
    expect((await send('help', {})).json.type).toBe(4);
    const third = await send('help', {});
    expect(third.json).toEqual({
      type: 4,
      data: {
        content:
          'You are asking quickly: Grundy answers up to 2 questions a minute per person. Please try again in 30 s.',
        flags: EPHEMERAL,
        allowed_mentions: noMentions,
      },
    });
    expect((await send('help', {}, bob)).json.data['embeds']).toBeDefined();
  });

  test('a file over the cap for a game without streaming is refused with the sizes', async () => {
    const file = h.fake.addAttachment('many.txt', '7 '.repeat(1000));
    const { built } = await send('seagm', { file }, { ...bob, id: '1300000000000000201' });
    const followUp = await h.fake.waitFor(
      (r) => r.params['token'] === built.token && r.route === 'POST /webhooks/:app/:token',
    );
    expect((followUp.body as { content: string }).content).toBe(
      '⚠️ file: "many.txt" is 2.0 KiB, but at most 1.0 KiB can be read. Send a smaller file, or type the numbers instead.',
    );
  });

  test('a big file for a game with solveStream is streamed to it (within the stream cap)', async () => {
    const board = `A${'.'.repeat(3000)}B`;
    const file = h.fake.addAttachment('board.txt', board);
    const { built, json } = await send('abgame', { file }, { ...bob, id: '1300000000000000202' });
    expect(json).toEqual({ type: 5, data: {} });
    const edit = await h.fake.waitFor(
      (r) =>
        r.params['token'] === built.token &&
        r.method === 'PATCH' &&
        JSON.stringify(r.body).includes('"embeds":[{'),
    );
    const [embed] = (
      edit.body as { embeds: { footer: { text: string }; fields: { name: string; value: string }[] }[] }
    ).embeds;
    expect(embed?.footer.text).toMatch(/· fresh \(stream\)/);
    expect(embed?.fields[0]).toMatchObject({
      name: 'Input',
      value: expect.stringMatching(/^file board\.txt \(2\.9 KiB\): /) as unknown,
    });

    const huge = h.fake.addAttachment('huge.txt', 'A'.repeat(70 * 1024));
    const refused = await send('abgame', { file: huge }, { ...bob, id: '1300000000000000203' });
    const followUp = await h.fake.waitFor(
      (r) => r.params['token'] === refused.built.token && r.route === 'POST /webhooks/:app/:token',
    );
    expect((followUp.body as { content: string }).content).toBe(
      '⚠️ file: "huge.txt" is 70.0 KiB, but at most 64.0 KiB can be read. Send a smaller file, or type the board instead.',
    );
  });
});
