/**
 * A finished answer survives a flaky connection to Discord: the fake Discord drops the sockets of chosen
 * requests, and the answer still arrives exactly once, by the edit (retried), a follow-up, or a channel post.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../support/bot-harness.js';
import type { FakeMessage, RecordedRequest } from '../support/fake-discord.js';
import { ada, chatInput, CHANNEL_ID, postInteraction } from '../support/interactions.js';

const hasEmbed = (body: unknown): boolean => JSON.stringify(body ?? null).includes('"embeds":[{');

describe('delivering a finished answer over a flaky connection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      settings: {
        delivery: { attemptsPerWay: 3, firstDelayMs: 50, maxDelayMs: 200 },
        firstProgressMs: 60_000,
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  /** Asks a question that is deferred at once (the slow fixture, 1.2 s); returns its token. */
  async function askDeferred(tag: string): Promise<string> {
    const built = chatInput(h.games, 'slow', { ms: 1200, tag }, { fake: h.fake });
    const response = await postInteraction(h.server.url, h.keys, built.payload);
    expect(response.json).toEqual({ type: 5, data: {} });
    return built.token;
  }

  const answers = (token: string): RecordedRequest[] =>
    h.fake.forToken(token).filter((r) => r.status < 300 && hasEmbed(r.body));

  test('dropped edits are retried: the answer arrives by the edit, once', async () => {
    const token = await askDeferred('edit-retry');
    h.fake.dropConnections((r) => r.method === 'PATCH' && r.path.includes(token) && hasEmbed(r.body), 2);
    await h.fake.waitFor((r) => r.params['token'] === token && hasEmbed(r.body), 'the answer edit');
    expect(h.fake.dropped.filter((r) => r.path.includes(token))).toHaveLength(2);
    expect(answers(token).map((r) => r.route)).toEqual(['PATCH /webhooks/:app/:token/messages/@original']);
    expect(h.fake.problems).toEqual([]);
  });

  test('when the edit never gets through, the answer comes as a follow-up', async () => {
    const token = await askDeferred('follow-up');
    h.fake.dropConnections((r) => r.method === 'PATCH' && r.path.includes(token) && hasEmbed(r.body));
    await h.fake.waitFor(
      (r) => r.params['token'] === token && r.route === 'POST /webhooks/:app/:token' && hasEmbed(r.body),
      'the answer as a follow-up',
    );
    expect(answers(token).map((r) => r.route)).toEqual(['POST /webhooks/:app/:token']);
    expect(h.fake.problems).toEqual([]);
  });

  test('when no webhook call gets through, the answer is posted in the channel, mentioning the asker', async () => {
    const token = await askDeferred('channel');
    h.fake.dropConnections((r) => r.path.includes(token) && hasEmbed(r.body));
    const posted = await h.fake.waitFor(
      (r) =>
        r.route === 'POST /channels/:channel/messages' &&
        JSON.stringify(r.body).includes(`<@${ada.id}> here is your answer`),
      'the answer posted in the channel',
    );
    const body = posted.body as { content: string; allowed_mentions: { users: string[] } };
    expect(body.content).toBe(`<@${ada.id}> here is your answer (the reply could not be edited).`);
    expect(body.allowed_mentions.users).toEqual([ada.id]);
    expect(hasEmbed(posted.body)).toBe(true);
    const inChannel: FakeMessage[] = h.fake
      .channelMessages(CHANNEL_ID)
      .filter((m) => m.via === 'channel' && hasEmbed(m.body));
    expect(inChannel).toHaveLength(1);
    expect(answers(token)).toEqual([]);
    expect(h.fake.problems).toEqual([]);
  });

  test('an immediate answer with a file (thinking, then an edit) survives a failed edit too', async () => {
    // This answer's explanation is too long for the embed, so it comes with a file: over HTTP, a deferred
    // response and then an edit, which is what gets dropped here.
    const built = chatInput(h.games, 'seagm', { numbers: '2 4 8 16 32' }, { fake: h.fake });
    h.fake.dropConnections((r) => r.method === 'PATCH' && r.path.includes(built.token) && hasEmbed(r.body));
    const response = await postInteraction(h.server.url, h.keys, built.payload);
    expect(response.json).toEqual({ type: 5, data: {} });
    const followUp = await h.fake.waitFor(
      (r) =>
        r.params['token'] === built.token && r.route === 'POST /webhooks/:app/:token' && hasEmbed(r.body),
      'the answer as a follow-up',
    );
    expect(followUp.files.map((f) => f.filename)).toHaveLength(1);
    expect(answers(built.token)).toHaveLength(1);
    expect(h.fake.problems).toEqual([]);
  });
});
