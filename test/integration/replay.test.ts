/**
 * A signed interaction sent twice (a replay within the signature window) is answered once with the work and
 * once with a short notice, never worked twice: in one process (memory) and across two `serve` processes that
 * share Redis (SET NX with a TTL under the prefix).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import { chatInput, postInteraction, type BuiltInteraction } from '../support/interactions.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from './helpers.js';

const replayNotice = {
  type: 4,
  data: {
    content: 'Grundy already received this interaction; its answer is on its way or already posted.',
    flags: 64,
    allowed_mentions: { parse: [] },
  },
};

function handledCount(h: Harness, built: BuiltInteraction): number {
  return h.logs.lines.filter(
    (line) => line.includes('"interaction handled"') && line.includes(`"interactionId":"${built.id}"`),
  ).length;
}

describe('replayed interactions, one process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('the same signed request twice: answered, then a notice; handled once', async () => {
    const built = chatInput(h.games, 'seagm', { numbers: '2 6 3' }, { fake: h.fake });
    const first = await postInteraction(h.server.url, h.keys, built.payload);
    // Answered (type 4) or deferred for its picture (type 5): either way, the work was started.
    expect([4, 5]).toContain((first.json as { type: number }).type);
    const again = await postInteraction(h.server.url, h.keys, built.payload);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(replayNotice);
    expect(discordSchemas().validate('interactionCallback', again.json)).toBeUndefined();
    expect(handledCount(h, built)).toBe(1);
    expect(h.fake.problems).toEqual([]);
  });
});

describe('replayed interactions, two serve processes sharing Redis', () => {
  const prefix = uniquePrefix('replay');
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const env = { REDIS_URL, GRUNDY_PREFIX: prefix };
    a = await startHarness({ env });
    b = await startHarness({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await deleteKeys(prefix);
  });

  test('a replay to the other process is recognised there', async () => {
    const built = chatInput(a.games, 'seagm', { numbers: '4 6 9' }, { fake: a.fake });
    const first = await postInteraction(a.server.url, a.keys, built.payload);
    // Answered (type 4) or deferred for its picture (type 5): either way, the work was started.
    expect([4, 5]).toContain((first.json as { type: number }).type);
    // The same request signed by the key b trusts, as Discord would sign it.
    const again = await postInteraction(b.server.url, b.keys, built.payload);
    expect(again.json).toEqual(replayNotice);
    expect(handledCount(a, built) + handledCount(b, built)).toBe(1);
  });
});
