/**
 * The gateway path, for real: `startServer` logs discord.js in with DISCORD_TOKEN; discord.js asks the fake
 * Discord's `GET /gateway/bot` for the gateway URL and connects to a fake gateway on loopback
 * (test/support/fake-gateway.ts) that speaks the protocol: HELLO, IDENTIFY, READY, heartbeats and ACKs,
 * INTERACTION_CREATE, RECONNECT and RESUME, INVALID_SESSION. Interactions arrive as gateway dispatches; Grundy
 * answers through discord.js's interaction methods, whose REST calls the fake Discord checks against Discord's
 * OpenAPI description.
 */
import { Status } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { serveOnGateway, startHarness, type Harness } from '../support/bot-harness.js';
import type { RecordedRequest } from '../support/fake-discord.js';
import { FakeGateway, Op } from '../support/fake-gateway.js';
import {
  APPLICATION_ID,
  CHANNEL_ID,
  ada,
  bob,
  buttonPress,
  chatInput,
  componentPress,
  modalSubmit,
  selectPress,
  type BuiltInteraction,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';

const EPHEMERAL = 64;
const BOT_TOKEN = 'fake-bot-token';

function customIds(message: unknown): string[] {
  const rows = (message as { components?: { components: { custom_id?: string }[] }[] }).components ?? [];
  return rows.flatMap((r) => r.components.map((b) => b.custom_id ?? ''));
}

describe('the bot on a fake gateway', () => {
  let h: Harness;
  let gateway: FakeGateway;

  const callbackOf = (built: BuiltInteraction, timeoutMs = 10_000): Promise<RecordedRequest> =>
    h.fake.waitFor(
      (r) =>
        r.route === 'POST /interactions/:interaction/:token/callback' && r.params['token'] === built.token,
      'the interaction callback',
      timeoutMs,
    );
  const health = async (): Promise<{ gateway: string }> =>
    (await (await fetch(`${h.server.url}/healthz`)).json()) as { gateway: string };

  beforeAll(async () => {
    gateway = await new FakeGateway({
      token: BOT_TOKEN,
      applicationId: APPLICATION_ID,
      heartbeatIntervalMs: 400,
    }).start();
    h = await startHarness({ gateway: true, fake: { botToken: BOT_TOKEN, gatewayUrl: gateway.url } });
    await gateway.waitFor('a session', () => gateway.live);
    await waitUntil('the client to be ready', () => h.server.client?.isReady() === true);
  });
  afterAll(async () => {
    await h.close();
    await gateway.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
    expect(gateway.problems).toEqual([]);
  });

  test('connects like a bot: gateway URL from GET /gateway/bot, v10 JSON, IDENTIFY, READY, heartbeats ACKed', async () => {
    const asked = h.fake.requests.find((r) => r.route === 'GET /gateway/bot');
    expect(asked?.authorization).toBe(`Bot ${BOT_TOKEN}`);
    const first = gateway.connections[0];
    expect(first?.path).toBe('/');
    expect(first?.query.get('v')).toBe('10');
    expect(first?.query.get('encoding')).toBe('json');
    const identify = gateway.receivedOp(Op.Identify)[0]?.d as Record<string, unknown>;
    expect(identify).toMatchObject({ token: BOT_TOKEN, intents: 1, shard: [0, 1] });
    expect(identify['properties']).toEqual(expect.objectContaining({ os: expect.any(String) as unknown }));
    expect(first?.received[0]?.op).toBe(Op.Identify);
    await gateway.waitFor('two heartbeats', () => gateway.receivedOp(Op.Heartbeat).length >= 2);
    // A heartbeat carries the last sequence number seen (READY was 1).
    expect(gateway.receivedOp(Op.Heartbeat).at(-1)?.d).toBeGreaterThanOrEqual(1);
    expect(await health()).toMatchObject({ gateway: 'connected' });
    expect(h.logs.text).toContain('"msg":"gateway connected"');
  });

  test('a slash command: /seagm numbers: 2 6 3 is answered with one callback', async () => {
    const built = chatInput(h.games, 'seagm', { numbers: '2 6 3' }, { fake: h.fake });
    gateway.interaction(built.payload);
    const callback = await callbackOf(built);
    expect(callback.params['interaction']).toBe(built.id);
    expect(callback.authorization).toBeUndefined();
    const body = callback.body as {
      type: number;
      data: { embeds: { title: string; description: string }[]; flags?: number };
    };
    expect(body.type).toBe(4);
    expect(body.data.flags ?? 0).toBe(0);
    expect(body.data.embeds[0]?.title).toBe('Second player wins');
    expect(body.data.embeds[0]?.description).toContain('1/3 (0.3333)');
    await waitUntil('the interaction to end', () => h.server.dispatcher.inFlight === 0);
    expect(h.fake.forToken(built.token)).toEqual([callback]);
  });

  test('a malformed option is answered ephemeral', async () => {
    const built = chatInput(h.games, 'seagm', { numbers: '0 1' }, { fake: h.fake });
    gateway.interaction(built.payload);
    expect((await callbackOf(built)).body).toMatchObject({
      type: 4,
      data: {
        content:
          '⚠️ card 1 is "0", but the numbers must be whole numbers from 1 to 10^9, e.g. 2 6 3\nOn Discord, e.g.: /seagm numbers: 2 6 3',
        flags: EPHEMERAL,
        allowed_mentions: { parse: [], users: [] },
      },
    });
  });

  test('a 2,000-card attachment: deferReply, then editReply with the short answer; the reasoning button attaches the rest', async () => {
    const cards = Array.from({ length: 2000 }, (_, k) => 3 * k + 2);
    const built = chatInput(
      h.games,
      'seagm',
      { file: h.fake.addAttachment('cards.txt', cards.join(' ')) },
      { fake: h.fake },
    );
    gateway.interaction(built.payload);
    const callback = await callbackOf(built);
    expect(callback.body).toEqual({ type: 5, data: { flags: 0 } });
    const edit = await h.fake.waitFor(
      (r) =>
        r.params['token'] === built.token &&
        r.method === 'PATCH' &&
        JSON.stringify(r.body).includes('"embeds":[{'),
      'the answer edit',
      20_000,
    );
    const body = edit.body as {
      embeds: { title: string }[];
      components: unknown[];
      attachments: { id: string }[];
    };
    const expected = seagm.solve(parseParams(seagm, { cards }));
    expect(body.embeds[0]?.title).toBe(`${expected.firstWins ? 'First' : 'Second'} player wins`);
    const ids = customIds(body);
    expect(ids.map((id) => id.split(':')[0])).toEqual(['grundy-why', 'grundy-rules']);
    // Show the reasoning: interaction.reply, ephemeral, with the explanation file in the multipart callback.
    const press = buttonPress(ids[0] ?? '', built, { user: bob, fake: h.fake });
    gateway.interaction(press.payload);
    const reasoning = await callbackOf(press);
    expect(reasoning.body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    // discord.js names the file in its multipart part; the JSON lists it by id.
    expect(reasoning.contentType).toMatch(/^multipart\/form-data/);
    expect(
      (reasoning.body as { data: { attachments: { id: string }[] } }).data.attachments.map((a) => a.id),
    ).toEqual(['0']);
    expect(reasoning.files.map((f) => f.filename)).toEqual(['seagm-explanation.txt']);
    expect(reasoning.files[0]?.text).toContain('Cards: 2,000');
  });

  test('a picture rides in the callback as a multipart file; the Rules button answers privately with its own', async () => {
    const built = chatInput(h.games, 'multiplication', { n: '12', first: 'Alice' }, { fake: h.fake });
    gateway.interaction(built.payload);
    const callback = await callbackOf(built);
    const data = (callback.body as { type: number; data: Record<string, unknown> }).data;
    expect(callback.contentType).toMatch(/^multipart\/form-data/);
    expect(callback.files.map((f) => [f.filename, f.contentType])).toEqual([
      ['multiplication-answer.png', 'image/png'],
    ]);
    expect(callback.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    expect((data['embeds'] as { image?: { url: string } }[])[0]?.image).toEqual({
      url: 'attachment://multiplication-answer.png',
    });
    const rules = buttonPress(customIds(data)[1] ?? '', built, { user: bob, fake: h.fake });
    gateway.interaction(rules.payload);
    const shown = await callbackOf(rules);
    expect(shown.body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    expect(JSON.stringify(shown.body)).toContain(multiplication.rules?.what ?? 'rules missing');
    expect(shown.files.map((f) => f.filename)).toEqual(['multiplication-rules.png']);
  });

  test('a button press: the asker cancels a long solve, interaction.update replaces the message', async () => {
    const built = chatInput(h.games, 'slow', { ms: 30_000, tag: 'gateway-cancel' }, { fake: h.fake });
    gateway.interaction(built.payload);
    expect((await callbackOf(built)).body).toEqual({ type: 5, data: { flags: 0 } });
    const progress = await h.fake.waitFor(
      (r) => r.params['token'] === built.token && r.method === 'PATCH',
      'a progress edit',
    );
    expect((progress.body as { components: unknown }).components).toEqual([
      {
        type: 1,
        components: [{ type: 2, style: 4, label: 'Cancel', custom_id: `grundy-cancel:${built.id}` }],
      },
    ]);
    const press = buttonPress(`grundy-cancel:${built.id}`, built, { fake: h.fake });
    gateway.interaction(press.payload);
    expect((await callbackOf(press)).body).toMatchObject({
      type: 7,
      data: {
        content: expect.stringMatching(new RegExp(`^✖️ Cancelled by <@${ada.id}> after `)) as unknown,
        embeds: [],
        components: [],
      },
    });
    await waitUntil('the cancelled interaction to end', () => h.server.dispatcher.inFlight === 0, 5000);
  });

  test('a dropped socket: discord.js RESUMEs at resume_gateway_url and gets the command sent meanwhile', async () => {
    const before = gateway.connections.length;
    const identifies = gateway.receivedOp(Op.Identify).length;
    const lastSeq = Math.max(...gateway.receivedOp(Op.Heartbeat).map((p) => Number(p.d)));
    gateway.dropConnections();
    await gateway.waitFor('the socket to close', () => !gateway.live);
    // Sent while the bot is away: the session keeps it, RESUME replays it.
    const built = chatInput(h.games, 'seagm', { numbers: '4 6 9' }, { fake: h.fake });
    gateway.interaction(built.payload);
    await gateway.waitFor('a RESUME', () => gateway.connections.length > before && gateway.live);
    const resumed = gateway.connections.at(-1);
    expect(resumed?.path).toBe('/resume');
    const resume = resumed?.received.find((p) => p.op === Op.Resume)?.d as Record<string, unknown>;
    expect(resume).toMatchObject({ token: BOT_TOKEN, session_id: expect.any(String) as unknown });
    expect(resume['seq']).toBeGreaterThanOrEqual(lastSeq);
    expect(gateway.receivedOp(Op.Identify)).toHaveLength(identifies);
    expect(((await callbackOf(built)).body as { type: number }).type).toBe(4);
    await waitUntil('the gateway state to be connected', () => h.server.client?.ws.status === Status.Ready);
    expect(await health()).toMatchObject({ gateway: 'connected' });
  });

  test('RECONNECT (op 7): the bot closes, RESUMEs, and keeps answering', async () => {
    const resumes = gateway.receivedOp(Op.Resume).length;
    gateway.requestReconnect();
    await gateway.waitFor('a RESUME', () => gateway.receivedOp(Op.Resume).length > resumes && gateway.live);
    const built = chatInput(h.games, 'multiplication', { n: '17', first: 'Stan' }, { fake: h.fake });
    gateway.interaction(built.payload);
    expect(((await callbackOf(built)).body as { type: number }).type).toBe(4);
  });

  test('an invalid session (op 9, not resumable): the bot IDENTIFYs anew and keeps answering', async () => {
    const identifies = gateway.receivedOp(Op.Identify).length;
    gateway.invalidateSessions();
    await gateway.waitFor(
      'a new IDENTIFY',
      () => gateway.receivedOp(Op.Identify).length > identifies && gateway.live,
      20_000,
    );
    const built = chatInput(h.games, 'seagm', { numbers: '2 4' }, { fake: h.fake });
    gateway.interaction(built.payload);
    expect(((await callbackOf(built)).body as { type: number }).type).toBe(4);
  });

  test('a quiz: subcommands, an answer button acknowledged privately, stop', async () => {
    const start = chatInput(
      h.games,
      'quiz start',
      { game: 'seagm', rounds: 2, seconds: 30 },
      { fake: h.fake },
    );
    gateway.interaction(start.payload);
    expect((await callbackOf(start)).body).toEqual({ type: 5, data: { flags: 0 } });
    await h.fake.waitFor((r) => r.route === 'POST /channels/:channel/messages', 'the first question');
    await h.server.quiz.idle();
    const question = h.fake.channelMessages(CHANNEL_ID).at(-1);
    if (question === undefined) throw new Error('no question');
    const buttons = (question.body['components'] as { components: { custom_id: string }[] }[])[0]?.components;
    const press = componentPress(buttons?.[0]?.custom_id ?? '', question, { user: bob, fake: h.fake });
    gateway.interaction(press.payload);
    expect((await callbackOf(press)).body).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content: expect.stringMatching(/^✅ Your answer to question 1: \*\*First player wins\*\*/) as unknown,
      },
    });
    const stop = chatInput(h.games, 'quiz stop', {}, { fake: h.fake });
    gateway.interaction(stop.payload);
    expect((await callbackOf(stop)).body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    await waitUntil('the standings', () =>
      h.fake.channelMessages(CHANNEL_ID).some((m) => JSON.stringify(m.body).includes('Quiz stopped')),
    );
    await h.server.quiz.idle();
  });

  test('quiz practice through discord.js: the answer button updates the private message', async () => {
    const asked = chatInput(h.games, 'quiz practice', { game: 'seagm' }, { fake: h.fake });
    gateway.interaction(asked.payload);
    const first = await callbackOf(asked);
    expect(first.body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    const ids = (
      first.body as { data: { components: { components: { custom_id: string }[] }[] } }
    ).data.components.flatMap((row) => row.components.map((b) => b.custom_id));
    const press = buttonPress(ids[0] ?? '', asked, { fake: h.fake });
    gateway.interaction(press.payload);
    const update = await callbackOf(press);
    expect(update.body).toMatchObject({ type: 7 });
    expect(JSON.stringify(update.body)).toContain('quizp:next:seagm:easy');
  });

  test('/play through discord.js: a select menu choice and a typed move in a modal update the game message', async () => {
    const controlsOf = (body: unknown): { type: number; custom_id: string; label?: string }[] =>
      (
        body as {
          data: { components: { components: { type: number; custom_id: string; label?: string }[] }[] };
        }
      ).data.components.flatMap((row) => row.components);
    const cards = Array.from({ length: 30 }, (_, i) => String(2 * (i + 1))).join(' ');
    const menus = chatInput(h.games, 'play', { game: 'seagm', numbers: cards }, { fake: h.fake });
    gateway.interaction(menus.payload);
    const shown = await callbackOf(menus);
    expect(shown.body).toMatchObject({ type: 4 });
    const select = controlsOf(shown.body).find((c) => c.type === 3);
    const chosen = selectPress(select?.custom_id ?? '', ['6'], menus, { fake: h.fake });
    gateway.interaction(chosen.payload);
    const moved = await callbackOf(chosen);
    expect(moved.body).toMatchObject({ type: 7 });
    expect(JSON.stringify(moved.body)).toContain('take 6');

    const big = chatInput(h.games, 'play', { game: 'magic', rooms: '6', telepoints: 1 }, { fake: h.fake });
    gateway.interaction(big.payload);
    const board = await callbackOf(big);
    const type = controlsOf(board.body).find((c) => c.label === 'Type a move');
    const open = buttonPress(type?.custom_id ?? '', big, { fake: h.fake });
    gateway.interaction(open.payload);
    const modal = await callbackOf(open);
    expect(modal.body).toMatchObject({ type: 9 });
    const modalId = (modal.body as { data: { custom_id: string } }).data.custom_id;
    const typed = modalSubmit(modalId, { move: '3-4' }, big, { fake: h.fake });
    gateway.interaction(typed.payload);
    const update = await callbackOf(typed);
    expect(update.body).toMatchObject({ type: 7 });
    expect(JSON.stringify(update.body)).toContain('build passage 3-4 and stay');
  });

  test('no token reached the logs', () => {
    expect(h.logs.text).not.toContain(BOT_TOKEN);
    for (const r of h.fake.requests) {
      const token = r.params['token'];
      if (token !== undefined) expect(h.logs.text).not.toContain(token);
    }
  });
});

describe('grundy serve and a gateway that goes away', () => {
  test('SIGTERM while the gateway is away: the process exits within 10 s', async () => {
    const { gateway, fake, serve, close } = await serveOnGateway(BOT_TOKEN);
    try {
      await gateway.goAway();
      const attempts = gateway.connections.length;
      const exit = await serve.signalAndTime('SIGTERM');
      expect(exit.ms, serve.stderrText.join('\n')).toBeLessThan(10_000);
      expect(exit.code).toBe(0);
      expect(gateway.connections).toHaveLength(attempts);
      expect(gateway.problems).toEqual([]);
      expect(fake.problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
