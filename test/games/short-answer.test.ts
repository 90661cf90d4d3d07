/**
 * The short answer stays short for every game on random inputs: the verdict in one line, one move line, at most
 * three lines of why, each within its limit as the game wrote it (not only after clipping), and no internal
 * names or proof notation. Inputs come from the brute-force fixtures (small) and from every difficulty of the
 * game's own generator up to `hard` (large), so both ends of each game's range are covered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, Difficulty } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { renderShortAnswer } from '../../src/bot/render/answer-short.js';
import { SHORT_LIMITS, shortAnswer, shortAnswerLines } from '../../src/render/short-answer.js';
import type { ConformanceFixture } from './conformance.js';

const difficulties: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];

function checkShort(game: AnyGame, candidate: unknown): void {
  const params: unknown = parseParams(game, candidate);
  const explanation = game.explain(params, game.solve(params));
  // As written by the game: short enough without clipping.
  expect(explanation.headline.length).toBeLessThanOrEqual(SHORT_LIMITS.verdict);
  expect(explanation.brief?.length ?? 0).toBeGreaterThan(0);
  expect(explanation.brief?.length ?? 0).toBeLessThanOrEqual(SHORT_LIMITS.why);
  for (const line of explanation.brief ?? []) expect(line.length).toBeLessThanOrEqual(SHORT_LIMITS.whyLine);
  const move = explanation.moves[0]?.text ?? explanation.refutation ?? explanation.whyNoMove;
  expect(move).toBeDefined();
  expect(move?.length ?? 0).toBeLessThanOrEqual(SHORT_LIMITS.move);
  const lines = shortAnswerLines(shortAnswer(explanation));
  expect(lines.length).toBeLessThanOrEqual(2 + SHORT_LIMITS.why);
  for (const line of lines) {
    expect(line).not.toMatch(/Rule [a-z]+-|C\(N,2\)|s\(N-s\)|\bE = /);
  }
  if (explanation.outcome === 'tie') expect(lines[1]).not.toMatch(/^Winning|^Play:/);
  // The Discord form of the same answer stays a short message too.
  const message = renderShortAnswer({
    game,
    answer: { explanation, fromCache: false, solveMs: 1, via: 'inline' },
    inputSummary: 'the question',
    picture: { kind: 'none' },
    reasoningRef: '0'.repeat(40),
  });
  expect(message.embeds?.[0]?.description?.length ?? 0).toBeLessThanOrEqual(1200);
}

describe.each(games.map((g) => [g.id, g] as const))('short answer of %s', (id, game) => {
  it('stays within the line limits on small random inputs (the brute-force fixtures)', async () => {
    const { fixture } = (await import(`./${id}.fixture.ts`)) as { fixture: ConformanceFixture };
    fc.assert(
      fc.property(fixture.small, (candidate) => checkShort(game, candidate)),
      { numRuns: 150 },
    );
  });
  it('stays within the line limits on generated inputs of every difficulty, up to hard', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...difficulties),
        fc.integer({ min: 0, max: 0xffff_ffff }),
        (difficulty, seed) => checkShort(game, game.randomInstance(createRng(seed), difficulty)),
      ),
      { numRuns: 80 },
    );
  });
});
