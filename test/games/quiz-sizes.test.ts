/**
 * Quiz questions match their difficulty: easy and medium instances are small enough to work out by hand within
 * a round (30 s by default), so a student learns the idea instead of guessing.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Difficulty } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';

/** The size a person has to take in, per game, and the most each quiz difficulty may ask of them. */
const measures: Record<string, { size: (params: never) => number; easy: number; medium: number }> = {
  seagm: {
    size: (p: { cards: number[] }) => p.cards.length * Math.max(...p.cards),
    easy: 6 * 30,
    medium: 10 * 100,
  },
  multiplication: { size: (p: { n: string }) => Number(p.n), easy: 360, medium: 10_000 },
  abgame: { size: (p: { board: string }) => p.board.length, easy: 12, medium: 48 },
  partisan: {
    size: (p: { n: string; alice: number[]; bob: number[] }) =>
      Number(p.n) * Math.max(1, ...p.alice, ...p.bob),
    easy: 15 * 3,
    medium: 60 * 5,
  },
  magic: { size: (p: { rooms: string }) => Number(p.rooms), easy: 7, medium: 14 },
  octal: {
    size: (p: { heaps: string[] }) => p.heaps.reduce((sum, h) => sum + Number(h), 0),
    easy: 3 * 8,
    medium: 3 * 30,
  },
};

describe.each(games.map((g) => [g.id, g] as const))('quiz sizes of %s', (id, game: AnyGame) => {
  const measure = measures[id];
  it.each(['easy', 'medium'] as const)('%s instances can be worked out by hand', (difficulty: Difficulty) => {
    expect(measure).toBeDefined();
    if (measure === undefined) return;
    const limit = difficulty === 'easy' ? measure.easy : measure.medium;
    let largest = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const size = measure.size(game.params.parse(game.randomInstance(createRng(seed), difficulty)) as never);
      largest = Math.max(largest, size);
    }
    expect(largest).toBeLessThanOrEqual(limit);
    expect(largest).toBeGreaterThan(limit / 4); // sized on purpose, not trivially small
  });
});
