import { describe, expect, it } from 'vitest';
import { decodeAnswer } from '../../src/jobs/answer.js';
import { MemoryAnswerCache } from '../../src/jobs/cache.js';
import { createCatalog } from '../../src/games/catalog.js';

const seagm = createCatalog().resolveGame('seagm');
const params = { cards: [2, 3, 6] };
const result: unknown = seagm.solve(params);
const answer = { result, explanation: seagm.explain(params, result), solveMs: 1.5 };

describe('answer cache (in-process) and answer validation', () => {
  it('stores copies, and validates what it hands back', async () => {
    const cache = new MemoryAnswerCache(10, 60);
    await cache.set('k', answer);
    const hit = await cache.get(seagm, 'k');
    expect(hit).toEqual(answer);
    expect(hit).not.toBe(answer);
    expect(await cache.get(seagm, 'missing')).toBeUndefined();
  });

  it('keeps at most CACHE_MAX_ENTRIES answers (a TTL of 0: no expiry)', async () => {
    for (const ttl of [60, 0]) {
      const small = new MemoryAnswerCache(2, ttl);
      for (const key of ['a', 'b', 'c']) await small.set(key, answer);
      expect(await small.get(seagm, 'a')).toBeUndefined();
      expect(await small.get(seagm, 'c')).toEqual(answer);
    }
  });

  it('refuses answers that do not fit the game', () => {
    expect(decodeAnswer(seagm, JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    expect(decodeAnswer(seagm, { ...answer, result: { n: 'three' } })).toBeUndefined();
    expect(
      decodeAnswer(seagm, { ...answer, explanation: { ...answer.explanation, outcome: 'draw' } }),
    ).toBeUndefined();
    expect(decodeAnswer(seagm, { ...answer, solveMs: -1 })).toBeUndefined();
  });
});
