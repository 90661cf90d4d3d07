/**
 * The per-user rate limit counts button presses as well as commands, and with Redis its counters are shared by
 * every `serve` process (two servers here, one Redis, a unique prefix).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CANCEL_PREFIX } from '../../src/bot/render/message.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import { ada, bob, buttonPress, chatInput, cy, postInteraction } from '../support/interactions.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from './helpers.js';

const refused = {
  type: 4,
  data: {
    content:
      'You are asking quickly: Grundy answers up to 2 questions a minute per person. Please try again in 30 s.',
    flags: 64,
    allowed_mentions: { parse: [], users: [] },
  },
};

async function send(h: Harness, payload: Record<string, unknown>): Promise<unknown> {
  const response = await postInteraction(h.server.url, h.keys, payload);
  expect(response.status).toBe(200);
  expect(discordSchemas().validate('interactionCallback', response.json)).toBeUndefined();
  return response.json;
}

describe('button presses count toward the rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await h.close();
  });

  test('the third press within a minute is refused like a third command', async () => {
    const asked = chatInput(h.games, 'help', {}, { fake: h.fake });
    const press = () =>
      buttonPress(`${CANCEL_PREFIX}${asked.id}`, asked, { user: bob, fake: h.fake }).payload;
    const first = (await send(h, press())) as { data: { content: string } };
    expect(first.data.content).toMatch(/nothing to cancel/);
    await send(h, press());
    expect(await send(h, press())).toEqual(refused);
    // A command by the same person now is refused too: one bucket for both.
    expect(await send(h, chatInput(h.games, 'help', {}, { user: bob, fake: h.fake }).payload)).toEqual(
      refused,
    );
  });
});

describe('with Redis, every serve process shares the counters', () => {
  const prefix = uniquePrefix('rate');
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const env = { REDIS_URL, GRUNDY_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '2' };
    a = await startHarness({ env });
    b = await startHarness({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await deleteKeys(prefix);
  });

  test('two questions on one server, the third on the other is refused; others are not affected', async () => {
    const help = (h: Harness, user = cy) => chatInput(h.games, 'help', {}, { user, fake: h.fake }).payload;
    expect(await send(a, help(a))).toMatchObject({ type: 4, data: { embeds: [expect.anything()] } });
    expect(await send(b, help(b))).toMatchObject({ type: 4, data: { embeds: [expect.anything()] } });
    expect(await send(a, help(a))).toEqual(refused);
    expect(await send(b, help(b))).toEqual(refused);
    expect(await send(b, help(b, ada))).toMatchObject({ type: 4, data: { embeds: [expect.anything()] } });
  });
});
