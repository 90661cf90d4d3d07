/**
 * SEAGM at the full input size (10^5 cards up to 10^9). Kept apart from seagm.test.ts so that the mutation
 * run (`npm run mutate`, test/mutation/seagm.md) can leave it out: under Stryker's instrumentation these two
 * cases alone take longer than the rest of the SEAGM tests together.
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';

const params = (cards: number[]): SeagmParams => parseParams(seagm, { cards });

describe('SEAGM at the full size', () => {
  it.each([99_999, 100_000])(
    'answers exactly at the full size (n = %i, values up to 10^9 sharing the prime 31,607)',
    (n) => {
      let x = 12345;
      const cards = Array.from({ length: n }, () => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return 31_607 * (1 + (x % 31_600));
      });
      const r = seagm.solve(params(cards));
      // Every card shares 31,607: g never reaches 1, so parity decides both answers.
      expect(r.n).toBe(n);
      expect(r.gcdAll % 31_607).toBe(0);
      expect(r.firstWins).toBe(n % 2 === 1);
      expect(r.probability).toBeCloseTo(n % 2 === 1 ? 1 : 0, 9);
      expect(r.fraction).toBeNull();
      expect(r.endsOnTurn.slice(0, 11)).toEqual(Array.from({ length: 11 }, () => 0));
    },
  );
});
