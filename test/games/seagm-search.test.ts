/**
 * The prime-set search that `grundy play` uses mid-game (solve.ts: analyse, OptimalSearch, cardFor) and the
 * fast solver's typed-array divisor table (fast.ts: DivisorTable), each against an independent computation:
 * a minimax over the cards left (its own gcd, no prime sets), direct divisibility counts, and a Map.
 */
import { describe, expect, it } from 'vitest';
import { distinctPrimes } from '../../src/games/seagm/factor.js';
import { DivisorTable } from '../../src/games/seagm/fast.js';
import { analyse, cardFor, OptimalSearch, solveSeagm } from '../../src/games/seagm/solve.js';
import { editorialSolve, gcd, minimax, without } from './seagm.reference.js';

/** Values with shared primes, repeats of a prime set, several primes, and the card 1. */
// Primes 2, 37, 113 and 1597: 1597, 37 * 113 = 4181 and 2 * 4181 hash to slot 0 of a 1024-slot divisor table
// (the edge of the probe), so some tables keep a count there.
const VALUES = [1, 2, 4, 37, 74, 113, 226, 1369, 1597, 4181, 8362] as const;

function* multisets(maxSize: number, from = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length > 0) yield prefix;
  if (prefix.length === maxSize) return;
  for (let i = from; i < VALUES.length; i++) yield* multisets(maxSize, i, [...prefix, VALUES[i] ?? 1]);
}

/** The squarefree divisors d > 1 of the product of `primes`. */
function squarefreeDivisors(primes: readonly number[]): number[] {
  let out = [1];
  for (const p of primes) out = [...out, ...out.map((d) => d * p)];
  return out.slice(1);
}

describe('SEAGM prime-set search (grundy play) against a minimax over the cards left', () => {
  it('on every table of up to 5 cards from 1, 2, 4, 37, 74, 113, 226, 37^2, 1597, 37 * 113, 2 * 37 * 113, at every g and first card', () => {
    const wins = minimax();
    const wrong: string[] = [];
    let positions = 0;
    let found = 0;
    for (const cards of multisets(5)) {
      const a = analyse(cards);
      const search = new OptimalSearch(a);
      // Mid-game: g's primes, nothing taken from these cards yet (as play.ts asks).
      for (const g of [2, 4, 37, 74, 113, 226, 1597, 4181, 8362, 3, 6]) {
        positions++;
        const primes = distinctPrimes(g);
        const radical = primes.reduce((x, y) => x * y, 1);
        const expected = wins(cards, g);
        const target = search.findWinningMove(primes, radical, 0);
        if (search.wins(primes, radical, 0) !== expected || (target !== undefined) !== expected) {
          wrong.push(`${cards.join(' ')} at g = ${g}: the mover ${expected ? 'wins' : 'loses'}`);
        }
        if (target === undefined) continue;
        found++;
        const card = cardFor(a, primes, target, new Map()) ?? -1;
        const next = gcd(g, card);
        // The named card is on the table, leaves g at target's primes and wins.
        if (
          !cards.includes(card) ||
          distinctPrimes(next).join() !== target.primes.join() ||
          target.radical !== radicalOf(next) ||
          target.stay !== (target.primes.length === primes.length) ||
          wins(without(cards, card), next)
        ) {
          wrong.push(`${cards.join(' ')} at g = ${g}: card ${card} for ${JSON.stringify(target)}`);
        }
      }
      // The first card: a class wins exactly when the opponent loses at its primes with one card taken.
      for (const cls of a.classes) {
        const first = cls.values[0] ?? 1;
        // The card 1 makes g = 1 at once and loses.
        const expected = first !== 1 && !wins(without(cards, first), first);
        const ours = cls.primes.length > 0 && !search.wins(cls.primes, cls.radical, 1);
        const values = [...new Set(cards)].filter((v) => radicalOf(v) === cls.radical);
        if (ours !== expected || values.join() !== cls.values.join()) {
          wrong.push(`${cards.join(' ')}: first card ${first} (class ${cls.values.join(' ')})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(positions).toBe(4367 * 11);
    expect(found).toBeGreaterThan(10_000);
  });

  it('cardFor skips values already taken and names none when every card of the set is gone', () => {
    const a = analyse([2, 4, 4, 6, 3]);
    const stay = { primes: [2], radical: 2, stay: true };
    expect(cardFor(a, [2], stay, new Map())).toBe(2);
    expect(cardFor(a, [2], stay, new Map([[2, 1]]))).toBe(4);
    expect(
      cardFor(
        a,
        [2],
        stay,
        new Map([
          [2, 1],
          [4, 1],
        ]),
      ),
    ).toBe(4);
    expect(
      cardFor(
        a,
        [2],
        stay,
        new Map([
          [2, 1],
          [4, 2],
        ]),
      ),
    ).toBe(6);
    expect(
      cardFor(
        a,
        [2],
        stay,
        new Map([
          [2, 1],
          [4, 2],
          [6, 1],
        ]),
      ),
    ).toBeUndefined();
    // From g = 6, keeping only 3 takes the card 3; keeping 2 and 3 takes 6.
    expect(cardFor(a, [2, 3], { primes: [3], radical: 3, stay: false }, new Map())).toBe(3);
    expect(cardFor(a, [2, 3], { primes: [2, 3], radical: 6, stay: true }, new Map())).toBe(6);
    expect(cardFor(a, [2, 3], { primes: [5], radical: 5, stay: false }, new Map())).toBeUndefined();
  });
});

function radicalOf(v: number): number {
  return distinctPrimes(v).reduce((x, y) => x * y, 1);
}

describe('SEAGM analysis with hundreds of squarefree divisors (the divisor map grows)', () => {
  // 2*3*...*23 and products of eight or nine small primes: 511 divisors > 1 for the first alone.
  const tables = [
    [223_092_870, 111_546_435, 74_364_290, 44_618_574, 31_870_410, 20_281_170, 17_160_990, 9_699_690],
    [223_092_870, 281_291_010, 300_690_390, 358_888_530, 6, 35, 143],
    [281_291_010, 300_690_390, 358_888_530, 9_699_690 * 41, 9_699_690 * 43, 1, 1],
  ];
  it.each(tables.map((t) => [t.length, t]))(
    'counts the cards each divisor divides and finds the verdict (%i cards)',
    (_n, cards) => {
      const a = analyse(cards);
      const primes = [...new Set(cards.flatMap((c) => distinctPrimes(c)))].sort((x, y) => x - y);
      expect(primes.length).toBeGreaterThanOrEqual(9);
      for (const d of [1, ...squarefreeDivisors(primes.slice(0, 12))]) {
        expect([d, a.cardsDivisibleBy(d)]).toEqual([d, cards.filter((c) => c % d === 0).length]);
      }
      expect(a.n).toBe(cards.length);
      // Every squarefree d > 1 dividing a card, once, with its count and its number of primes.
      const listed: [number, number, number][] = [];
      a.divisorCounts.forEach((d, count, omega) => listed.push([d, count, omega]));
      const expected = [...new Set(cards.flatMap((c) => squarefreeDivisors(distinctPrimes(c))))].map((d) => [
        d,
        cards.filter((c) => c % d === 0).length,
        distinctPrimes(d).length,
      ]);
      const byKey = (x: number[], y: number[]) => (x[0] ?? 0) - (y[0] ?? 0);
      expect(listed.sort(byKey)).toEqual(expected.sort(byKey));
      for (const cls of a.classes) expect(a.byRadical.get(cls.radical)).toBe(cls);
      expect(a.byRadical.size).toBe(a.classes.length);
      const search = new OptimalSearch(a);
      const firstWins = a.classes.some((c) => c.primes.length > 0 && !search.wins(c.primes, c.radical, 1));
      expect(firstWins).toBe(editorialSolve(cards).win);
    },
  );
});

/** table.addSubsets, and the same counts and signs recorded in the reference Map. */
function addSubsets(
  table: DivisorTable,
  reference: Map<number, { count: number; odd: number }>,
  primes: Int32Array,
  from: number,
  k: number,
  count: number,
): void {
  table.addSubsets(primes, from, k, count, new Int32Array(1 << 9));
  for (let m = 1; m < 1 << k; m++) {
    let d = 1;
    let bits = 0;
    for (let b = 0; b < k; b++) {
      if ((m >> b) & 1) {
        d *= primes[from + b] ?? 1;
        bits++;
      }
    }
    const had = reference.get(d);
    reference.set(d, { count: (had?.count ?? 0) + count, odd: had?.odd ?? bits % 2 });
  }
}

describe('SEAGM typed-array divisor table against a Map', () => {
  it('keeps every count and sign while it grows from its smallest size', () => {
    const table = new DivisorTable(0);
    const reference = new Map<number, { count: number; odd: number }>();
    let x = 987_654_321;
    const next = (): number => {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      return x;
    };
    for (let i = 0; i < 3000; i++) {
      // Keys repeat (counts add up) and spread over 2..10^9.
      const key = 2 + (next() % (i % 3 === 0 ? 500 : 999_999_999));
      const count = 1 + (next() % 1000);
      const odd = next() % 2;
      const had = reference.get(key);
      table.add(key, count, had?.odd ?? odd);
      reference.set(key, { count: (had?.count ?? 0) + count, odd: had?.odd ?? odd });
    }
    // Subsets of small primes on top: each subset's product, its count and the parity of its size.
    const primes = Int32Array.from([2, 3, 5, 7, 11, 13, 17, 19, 23]);
    for (let k = 1; k <= 9; k++) addSubsets(table, reference, primes, 9 - k, k, k);
    expect(table.size).toBe(reference.size);
    expect(table.slots.length).toBeGreaterThanOrEqual(4 * reference.size);
    for (const [key, { count, odd }] of reference) {
      const at = table.find(key);
      expect([key, table.count(key), (table.slots[at + 1] ?? 0) & 1]).toEqual([key, count, odd]);
    }
    for (const absent of [1_000_000_001, 1_000_000_007, 2_147_483_647]) {
      expect([absent, table.find(absent), table.count(absent)]).toEqual([absent, -1, 0]);
    }
  });

  it('grows while adding whole prime sets to an empty table', () => {
    const table = new DivisorTable(0);
    const reference = new Map<number, { count: number; odd: number }>();
    // 2, 3, 5, 7, 11, 13 with one more prime each time: 64 new divisors per set, over 9,000 in all.
    const more: number[] = [];
    for (let p = 17; more.length < 150; p++) if (distinctPrimes(p).join() === String(p)) more.push(p);
    for (const [i, p] of more.entries()) {
      addSubsets(table, reference, Int32Array.from([7, 2, 3, 5, 7, 11, 13, p]), 1, 7, i + 1);
      expect(table.slots.length).toBeGreaterThanOrEqual(4 * table.size);
    }
    expect(reference.size).toBeGreaterThan(4096);
    expect(table.size).toBe(reference.size);
    const wrong = [...reference].filter(([key, { count, odd }]) => {
      const at = table.find(key);
      return table.count(key) !== count || ((table.slots[at + 1] ?? 0) & 1) !== odd;
    });
    expect(wrong).toEqual([]);
  });
});

describe('SEAGM solver input order', () => {
  it('gives the same result for the cards in any order (it sorts what it is given)', () => {
    const cards = [30, 1, 6, 10, 4, 15, 9, 2, 8, 3, 5, 6, 1_000_000_000, 999_999_937];
    const sorted = [...cards].sort((x, y) => x - y);
    const expected = solveSeagm({ cards: sorted });
    expect(solveSeagm({ cards })).toEqual(expected);
    expect(solveSeagm({ cards: [...sorted].reverse() })).toEqual(expected);
    expect(expected.firstWins).toBe(editorialSolve(sorted).win);
  });
});
