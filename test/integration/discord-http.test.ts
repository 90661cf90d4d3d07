/**
 * The HTTP interactions endpoint end to end: Ed25519-signed requests from a test key pair -> `startServer`
 * (real dispatcher, real solve service) -> a fake Discord on loopback that validates every REST call against
 * Discord's OpenAPI schemas. Every HTTP interaction response is validated against the same schema.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { renderShortAnswer } from '../../src/bot/render/answer-short.js';
import { hashOfKey } from '../../src/core/canonical.js';
import { builtInGames as registeredGames } from '../../src/games/catalog.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { answerPicture, rulesPicture, type AnswerPicture } from '../../src/render/answer-picture.js';
import { seagm } from '../../src/games/seagm/index.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import type { RecordedFile, RecordedRequest } from '../support/fake-discord.js';
import {
  ada,
  bob,
  buttonPress,
  chatInput,
  ping,
  postInteraction,
  testKeys,
  type BuiltInteraction,
  type OptionInput,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';

const EPHEMERAL = 64;
const noMentions = { parse: [], users: [] };

function expectValidCallback(json: unknown): void {
  expect(discordSchemas().validate('interactionCallback', json)).toBeUndefined();
}

function buttonLabels(message: unknown): string[] {
  const rows = (message as { components?: { components: { label?: string }[] }[] }).components ?? [];
  return rows.flatMap((r) => r.components.map((b) => b.label ?? ''));
}

/** The picture went out as Discord wants it: a PNG part, described in `attachments`, shown as the embed image. */
function expectPictureSent(
  message: { body: unknown; files: readonly RecordedFile[] },
  picture: AnswerPicture,
  name: string,
): void {
  const body = message.body as {
    embeds: { image?: { url: string }; description?: string }[];
    attachments?: unknown;
  };
  if (picture.kind === 'png') {
    expect(message.files.map((f) => [f.filename, f.contentType])).toEqual([[name, 'image/png']]);
    expect(message.files[0]?.data.equals(Buffer.from(picture.png))).toBe(true);
    expect(body.attachments).toEqual([{ id: '0', filename: name }]);
    expect(body.embeds[0]?.image).toEqual({ url: `attachment://${name}` });
  } else {
    expect(message.files).toEqual([]);
    expect(body.embeds[0]?.image).toBeUndefined();
    if (picture.kind === 'note') expect(body.embeds[0]?.description).toContain(picture.note);
  }
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

  /** The message an interaction ends up showing: the first response's, or (deferred) the edit's. */
  async function finalMessage(asked: Asked): Promise<{ body: unknown; files: readonly RecordedFile[] }> {
    if (asked.json['type'] === 4) {
      expect(h.fake.forToken(asked.token)).toEqual([]);
      return { body: asked.json['data'], files: [] };
    }
    expect(asked.json['type']).toBe(5);
    const edit = await answerEdit(asked.token);
    return { body: edit.body, files: edit.files };
  }

  /** Presses the message's button with this label, as `user`. */
  async function pressButton(message: unknown, label: string, asked: Asked, user = ada): Promise<Asked> {
    const rows = (message as { components?: { components: { label?: string; custom_id?: string }[] }[] })
      .components;
    const button = (rows ?? []).flatMap((r) => r.components).find((b) => b.label === label);
    expect(button?.custom_id).toBeDefined();
    const source: BuiltInteraction = { id: asked.id, token: asked.token, payload: {} };
    const press = buttonPress(button?.custom_id ?? '', source, { user, fake: h.fake });
    tokens.push(press.token);
    const response = await postInteraction(h.server.url, h.keys, press.payload);
    expect(response.status).toBe(200);
    expectValidCallback(response.json);
    return {
      token: press.token,
      id: press.id,
      status: response.status,
      json: response.json as Record<string, unknown>,
      ms: response.ms,
    };
  }

  /** Cache hits and misses so far: a button that solves again would move them. */
  async function solveCounts(): Promise<string> {
    const hits = await h.metrics.registry.getSingleMetricAsString('grundy_cache_hits_total');
    const misses = await h.metrics.registry.getSingleMetricAsString('grundy_cache_misses_total');
    return `${hits}\n${misses}`;
  }

  beforeAll(async () => {
    // Buttons count toward the rate limit too; this suite presses many, and tests the limit elsewhere.
    h = await startHarness({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
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

  test('/seagm numbers: 2 6 3: the short answer first (verdict, refutation, why, picture) with its buttons', async () => {
    const asked = await ask('seagm', { numbers: '2 6 3' });
    // What the solver said (now from the cache, with its original solve time), rendered: the exact payload.
    const solved = await h.service.solve('seagm', { cards: ['2', '6', '3'] });
    const picture = await answerPicture(seagm, solved.params, solved.result, solved.explanation);
    const expected = renderShortAnswer({
      game: seagm,
      answer: { explanation: solved.explanation, fromCache: false, solveMs: solved.solveMs, via: 'inline' },
      inputSummary: 'numbers: 2 6 3',
      picture,
      reasoningRef: hashOfKey(solved.key),
    });
    const final = await finalMessage(asked);
    expect(final.body).toMatchObject({ embeds: expected.embeds, components: expected.components });
    expectPictureSent(final, picture, 'seagm-answer.png');
    // The facts the issue names: second player wins; random play 1/3; and the answer is short.
    const [embed] = (final.body as { embeds: { title: string; description: string }[] }).embeds;
    expect(embed?.title).toBe('Second player wins');
    expect(embed?.description).toContain('1/3 (0.3333)');
    expect(embed?.description.split('\n').filter((l) => l.trim() !== '').length).toBeLessThanOrEqual(6);
    expect(buttonLabels(final.body)).toEqual(['Show the reasoning', 'Rules']);

    // The same question again (in another order) comes from the cache.
    const again = await finalMessage(await ask('seagm', { numbers: '3, 2, 6' }));
    const [cached] = (again.body as { embeds: { footer: { text: string }; title: string }[] }).embeds;
    expect(cached?.title).toBe('Second player wins');
    expect(cached?.footer.text).toMatch(/^From the cache · first solved in /);
  });

  test('a picture rides as a multipart attachment shown in the embed; Rules and Show the reasoning never solve again', async () => {
    const asked = await ask('multiplication', { n: '12', first: 'Alice' });
    const solved = await h.service.solve('multiplication', { n: '12', first: 'Alice' });
    const picture = await answerPicture(multiplication, solved.params, solved.result, solved.explanation);
    const final = await finalMessage(asked);
    expectPictureSent(final, picture, 'multiplication-answer.png');
    expect(buttonLabels(final.body)).toEqual(['Show the reasoning', 'Rules']);

    const before = await solveCounts();
    const reasoning = await pressButton(final.body, 'Show the reasoning', asked);
    expect(reasoning.json).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    const full = (reasoning.json['data'] as { embeds: { description: string; fields: { name: string }[] }[] })
      .embeds[0];
    for (const reason of solved.explanation.reasons.slice(0, 2)) expect(full?.description).toContain(reason);
    expect(full?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Only possible winner']));

    const rules = await pressButton(final.body, 'Rules', asked, bob);
    expect(rules.json).toMatchObject({ data: { flags: EPHEMERAL } });
    const shown = await finalMessage(rules);
    const [embed] = (shown.body as { embeds: { title: string; description: string }[] }).embeds;
    expect(embed?.title).toBe(multiplication.title);
    expect(embed?.description).toContain(multiplication.rules?.what ?? '?');
    expectPictureSent(shown, rulesPicture(multiplication), 'multiplication-rules.png');
    expect(await solveCounts()).toEqual(before);
  });

  test('Show the reasoning finds an answer in the shared cache, and says so plainly when it is gone', async () => {
    const solved = await h.service.solve('seagm', { cards: [4, 6, 9, 10] });
    const original = await ask('help', {});
    const cached = await pressButton(
      {
        components: [
          { components: [{ label: 'x', custom_id: `grundy-why:seagm:${hashOfKey(solved.key)}` }] },
        ],
      },
      'x',
      original,
    );
    expect(cached.json).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        embeds: [{ description: expect.stringContaining(solved.explanation.headline) as unknown }],
      },
    });
    const gone = await pressButton(
      { components: [{ components: [{ label: 'x', custom_id: `grundy-why:seagm:${'0'.repeat(40)}` }] }] },
      'x',
      original,
    );
    expect(gone.json).toMatchObject({
      type: 4,
      data: { flags: EPHEMERAL, content: expect.stringContaining('no longer holds') as unknown },
    });
  });

  test('/rules game:<game> teaches every game publicly: what it is, how to play, the example and its picture', async () => {
    for (const game of registeredGames) {
      const asked = await ask('rules', { game: game.id });
      expect(asked.json).not.toMatchObject({ data: { flags: EPHEMERAL } });
      const shown = await finalMessage(asked);
      const [embed] = (
        shown.body as {
          embeds: { title: string; description: string; fields: { name: string; value: string }[] }[];
        }
      ).embeds;
      expect(embed?.title).toBe(game.title);
      expect(embed?.description).toContain(game.rules?.what ?? '?');
      expect(embed?.fields.find((f) => f.name === 'Example')?.value).toContain(
        `1. ${game.rules?.example.steps[0] ?? '?'}`,
      );
      expectPictureSent(shown, rulesPicture(game), `${game.id}-rules.png`);
    }
    const help = await ask('help', { game: 'magic' });
    expect(buttonLabels(help.json['data'])).toEqual(['Rules']);
  });

  test('a malformed numbers option gets an ephemeral error naming the option, what is allowed and an example', async () => {
    const asked = await ask('seagm', { numbers: '2 x 3' });
    expect(asked.json).toEqual({
      type: 4,
      data: {
        content:
          '⚠️ card 2 is "x", but the numbers must be whole numbers from 1 to 10^9, e.g. 2 6 3\nOn Discord, e.g.: /seagm numbers: 2 6 3',
        flags: EPHEMERAL,
        allowed_mentions: noMentions,
      },
    });
    const none = await ask('seagm', {});
    expect((none.json['data'] as { content: string }).content).toBe(
      '⚠️ Missing "numbers": The cards: whole numbers from 1 to 10^9, separated by spaces or commas (up to 100,000). Give it, e.g. /seagm numbers: 2 6 3, or attach a text file as "file".',
    );
    const noBoard = await ask('abgame', {});
    expect((noBoard.json['data'] as { content: string }).content).toBe(
      '⚠️ Missing "board": The row: "A", "B" and "." for an empty cell, e.g. A..B.A..B. Give it (/abgame board: A..B.A..B) or attach a text file as "file".',
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
    expect(buttonLabels(body)).toEqual(['Show the reasoning', 'Rules']);
    expect(body.embeds[0]).toMatchObject({
      title: `${expected.winner ?? ''} wins`,
      description: expect.stringContaining(expected.headline) as unknown,
    });
    expect(body.embeds[0]?.['fields']).toEqual(
      expect.arrayContaining([{ name: 'Question', value: 'numbers: file cards.txt (10.5 KiB)' }]),
    );
    // The short answer carries the picture at most; the long reasoning is one button away.
    expect(edit.files.every((f) => f.contentType === 'image/png')).toBe(true);
    // Only edits of the original message followed the deferral; none came after the answer.
    const calls = h.fake.forToken(asked.token);
    expect(calls.every((r) => r.route === 'PATCH /webhooks/:app/:token/messages/@original')).toBe(true);
    expect(calls.at(-1)).toBe(edit);

    // Show the reasoning: everything, for the presser alone; the turn table does not fit, so it is attached.
    const before = await solveCounts();
    const press = await pressButton(body, 'Show the reasoning', asked, bob);
    const reasoning = await finalMessage(press);
    expect(press.json).toMatchObject({ data: { flags: EPHEMERAL } });
    const text = reasoning.files.find((f) => f.filename === 'seagm-explanation.txt')?.text ?? '';
    expect(text).toContain('Cards: 2,000');
    expect(text).toContain(expected.headline);
    expect(text).toContain(expected.reasons[0] ?? '?');
    expect(await solveCounts()).toEqual(before);
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
    expect(embed?.fields.find((f) => f.name === 'Options')?.value).toBe(
      '• `numbers`: The cards: whole numbers from 1 to 10^9, separated by spaces or commas (up to 100,000) — or attach a text file as `file`. e.g. `2 6 3`',
    );
    // A description that names the example or the choices itself is not made to say them again.
    const octal = (await ask('help', { game: 'octal' })).json['data'] as {
      embeds: { fields: { name: string; value: string }[] }[];
    };
    const octalOptions = octal.embeds[0]?.fields.find((f) => f.name === 'Options')?.value ?? '';
    expect(octalOptions).toContain(
      '• `code`: Octal code 0.d1d2...dk (1 to 32 octal digits) or nim, e.g. 0.77 for Kayles.\n',
    );
    expect(octalOptions.match(/e\.g\./g)).toHaveLength(3);
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
        attachments: { textBytes: 1024, streamBytes: 64 * 1024, timeoutMs: 10_000 },
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
    const other = (await send('help', {}, bob)).json;
    expect(other.type).toBe(4);
    expect(other.data['embeds']).toMatchObject([
      { title: 'Grundy solves two-player games and explains who wins' },
    ]);
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
      name: 'Question',
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
