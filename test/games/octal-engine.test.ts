/**
 * The sparse-space engine against the plain quadratic engine (every split of every heap walked) on random
 * codes, at sizes where the mask is rechosen several times and rare positions pile up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRule, ValueTable } from '../../src/games/octal/engine.js';

const SLOW_MS = 60_000;

/** G(0..last) by the plain method: no checkpoint is reached, so no mask is ever chosen. */
function plainValues(digits: readonly number[], last: number): number[] {
  const table = new ValueTable(makeRule(digits), last + 1);
  const values = Array.from(table.valuesTo(last, false));
  expect(table.rarePositions).toBe(-1);
  return values;
}

/** Digits d1..dk with dk non-zero and at least one splitting digit (4, 5, 6 or 7), so the sparse path runs. */
const splittingCode = fc
  .array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 5 })
  .chain((digits) =>
    fc.integer({ min: 0, max: digits.length - 1 }).map((at) => {
      const out = [...digits];
      out[at] = (out[at] ?? 0) | 4;
      if (out[out.length - 1] === 0) out[out.length - 1] = 4;
      return out;
    }),
  );

describe('octal engine: sparse space against the plain method', () => {
  it(
    'gives the same G(0..n) for random codes, n up to 3,000, whichever mask is chosen and when',
    () => {
      let sparse = 0;
      fc.assert(
        fc.property(
          splittingCode,
          fc.integer({ min: 500, max: 3000 }),
          fc.constantFrom(16, 64, 256),
          (digits, last, checkpoint) => {
            const table = new ValueTable(makeRule(digits), checkpoint, true);
            const got = Array.from(table.valuesTo(last, false));
            if (table.rarePositions >= 0) sparse++;
            expect(got, `0.${digits.join('')} to ${last}`).toEqual(plainValues(digits, last));
          },
        ),
        { numRuns: 40, seed: 20 },
      );
      // The property really exercised the sparse-space path, not only the plain fallback.
      expect(sparse).toBeGreaterThan(30);
    },
    SLOW_MS,
  );

  it(
    'gives the same values when the engine picks its own mask (the solver’s way), codes with long starts',
    () => {
      for (const code of ['6', '16', '007', '56', '764', '106', '414']) {
        const digits = [...code].map(Number);
        const table = new ValueTable(makeRule(digits));
        expect(Array.from(table.valuesTo(4500, false)), code).toEqual(plainValues(digits, 4500));
      }
    },
    SLOW_MS,
  );
});
