/**
 * The judge's lean SEAGM path (solve.ts: solveSeagmJudge): only W and P, stopping at the first winning card.
 * Checked against the brute force (small tables) and against the full solver solveSeagm, whose own tests
 * compare it with the brute force and the editorial DP.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import { seagm } from '../../src/games/seagm/index.js';
import { analyseFast, DivisorTable } from '../../src/games/seagm/fast.js';
import { seagmByPrimeKernel, seagmClassesKernel } from '../../src/games/seagm/kernel.js';
import {
  classesByPrime,
  completeTable,
  searchPrefix,
  weightsByLargestPrime,
} from '../../src/games/seagm/lean.js';
import {
  analyse,
  inclusionExclusionWeights,
  solveSeagm,
  solveSeagmJudge,
} from '../../src/games/seagm/solve.js';
import { smallCards } from './seagm.fixture.js';
import { judgeOutput, legacyJudgeOutput } from './judge-harness.js';

const lean = (r: { firstWins: boolean; probability: number; fraction: unknown }) => ({
  firstWins: r.firstWins,
  probability: r.probability,
  fraction: r.fraction,
});

/** Larger tables of cards made of a few primes, so classes share primes and the search runs deep. */
const sharedCards = fc.array(
  fc
    .subarray([2, 3, 5, 7, 11, 13, 17, 19, 23], { minLength: 1, maxLength: 6 })
    .map((ps) => ps.reduce((x, y) => x * y, 1)),
  { minLength: 1, maxLength: 300, size: 'max' },
);

/** Every key of `table` with its count and flags, ascending by key. */
function entries(table: DivisorTable): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < table.slots.length; i += 2) {
    const key = table.slots[i] ?? 0;
    if (key !== 0) out.push([key, (table.slots[i + 1] ?? 0) >>> 5, (table.slots[i + 1] ?? 0) & 31]);
  }
  return out.sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
}

const weights = (w: { counts: number[]; weights: number[] }) => ({ counts: w.counts, weights: w.weights });

/** Every squarefree d > 1 dividing the radical of a class below upTo (the d its search can look up). */
function divisorsBelow(a: ReturnType<typeof analyseFast>, upTo: number): Set<number> {
  const out = new Set<number>();
  for (let c = 0; c < upTo; c++) {
    const from = a.classStart[c] ?? 0;
    const k = (a.classStart[c + 1] ?? 0) - from;
    for (let m = 1; m < 1 << k; m++) {
      let d = 1;
      for (let i = 0; i < k; i++) if (((m >> i) & 1) === 1) d *= a.classPrimes[from + i] ?? 1;
      out.add(d);
    }
  }
  return out;
}

/** Cards with many shared primes (up to 9 of the first 12), as in the adversarial benchmark. */
const manyPrimes = fc.array(
  fc
    .subarray([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37], { minLength: 1, maxLength: 9 })
    .map((ps) => ps.reduce((x, y) => x * y, 1))
    .filter((v) => v <= 1_000_000_000),
  { minLength: 1, maxLength: 200, size: 'max' },
);

describe('SEAGM lean judge solver', () => {
  it('agrees with the brute force on W and the exact fraction', () => {
    fc.assert(
      fc.property(smallCards, (cards) => {
        const brute = seagm.brute.solve({ cards: [...cards].sort((x, y) => x - y) });
        const r = solveSeagmJudge(cards);
        expect(r.firstWins).toBe(brute.firstWins);
        expect(r.fraction).toEqual(brute.fraction);
      }),
      { numRuns: runs(200) },
    );
  });

  it('gives exactly the full solver W, P and fraction, exact and double paths, cards in any order', () => {
    fc.assert(
      fc.property(fc.oneof(sharedCards, manyPrimes), fc.boolean(), (cards, exact) => {
        const limit = exact ? 1_000 : 0;
        const sorted = [...cards].sort((x, y) => x - y);
        const full = lean(solveSeagm({ cards: sorted }, limit));
        expect(lean(solveSeagmJudge(cards, limit))).toEqual(full);
        expect(lean(solveSeagmJudge(Int32Array.from(sorted), limit))).toEqual(full);
      }),
      { numRuns: runs(150) },
    );
  });

  it('prints what the token judge (parse, schema, full solver) prints', async () => {
    const samples = fc.sample(fc.array(sharedCards, { minLength: 1, maxLength: 4 }), runs(30));
    for (const tests of samples) {
      const input = `${tests.length}\n${tests.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}`;
      expect(await judgeOutput(seagm, input)).toBe(await legacyJudgeOutput(seagm, input));
    }
  });

  it('gives the full solver W and P whatever part of the table the search starts with', () => {
    fc.assert(
      fc.property(fc.oneof(sharedCards, manyPrimes), fc.nat(60), (cards, budget) => {
        const sorted = [...cards].sort((x, y) => x - y);
        const full = lean(solveSeagm({ cards: sorted }, 0));
        expect(lean(solveSeagmJudge(cards, 0, budget))).toEqual(full);
      }),
      { numRuns: runs(150) },
    );
  });

  it('completes the table when the search reaches the classes it left out: fixed boards, small budgets', () => {
    // The same as above on a fixed sample, whatever the number of runs (a tenth under mutation testing, where
    // too few boards reached the classes left out of the table for a search without them to be caught).
    for (const cards of fc.sample(fc.oneof(sharedCards, manyPrimes), { numRuns: 40, seed: 7 })) {
      const full = lean(solveSeagm({ cards: [...cards].sort((x, y) => x - y) }, 0));
      for (const budget of [0, 1, 3, 10, 30]) expect(lean(solveSeagmJudge(cards, 0, budget))).toEqual(full);
    }
  });

  it.each([
    [[1], false],
    [[1, 1, 1], false],
    [[7], true],
    [[6, 10, 15], false],
    [[2, 3], true],
    [[4, 8], false],
    [[2, 4, 8, 16, 32], true],
  ])('boundary table %j: W = %s', (cards, wins) => {
    expect(solveSeagmJudge(cards).firstWins).toBe(wins);
    expect(solveSeagmJudge(cards).firstWins).toBe(solveSeagm({ cards }).firstWins);
  });
});

describe('SEAGM divisor counts by largest prime (lean.ts)', () => {
  it('gives the weights and the table of the whole-table analysis', () => {
    fc.assert(
      fc.property(fc.oneof(smallCards, sharedCards, manyPrimes), (cards) => {
        const full = analyseFast(cards);
        const lean = analyseFast(cards, false);
        expect(lean.table.size).toBe(0);
        const byPrime = classesByPrime(lean);
        expect(weights(weightsByLargestPrime(lean, byPrime))).toEqual(inclusionExclusionWeights(full));
        expect(lean.table.size).toBe(0);
        const filled = weightsByLargestPrime(lean, byPrime, lean.table);
        expect(weights(filled)).toEqual(inclusionExclusionWeights(full));
        expect(filled.all).toBeNull();
        expect(entries(lean.table)).toEqual(entries(full.table));
      }),
      { numRuns: runs(200) },
    );
  });

  it('puts only the d of the classes below upTo in the table, and all of them with completeTable', () => {
    fc.assert(
      fc.property(fc.oneof(sharedCards, manyPrimes), fc.nat(40), (cards, budget) => {
        const full = analyseFast(cards);
        const lean = analyseFast(cards, false);
        const classes = lean.classRadical.length;
        const upTo = searchPrefix(lean, budget);
        expect(upTo).toBeGreaterThanOrEqual(0);
        expect(upTo).toBeLessThanOrEqual(classes);
        const r = weightsByLargestPrime(lean, classesByPrime(lean), lean.table, upTo);
        expect(weights(r)).toEqual(inclusionExclusionWeights(full));
        const wanted = divisorsBelow(full, upTo);
        expect(entries(lean.table)).toEqual(entries(full.table).filter(([d]) => wanted.has(d ?? 0)));
        expect(lean.table.size).toBe(wanted.size);
        if (upTo === classes) expect(r.all).toBeNull();
        else {
          expect(r.all).not.toBeNull();
          if (r.all !== null) completeTable(lean.table, r.all);
          expect(entries(lean.table)).toEqual(entries(full.table));
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it('searchPrefix takes the classes whose (class, subset) pairs fit in the budget', () => {
    // Classes in the order of their values: {5} (1 pair), {2, 3} (3 pairs), {2, 3, 5} (7 pairs); 7 is alone.
    const a = analyseFast([6, 6, 5, 5, 30, 7]);
    expect(Array.from(a.classRadical)).toEqual([5, 6, 30]);
    const prefix = (budget: number) => searchPrefix(a, budget);
    expect([0, 1, 2, 3, 4, 10, 11, 12].map(prefix)).toEqual([0, 1, 1, 1, 2, 2, 3, 3]);
  });

  it('counts every d of shared primes as the plain analysis does, primes on both sides of 1024', () => {
    // Primes below and above DIRECT_PRIMES (1024), where analyseFast's prime ids switch from an array to a hash.
    const near = [2, 3, 5, 7, 1009, 1013, 1019, 1021, 1031, 1033, 1039, 1049, 30_011, 30_013];
    const cardsNear = fc.array(
      fc
        .subarray(near, { minLength: 1, maxLength: 3 })
        .map((ps) => ps.reduce((x, y) => x * y, 1))
        .filter((v) => v <= 1_000_000_000),
      { minLength: 1, maxLength: 60 },
    );
    fc.assert(
      fc.property(fc.oneof(cardsNear, smallCards), (cards) => {
        const plain = analyse(cards);
        const a = analyseFast(cards);
        const got = entries(a.table);
        for (const [d, count] of got) expect(plain.cardsDivisibleBy(d ?? 0)).toBe(count);
        // Every shared prime is in the table, and nothing else of one prime.
        const shared = [...new Set(cards.flatMap((c) => near.filter((p) => c % p === 0)))]
          .filter((p) => plain.cardsDivisibleBy(p) >= 2)
          .sort((x, y) => x - y);
        if (cards.every((c) => c <= 100 || near.some((p) => c % p === 0)))
          expect(got.map(([d]) => d ?? 0).filter((d) => near.includes(d))).toEqual(shared);
        expect(new Set(a.classPrimeIds).size).toBe(a.primeIdCount);
      }),
      { numRuns: runs(200) },
    );
  });

  it('numbers the shared primes only, one id per prime, below primeIdCount', () => {
    // Primes on both sides of DIRECT_PRIMES (1024): 1021 and 1031 are shared, 1019 and 1033 are not.
    const cards = [1021 * 2, 1021 * 3, 1031 * 5, 1031 * 1021, 1019 * 7, 1033 * 11, 2 * 3 * 5 * 7, 11 * 13];
    const a = analyseFast(cards);
    const idOf = new Map<number, number>();
    for (let j = 0; j < a.classPrimes.length; j++) {
      const p = a.classPrimes[j] ?? 0;
      const id = a.classPrimeIds[j] ?? -1;
      expect(id).toBeGreaterThanOrEqual(0);
      expect(id).toBeLessThan(a.primeIdCount);
      expect(idOf.get(p) ?? id).toBe(id);
      idOf.set(p, id);
    }
    expect([...idOf.keys()].sort((x, y) => x - y)).toEqual([2, 3, 5, 7, 11, 1021, 1031]);
    expect(new Set(idOf.values()).size).toBe(a.primeIdCount);
  });

  it('lists each prime with the classes holding it, at its place in each', () => {
    const a = analyseFast([6, 10, 15, 30, 35, 7, 49, 2]);
    const { head, cls, place } = classesByPrime(a);
    for (let c = 0; c < a.classRadical.length; c++) {
      for (let j = a.classStart[c] ?? 0; j < (a.classStart[c + 1] ?? 0); j++) {
        const id = a.classPrimeIds[j] ?? -1;
        const listed: number[][] = [];
        for (let e = head[id] ?? 0; e < (head[id + 1] ?? 0); e++) listed.push([cls[e] ?? -1, place[e] ?? -1]);
        expect(listed).toContainEqual([c, j - (a.classStart[c] ?? 0)]);
        // Every class listed under the id holds the same prime.
        for (const [other, at] of listed)
          expect(a.classPrimes[(a.classStart[other ?? 0] ?? 0) + (at ?? 0)]).toBe(a.classPrimes[j]);
      }
    }
    expect(head[a.primeIdCount]).toBe(a.classPrimes.length);
  });
});

describe('SEAGM classes by prime, in the kernel', () => {
  it('lists each prime id with the classes holding it, in order, as the definition does, over thousands of classes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((idCount) =>
          fc.tuple(
            fc.constant(idCount),
            fc.array(fc.uniqueArray(fc.nat(idCount - 1), { maxLength: Math.min(9, idCount) }), {
              maxLength: 9_000,
              size: 'max',
            }),
          ),
        ),
        ([idCount, classes]) => {
          const start = [0];
          for (const ids of classes) start.push((start.at(-1) ?? 0) + ids.length);
          const got = seagmByPrimeKernel(Int32Array.from(classes.flat()), Int32Array.from(start), idCount);
          const lists = Array.from({ length: idCount }, () => [] as [number, number][]);
          classes.forEach((ids, c) => ids.forEach((id, place) => lists[id]?.push([c, place])));
          const head = [0];
          for (const list of lists) head.push((head.at(-1) ?? 0) + list.length);
          expect({ head: [...got.head], cls: [...got.cls], place: [...got.place] }).toEqual({
            head,
            cls: lists.flatMap((list) => list.map(([c]) => c)),
            place: lists.flatMap((list) => list.map(([, place]) => place)),
          });
        },
      ),
      { numRuns: runs(40), endOnFailure: true },
    );
  });
});

describe('SEAGM divisor table: sorted bulk inserts', () => {
  it('holds what adding the keys one by one holds, repeats or not, growing as needed', () => {
    fc.assert(
      fc.property(
        // size 'max': fast-check's default kept the lists to a few dozen keys, too few to collide in the table
        fc.uniqueArray(fc.integer({ min: 2, max: 1_000_000_000 }), { maxLength: 3000, size: 'max' }),
        fc.integer({ min: 0, max: 4000 }),
        (keys, expected) => {
          const one = new DivisorTable(0);
          const bulk = new DivisorTable(expected);
          const words = keys.map((k) => ((k % 1000) << 5) | (k & 1));
          keys.forEach((k, i) => one.add(k, (words[i] ?? 0) >>> 5, (words[i] ?? 0) & 1));
          // Repeats (with their word) change nothing: the key keeps its one slot.
          const twice = [...keys, ...keys.slice(0, keys.length >> 1)];
          const twiceWords = [...words, ...words.slice(0, keys.length >> 1)];
          bulk.addSorted(Int32Array.from(twice), Int32Array.from(twiceWords), twice.length);
          expect(bulk.size).toBe(keys.length);
          expect(bulk.slots.length).toBeGreaterThanOrEqual(4 * bulk.size);
          expect(entries(bulk)).toEqual(entries(one));
          for (const k of keys) expect(bulk.find(k)).toBeGreaterThanOrEqual(0);
          expect(bulk.find(1_000_000_007)).toBe(-1);
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

describe('SEAGM classes of values, in the kernel', () => {
  /** The classes by definition: a value's shared primes (those of an id with a count of 2 or more), their product. */
  function classesByDefinition(
    multiplicity: readonly number[],
    lists: readonly (readonly number[])[],
    primeOf: readonly number[],
    counts: readonly number[],
  ) {
    const classOf: number[] = [];
    const radicals = new Map<number, number>();
    const numbers = new Map<number, number>();
    const out = {
      radical: [] as number[],
      start: [0],
      primes: [] as number[],
      ids: [] as number[],
      count: [] as number[],
    };
    let subsetTotal = 0;
    lists.forEach((ids, i) => {
      const shared = ids.filter((id) => (counts[id] ?? 0) >= 2);
      if (shared.length === 0) {
        classOf.push(-1);
        return;
      }
      const radical = shared.reduce((r, id) => r * (primeOf[id] ?? 1), 1);
      let c = radicals.get(radical);
      if (c === undefined) {
        c = radicals.size;
        radicals.set(radical, c);
        out.radical.push(radical);
        for (const id of shared) {
          if (!numbers.has(id)) numbers.set(id, numbers.size);
          out.ids.push(numbers.get(id) ?? -1);
          out.primes.push(primeOf[id] ?? 0);
        }
        out.start.push(out.primes.length);
        out.count.push(0);
        subsetTotal += 2 ** shared.length - 1;
      }
      classOf.push(c);
      out.count[c] = (out.count[c] ?? 0) + (multiplicity[i] ?? 0);
    });
    return {
      classOf,
      classRadical: out.radical,
      classStart: out.start,
      classPrimes: out.primes,
      classCount: out.count,
      classPrimeIds: out.ids,
      primeIdCount: numbers.size,
      subsetTotal,
    };
  }

  // The first nine primes multiply to 223,092,870: every radical fits 31 bits.
  const primeOf = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

  it('puts values in classes, numbers the shared primes and counts the cards as the definition does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 5 }), fc.uniqueArray(fc.nat(8), { maxLength: 9 }), fc.nat(3)),
          { maxLength: 12_000, size: 'max' },
        ),
        fc.array(fc.nat(3), { minLength: 9, maxLength: 9 }),
        fc.nat(3),
        (drawn, counts, shiftIds) => {
          // The ids of the nine primes in some order, so that a value's primes need not come sorted by id.
          const ids = (list: readonly number[]) => list.map((id) => (id + shiftIds) % 9);
          const multiplicity = drawn.map(([m]) => m);
          const lists = drawn.map(([, list]) => ids(list));
          const primeStart = [0];
          for (const list of lists) primeStart.push((primeStart.at(-1) ?? 0) + list.length);
          const got = seagmClassesKernel(Int32Array.from(multiplicity), {
            primes: Int32Array.from(lists.flat().map((id) => primeOf[id] ?? 0)),
            primeStart: Int32Array.from(primeStart),
            primeIdAt: Int32Array.from(lists.flat()),
            primeCounts: Int32Array.from(counts),
          });
          const plain = {
            ...got,
            classOf: [...got.classOf],
            classRadical: [...got.classRadical],
            classStart: [...got.classStart],
            classPrimes: [...got.classPrimes],
            classCount: [...got.classCount],
            classPrimeIds: [...got.classPrimeIds],
          };
          expect(plain).toEqual(classesByDefinition(multiplicity, lists, primeOf, counts));
        },
      ),
      { numRuns: runs(60), endOnFailure: true },
    );
  });
});
