/**
 * The sparse-space engine against the plain quadratic engine (every split of every heap walked) on random
 * codes, at sizes where the mask is rechosen several times and rare positions pile up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRule, ValueTable } from '../../src/games/octal/engine.js';
import { definitionValues } from './octal.reference.js';

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

describe('octal engine: the plain method against the definition', () => {
  it(
    'gives the definition’s values whether or not its first splits already find the mex',
    () => {
      // The plain method stamps the first splits of each rest, takes the smallest value they miss as a
      // candidate, and searches the other splits for it with no store. For n from 2,000 to 2,500 the candidates
      // of 0.7 and 0.17 are always right, those of 0.106 seven times in ten, those of 0.142, 0.36 and 0.764
      // hardly ever, and those of 0.06, 0.004 and 0.76 (values that keep growing) never. 0.76 has two splits and
      // 0.764 three; all but 0.06 and 0.004 have moves that leave one heap too.
      for (const code of ['106', '06', '76', '142', '004', '7', '17', '36', '764'])
        expect(Array.from(plainValues([...code].map(Number), 2500)), `0.${code}`).toEqual(
          Array.from(definitionValues([...code].map(Number), 2500)),
        );
      fc.assert(
        fc.property(splittingCode, fc.integer({ min: 100, max: 2000 }), (digits, last) => {
          expect(Array.from(plainValues(digits, last)), `0.${digits.join('')} to ${last}`).toEqual(
            Array.from(definitionValues(digits, last)),
          );
        }),
        { numRuns: 30, seed: 22 },
      );
    },
    SLOW_MS,
  );
});

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
    'gives the same values where the walks over the splits start far out (codes whose walks run long)',
    () => {
      // By 8,000 the walks of these codes often find their last missing value past split 256, so the next
      // walk starts there and a second walk covers the splits before it.
      for (const code of ['6', '64', '74', '444', '16', '165'])
        for (const checkpoint of [16, 1024]) {
          const digits = [...code].map(Number);
          const table = new ValueTable(makeRule(digits), checkpoint, true);
          expect(Array.from(table.valuesTo(8000, false)), `${code} from ${checkpoint}`).toEqual(
            plainValues(digits, 8000),
          );
        }
      fc.assert(
        fc.property(splittingCode, fc.integer({ min: 5000, max: 9000 }), (digits, last) => {
          const table = new ValueTable(makeRule(digits), 64, true);
          expect(Array.from(table.valuesTo(last, false)), `0.${digits.join('')} to ${last}`).toEqual(
            plainValues(digits, last),
          );
        }),
        { numRuns: 15, seed: 21 },
      );
    },
    SLOW_MS,
  );

  it(
    'keeps the work per value low where the values change their ways far out (0.143 past 370,000)',
    () => {
      // 0.143 takes 16 and 18 from about 370,000 on: rare under the mask chosen at 262,144, and some rare
      // option values then come only from splits with one heap before the change. Rechoosing the mask at once
      // and starting the walks where they last ended keep G(0..450,000) under 1,500 steps a value (about
      // 900); with neither it is about 6,700 and growing, with only the mask about 4,000.
      const table = new ValueTable(makeRule([1, 4, 3]));
      table.valuesTo(450_000, false);
      expect(table.workDone / 450_000).toBeLessThan(1500);
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
