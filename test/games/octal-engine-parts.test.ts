/**
 * The octal engine's parts against independent computations written here: the brute force from the
 * definition, a period search by plain scanning, the mask chosen by trying every mask, the steps counted by
 * hand; and the work budget at its stride points. Fast (a few seconds): `npm run mutate` runs it for every
 * mutant of engine.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteValues } from '../../src/games/octal/brute.js';
import { readOctalCode } from '../../src/games/octal/code.js';
import {
  CHECKPOINT,
  isCommon,
  makeRule,
  proofNeeds,
  provePeriod,
  ValueTable,
  WORK_STRIDE,
} from '../../src/games/octal/engine.js';
import { scanPeriod } from './octal.reference.js';

/**
 * Under `npm run mutate` (GRUNDY_MUTATION=1) a mutant of engine.ts instruments every hot loop here, so the
 * heaviest checks shrink (fewer values, every third code); `npm test` runs them whole.
 */
const mutating = process.env['GRUNDY_MUTATION'] === '1';

const digitsOf = (code: string) => readOctalCode(code).digits;

/** Every code of one to three digits, canonical and distinct. */
const allCodes = [
  ...new Set(
    Array.from({ length: 511 }, (_, c) => readOctalCode(`0.${(c + 1).toString(8).padStart(3, '0')}`).code),
  ),
];

const parity = (x: number) => {
  let p = 0;
  for (let y = x; y !== 0; y &= y - 1) p ^= 1;
  return p;
};

/** The mask with the fewest values of even parity among g[from..to] (the lowest such mask), by trying all. */
function bestMask(g: ArrayLike<number>, from: number, to: number): { mask: number; rare: number } {
  let best = { mask: 0, rare: to - from + 1 };
  for (let mask = 1; mask < 1024; mask++) {
    let rare = 0;
    for (let n = from; n <= to; n++) if (parity(g[n]! & mask) === 0) rare++;
    if (rare < best.rare) best = { mask, rare };
  }
  return best;
}

const rareCount = (g: ArrayLike<number>, mask: number, from: number, to: number) => {
  let rare = 0;
  for (let n = from; n <= to; n++) if (parity(g[n]! & mask) === 0) rare++;
  return rare;
};

describe('octal engine: parts against independent computations', () => {
  it('lists the moves of a code by digit bit', () => {
    const rule = makeRule([7, 5, 4, 3]);
    expect(rule.k).toBe(4);
    expect(Array.from(rule.leaveNone)).toEqual([0, 1, 1, 0, 1]);
    expect(Array.from(rule.singles)).toEqual([1, 4]);
    expect(Array.from(rule.splits)).toEqual([1, 2, 3]);
    expect(proofNeeds({ preperiod: 3, period: 5 }, 2)).toBe(17);
  });

  it('calls a value common when its bits under the mask are odd in number, at any width', () => {
    const values = [
      0,
      1,
      2,
      3,
      5,
      255,
      256,
      1 << 15,
      (1 << 16) | 1,
      (1 << 20) | (1 << 9),
      0x7fffffff,
      0x55555555,
    ];
    const masks = [0, 1, 3, 0xff, 0x100, 0xffff, 0x10000, 0x10200, 0x7fffffff, 0x2aaaaaaa];
    for (const v of values)
      for (const mask of masks) expect(isCommon(v, mask), `${v} ${mask}`).toBe(parity(v & mask) === 1);
  });

  it('proves the least period exactly at the theorem’s bound, not one value before', () => {
    // 9, then 1 2 3 repeated: n0 = 1, p = 3; with k = 1 the proof needs G(0..2 + 6 + 0) = G(0..8).
    const g = Int32Array.from([9, ...Array.from({ length: 30 }, (_, n) => (n % 3) + 1)]);
    expect(provePeriod(g, 8, 1)).toEqual({ preperiod: 1, period: 3 });
    expect(provePeriod(g, 7, 1)).toBeNull();
    expect(provePeriod(g, 9, 2)).toEqual({ preperiod: 1, period: 3 });
    expect(provePeriod(g, 8, 2)).toBeNull();
    // A constant sequence: period 1 from 0 once 2 + k - 1 values agree.
    expect(provePeriod(new Int32Array(10), 2, 1)).toEqual({ preperiod: 0, period: 1 });
    expect(provePeriod(new Int32Array(10), 1, 1)).toBeNull();
    expect(provePeriod(new Int32Array(10), 2, 2)).toBeNull();
    expect(provePeriod(new Int32Array(10), 3, 2)).toEqual({ preperiod: 0, period: 1 });
    // Read backwards, 0 0 0 1 0 puts shift 2 inside the box of shift 1, where it agrees for one value only:
    // taking more from the box would prove period 2.
    expect(provePeriod(Int32Array.from([0, 1, 0, 0, 0]), 4, 1)).toBeNull();
  });

  it('finds the same period as a plain scan on random eventually periodic sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 4 }),
        (start, cycle, m, k) => {
          const g = Int32Array.from({ length: m + 1 }, (_, n) =>
            n < start.length ? start[n]! : cycle[(n - start.length) % cycle.length]!,
          );
          expect(provePeriod(g, m, k)).toEqual(scanPeriod(g, m, k));
        },
      ),
      // All 400 runs even under mutation testing: they take milliseconds, and a wrong reuse of the Z-box shows
      // in a few of them only.
      { numRuns: 400 },
    );
  });

  it('computes G(0..100) of every code of up to three digits as the definition does, sparse space from 8 on', () => {
    const wrong: string[] = [];
    const last = mutating ? 60 : 100;
    for (const code of mutating ? allCodes.filter((_, i) => i % 3 === 0) : allCodes) {
      const want = bruteValues(code, last).join();
      const sparse = new ValueTable(makeRule(digitsOf(code)), 8, true);
      if (Array.from(sparse.valuesTo(last, false)).join() !== want) wrong.push(`${code} sparse`);
      const filled = new ValueTable(makeRule(digitsOf(code)), 8);
      if (Array.from(filled.valuesTo(last)).join() !== want) wrong.push(`${code} filled`);
    }
    expect(wrong).toEqual([]);
  });

  it('chooses the mask with the fewest rare recent values, and lists exactly the rare positions', () => {
    // Codes whose values outgrow several bit widths (0.6, 0.004, 0.414) and some with one or more splits.
    for (const code of ['0.6', '0.004', '0.414', '0.16', '0.54', '0.74', '0.447', '0.106', '0.765']) {
      const table = new ValueTable(makeRule(digitsOf(code)), 64, true);
      const g = bruteValues(code, 260);
      table.valuesTo(64, false);
      const first = bestMask(g, 32, 64);
      expect(table.rarePositions, `${code} at 64`).toBe(rareCount(g, first.mask, 1, 64));
      table.valuesTo(127, false);
      expect(table.rarePositions, `${code} at 127`).toBe(rareCount(g, first.mask, 1, 127));
      table.valuesTo(128, false);
      const second = bestMask(g, 64, 128);
      expect(table.rarePositions, `${code} at 128`).toBe(rareCount(g, second.mask, 1, 128));
      table.valuesTo(256, false);
      const third = bestMask(g, 128, 256);
      expect(table.rarePositions, `${code} at 256`).toBe(rareCount(g, third.mask, 1, 256));
      expect(Array.from(table.valuesTo(260, false)), code).toEqual(g);
    }
  });

  it('chooses the mask again at a stride point whose values bring far more rare positions than promised', () => {
    // The engine's rule, with stride = checkpoint: at each stride point s, when the rare positions under the
    // mask among G(s - stride + 1..s) exceed 2 * expected + 8 (expected: the chosen mask's rare share in its
    // window, per stride), the mask is chosen from those values; then, at a checkpoint, from G(s/2..s).
    let rechosen = 0;
    for (const code of ['0.206', '0.366', '0.74', '0.014', '0.126', '0.142', '0.166'])
      for (const checkpoint of [16, 32]) {
        const last = 832;
        const g = bruteValues(code, last);
        const table = new ValueTable(makeRule(digitsOf(code)), checkpoint, true);
        let mask = 0;
        let expected = 0;
        const choose = (from: number, to: number) => {
          const best = bestMask(g, from, to);
          mask = best.mask;
          expected = (best.rare / (to - from + 1)) * checkpoint;
        };
        for (let s = checkpoint; s <= last; s += checkpoint) {
          table.valuesTo(s, false);
          const isCheckpoint = (s & (s - 1)) === 0;
          if (mask !== 0 && rareCount(g, mask, s - checkpoint + 1, s) > 2 * expected + 8) {
            const before = mask;
            choose(s - checkpoint + 1, s);
            if (!isCheckpoint && mask !== before) rechosen++;
          }
          if (isCheckpoint) choose(s / 2, s);
          expect(table.rarePositions, `${code} from ${checkpoint} at ${s}`).toBe(
            mask === 0 ? -1 : rareCount(g, mask, 1, s),
          );
        }
        expect(Array.from(table.valuesTo(last, false)), code).toEqual(g);
      }
    // The rule really fired between checkpoints and changed the mask there.
    expect(rechosen).toBeGreaterThan(5);
  });

  it('keeps the plain method where the sparse space costs more (expected rare work against a full walk)', () => {
    const kinds = new Set<string>();
    for (const code of ['0.6', '0.106', '0.004', '0.16', '0.414', '0.54', '0.7', '0.3', '0.165', '0.356']) {
      const table = new ValueTable(makeRule(digitsOf(code)), 512);
      // The plain method's values (checked against the definition above and in octal.test.ts).
      const g = new ValueTable(makeRule(digitsOf(code)), 2048).valuesTo(1024, false);
      table.valuesTo(512, false);
      if (makeRule(digitsOf(code)).splits.length === 0) {
        expect(table.rarePositions, code).toBe(-1);
        continue;
      }
      const { mask, rare: windowRare } = bestMask(g, 256, 512);
      const rare = rareCount(g, mask, 1, 512);
      // The engine's rule: sparse when rare listed + (window rare share) * half + 200 < half, half = 513 / 2.
      const sparse = rare + (windowRare / 257) * 256.5 + 200 < 256.5;
      kinds.add(sparse ? 'sparse' : 'plain');
      expect(table.rarePositions, code).toBe(sparse ? rare : -1);
      expect(Array.from(table.valuesTo(1024, false)), code).toEqual(Array.from(g));
    }
    expect([...kinds].sort()).toEqual(['plain', 'sparse']);
    // At the solver's checkpoints: 0.6 and 0.16 get a sparse space by 4,096, 0.106 and 0.004 none.
    const at4096 = (code: string) => {
      const table = new ValueTable(makeRule(digitsOf(code)));
      table.valuesTo(4096, false);
      return table.rarePositions;
    };
    expect(at4096('0.6')).toBeGreaterThan(0);
    if (mutating) return;
    expect(at4096('0.106')).toBe(-1);
    expect(at4096('0.004')).toBe(-1);
    expect(at4096('0.16')).toBeGreaterThan(0);
  });
});

describe('octal engine: the work budget', () => {
  /** A fresh table's work once G(0..n) are computed. */
  const workTo = (code: string, n: number, checkpoint = CHECKPOINT) => {
    const table = new ValueTable(makeRule(digitsOf(code)), checkpoint);
    table.valuesTo(n, false);
    return table.workDone;
  };

  it('counts the steps the methods take: every split in the plain method', () => {
    // 0.04 stays plain below its first checkpoint: sum over n of floor(n / 2) splits, one splitting digit.
    const table = new ValueTable(makeRule([0, 4]), 2048);
    table.valuesTo(1000, false);
    let steps = 0;
    for (let n = 1; n <= 1000; n++) steps += n >> 1;
    expect(table.workDone).toBe(steps);
    const two = new ValueTable(makeRule([4, 4]), 2048);
    two.valuesTo(1000, false);
    expect(two.workDone).toBe(2 * steps);
  });

  it('counts the sparse method’s steps: the rare positions per split, then the walk', () => {
    // Each value costs at least the rare positions listed times the splits, and at most that plus a full walk.
    for (const digits of [[6], [0, 5, 4], [1, 6], [4, 4]]) {
      const table = new ValueTable(makeRule(digits), 8, true);
      table.valuesTo(8, false);
      const splits = makeRule(digits).splits.length;
      for (let n = 9; n <= 300; n++) {
        const before = table.workDone;
        const rare = table.rarePositions;
        table.valuesTo(n, false);
        const step = table.workDone - before;
        if (n % 8 === 0 && (n & (n - 1)) === 0) continue; // a checkpoint: the mask may change
        expect(step, `${digits.join('')} ${n}`).toBeGreaterThanOrEqual(rare * splits);
        // Every split counts once per split length: a walk of a splits costs a * splits steps.
        expect((step - rare * splits) % splits, `${digits.join('')} ${n}`).toBe(0);
        expect(step, `${digits.join('')} ${n}`).toBeLessThanOrEqual(
          rare * splits + splits * (n >> 1) + splits,
        );
      }
    }
  });

  it('reports progress every 64 first checkpoints (at most 65,536 values) as the share of the way done', () => {
    const seen: number[] = [];
    new ValueTable(makeRule([6]), 8).reach(1200, (f) => seen.push(f));
    expect(seen).toEqual([511 / 1200, 1023 / 1200, 1]);
    const resumed: number[] = [];
    const table = new ValueTable(makeRule([6]), 8);
    table.reach(600);
    table.reach(1100, (f) => resumed.push(f));
    expect(resumed).toEqual([(1024 - 601) / (1100 - 601 + 1), 1]);
    const none: number[] = [];
    const proven = new ValueTable(makeRule([7, 7]));
    proven.reach(5000, (f) => none.push(f));
    proven.reach(9000, (f) => none.push(f));
    expect(none).toEqual([1, 1]);
  });

  it("tells the work done by the time G(0..n) were computed: a fresh table's, at the last stride point", () => {
    // Stride 8 (the first checkpoint): the work at n is the work of a fresh table that stopped at 8 * floor(n / 8).
    const full = new ValueTable(makeRule([6]), 8);
    full.reach(3000);
    const points = [8, 15, 16, 100, 1023, 1024, 2999];
    expect(points.map((n) => full.workTo(n))).toEqual(
      points.map((n) => workTo('0.6', 8 * Math.floor(n / 8), 8)),
    );
    expect(full.workTo(2999)).toBeGreaterThan(full.workTo(1024));
  });

  it('records the work past its first sixteen stride points', () => {
    const workAt = (n: number) => {
      const table = new ValueTable(makeRule([6]), 8);
      table.valuesTo(n, false);
      return table.workDone;
    };
    const full = new ValueTable(makeRule([6]), 8);
    full.reach(400);
    for (const [at, settled] of [
      [240, 128],
      [256, 256],
      [136, 128],
      [400, 256],
    ] as const) {
      const budget = workAt(at) - 1;
      expect(full.settledTo(401, budget), `budget below the work at ${at}`).toBe(settled);
      const table = new ValueTable(makeRule([6]), 8);
      table.reach(401, undefined, budget);
      expect(table.settledTo(401, budget)).toBe(settled);
    }
  });

  it('stops at the first stride point past the budget and settles at the last checkpoint before it', () => {
    expect(WORK_STRIDE).toBe(CHECKPOINT);
    // Checkpoint 64, so the stride is 64 too: segments end at 64, 128, 256, 512; stride points every 64.
    const table64 = () => new ValueTable(makeRule([6]), 64);
    const [w64, w128, w192] = [64, 128, 192].map((n) => workTo('0.6', n, 64)) as [number, number, number];
    expect(w64 < w128 && w128 < w192).toBe(true);
    const full = table64();
    full.reach(512);
    expect(full.workDone).toBe(workTo('0.6', 512, 64));
    for (const [budget, settled, length] of [
      // One below the work at 192: the proof at checkpoint 128 runs, the computation stops at 192.
      [w192 - 1, 128, 193],
      [w192, 256, 321],
      [w128 - 1, 128, 193],
      // Past the budget at 64, but 128 ends that segment: its proof runs, the stop comes at 192.
      [w64 - 1, 64, 193],
      [w64, 128, 193],
    ] as const) {
      const table = table64();
      table.reach(512, undefined, budget);
      expect([table.length, table.settledTo(512, budget)], `budget ${budget}`).toEqual([length, settled]);
      // A table grown further answers the same.
      expect(full.settledTo(512, budget), `cached, budget ${budget}`).toBe(settled);
      expect(Array.from(table.values.subarray(0, length))).toEqual(
        Array.from(full.values.subarray(0, length)),
      );
    }
    // A target at or below the stride point where the budget runs out is settled whole.
    expect(full.settledTo(192, w192 - 1)).toBe(192);
    expect(full.settledTo(193, w192 - 1)).toBe(128);
    expect(full.settledTo(64, 0)).toBe(64);
    expect(full.settledTo(65, 0)).toBe(64);
    // A table that has not reached the budget's stride point settles the whole target.
    const short = table64();
    short.reach(100);
    expect(short.settledTo(512, 0)).toBe(64);
    expect(table64().settledTo(512, 0)).toBe(512);
    // The solver's tables: stride 1,024.
    const solverTable = new ValueTable(makeRule([6]));
    solverTable.reach(1500);
    expect(solverTable.settledTo(4096, 0)).toBe(1024);
    expect(solverTable.settledTo(1024, 0)).toBe(1024);
  });
});
