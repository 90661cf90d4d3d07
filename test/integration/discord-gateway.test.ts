/**
 * The gateway path. A real gateway websocket cannot run here, so interactions enter discord.js where the
 * gateway's INTERACTION_CREATE packet handler hands them over: `client.actions.InteractionCreate.handle(d)`
 * (discord.js src/client/websocket/handlers/INTERACTION_CREATE.js does exactly this with the packet's `d`).
 * discord.js then builds real ChatInputCommandInteraction / ButtonInteraction objects and emits
 * `interactionCreate`; Grundy answers through their methods (reply, deferReply, editReply, update), whose REST
 * calls go to the fake Discord (Client `rest.api`) and are validated against Discord's OpenAPI schemas.
 */
import { Client, GatewayIntentBits } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { attachGateway } from '../../src/bot/transport/gateway.js';
import { loadConfig } from '../../src/config.js';
import { createSolveService } from '../../src/jobs/service.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/serve.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { FakeDiscord, type RecordedRequest } from '../support/fake-discord.js';
import {
  CHANNEL_ID,
  ada,
  bob,
  buttonPress,
  chatInput,
  componentPress,
  type BuiltInteraction,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';

const EPHEMERAL = 64;

/** The gateway packet handler's own entry point (private in discord.js's typings). */
function deliver(client: Client, interaction: BuiltInteraction): void {
  (
    client as unknown as { actions: { InteractionCreate: { handle(data: unknown): void } } }
  ).actions.InteractionCreate.handle(interaction.payload);
}

describe('gateway interactions (discord.js objects)', () => {
  let h: Harness;
  let client: Client;
  let detach: () => void;

  const callbackOf = (built: BuiltInteraction): Promise<RecordedRequest> =>
    h.fake.waitFor(
      (r) =>
        r.route === 'POST /interactions/:interaction/:token/callback' && r.params['token'] === built.token,
      'the interaction callback',
    );

  beforeAll(async () => {
    h = await startHarness();
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: h.fake.apiBase } });
    client.rest.setToken(h.fake.botToken);
    detach = attachGateway(client, h.server.dispatcher, h.logger, Date.now);
  });
  afterAll(async () => {
    detach();
    await client.destroy();
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('/seagm numbers: 2 6 3 is answered with one callback: second player wins, random play 1/3', async () => {
    const built = chatInput(h.games, 'seagm', { numbers: '2 6 3' }, { fake: h.fake });
    deliver(client, built);
    const callback = await callbackOf(built);
    expect(callback.params['interaction']).toBe(built.id);
    expect(callback.authorization).toBeUndefined();
    const body = callback.body as {
      type: number;
      data: { embeds: { title: string; fields: unknown[] }[]; flags?: number };
    };
    expect(body.type).toBe(4);
    expect(body.data.flags ?? 0).toBe(0);
    expect(body.data.embeds[0]?.title).toBe('Second player wins');
    expect(body.data.embeds[0]?.fields).toContainEqual(expect.objectContaining({ value: '1/3 (0.3333)' }));
    await waitUntil('the interaction to end', () => h.server.dispatcher.inFlight === 0);
    expect(h.fake.forToken(built.token)).toEqual([callback]);
  });

  test('a malformed option is answered ephemeral through interaction.reply', async () => {
    const built = chatInput(h.games, 'seagm', { numbers: '0 1' }, { fake: h.fake });
    deliver(client, built);
    const callback = await callbackOf(built);
    expect(callback.body).toMatchObject({
      type: 4,
      data: {
        content:
          '⚠️ numbers: card 1 is "0", but each card must be a whole number from 1 to 10^9, e.g. 2 6 3\nOn Discord, e.g.: /seagm numbers: 2 6 3',
        flags: EPHEMERAL,
        allowed_mentions: { parse: [], users: [] },
      },
    });
  });

  test('a 2,000-card attachment: deferReply, then editReply with the answer and the explanation file', async () => {
    const cards = Array.from({ length: 2000 }, (_, k) => 3 * k + 2);
    const built = chatInput(
      h.games,
      'seagm',
      { file: h.fake.addAttachment('cards.txt', cards.join(' ')) },
      { fake: h.fake },
    );
    const started = Date.now();
    deliver(client, built);
    const callback = await callbackOf(built);
    expect(callback.at - started).toBeLessThan(3000);
    expect(callback.body).toEqual({ type: 5, data: { flags: 0 } });
    const edit = await h.fake.waitFor(
      (r) =>
        r.params['token'] === built.token &&
        r.method === 'PATCH' &&
        JSON.stringify(r.body).includes('"embeds":[{'),
      'the answer edit',
      20_000,
    );
    expect(edit.contentType).toMatch(/^multipart\/form-data/);
    const body = edit.body as {
      embeds: { title: string }[];
      components: unknown[];
      attachments: { id: string }[];
    };
    expect(body.embeds[0]?.title).toMatch(/^(First|Second) player wins$/);
    expect(body.components).toEqual([]);
    // discord.js names the file in its multipart part; the JSON lists it by id.
    expect(body.attachments.map((a) => a.id)).toEqual(['0']);
    expect(edit.files.map((f) => f.filename)).toEqual(['seagm-explanation.txt']);
    expect(edit.files[0]?.text).toContain('Cards: 2,000');
  });

  test('the asker cancels a long solve with the button: interaction.update replaces the message', async () => {
    const built = chatInput(h.games, 'slow', { ms: 30_000, tag: 'gateway-cancel' }, { fake: h.fake });
    deliver(client, built);
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
    deliver(client, press);
    const update = await callbackOf(press);
    expect(update.body).toMatchObject({
      type: 7,
      data: {
        content: expect.stringMatching(new RegExp(`^✖️ Cancelled by <@${ada.id}> after `)) as unknown,
        embeds: [],
        components: [],
      },
    });
    await waitUntil('the cancelled interaction to end', () => h.server.dispatcher.inFlight === 0, 5000);
  });

  test('a quiz through discord.js: subcommands, an answer button acknowledged privately, stop', async () => {
    const start = chatInput(
      h.games,
      'quiz start',
      { game: 'seagm', rounds: 2, seconds: 30 },
      { fake: h.fake },
    );
    deliver(client, start);
    expect((await callbackOf(start)).body).toEqual({ type: 5, data: { flags: 0 } });
    await h.fake.waitFor((r) => r.route === 'POST /channels/:channel/messages', 'the first question');
    await h.server.quiz.idle();
    const question = h.fake.channelMessages(CHANNEL_ID).at(-1);
    if (question === undefined) throw new Error('no question');
    const buttons = (question.body['components'] as { components: { custom_id: string }[] }[])[0]?.components;
    const press = componentPress(buttons?.[0]?.custom_id ?? '', question, { user: bob, fake: h.fake });
    deliver(client, press);
    expect((await callbackOf(press)).body).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content: expect.stringMatching(/^✅ Your answer to question 1: \*\*First player wins\*\*/) as unknown,
      },
    });
    const stop = chatInput(h.games, 'quiz stop', {}, { fake: h.fake });
    deliver(client, stop);
    expect((await callbackOf(stop)).body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    await waitUntil('the standings', () =>
      h.fake.channelMessages(CHANNEL_ID).some((m) => JSON.stringify(m.body).includes('Quiz stopped')),
    );
    await h.server.quiz.idle();
  });

  test('quiz practice through discord.js: the answer button updates the private message', async () => {
    const asked = chatInput(h.games, 'quiz practice', { game: 'seagm' }, { fake: h.fake });
    deliver(client, asked);
    const first = await callbackOf(asked);
    expect(first.body).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    const ids = (
      first.body as { data: { components: { components: { custom_id: string }[] }[] } }
    ).data.components.flatMap((row) => row.components.map((b) => b.custom_id));
    const press = buttonPress(ids[0] ?? '', asked, { fake: h.fake });
    deliver(client, press);
    const update = await callbackOf(press);
    expect(update.body).toMatchObject({ type: 7 });
    expect(JSON.stringify(update.body)).toContain('quizp:next:seagm:easy');
  });

  test('no token reached the logs', () => {
    for (const r of h.fake.requests) {
      const token = r.params['token'];
      if (token !== undefined) expect(h.logs.text).not.toContain(token);
    }
  });
});

describe('startServer with DISCORD_TOKEN', () => {
  test('logs in to the gateway through DISCORD_API_BASE with the bot token, and close() disconnects at once', async () => {
    const fake = await new FakeDiscord().start();
    const config = loadConfig({
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.apiBase,
      HOST: '127.0.0.1',
      PORT: '0',
    });
    const logger = createLogger('silent');
    const service = await createSolveService(config, logger);
    try {
      const server = await startServer(config, logger, { service });
      expect(server.client).toBeDefined();
      const asked = await fake.waitFor((r) => r.route === 'GET /gateway/bot', 'the gateway URL request');
      expect(asked.authorization).toBe(`Bot ${fake.botToken}`);
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { gateway: string };
      expect(health.gateway).toBe('connecting');
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(fake.problems).toEqual([]);
    } finally {
      await service.close();
      await fake.close();
    }
  });
});
