/**
 * The catalog entries' own doors, outside the solvers: how typed fields become params (move sets, heap lists,
 * players, search sizes), the quiz's random instances per difficulty (sizes, shapes and the cases they are meant
 * to reach), the cost estimates at their thresholds, the players' names, and MAGIC's passage checks against a
 * reference written here (a Set of pairs, a plain scan for duplicates).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Difficulty } from '../../src/core/game.js';
import { InputError } from '../../src/core/errors.js';
import { paramsFromFields } from '../../src/core/params.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { abgame } from '../../src/games/abgame/index.js';
import { magic } from '../../src/games/magic/index.js';
import { seagm } from '../../src/games/seagm/index.js';
import {
  checkPassages,
  findDuplicate,
  PAIR_KEY_LIMIT,
  showPair,
  toRoom,
} from '../../src/games/magic/limits.js';
import { multiplication, randomPrimeIn } from '../../src/games/multiplication/index.js';
import { octal } from '../../src/games/octal/index.js';
import { partisan } from '../../src/games/partisan/index.js';
import { DEFAULT_STEP_BUDGET } from '../../src/games/partisan/solve.js';
import { mixSeed } from '../../src/quiz/question.js';

/**
 * The i-th generator as the quiz makes them: from a mixed uint32 seed. (The first draws of generators seeded
 * 0, 1, 2, ... move in lockstep, so the quiz never seeds with small consecutive numbers, and neither do we.)
 */
const rngOf = (i: number): Rng => createRng(mixSeed(i, 0x9e37_79b9));

const DIFFICULTIES: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];

/** Prime factorisation by trial division (the quiz's easy and medium N are at most 10,000). */
function factor(n: bigint): Map<bigint, number> {
  const out = new Map<bigint, number>();
  let m = n;
  for (let p = 2n; p * p <= m; p++) {
    while (m % p === 0n) {
      out.set(p, (out.get(p) ?? 0) + 1);
      m /= p;
    }
  }
  if (m > 1n) out.set(m, (out.get(m) ?? 0) + 1);
  return out;
}

function isPrimeSlow(n: bigint): boolean {
  if (n < 2n) return false;
  for (let p = 2n; p * p <= n; p++) if (n % p === 0n) return false;
  return true;
}

/** Which case of the closed form N falls in (the rule names of multiplication/schema.ts). */
function ruleOf(n: bigint): string {
  const exponents = [...factor(n).values()];
  if (exponents.length === 1) return 'one-prime';
  if (exponents.length >= 3) return 'three-or-more-primes';
  const [a, b] = exponents as [number, number];
  if (a === b) return 'two-primes-equal';
  return Math.abs(a - b) === 1 ? 'two-primes-one-apart' : 'two-primes-further-apart';
}

describe('Multiplication entry', () => {
  it('reads the player from a terminal in any case, Alice when left out, anything else to the schema', () => {
    const first = (value: string | undefined) =>
      paramsFromFields(multiplication, value === undefined ? { n: '40' } : { n: '40', first: value }).first;
    expect(first(undefined)).toBe('Alice');
    expect(first('  ')).toBe('Alice');
    expect(first('bob')).toBe('Bob');
    expect(first(' BOB ')).toBe('Bob');
    expect(first('alice')).toBe('Alice');
    expect(() => first('Carol')).toThrow(/Carol|Alice or Bob/);
    expect(multiplication.fromFields({ n: '40', first: ' carol ' })).toEqual({ n: '40', first: 'carol' });
  });

  it('names the players in the order they move', () => {
    expect(multiplication.players({ n: '40', first: 'Alice' })).toEqual(['Alice', 'Bob']);
    expect(multiplication.players({ n: '40', first: 'Bob' })).toEqual(['Bob', 'Alice']);
  });

  it('estimates a cheap solve below 2^32 and a factoring explanation from 2^32 on', () => {
    const cost = (n: bigint) => multiplication.estimateCostMs({ n: n.toString(), first: 'Alice' });
    expect(cost(2n)).toBe(0.05);
    expect(cost(2n ** 32n - 1n)).toBe(0.05);
    expect(cost(2n ** 32n)).toBe(1);
    expect(cost(10n ** 18n)).toBe(1);
  });

  it('draws a prime from the range, wrapping past the top, and 2 when the range holds none', () => {
    for (let seed = 0; seed < 200; seed++) {
      const lo = BigInt(2 + (seed % 50));
      const hi = lo + BigInt(seed % 30);
      const p = randomPrimeIn(createRng(seed), lo, hi);
      const primes = Array.from({ length: Number(hi - lo) + 1 }, (_, i) => lo + BigInt(i)).filter(
        isPrimeSlow,
      );
      if (primes.length === 0) expect(p).toBe(2n);
      else expect(primes).toContain(p);
    }
    // [24, 28] holds no prime; [23, 23] only one, whatever the start.
    expect(randomPrimeIn(createRng(1), 24n, 28n)).toBe(2n);
    expect(randomPrimeIn(createRng(1), 23n, 23n)).toBe(23n);
    // Every prime of [14, 30] is drawn for some seed: the scan wraps to the bottom when the start is past the last.
    const drawn = new Set<bigint>();
    for (let seed = 0; seed < 300; seed++) drawn.add(randomPrimeIn(createRng(seed), 14n, 30n));
    expect([...drawn].sort((a, b) => Number(a - b))).toEqual([17n, 19n, 23n, 29n]);
    const wrapped = new Set<bigint>();
    for (let seed = 0; seed < 300; seed++) wrapped.add(randomPrimeIn(createRng(seed), 13n, 16n));
    expect([...wrapped]).toEqual([13n]);
  });

  it('quiz sizes: every case of the closed form, with N within each difficulty and large primes when hard', () => {
    const limits = { tiny: 200n, easy: 360n, medium: 10_000n, hard: 10n ** 18n };
    for (const difficulty of DIFFICULTIES) {
      const rules = new Set<string>();
      const firsts = new Set<string>();
      for (let seed = 0; seed < 150; seed++) {
        const params = multiplication.randomInstance(rngOf(seed), difficulty);
        const n = BigInt(params.n);
        expect(n, difficulty).toBeGreaterThanOrEqual(2n);
        expect(n, difficulty).toBeLessThanOrEqual(limits[difficulty]);
        firsts.add(params.first);
        if (difficulty === 'easy' || difficulty === 'medium') rules.add(ruleOf(n));
        if (difficulty === 'hard') expect(n, 'hard N are not small').toBeGreaterThan(10n ** 6n);
      }
      expect([...firsts].sort()).toEqual(['Alice', 'Bob']);
      if (difficulty === 'easy' || difficulty === 'medium') {
        expect([...rules].sort(), difficulty).toEqual([
          'one-prime',
          'three-or-more-primes',
          'two-primes-equal',
          'two-primes-further-apart',
          'two-primes-one-apart',
        ]);
      }
    }
  });

  it('a medium N uses primes from the upper part of what its budget allows', () => {
    let largest = 0n;
    for (let seed = 0; seed < 100; seed++) {
      const n = BigInt(multiplication.randomInstance(rngOf(seed), 'medium').n);
      for (const p of factor(n).keys()) if (p > largest) largest = p;
      expect(factor(n).size, 'distinct primes').toBe([...factor(n).keys()].length);
    }
    expect(largest).toBeGreaterThan(1000n);
  });
});

describe('PartisanGame entry', () => {
  /** The raw params `fromFields` hands to the schema (typed `unknown` there). */
  const sets = (alice: string | undefined, bob?: string) =>
    partisan.fromFields({
      n: ' 7 ',
      ...(alice === undefined ? {} : { alice }),
      ...(bob === undefined ? {} : { bob }),
    }) as { n: unknown; alice: unknown[]; bob: unknown[] };

  it('reads move sets as people type them', () => {
    expect(sets('3 4', '4')).toEqual({ n: '7', alice: [3, 4], bob: [4] });
    for (const typed of ['3,4', '{3, 4}', '[3,4]', '(3 4)', ' 3;4 ', '+3 4'])
      expect(sets(typed).alice, typed).toEqual([3, 4]);
    for (const empty of ['', ' ', '-', 'none', 'NONE', '{}', '[ ]'])
      expect(sets(empty).alice, empty).toEqual([]);
    expect(sets(undefined)).toEqual({ n: '7', alice: [], bob: [] });
    for (const empty of [' none ', '\tNone\n', ' - ', ' { } '])
      expect(sets(empty).alice, JSON.stringify(empty)).toEqual([]);
    // Only a bracket at either end is dropped: one inside the list is a typing mistake, never a way to join digits.
    expect(() => sets('3{4')).toThrow('alice: "3{4" is not a whole number');
    expect(() => sets('3]4')).toThrow('alice: "3]4" is not a whole number');
    expect(() => sets('3)4')).toThrow('alice: "3)4" is not a whole number');
    expect(partisan.fromFields({ n: 7, alice: '1' })).toEqual({ n: 7, alice: [1], bob: [] });
    // Past the safe range the text goes on, so the schema's range message shows what was typed.
    expect(sets('99999999999999999999').alice).toEqual(['99999999999999999999']);
    expect(sets('-3').alice).toEqual([-3]);
  });

  it('names the field and the token that is not a number', () => {
    expect(() => sets('3 x4')).toThrow(InputError);
    expect(() => sets('3 x4')).toThrow(
      'alice: "x4" is not a whole number; list moves from 1 to 64 separated by spaces or commas, e.g. "3 4" or "3,4" ("none" for no moves)',
    );
    expect(() => sets('1', '2.5')).toThrow(/^bob: "2\.5" is not a whole number/);
  });

  it('quiz sizes: piles and move sets per difficulty, and hard sets whose answer depends on n', () => {
    const shape = {
      tiny: [0n, 300n, 5],
      easy: [4n, 15n, 3],
      medium: [15n, 60n, 5],
      hard: [10n ** 9n, 10n ** 18n - 1n, 20],
    } as const;
    for (const difficulty of DIFFICULTIES) {
      const [lo, hi, maxMove] = shape[difficulty];
      const seen = new Set<number>();
      for (let seed = 0; seed < (difficulty === 'hard' ? 12 : 120); seed++) {
        const { n, alice, bob } = partisan.randomInstance(rngOf(seed), difficulty);
        expect(BigInt(n)).toBeGreaterThanOrEqual(lo);
        expect(BigInt(n)).toBeLessThanOrEqual(hi);
        for (const set of [alice, bob]) {
          expect(set).toEqual([...new Set(set)].sort((a, b) => a - b));
          for (const x of set) {
            expect(x).toBeGreaterThanOrEqual(1);
            expect(x).toBeLessThanOrEqual(maxMove);
            seen.add(x);
          }
          if (difficulty !== 'tiny')
            expect(set.length, `${difficulty} sets are never empty`).toBeGreaterThan(0);
        }
      }
      if (difficulty !== 'hard') expect(Math.max(...seen), difficulty).toBe(maxMove);
    }
    // Hard questions: over one window of 400 piles past the start, both players win somewhere, so the answer
    // at the asked n is not the same for every pile.
    let mixed = 0;
    for (let seed = 0; seed < 12; seed++) {
      const { alice, bob } = partisan.randomInstance(rngOf(seed), 'hard');
      const winners = new Set<boolean>();
      for (let n = 3000; n < 3400; n++) winners.add(partisan.solve({ n: String(n), alice, bob }).aliceWins);
      if (winners.size === 2) mixed++;
    }
    expect(mixed).toBeGreaterThanOrEqual(10);
  });

  it('names Alice first always, and estimates 1 ms when a short probe settles the sets', () => {
    expect(partisan.players({ n: '7', alice: [1], bob: [2] })).toEqual(['Alice', 'Bob']);
    expect(partisan.estimateCostMs({ n: '10', alice: [3, 4], bob: [4] })).toBe(1);
    // {6, 11, 53, 58, 64} for both: no cycle within the 20,000-position probe, so the whole step budget is
    // charged (about 7 ns a position, and as much again to find where the cycle starts).
    const long = [6, 11, 53, 58, 64];
    expect(partisan.estimateCostMs({ n: '10', alice: long, bob: long })).toBe(
      Math.ceil(DEFAULT_STEP_BUDGET / 50_000),
    );
  });
});

describe('octal entry', () => {
  it('reads heaps, codes and search sizes as people type them', () => {
    expect(octal.fromFields({ code: ' 0.77 ', heaps: '[5, 8, 13]' })).toEqual({
      code: '0.77',
      heaps: ['5', '8', '13'],
    });
    expect(octal.fromFields({ code: '.07', heaps: '5 8;13', search: ' 2000 ' })).toEqual({
      code: '.07',
      heaps: ['5', '8', '13'],
      search: 2000,
    });
    expect(octal.fromFields({ code: '0.7', heaps: '(4)', search: '' })).toEqual({
      code: '0.7',
      heaps: ['4'],
    });
    expect(octal.fromFields({ code: '0.7', heaps: '{4}', search: '2e3' })).toEqual({
      code: '0.7',
      heaps: ['4'],
      search: '2e3',
    });
    expect(octal.fromFields({ code: 77 })).toEqual({ code: 77, heaps: undefined });
    expect(octal.fromFields({ code: '0.7', heaps: 9 })).toEqual({ code: '0.7', heaps: ['9'] });
    expect(paramsFromFields(octal, { code: '0.7', heaps: '4', search: '2000' }).search).toBe(2000);
    expect(() => paramsFromFields(octal, { code: '0.7', heaps: '4', search: '2e3' })).toThrow(
      /search must be a whole number/,
    );
  });

  it('names the players', () => {
    expect(octal.players({ code: '0.77', heaps: ['1'], search: 1000 })).toEqual([
      'First player',
      'Second player',
    ]);
  });

  it('quiz sizes: tiny any code of 1 to 3 digits, easy the classics, medium and hard proven codes', () => {
    const classics = [
      '0.77',
      '0.07',
      '0.137',
      '0.3',
      '0.33',
      '0.333',
      '0.03',
      '0.7',
      '0.17',
      '0.4',
      '0.6',
      'nim',
    ];
    const shape = {
      tiny: [0n, 40n, 3],
      easy: [1n, 8n, 3],
      medium: [1n, 30n, 3],
      hard: [1n, 10n ** 18n, 5],
    } as const;
    for (const difficulty of DIFFICULTIES) {
      const [lo, hi, most] = shape[difficulty];
      const counts = new Set<number>();
      const lengths = new Set<number>();
      const codes = new Set<string>();
      let smallest = hi;
      let largest = 0n;
      for (let seed = 0; seed < 80; seed++) {
        const params = octal.randomInstance(rngOf(seed), difficulty);
        expect(octal.params.parse(params)).toEqual(params);
        expect(params.search).toBe(difficulty === 'tiny' ? 1000 : 20000);
        counts.add(params.heaps.length);
        codes.add(params.code);
        if (params.code !== 'nim') lengths.add(params.code.length - 2);
        for (const h of params.heaps.map(BigInt)) {
          if (h < smallest) smallest = h;
          if (h > largest) largest = h;
        }
        if (difficulty === 'medium' || difficulty === 'hard') {
          expect(octal.solve(params).period, `${params.code} has a proven period`).not.toBeNull();
        }
      }
      expect(Math.max(...counts)).toBe(most);
      expect(Math.min(...counts)).toBe(1);
      expect(smallest).toBeGreaterThanOrEqual(lo);
      expect(largest).toBeLessThanOrEqual(hi);
      if (difficulty === 'tiny') {
        expect(smallest).toBe(0n);
        expect([...lengths].sort()).toEqual([1, 2, 3]);
      }
      if (difficulty === 'easy') {
        for (const code of codes) expect(classics).toContain(code);
        expect(codes.size).toBeGreaterThan(8);
      }
      if (difficulty === 'hard') expect(largest).toBeGreaterThan(10n ** 15n);
      else expect(largest).toBeGreaterThan((hi * 3n) / 4n);
    }
  });
});

describe('MAGIC entry', () => {
  it('names the players and grows its estimate with the passages', () => {
    const board = (count: number) => ({
      rooms: '100',
      p1: 0,
      p2: 0,
      passages: Array.from({ length: count }, (_, i) => [1, i + 2] as [number, number]),
    });
    expect(magic.players(magic.params.parse(board(1)))).toEqual(['First', 'Second']);
    expect(magic.estimateCostMs(magic.params.parse(board(0)))).toBeCloseTo(0.05, 10);
    expect(magic.estimateCostMs(magic.params.parse(board(50)))).toBeCloseTo(0.07, 10);
  });

  /** Groups of rooms joined by passages (a plain union-find over room names). */
  function groupsOf(passages: readonly (readonly [unknown, unknown])[]): Map<string, string[]> {
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let r = x;
      while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
      return r;
    };
    for (const [a, b] of passages) {
      for (const x of [String(a), String(b)]) if (!parent.has(x)) parent.set(x, x);
      parent.set(find(String(a)), find(String(b)));
    }
    const groups = new Map<string, string[]>();
    for (const x of parent.keys()) groups.set(find(x), [...(groups.get(find(x)) ?? []), x]);
    return groups;
  }

  it('quiz sizes: rooms, telepoints and passages per difficulty; rooms 1 and 2 apart from easy on', () => {
    const roomRange = { tiny: [2, 5], easy: [4, 7], medium: [8, 14], hard: [30, 400] } as const;
    for (const difficulty of DIFFICULTIES) {
      const sizes = new Set<number>();
      const points = new Set<number>();
      let apart = 0;
      let largestGroup = 0;
      let sharedPoints = 0;
      const runs = 60;
      for (let seed = 0; seed < runs; seed++) {
        const params = magic.randomInstance(rngOf(seed), difficulty);
        expect(magic.params.parse(params)).toEqual(params);
        sizes.add(Number(params.rooms));
        points.add(params.p1).add(params.p2);
        if (params.p1 === params.p2) sharedPoints++;
        const groups = groupsOf(params.passages);
        const together = [...groups.values()].some((g) => g.includes('1') && g.includes('2'));
        if (!together) apart++;
        for (const g of groups.values()) largestGroup = Math.max(largestGroup, g.length);
      }
      const [lo, hi] = roomRange[difficulty];
      expect(Math.min(...sizes), difficulty).toBeGreaterThanOrEqual(lo);
      expect(Math.min(...sizes), difficulty).toBeLessThan(lo + (hi - lo) / 4);
      expect(Math.max(...sizes), difficulty).toBeLessThanOrEqual(hi);
      expect(Math.max(...sizes), difficulty).toBeGreaterThan(hi - (hi - lo) / 4);
      expect([...points].sort(), difficulty).toEqual([0, 1, 2]);
      expect(sharedPoints, 'p2 equals p1 about half the time').toBeGreaterThan(runs / 4);
      expect(sharedPoints).toBeLessThan((runs * 3) / 4);
      if (difficulty === 'hard') {
        expect(apart, 'hard boards never join rooms 1 and 2').toBe(runs);
        expect(largestGroup, 'clusters of at most 6 rooms').toBeLessThanOrEqual(6);
        expect(largestGroup).toBeGreaterThanOrEqual(5);
      } else if (difficulty !== 'tiny') {
        expect(apart, `${difficulty}: redrawn until rooms 1 and 2 are apart`).toBeGreaterThanOrEqual(
          runs - 2,
        );
      }
    }
  });

  it('rooms: positive whole numbers in one canonical form', () => {
    expect(toRoom(1)).toBe(1);
    expect(toRoom(0)).toBeUndefined();
    expect(toRoom(-1)).toBeUndefined();
    expect(toRoom(1.5)).toBeUndefined();
    expect(toRoom(2 ** 53)).toBeUndefined();
    expect(toRoom(2 ** 53 - 1)).toBe(2 ** 53 - 1);
    expect(toRoom(' +12 ')).toBe(12);
    expect(toRoom('0')).toBeUndefined();
    expect(toRoom(0n)).toBeUndefined();
    expect(toRoom(5n)).toBe(5);
    expect(toRoom('9007199254740992')).toBe('9007199254740992');
    expect(toRoom(9007199254740993n)).toBe('9007199254740993');
    expect(toRoom('9007199254740991')).toBe(9007199254740991);
    expect(toRoom('1'.repeat(40))).toBe('1'.repeat(40));
    expect(toRoom('1'.repeat(41))).toBeUndefined();
    expect(toRoom('1e3')).toBeUndefined();
    expect(toRoom(null)).toBeUndefined();
    expect(toRoom([1])).toBeUndefined();
  });

  it('shows a pair with each side cut at 24 characters', () => {
    expect(showPair(1, '2')).toBe('1-2');
    expect(showPair(3n, null)).toBe('3-object');
    expect(showPair('x'.repeat(24), undefined)).toBe(`${'x'.repeat(24)}-undefined`);
    expect(showPair('x'.repeat(25), 1)).toBe(`${'x'.repeat(24)}...-1`);
  });

  /** The first problem a plain reading finds, with the same words, or the canonical list. */
  function referenceCheck(
    list: readonly unknown[],
    n: bigint,
  ): { message: string; index: number } | [unknown, unknown][] {
    const seen = new Map<string, number>();
    const out: [unknown, unknown][] = [];
    const keys: string[] = [];
    const room = (v: unknown): bigint | undefined => {
      if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 1 ? BigInt(v) : undefined;
      if (typeof v === 'bigint') return v >= 1n ? v : undefined;
      if (typeof v === 'string' && /^\s*\+?\d{1,40}\s*$/.test(v)) {
        const b = BigInt(v.trim());
        return b >= 1n ? b : undefined;
      }
      return undefined;
    };
    const canonical = (b: bigint): unknown =>
      b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b.toString();
    const cut = (v: unknown) => {
      const t = ['string', 'number', 'bigint'].includes(typeof v) ? String(v) : typeof v;
      return t.length > 24 ? `${t.slice(0, 24)}...` : t;
    };
    for (let i = 0; i < list.length; i++) {
      const pair = list[i];
      if (!Array.isArray(pair) || pair.length !== 2) {
        return {
          message: `passages: item ${i + 1} must be a pair of rooms like [1, 3], e.g. 1-3 2-4`,
          index: i,
        };
      }
      const shown = `passage ${i + 1} ("${cut(pair[0])}-${cut(pair[1])}")`;
      const a = room(pair[0]);
      const b = room(pair[1]);
      if (a === undefined || b === undefined) {
        return {
          message: `${shown} must name two rooms by whole numbers from 1 to ${n}, e.g. 1-3 2-4`,
          index: i,
        };
      }
      if (a > n || b > n) {
        return {
          message: `${shown} names room ${a > n ? a : b}, but the rooms are numbered 1 to ${n} (rooms: ${n})`,
          index: i,
        };
      }
      if (a === b) {
        return {
          message: `${shown} joins room ${String(pair[0])} to itself; a passage joins two different rooms, e.g. 1-3`,
          index: i,
        };
      }
      out.push([canonical(a), canonical(b)]);
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      keys.push(key);
      if (!seen.has(key)) seen.set(key, i);
    }
    for (let j = 0; j < out.length; j++) {
      const first = seen.get(keys[j]!)!;
      if (first !== j) {
        const [x, y] = out[first]!;
        return {
          message: `passage "${cut(x)}-${cut(y)}" is listed twice (as passages ${first + 1} and ${j + 1}); two rooms are joined by at most one passage`,
          index: j,
        };
      }
    }
    return out;
  }

  it('passage checks agree with a plain reading: bad items, rooms out of range, loops, the first repeat', () => {
    const big = 10n ** 18n;
    const roomValue = (n: bigint) =>
      fc.oneof(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }).map(String),
        fc.integer({ min: 1, max: 6 }).map((x) => ` +${x}`),
        fc.bigInt({ min: n - 3n, max: n + 1n }),
        fc.bigInt({ min: n - 3n, max: n + 1n }).map(String),
        fc.constantFrom(0, -2, 1.5, 'two', null, 2 ** 53, '9007199254740993'),
      );
    const listOf = (n: bigint) =>
      fc.array(
        fc.oneof(
          { weight: 12, arbitrary: fc.tuple(roomValue(n), roomValue(n)) },
          { weight: 1, arbitrary: fc.constantFrom([1], [1, 2, 3], 'x', 5) },
        ),
        { maxLength: 12, size: 'max' },
      );
    const sizes = fc.constantFrom(6n, 7n, PAIR_KEY_LIMIT, PAIR_KEY_LIMIT + 1n, 2n ** 53n + 5n, big);
    fc.assert(
      fc.property(
        sizes.chain((n) => fc.tuple(fc.constant(n), listOf(n))),
        ([n, list]) => {
          let reported: { message: string; index: number } | undefined;
          const out = checkPassages(list, n, (message, index) => {
            reported = { message, index: index ?? -1 };
          });
          const expected = referenceCheck(list, n);
          if (Array.isArray(expected)) {
            expect(reported).toBeUndefined();
            expect(out).toEqual(expected);
          } else {
            expect(out).toBeUndefined();
            expect(reported).toEqual(expected);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('a repeat is found among many distinct keys, in either order of rooms, and its first place is named', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 80, size: 'max' }), (values) => {
        const keys = Float64Array.from(values);
        let expected: [number, number] | undefined;
        outer: for (let j = 0; j < values.length; j++) {
          for (let i = 0; i < j; i++) {
            if (values[i] === values[j]) {
              expected = [i, j];
              break outer;
            }
          }
        }
        expect(findDuplicate(keys)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // Keys past 2^32 mix their high half too: these differ only there.
    const high = Float64Array.from([2 ** 40, 2 ** 41, 2 ** 40 + 2 ** 33, 2 ** 41]);
    expect(findDuplicate(high)).toEqual([1, 3]);
    expect(findDuplicate(new Float64Array(0))).toBeUndefined();
  });
});

/** A board read as ABGAME's pairs: each gap between two pieces, contested when they differ, spare otherwise. */
function readBoard(board: string): { contestedXor: number; spareA: number; spareB: number } {
  const pieces = [...board].flatMap((c, i) => (c === '.' ? [] : [{ c, i }]));
  let contestedXor = 0;
  let spareA = 0;
  let spareB = 0;
  for (let k = 0; k + 1 < pieces.length; k += 2) {
    const left = pieces[k]!;
    const right = pieces[k + 1]!;
    const gap = right.i - left.i - 1;
    if (left.c !== right.c) contestedXor ^= gap;
    else if (left.c === 'A') spareA += gap;
    else spareB += gap;
  }
  // A last piece on its own owns the dots after it.
  if (pieces.length % 2 === 1) {
    const last = pieces.at(-1)!;
    const gap = board.length - last.i - 1;
    if (last.c === 'A') spareA += gap;
    else spareB += gap;
  }
  return { contestedXor, spareA, spareB };
}

describe('ABGAME and SEAGM entries', () => {
  it('ABGAME quiz sizes: random cells when tiny and easy; medium and hard boards tie the spare moves', () => {
    const lengths = { tiny: [1, 10], easy: [5, 12] } as const;
    for (const difficulty of DIFFICULTIES) {
      let zero = 0;
      let longest = 0;
      let shortest = Infinity;
      const cells = new Set<string>();
      for (let seed = 0; seed < 80; seed++) {
        const { board } = abgame.randomInstance(rngOf(seed), difficulty);
        expect(board).toMatch(/^[.AB]+$/);
        for (const c of board) cells.add(c);
        longest = Math.max(longest, board.length);
        shortest = Math.min(shortest, board.length);
        if (difficulty === 'medium' || difficulty === 'hard') {
          const { contestedXor, spareA, spareB } = readBoard(board);
          expect(spareA, board).toBe(spareB);
          if (contestedXor === 0) zero++;
          const params = abgame.params.parse({ board });
          expect(abgame.outcome(abgame.solve(params, {}), params), board).toBe(
            contestedXor === 0 ? 'second' : 'first',
          );
        }
      }
      expect([...cells].sort()).toEqual(['.', 'A', 'B']);
      if (difficulty === 'tiny' || difficulty === 'easy') {
        expect([shortest, longest], difficulty).toEqual(lengths[difficulty]);
      } else {
        expect(zero, `${difficulty}: the contested XOR is 0 about half the time`).toBeGreaterThan(20);
        expect(zero).toBeLessThan(60);
      }
      if (difficulty === 'medium') expect(longest).toBeLessThanOrEqual(45);
      if (difficulty === 'hard') expect(longest).toBeGreaterThan(100);
    }
  });

  it('SEAGM quiz sizes: card counts and values per difficulty, gcd 1 from medium on', () => {
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    const shape = { tiny: [1, 7, 30], easy: [3, 6, 30], medium: [6, 10, 100], hard: [10, 24, 1000] } as const;
    for (const difficulty of DIFFICULTIES) {
      const [fewest, most, maxValue] = shape[difficulty];
      const counts = new Set<number>();
      let largest = 0;
      let sharedFactor = 0;
      for (let seed = 0; seed < 150; seed++) {
        const { cards } = seagm.randomInstance(rngOf(seed), difficulty);
        expect(cards).toEqual([...cards].sort((a, b) => a - b));
        counts.add(cards.length);
        largest = Math.max(largest, ...cards);
        expect(Math.min(...cards)).toBeGreaterThanOrEqual(1);
        if (cards.reduce(gcd, 0) > 1) sharedFactor++;
      }
      expect([Math.min(...counts), Math.max(...counts)], difficulty).toEqual([fewest, most]);
      expect(largest).toBeLessThanOrEqual(maxValue);
      expect(largest).toBeGreaterThan(maxValue * 0.9);
      if (difficulty === 'medium' || difficulty === 'hard') expect(sharedFactor, difficulty).toBe(0);
      else expect(sharedFactor, `${difficulty} keeps the gcd shortcut sometimes`).toBeGreaterThan(0);
    }
  });

  it('ABGAME names A and B, reads a board typed with spaces around it, and estimates by its length', () => {
    expect(abgame.players({ board: 'A.B' })).toEqual(['A', 'B']);
    expect(abgame.fromFields({ board: ' A..B ' })).toEqual({ board: 'A..B' });
    expect(paramsFromFields(abgame, { board: '\tA..B.A..B \n' }).board).toBe('A..B.A..B');
    expect(abgame.fromFields({ board: 5 })).toEqual({ board: 5 });
    expect(abgame.estimateCostMs({ board: 'A..B.A..B' })).toBeCloseTo(0.05009, 10);
    expect(abgame.estimateCostMs({ board: 'A'.repeat(10 ** 6) })).toBeCloseTo(10.05, 10);
  });

  it('SEAGM names its players and estimates by card count and size', () => {
    expect(seagm.players({ cards: [2, 6, 3] })).toEqual(['First player', 'Second player']);
    expect(seagm.estimateCostMs({ cards: [2, 6, 3] })).toBeCloseTo(1.003, 10);
    expect(seagm.estimateCostMs({ cards: [1, 1_000_000] })).toBeCloseTo(1.002, 10);
    expect(seagm.estimateCostMs({ cards: [1, 1_000_001] })).toBeCloseTo(1.02, 10);
  });
});

describe('PartisanGame move sets in the schema', () => {
  const parse = (alice: unknown) => partisan.params.safeParse({ n: '7', alice, bob: [1] });
  const message = (alice: unknown) => {
    const r = parse(alice);
    return r.success ? 'parsed' : r.error.issues.map((i) => i.message).join(' | ');
  };
  const rule = 'alice must list distinct whole numbers from 1 to 64, e.g. "3 4" or "3,4" (or "none")';

  it('sorts a set, and names the bad value, the repeat, or a set that is not a list', () => {
    expect(parse([4, 3]).data?.alice).toEqual([3, 4]);
    expect(parse([64, 1]).data?.alice).toEqual([1, 64]);
    expect(message([0])).toBe(`${rule} (got 0)`);
    expect(message([65])).toBe(`${rule} (got 65)`);
    expect(message([1.5])).toBe(`${rule} (got 1.5)`);
    expect(message(['3'])).toBe(`${rule} (got "3")`);
    expect(message(['x'.repeat(30)])).toBe(`${rule} (got "${'x'.repeat(23)}...)`);
    expect(message([3, 4, 3])).toBe(`${rule} (3 appears twice)`);
    expect(message('3 4')).toBe(rule);
    expect(message(null)).toBe(rule);
  });
});

describe('schema messages at the doors', () => {
  const issues = (result: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) =>
    result.success
      ? 'parsed'
      : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' | ');

  it('ABGAME names the bad cell in words: space, tab, line breaks, printable, non-ASCII, control', () => {
    const bad = (board: string) => issues(abgame.params.safeParse({ board }));
    const tail = 'but the board may hold only "A", "B" and ".", e.g. A..B.A..B';
    expect(bad('A B')).toBe(`board: cell 2 holds a space, ${tail}`);
    expect(bad('A\tB')).toBe(`board: cell 2 holds a tab, ${tail}`);
    expect(bad('A\nB')).toBe(`board: cell 2 holds a line break, ${tail}`);
    expect(bad('A\rB')).toBe(`board: cell 2 holds a line break, ${tail}`);
    expect(bad('!')).toBe(`board: cell 1 holds "!", ${tail}`);
    expect(bad('A~')).toBe(`board: cell 2 holds "~", ${tail}`);
    expect(bad('A\u007f')).toBe(`board: cell 2 holds a control character (code 127), ${tail}`);
    expect(bad('A\u0080')).toBe(`board: cell 2 holds a non-ASCII character, ${tail}`);
    expect(bad('A\u001f')).toBe(`board: cell 2 holds a control character (code 31), ${tail}`);
    expect(bad('a')).toBe(`board: cell 1 holds "a", ${tail}`);
    expect(bad('')).toBe(
      // The path, then the message, which names the field itself.
      'board: board: give at least 1 cell, e.g. A..B.A..B',
    );
    expect(bad('A.B')).toBe('parsed');
  });

  it('SEAGM names the card and what was typed, cut at 20 characters', () => {
    const bad = (numbers: unknown[]) => issues(seagm.params.safeParse({ cards: numbers }));
    const tail = 'but the numbers must be whole numbers from 1 to 10^9, e.g.';
    expect(bad([' 12 ', '+7', 1_000_000_000])).toBe('parsed');
    expect(seagm.params.parse({ cards: [' 12 ', '+7', 3] }).cards).toEqual([3, 7, 12]);
    expect(bad([3, 1_000_000_001]).startsWith(`cards: card 2 is "1000000001", ${tail}`)).toBe(true);
    expect(bad([0]).startsWith(`cards: card 1 is "0", ${tail}`)).toBe(true);
    expect(bad(['x12'])).toMatch(/card 1 is "x12"/);
    expect(bad(['12x'])).toMatch(/card 1 is "12x"/);
    expect(bad(['12345678901'])).toMatch(/card 1 is "12345678901"/);
    expect(bad(['1'.repeat(20)])).toMatch(new RegExp(`card 1 is "${'1'.repeat(20)}", `));
    expect(bad(['1'.repeat(21)])).toMatch(new RegExp(`card 1 is "${'1'.repeat(20)}\\.\\.\\.", `));
    // A card as the limit is written: 10^9, 1e9, 2^29; one past it, or a power that is no whole number, is not.
    expect(seagm.params.parse({ cards: ['10^9', '1e9', '2^29', '3e2'] }).cards).toEqual([
      300, 536_870_912, 1_000_000_000, 1_000_000_000,
    ]);
    for (const text of ['10^10', '2^30', '1e-3', '0^5', '10^99999999'])
      expect(bad([text]).startsWith(`cards: card 1 is "${text}", ${tail}`), text).toBe(true);
  });

  it('octal: the code must be text, the heaps 1 to 100 of them; a thrown error that is not about the code is not hidden', () => {
    const bad = (raw: Record<string, unknown>) => issues(octal.params.safeParse(raw));
    expect(bad({ code: 77, heaps: ['5'] })).toBe(
      "code: code must be text such as 0.77 (Kayles), .07 (Dawson's Kayles), 0.3 or nim",
    );
    expect(bad({ code: '0.77', heaps: [] })).toBe(
      'heaps: heaps must list 1 to 100 heap sizes from 0 to 10^18, e.g. 5,8,13 (got 0)',
    );
    expect(bad({ code: '0.77', heaps: Array.from({ length: 100 }, () => '1') })).toBe('parsed');
    expect(bad({ code: '0.77', heaps: Array.from({ length: 101 }, () => '1') })).toMatch(/\(got 101\)$/);
  });

  it('MAGIC points at the offending passage, or at the list when no single passage is to blame', () => {
    const result = magic.params.safeParse({
      rooms: '4',
      passages: [
        [1, 2],
        [2, 5],
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path)).toEqual([['passages', 1]]);
    const repeat = magic.params.safeParse({
      rooms: '4',
      passages: [
        [1, 2],
        [3, 4],
        [2, 1],
      ],
    });
    expect(repeat.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ['passages', 2],
        'passage "1-2" is listed twice (as passages 1 and 3); two rooms are joined by at most one passage',
      ],
    ]);
  });
});
