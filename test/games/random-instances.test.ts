/**
 * What the random instances promise beyond their size (quiz-sizes.test.ts) and their validity (the conformance
 * suite): questions that need thought. A generator that lost its redraws or its retries would still give valid
 * instances, only dull ones: the same winner whatever the pile, a board won by walking before anyone builds, a
 * code with no answer for the big heaps it asks about. Fixed seeds, so each count below is a fact of the
 * generators as they are; the bounds leave room for a reseeded generator, not for a broken one.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Difficulty } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { magic } from '../../src/games/magic/index.js';
import type { MagicParams } from '../../src/games/magic/schema.js';
import { octal } from '../../src/games/octal/index.js';
import { DEFAULT_SEARCH, MAX_HEAP, MIN_SEARCH } from '../../src/games/octal/limits.js';
import type { OctalParams } from '../../src/games/octal/schema.js';
import { findCycle, makeRule, valuesFrom } from '../../src/games/partisan/engine.js';
import { partisan } from '../../src/games/partisan/index.js';
import type { PartisanParams } from '../../src/games/partisan/schema.js';

const SEEDS = 200;

/** The instances of `difficulty` for seeds 1..count, through the game's own schema. */
function instances<P>(game: AnyGame, difficulty: Difficulty, count = SEEDS): P[] {
  return Array.from(
    { length: count },
    (_, i) => game.params.parse(game.randomInstance(createRng(i + 1), difficulty)) as P,
  );
}

/** How many of `params` the first player wins. */
function firstWins(game: AnyGame, params: readonly unknown[]): number {
  return params.filter((p) => game.outcome(game.solve(p), p) === 'first').length;
}

/** Distinct moves from 1 to `max`, ascending, at least one. */
function expectMoveSet(moves: readonly number[], max: number): void {
  expect(moves.length).toBeGreaterThan(0);
  expect(
    moves.every((x, i) => Number.isInteger(x) && x >= 1 && x <= max && (i === 0 || x > (moves[i - 1] ?? 0))),
  ).toBe(true);
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

describe('random instances need thought', () => {
  it('partisan, hard: the winner depends on the pile over the period, the sets sometimes shared', () => {
    const all = instances<PartisanParams>(partisan, 'hard');
    let shared = 0;
    for (const { n, alice, bob } of all) {
      expectMoveSet(alice, 20);
      expectMoveSet(bob, 20);
      expect(BigInt(n)).toBeGreaterThanOrEqual(10n ** 9n);
      if (alice.join() === bob.join()) shared++;
      // Over one period, Alice (moving first) both wins and loses: the answer is not the sets' alone.
      const rule = makeRule(alice, bob);
      const { cycle } = findCycle(rule, 1_000_000);
      expect(cycle).not.toBeNull();
      if (cycle === null) continue;
      const { a } = valuesFrom(rule, cycle.preperiod, Math.min(cycle.period, 200));
      expect([a.includes(0), a.includes(1)]).toEqual([true, true]);
    }
    expect(shared).toBeGreaterThan(SEEDS / 4);
    expect(shared).toBeLessThan(SEEDS);
    // Sparse sets (a move in 4 to 11 in a hundred): they give the long mixed periods.
    expect(median(all.map((p) => p.alice.length))).toBeLessThanOrEqual(3);
  });

  it.each([
    ['easy', 3],
    ['medium', 5],
  ] as const)('partisan, %s: either player may win, with moves from 1 to %i', (difficulty, max) => {
    const all = instances<PartisanParams>(partisan, difficulty);
    for (const { alice, bob } of all) {
      expectMoveSet(alice, max);
      expectMoveSet(bob, max);
    }
    // Each move is drawn on its own: sets of one move and of several, the largest move among them.
    const sizes = new Set(all.map((p) => p.alice.length));
    expect(sizes.has(1) && sizes.has(2) && sizes.has(max)).toBe(true);
    const wins = firstWins(partisan, all);
    expect(wins).toBeGreaterThan(SEEDS / 4);
    expect(wins).toBeLessThan((3 * SEEDS) / 4);
  });

  it('partisan, tiny: any subset of 1 to 5, the empty one too, and piles from 0 to 300', () => {
    const all = instances<PartisanParams>(partisan, 'tiny');
    const sizes = new Set(all.map((p) => p.alice.length));
    expect([0, 1, 2, 3, 4, 5].every((size) => sizes.has(size))).toBe(true);
    for (const { n, alice, bob } of all) {
      expect([...alice, ...bob].every((x) => x >= 1 && x <= 5)).toBe(true);
      expect(Number(n)).toBeLessThanOrEqual(300);
    }
  });

  it.each([
    ['easy', 4, 7],
    ['medium', 8, 14],
  ] as const)(
    'magic, %s: boards of %i to %i rooms, any pair of them a passage',
    (difficulty, least, most) => {
      const all = instances<MagicParams>(magic, difficulty);
      const counts = new Set(all.map((p) => Number(p.rooms)));
      expect(Math.min(...counts)).toBe(least);
      expect(Math.max(...counts)).toBe(most);
      // The top room is joined to others on some boards, as room 1 is.
      const top = all.filter((p) => p.passages.flat().map(Number).includes(Number(p.rooms)));
      expect(top.length).toBeGreaterThan(SEEDS / 4);
      expect(all.some((p) => p.p1 !== p.p2) && all.some((p) => p.p1 === p.p2)).toBe(true);
    },
  );

  it.each(['easy', 'medium', 'hard'] as const)(
    'magic, %s: the magicians never start in one group, and either may win',
    (difficulty) => {
      const all = instances<MagicParams>(magic, difficulty);
      for (const params of all) expect(magic.solve(params).connected).toBe(false);
      const wins = firstWins(magic, all);
      expect(wins).toBeGreaterThan(SEEDS / 4);
      expect(wins).toBeLessThan((3 * SEEDS) / 4);
    },
  );

  it('magic, hard: 30 to 400 rooms, up to 120 of them in small groups, with trees and a few cycles', () => {
    let untouched = 0;
    let largest = 0;
    const largests: number[] = [];
    const shares: number[] = [];
    const magicians = new Set<string>();
    for (const { rooms, passages } of instances<MagicParams>(magic, 'hard')) {
      const n = Number(rooms);
      expect(n).toBeGreaterThanOrEqual(30);
      expect(n).toBeLessThanOrEqual(400);
      const named = new Set(passages.flat().map(String));
      expect([...named].every((room) => Number(room) >= 1 && Number(room) <= n)).toBe(true);
      // Up to 120 rooms in groups (on a board of fewer than 240, any of its rooms).
      expect(named.size).toBeLessThanOrEqual(n < 240 ? n : 120);
      if (named.size < n) untouched++;
      for (const room of ['1', '2']) if (named.has(room)) magicians.add(room);
      const solved = magic.solve({ rooms, passages, p1: 0, p2: 0 });
      const group = solved.largest[0] ?? 0;
      expect(group).toBeLessThanOrEqual(6);
      largest = Math.max(largest, group);
      largests.push(group);
      // Passages beyond a forest's (n rooms in c groups take n - c): the cycles the few extra passages close.
      const forest = n - Number(solved.components);
      shares.push((passages.length - forest) / Math.max(1, passages.length));
    }
    expect(untouched).toBeGreaterThan(SEEDS / 2);
    expect(largest).toBe(6);
    // Groups are trees with a few extra passages: most boards have a group of 5 or 6 rooms, and about one
    // passage in six closes a cycle (a tree alone: none; every pair joined: over half).
    expect(median(largests)).toBeGreaterThanOrEqual(5);
    expect(median(shares)).toBeGreaterThan(0.05);
    expect(median(shares)).toBeLessThan(0.3);
    // Either magician stands in a group on some boards (not always alone).
    expect([...magicians].sort()).toEqual(['1', '2']);
  });

  it.each(['medium', 'hard'] as const)(
    'octal, %s: every code has a proven period, so every heap asked about has an answer; either may win',
    (difficulty) => {
      const all = instances<OctalParams>(octal, difficulty, 100);
      for (const params of all) {
        expect(params.code.length - 2).toBeLessThanOrEqual(3);
        expect(octal.solve(params).period).not.toBeNull();
      }
      const wins = firstWins(octal, all);
      expect(wins).toBeGreaterThan(25);
      expect(wins).toBeLessThan(100);
      const largest = all.flatMap((p) => p.heaps.map(BigInt)).reduce((a, b) => (a > b ? a : b), 0n);
      if (difficulty === 'hard') expect(largest).toBeGreaterThan(MAX_HEAP / 1000n);
      else expect(largest).toBeLessThanOrEqual(30n);
      // Codes drawn at random (with a period), not one fallback; no empty heap; the usual search.
      expect(new Set(all.map((p) => p.code)).size).toBeGreaterThan(20);
      expect(all.every((p) => p.heaps.every((h) => h !== '0') && p.search === DEFAULT_SEARCH)).toBe(true);
    },
  );

  it('octal, easy: a dozen codes from the literature; tiny: any code of 1 to 3 digits, a small search', () => {
    const easy = instances<OctalParams>(octal, 'easy', 100);
    expect(new Set(easy.map((p) => p.code))).toEqual(
      new Set(['0.77', '0.07', '0.137', '0.3', '0.33', '0.333', '0.03', '0.7', '0.17', '0.4', '0.6', 'nim']),
    );
    const tiny = instances<OctalParams>(octal, 'tiny', 100);
    expect(new Set(tiny.map((p) => p.code)).size).toBeGreaterThan(40);
    expect(tiny.every((p) => /^0\.[0-7]{0,2}[1-7]$/.test(p.code) && p.search === MIN_SEARCH)).toBe(true);
    // Any code: some have no period within the small search; heaps from 0 (an empty heap) up.
    expect(tiny.some((p) => octal.solve(p).period === null)).toBe(true);
    expect(tiny.some((p) => p.heaps.includes('0'))).toBe(true);
  });
});
