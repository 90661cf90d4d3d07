/**
 * SEAGM on every small table, against the brute force: the whole result (verdict, winning first cards and
 * their count, exact fraction, turn table) and every refutation, whose reply may be missing only when the
 * brute force finds no winning reply at all. Random samples (seagm.test.ts) reach the positions where only
 * keeping g's primes wins ("stay" moves) too rarely to be trusted with them; this enumeration does not.
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { bruteReplyWins } from '../../src/games/seagm/brute.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';

/** Values with shared primes, repeats of a prime set (2, 4, 8), several primes (6, 10, 15, 30) and the card 1. */
const VALUES = [1, 2, 3, 4, 5, 6, 8, 9, 10, 15, 30] as const;

function* multisets(maxSize: number, from = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length > 0) yield prefix;
  if (prefix.length === maxSize) return;
  for (let i = from; i < VALUES.length; i++) yield* multisets(maxSize, i, [...prefix, VALUES[i] ?? 1]);
}

describe('SEAGM: every multiset of up to 5 cards from 1, 2, 3, 4, 5, 6, 8, 9, 10, 15, 30', () => {
  it('the fast solver agrees with the brute force on the whole result, and every refutation holds', () => {
    let tables = 0;
    let refuted = 0;
    for (const cards of multisets(5)) {
      tables++;
      const p: SeagmParams = parseParams(seagm, { cards });
      const fast = seagm.solve(p);
      const brute = seagm.brute.solve(p);
      const { probability, endsOnTurn, refutations, ...exact } = fast;
      const { probability: bp, endsOnTurn: be, refutations: _br, ...bruteExact } = brute;
      expect([cards, exact]).toEqual([cards, bruteExact]);
      expect(probability).toBeCloseTo(bp, 12);
      expect(endsOnTurn).toHaveLength(be.length);
      endsOnTurn.forEach((v, i) => expect(v).toBeCloseTo(be[i] ?? -1, 12));
      if (fast.firstWins) {
        expect(refutations).toEqual([]);
        continue;
      }
      // Every first card (up to 8 prime sets) is refuted, smallest value of each set first.
      expect(refutations.length).toBeGreaterThan(0);
      for (const { card, reply } of refutations) {
        expect(cards).toContain(card);
        const rest = [...cards];
        rest.splice(rest.indexOf(card), 1);
        const winning = [...new Set(rest)].filter((r) => bruteReplyWins(cards, card, r));
        if (reply === null) expect([cards, card, winning]).toEqual([cards, card, []]);
        else expect(winning, `${cards.join(' ')}: after ${card}`).toContain(reply);
        if (reply !== null) refuted++;
      }
    }
    // The enumeration really covers the tables it claims, and many refutations name a reply.
    expect(tables).toBe(4367);
    expect(refuted).toBeGreaterThan(500);
  });
});
