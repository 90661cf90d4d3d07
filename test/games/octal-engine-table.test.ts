/**
 * The octal engine's table bookkeeping against the definition (the brute force) and a plain period scan:
 * where proofs are tried and recorded, what a resumed table does, the sparse path from the very first heaps,
 * the memory it reports. Fast (under a second): `npm run mutate` runs it for every mutant of engine.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteValues } from '../../src/games/octal/brute.js';
import { makeRule, ValueTable } from '../../src/games/octal/engine.js';
import { runs } from '../support/runs.js';
import { scanPeriod } from './octal.reference.js';

const ruleOf = (digits: string) => makeRule([...digits].map(Number));

/** Dawson's chess (0.137): periodic, but not provable before G(0..256) with checkpoints 8, 16, ... */
const dawson = bruteValues('0.137', 300);
let firstProof = 8;
while (scanPeriod(dawson, firstProof, 3) === null) firstProof *= 2;
const dawsonPeriod = scanPeriod(dawson, firstProof, 3)!;

describe('octal engine: the table’s bookkeeping', () => {
  it('valuesTo proves the least period at the first checkpoint that can, then fills without work', () => {
    expect(firstProof).toBe(256);
    const table = new ValueTable(ruleOf('137'), 8);
    expect(Array.from(table.valuesTo(300))).toEqual(dawson);
    expect([table.length, table.checkedTo]).toEqual([301, firstProof / 2]);
    expect(table.period).toEqual(dawsonPeriod);
    // Memory: at least the values held, at most twice as many.
    expect(table.size).toBeGreaterThanOrEqual(301);
    expect(table.size).toBeLessThanOrEqual(2 * 301);
    const work = table.workDone;
    const far = table.valuesTo(5000);
    expect([table.length, table.workDone]).toEqual([5001, work]);
    const { preperiod, period } = dawsonPeriod;
    for (const n of [301, 1000, 4999, 5000])
      expect(far[n], `G(${n})`).toBe(dawson[preperiod + ((n - preperiod) % period)]);
  });

  it('valuesTo without the period computes every value and proves nothing', () => {
    const table = new ValueTable(ruleOf('137'), 8);
    expect(Array.from(table.valuesTo(300, false))).toEqual(dawson);
    expect([table.length, table.checkedTo, table.period]).toEqual([301, -1, null]);
    // reach on the values already there still tries the proofs.
    table.reach(300);
    expect(table.period).toEqual(dawsonPeriod);
    expect([table.length, table.checkedTo]).toEqual([301, firstProof / 2]);
    // A proven table answers at once, with or without a progress callback.
    table.reach(9000);
    expect(table.length).toBe(301);
  });

  it('reach records the failed proofs up to its target and never goes back', () => {
    const g = bruteValues('0.6', 130);
    const table = new ValueTable(ruleOf('6'), 8);
    table.reach(1);
    expect([table.length, table.checkedTo]).toEqual([2, 1]);
    table.reach(600);
    expect([table.length, table.checkedTo, table.period]).toEqual([601, 600, null]);
    expect(Array.from(table.values.subarray(0, 131))).toEqual(g);
    table.reach(300);
    expect([table.length, table.checkedTo]).toEqual([601, 600]);
    const proven = new ValueTable(ruleOf('137'), 8);
    proven.reach(300);
    expect(proven.period).toEqual(dawsonPeriod);
    expect([proven.length, proven.checkedTo]).toEqual([firstProof + 1, firstProof / 2]);
  });

  it('a resumed reach does the same work and keeps the same sparse space as a fresh one', () => {
    // 600 lies between checkpoints; 512 is one, where the first reach must still choose the next mask.
    for (const code of ['6', '16', '54'])
      for (const first of [600, 512]) {
        const resumed = new ValueTable(ruleOf(code), 8);
        resumed.reach(first);
        resumed.reach(1100);
        const fresh = new ValueTable(ruleOf(code), 8);
        fresh.reach(1100);
        expect([resumed.workDone, resumed.rarePositions], `${code} from ${first}`).toEqual([
          fresh.workDone,
          fresh.rarePositions,
        ]);
      }
  });

  it('gives each table its own values and work when tables take turns in the kernel', () => {
    // One kernel per thread holds one table at a time: a table that another one displaced lays itself out
    // again, with the values, rare positions and stamps it had (and values the plain method added since).
    const codes = ['6', '16', '54', '404'];
    const alone = codes.map((code) => {
      const table = new ValueTable(ruleOf(code), 8, true);
      const values = Array.from(table.valuesTo(900, false));
      return { values, work: table.workDone, rare: table.rarePositions };
    });
    const tables = codes.map((code) => new ValueTable(ruleOf(code), 8, true));
    for (let n = 37; n <= 900; n += 37) for (const table of tables) table.valuesTo(Math.min(n, 900), false);
    tables.forEach((table) => table.valuesTo(900, false));
    expect(
      tables.map((table) => ({
        values: Array.from(table.values.subarray(0, 901)),
        work: table.workDone,
        rare: table.rarePositions,
      })),
    ).toEqual(alone);
    expect(alone.map(({ values }, i) => values.join() === bruteValues(`0.${codes[i]}`, 900).join())).toEqual(
      codes.map(() => true),
    );
  });

  it('computes on past values a proven period filled in, in the sparse space', () => {
    // Dawson's Kayles (0.07): its period is proven at the checkpoint 256.
    const table = new ValueTable(ruleOf('07'), 8, true);
    table.valuesTo(256);
    expect(table.period).not.toBeNull();
    expect(table.rarePositions).toBeGreaterThanOrEqual(0);
    // G(257..276) come from the period, not the kernel, within the room the table has (nothing is laid out
    // again): the kernel must hold them before it computes on.
    const room = table.size;
    table.valuesTo(276);
    expect(room).toBeGreaterThan(277);
    expect(Array.from(table.valuesTo(room - 1, false))).toEqual(bruteValues('0.07', room - 1));
    expect(table.size).toBe(room);
  });

  it('gives the kernel room for a large table, every value computed', () => {
    // Kayles (0.77): period 12 from 72. 300,000 values and as many rare positions take 2.4 MB of the kernel's
    // memory, more than any table before them in these tests: the memory must grow to fit them.
    const kayles = bruteValues('0.77', 100);
    const values = new ValueTable(ruleOf('77')).valuesTo(300_000, false);
    for (const n of [0, 71, 72, 100, 299_999, 300_000])
      expect(values[n], `G(${n})`).toBe(kayles[n < 72 ? n : 72 + ((n - 72) % 12)]);
    expect(values.every((v, n) => n < 84 || v === values[n - 12])).toBe(true);
  });

  it('settles a target just past a checkpoint at that checkpoint when the budget runs out there', () => {
    const full = new ValueTable(ruleOf('6'), 8);
    full.reach(400);
    const at128 = new ValueTable(ruleOf('6'), 8);
    at128.valuesTo(128, false);
    // The 16th stride point (128) is the first past the budget: recorded even where the record grows.
    expect(full.settledTo(129, at128.workDone - 1)).toBe(128);
    expect(full.settledTo(128, at128.workDone - 1)).toBe(128);
  });

  it('lists no rare positions for a code without splits, even when asked for a sparse space', () => {
    const table = new ValueTable(ruleOf('33'), 8, true);
    expect(Array.from(table.valuesTo(100, false))).toEqual(bruteValues('0.33', 100));
    expect(table.rarePositions).toBe(-1);
  });

  it('computes the definition’s values with a sparse space from the second heap on, codes up to eight digits', () => {
    const digits = fc
      .array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 8 })
      .filter((ds) => ds[ds.length - 1] !== 0 && ds.some((d) => d >= 4));
    const check = (ds: readonly number[], checkpoint: number) => {
      const code = `0.${ds.join('')}`;
      const table = new ValueTable(makeRule(ds), checkpoint, true);
      expect(Array.from(table.valuesTo(48, false)), `${code} from ${checkpoint}`).toEqual(
        bruteValues(code, 48),
      );
      expect(table.rarePositions, code).toBeGreaterThanOrEqual(0);
    };
    // Splits far apart (a short split runs out before a long one), and leave-none and single moves at n <= k
    // (0.1014: G(3) = 1 only by taking the whole heap, after a mask is chosen at 2).
    for (const code of ['4000004', '6000007', '40000005', '2600004', '14', '3004', '1014'])
      for (const checkpoint of [2, 4]) check([...code].map(Number), checkpoint);
    fc.assert(
      fc.property(digits, fc.constantFrom(2, 4), (ds, checkpoint) => check(ds, checkpoint)),
      { numRuns: runs(200), seed: 14 },
    );
  });
});
