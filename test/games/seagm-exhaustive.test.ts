/**
 * SEAGM on every small table, against the brute force: the whole result (verdict, winning first cards and
 * their count, exact fraction, turn table) and every refutation, whose reply may be missing only when the
 * brute force finds no winning reply at all. Random samples (seagm.test.ts) reach the positions where only
 * keeping g's primes wins ("stay" moves) too rarely to be trusted with them; this enumeration does not.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { bruteReplyWins } from '../../src/games/seagm/brute.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';

/** Values with shared primes, repeats of a prime set (2, 4; 37, 1369), several primes (74, 226, 4181, 8362) and the card 1. */
// Primes 2, 37, 113 and 1597: 1597, 37 * 113 = 4181 and 2 * 4181 hash to slot 0 of a 1024-slot divisor table
// (the edge of the probe), so some tables keep a count there.
const VALUES = [1, 2, 4, 37, 74, 113, 226, 1369, 1597, 4181, 8362] as const;

/** The product of the distinct primes of v, by trial division. */
function radical(v: number): number {
  let r = 1;
  for (let p = 2, m = v; m > 1; p++) {
    if (m % p === 0) r *= p;
    while (m % p === 0) m /= p;
  }
  return r;
}

function* multisets(maxSize: number, from = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length > 0) yield prefix;
  if (prefix.length === maxSize) return;
  for (let i = from; i < VALUES.length; i++) yield* multisets(maxSize, i, [...prefix, VALUES[i] ?? 1]);
}

describe('SEAGM: every multiset of up to 5 cards from 1, 2, 4, 37, 74, 113, 226, 37^2, 1597, 37 * 113, 2 * 37 * 113', () => {
  it('the fast solver agrees with the brute force on the whole result, and every refutation holds', () => {
    let tables = 0;
    let refuted = 0;
    // Mismatches are collected and compared once: an expect per table would cost most of the run.
    const wrong: unknown[] = [];
    const close = (x: number, y: number): boolean => Math.abs(x - y) < 5e-13;
    for (const cards of multisets(5)) {
      tables++;
      const p: SeagmParams = parseParams(seagm, { cards });
      const fast = seagm.solve(p);
      const brute = seagm.brute.solve(p);
      const { probability, endsOnTurn, refutations, ...exact } = fast;
      const { probability: bp, endsOnTurn: be, refutations: _br, ...bruteExact } = brute;
      if (
        !isDeepStrictEqual(exact, bruteExact) ||
        !close(probability, bp) ||
        endsOnTurn.length !== be.length ||
        endsOnTurn.some((v, i) => !close(v, be[i] ?? -1))
      ) {
        wrong.push({ cards, fast, brute });
      }
      if (fast.firstWins) {
        if (refutations.length > 0) wrong.push({ cards, refutations });
        continue;
      }
      // The smallest card of each of the first 8 prime sets (ascending) is refuted, once.
      const firsts = [...new Set(cards)].filter(
        (v, i, all) => all.findIndex((u) => radical(u) === radical(v)) === i,
      );
      const named = refutations.map((r) => r.card);
      if (!isDeepStrictEqual(named, firsts.slice(0, 8))) wrong.push({ cards, named });
      for (const { card, reply } of refutations) {
        const rest = [...cards];
        rest.splice(rest.indexOf(card), 1);
        const winning = [...new Set(rest)].filter((r) => bruteReplyWins(cards, card, r));
        const holds = reply === null ? winning.length === 0 : winning.includes(reply);
        if (!cards.includes(card) || !holds) wrong.push({ cards, card, reply, winning });
        if (reply !== null) refuted++;
      }
    }
    expect(wrong).toEqual([]);
    // The enumeration really covers the tables it claims, and many refutations name a reply.
    expect(tables).toBe(4367);
    expect(refuted).toBeGreaterThan(500);
  });
});
