/**
 * Long solves over the HTTP endpoint, with the `slow` fixture game (test/support/slow-game.js) solved by the
 * real solve service in a solver thread: progress edits with a Cancel button, cancelling (asker only), the
 * channel-post fallback once the (shortened) interaction-token lifetime is over, and shutdown mid-solve.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import type { RecordedRequest } from '../support/fake-discord.js';
import {
  ada,
  bob,
  buttonPress,
  chatInput,
  CHANNEL_ID,
  postInteraction,
  type BuiltInteraction,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';

const EPHEMERAL = 64;
/** The percentage is missing until the solver thread has reported progress once. */
const PROGRESS = /^⏳ Solving \*\*\/slow\*\*(?: — (\d+)%)? · .+ so far$/;

async function post(h: Harness, built: BuiltInteraction): Promise<unknown> {
  const response = await postInteraction(h.server.url, h.keys, built.payload);
  expect(response.status).toBe(200);
  expect(discordSchemas().validate('interactionCallback', response.json)).toBeUndefined();
  return response.json;
}

function cancelRow(id: string) {
  return [
    { type: 1, components: [{ type: 2, style: 4, label: 'Cancel', custom_id: `grundy-cancel:${id}` }] },
  ];
}

const isAnswer = (token: string) => (r: RecordedRequest) =>
  r.params['token'] === token && r.method === 'PATCH' && JSON.stringify(r.body).includes('"embeds":[{');

describe('long solves', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('defers at once, edits progress with a Cancel button every few hundred ms, then the answer replaces it', async () => {
    const asked = chatInput(h.games, 'slow', { ms: 1500, tag: 'progress' }, { fake: h.fake });
    expect(await post(h, asked)).toEqual({ type: 5, data: {} });
    const answer = await h.fake.waitFor(isAnswer(asked.token), 'the answer', 20_000);
    const calls = h.fake.forToken(asked.token);
    const progress = calls.filter((r) => r !== answer);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const percents: number[] = [];
    for (const edit of progress) {
      expect(edit.route).toBe('PATCH /webhooks/:app/:token/messages/@original');
      const body = edit.body as { content: string; components: unknown; embeds: unknown };
      expect(body.components).toEqual(cancelRow(asked.id));
      expect(body.embeds).toEqual([]);
      const match = PROGRESS.exec(body.content);
      expect(match, body.content).not.toBeNull();
      if (match?.[1] !== undefined) percents.push(Number(match[1]));
    }
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    // Never more often than progressIntervalMs (300 ms in tests), allowing for timer jitter.
    for (let i = 1; i < progress.length; i++) {
      expect((progress[i]?.at ?? 0) - (progress[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(250);
    }
    const body = answer.body as {
      content: string;
      components: unknown;
      embeds: { title: string; description: string }[];
    };
    expect(body.content).toBe('');
    // The Cancel button is gone; the answer's own button (the slow game has no rules) took its place.
    expect(JSON.stringify(body.components)).not.toContain('grundy-cancel:');
    expect(JSON.stringify(body.components)).toContain('"label":"Show the reasoning"');
    expect(body.embeds[0]?.title).toBe('First player wins');
    expect(body.embeds[0]?.description).toMatch(/^Spun for 1500 ms\./);
    expect(calls.at(-1)).toBe(answer);
  });

  test('only the asker can cancel; Cancel replaces the message and stops the solve', async () => {
    const asked = chatInput(h.games, 'slow', { ms: 30_000, tag: 'cancel' }, { fake: h.fake });
    expect(await post(h, asked)).toEqual({ type: 5, data: {} });
    await h.fake.waitFor((r) => r.params['token'] === asked.token, 'a progress edit with the Cancel button');

    const byBob = await post(h, buttonPress(`grundy-cancel:${asked.id}`, asked, { user: bob, fake: h.fake }));
    expect(byBob).toEqual({
      type: 4,
      data: {
        content: `Only <@${ada.id}>, who asked, can cancel this solve.`,
        flags: EPHEMERAL,
        allowed_mentions: { parse: [], users: [] },
      },
    });

    const byAda = (await post(h, buttonPress(`grundy-cancel:${asked.id}`, asked, { fake: h.fake }))) as {
      type: number;
      data: Record<string, unknown>;
    };
    const cancelledAt = Date.now();
    expect(byAda.type).toBe(7);
    expect(byAda.data).toEqual({
      content: expect.stringMatching(new RegExp(`^✖️ Cancelled by <@${ada.id}> after .+\\.$`)) as unknown,
      embeds: [],
      components: [],
      attachments: [],
      allowed_mentions: { parse: [], users: [] },
    });
    await waitUntil('the cancelled interaction to end', () => h.server.dispatcher.inFlight === 0, 5000);
    expect(h.fake.forToken(asked.token).filter((r) => r.at > cancelledAt)).toEqual([]);
    const metrics = await h.metrics.registry.getSingleMetricAsString('grundy_interactions_total');
    expect(metrics).toContain('grundy_interactions_total{kind="button",outcome="ok"} 2');
  });
});

describe('past the interaction-token lifetime (shortened to 3 s)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { INTERACTION_TOKEN_TTL_MS: '3000' }, fake: { tokenTtlMs: 3000 } });
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    // The fake refuses (and lists here) any use of an interaction token after 3 s.
    expect(h.fake.problems).toEqual([]);
  });

  test('warns before the token expires, then posts the answer in the channel, mentioning the asker', async () => {
    const asked = chatInput(h.games, 'slow', { ms: 4000, tag: 'fallback' }, { fake: h.fake });
    expect(await post(h, asked)).toEqual({ type: 5, data: {} });
    const posted = await h.fake.waitFor(
      (r) => r.route === 'POST /channels/:channel/messages',
      'the channel post',
      20_000,
    );
    expect(posted.params['channel']).toBe(CHANNEL_ID);
    expect(posted.authorization).toBe(`Bot ${h.fake.botToken}`);
    const body = posted.body as Record<string, unknown>;
    expect(body['content']).toBe(
      `<@${ada.id}> here is your answer (it took longer than Discord lets a reply stay open).`,
    );
    expect(body['allowed_mentions']).toEqual({ parse: [], users: [ada.id] });
    expect(body['components']).toEqual([]);
    expect((body['embeds'] as { title: string; description: string }[])[0]).toMatchObject({
      title: 'First player wins',
      description: expect.stringMatching(/^Spun for 4000 ms\./) as unknown,
    });
    const edits = h.fake.forToken(asked.token).map((r) => (r.body as { content: string }).content);
    expect(edits.at(-1)).toMatch(
      /^⏳ Still solving \*\*\/slow\*\* \(.+ so far\)\. Discord lets me edit this message only for a limited time, so the answer will be posted in this channel, mentioning you, when it is ready\.$/,
    );
  });
});

describe('shutdown while a solve runs', () => {
  test('the asker is told to ask again, ephemeral; nothing is left running', async () => {
    const h = await startHarness({ graceMs: 200 });
    try {
      const asked = chatInput(h.games, 'slow', { ms: 30_000, tag: 'shutdown' }, { fake: h.fake });
      expect(await post(h, asked)).toEqual({ type: 5, data: {} });
      await h.fake.waitFor((r) => r.params['token'] === asked.token, 'a progress edit');
      await h.server.close();
      expect(h.server.dispatcher.inFlight).toBe(0);
      const followUp = h.fake.forToken(asked.token).find((r) => r.route === 'POST /webhooks/:app/:token');
      expect(followUp?.body).toEqual({
        content: '⚠️ Grundy is restarting and had to stop this solve; please ask again in a minute.',
        flags: EPHEMERAL,
        allowed_mentions: { parse: [], users: [] },
      });
      expect(h.fake.problems).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
