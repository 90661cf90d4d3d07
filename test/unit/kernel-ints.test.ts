/**
 * The kernel's list reading (readIntsKernel: a judge's numbers, such as SEAGM's cards) against a definition
 * written here, and its radix sort against Array's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternatingSumsKernel, distinctRunsKernel, readIntsKernel } from '../../src/games/seagm/kernel.js';
import { sortNonNegativeKernel } from '../../src/math/u64-kernel.js';
import { runs } from '../support/runs.js';

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

/**
 * What readIntsKernel should read from `bytes` by definition: numbers while each is a token of 1 to 10 decimal
 * digits from lo to hi followed by whitespace (or by the end, when the input ends there), at most `most`;
 * where it stops (after the last one), with the newlines before.
 */
function readByDefinition(bytes: Uint8Array, eof: boolean, lo: number, hi: number, most: number) {
  let pos = 0;
  let newlines = 0;
  const read = { values: [] as number[], consumed: 0, newlines: 0 };
  while (read.values.length < most) {
    while (pos < bytes.length && isSpace(bytes[pos] ?? 0)) if (bytes[pos++] === 10) newlines++;
    const start = pos;
    while (pos < bytes.length && !isSpace(bytes[pos] ?? 0)) pos++;
    const text = String.fromCharCode(...bytes.subarray(start, pos));
    if (!/^[0-9]{1,10}$/.test(text) || (pos === bytes.length && !eof)) break;
    const value = Number(text);
    if (value < lo || value > hi) break;
    read.values.push(value);
    read.consumed = pos;
    read.newlines = newlines;
  }
  return read;
}

/** A token: a number padded to a width (1 to 11 characters), maybe with one byte replaced. */
const token = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 20 }),
      fc.constant(9_999_999_999),
    ),
    fc.integer({ min: 1, max: 11 }),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom(0, 43, 45, 47, 58, 97, 255)), { freq: 8 }),
  )
  .map(([value, width, replaced]) => {
    const codes = Array.from(String(value).padStart(width, '0'), (c) => c.charCodeAt(0));
    if (replaced !== null) codes[replaced[0] % codes.length] = replaced[1];
    return codes;
  });

describe('kernel: a list of numbers', () => {
  it('reads plain numbers from lo to hi as the definition does, and stops where it does', () => {
    const space = fc.constantFrom([32], [10], [9], [13, 10], [11], [12], [32, 32], [10, 10]);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, space), { maxLength: 30, size: 'max' }),
        fc.nat(2),
        fc.boolean(),
        fc.constantFrom([1, 1_000_000_000], [0, 2 ** 31 - 1], [5, 17]),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(3),
        (tokens, lead, eof, [lo = 0, hi = 0], most, at) => {
          const bytes = Uint8Array.from([
            ...Array<number>(lead).fill(32),
            ...tokens.flatMap(([codes, after]) => [...codes, ...after]),
          ]);
          const expected = readByDefinition(bytes, eof, lo, hi, most);
          const into = new Int32Array(at + 40).fill(-7);
          const run = readIntsKernel(bytes, eof, most, lo, hi, into, at);
          expect({
            values: [...into.subarray(at, at + run.tests)],
            consumed: run.consumed,
            newlines: run.newlines,
          }).toEqual(expected);
          // Nothing written before `at` or after the numbers read.
          expect([...into.subarray(0, at), ...into.subarray(at + run.tests)].every((v) => v === -7)).toBe(
            true,
          );
        },
      ),
      { numRuns: runs(1500) },
    );
  });

  it('stops at the end of the array it fills', () => {
    const bytes = new TextEncoder().encode('1 2 3 4 5 ');
    const into = new Int32Array(4);
    const run = readIntsKernel(bytes, true, 10, 1, 9, into, 1);
    expect([run.tests, run.consumed, [...into]]).toEqual([3, 5, [0, 1, 2, 3]]);
  });
});

describe('kernel: runs of equal values', () => {
  it('gives each value of a sorted list once, with how often it comes, as the definition does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 40 })), {
          maxLength: 3000,
          size: 'max',
        }),
        (drawn) => {
          const sorted = [...drawn].sort((a, b) => a - b);
          const counted = new Map<number, number>();
          for (const v of sorted) counted.set(v, (counted.get(v) ?? 0) + 1);
          const { values, multiplicity } = distinctRunsKernel(sorted);
          expect({ values: [...values], multiplicity: [...multiplicity] }).toEqual({
            values: [...counted.keys()],
            multiplicity: [...counted.values()],
          });
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

/**
 * SEAGM's S(c) for c in 0..n in doubles, as the JavaScript judge computed them before the kernel did: f(c) by the
 * forward recurrence below n/3 and the backward one above, then S(c) = 1 - (n + 1) f(c).
 */
function alternatingSumsByDefinition(n: number): number[] {
  const f = Array<number>(n + 1).fill(0);
  const split = Math.floor(n / 3);
  f[0] = 1 / (n + 1);
  for (let c = 1; c <= split; c++) f[c] = (1 - 2 * c * (f[c - 1] ?? 0)) / (n - c + 1);
  f[n] = n % 2 === 0 ? 1 / (n + 1) : 0;
  for (let c = n; c > split + 1; c--) f[c - 1] = (1 - (n - c + 1) * (f[c] ?? 0)) / (2 * c);
  return f.map((x) => 1 - (n + 1) * x);
}

describe("kernel: SEAGM's alternating sums", () => {
  it('gives the same doubles, bit for bit, as the recurrences in JavaScript', () => {
    const sizes = [1, 2, 3, 4, 5, 6, 7, 99, 100, 101, 102, 1_000, 9_999, 100_000];
    for (const n of sizes) {
      const got = [...alternatingSumsKernel(n)];
      const expected = alternatingSumsByDefinition(n);
      expect(got.length).toBe(n + 1);
      // Object.is tells 0 from -0 too: the same bits, not just close values.
      const differs = got.findIndex((x, c) => !Object.is(x, expected[c]));
      expect(differs, `n = ${n}, c = ${differs}`).toBe(-1);
    }
  });
});

describe('kernel: radix sort', () => {
  it('sorts non-negative numbers as Array.prototype.sort does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 2 ** 31 - 1 }),
            fc.integer({ min: 0, max: 300 }),
            fc.constantFrom(0, 255, 256, 65_535, 65_536, 2 ** 24, 2 ** 31 - 1),
          ),
          { maxLength: 3000, size: 'max' },
        ),
        (values) => {
          const sorted = Int32Array.from(values);
          sortNonNegativeKernel(sorted);
          expect([...sorted]).toEqual([...values].sort((a, b) => a - b));
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
