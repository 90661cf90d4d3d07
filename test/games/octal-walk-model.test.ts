/**
 * The octal kernel's sparse-space step against a model of it written here in plain JavaScript, value by value:
 * the options stamped, the smallest missing common value, and the two walks over the splits taking turns in
 * blocks, ending at the very split where the last rare value below it turns up. The values alone cannot tell a
 * walk that stops late (every option it stamps is a true one); the work it counts and where the next walk
 * starts can, and budgets and speed rest on both. The kernel walks one to three splits four at a time
 * (scripts/kernel/octal.ts, fixedSplits): this checks that those walks end where one-by-one walks do.
 */
import { describe, expect, it } from 'vitest';
import { readOctalCode } from '../../src/games/octal/code.js';
import { makeRule, ValueTable } from '../../src/games/octal/engine.js';
import { OCTAL_WALK_BACK, OCTAL_WALK_BLOCK } from '../../src/games/octal/kernel.js';

/** What the model reads of a table between two values (private fields, read for the test only). */
interface TableState {
  readonly mask: number;
  readonly rare: Int32Array;
  readonly rareCount: number;
  readonly walkFrom: number;
  readonly values: Int32Array;
}

/** Common: v & mask has an odd number of bits (written here again, not imported). */
function common(v: number, mask: number): boolean {
  let bits = 0;
  for (let x = v & mask; x !== 0; x &= x - 1) bits++;
  return bits % 2 === 1;
}

/** The work G(n) costs, G(n), and where the next walk starts, as the kernel's octalSparse computes them. */
function modelStep(
  digits: readonly number[],
  state: TableState,
  n: number,
): { work: number; value: number; walkFrom: number } {
  const k = digits.length;
  const splits = digits.flatMap((d, i) => (d & 4 ? [i + 1] : []));
  const g = state.values;
  const stamped = new Set<number>();
  if (n <= k && (digits[n - 1]! & 1) !== 0) stamped.add(0);
  digits.forEach((d, i) => {
    if (d & 2 && n - (i + 1) >= 1) stamped.add(g[n - (i + 1)]!);
  });
  const rare = Array.from(state.rare.subarray(0, state.rareCount));
  for (const s of splits) for (const a of rare) if (a < n - s) stamped.add(g[a]! ^ g[n - s - a]!);
  let work = rare.length * splits.length;
  const missing = (isCommon: boolean, from = 0): number => {
    let v = from;
    while (stamped.has(v) || common(v, state.mask) !== isCommon) v++;
    return v;
  };
  const sc = missing(true);
  let cand = missing(false);
  let walkFrom = state.walkFrom;
  if (cand < sc) {
    const half = (n - splits[0]!) >> 1;
    const resume = Math.min(walkFrom, half + 1);
    let low = 1;
    let high = resume;
    let highTurn = true;
    let looked = 0;
    while (cand < sc && (low < resume || high <= half)) {
      if (low >= resume) highTurn = true;
      else if (high > half) highTurn = false;
      const from = highTurn ? high : low;
      const upTo = Math.min(highTurn ? half : resume - 1, from + OCTAL_WALK_BLOCK - 1);
      let seen = upTo - from + 1;
      walk: for (let a = from; a <= upTo; a++) {
        for (const s of splits) {
          if (n - s < 2 * a) break;
          const x = g[a]! ^ g[n - s - a]!;
          stamped.add(x);
          if (x === cand) {
            cand = missing(false, cand);
            if (cand > sc) {
              seen = a - from + 1;
              break walk;
            }
          }
        }
      }
      looked += seen;
      cand = missing(false, cand);
      if (highTurn) {
        high += seen;
        if (cand > sc) walkFrom = Math.max(1, high - (OCTAL_WALK_BACK + 1));
      } else low += seen;
      highTurn = !highTurn;
    }
    work += looked * splits.length;
  }
  return { work, value: Math.min(cand, sc), walkFrom };
}

describe('octal kernel: the sparse step against a model, value by value', () => {
  // One, two and three splitting digits, with walks short and long (0.6 and 0.143 walk thousands of splits).
  it.each([
    ['0.6', '0.143', '0.16', '0.351'],
    ['0.064', '0.166', '0.377', '0.416', '0.545'],
    ['0.444', '0.644', '0.744', '0.774', '0.754', '0.77'],
  ])(
    '%s and others: the work, the value and where the next walk starts, for every n from 1,025 to 3,000',
    (...codes) => {
      for (const code of codes) {
        const digits = readOctalCode(code).digits;
        const table = new ValueTable(makeRule(digits));
        table.valuesTo(1024, false);
        const state = table as unknown as TableState;
        let walked = 0;
        for (let n = 1025; n <= 3000; n++) {
          // The plain method (no sparse space chosen, 0.444 early on) has no walks to model.
          if (state.mask === 0) {
            table.valuesTo(n, false);
            continue;
          }
          const expected = modelStep(digits, state, n);
          const before = table.workDone;
          table.valuesTo(n, false);
          // A stride point may choose another mask after G(n): the step itself ran under the one read above.
          expect(
            { work: table.workDone - before, value: state.values[n], walkFrom: state.walkFrom },
            `${code}, n = ${n}`,
          ).toEqual(expected);
          walked += expected.work;
        }
        expect(walked, code).toBeGreaterThan(0);
      }
    },
  );
});
