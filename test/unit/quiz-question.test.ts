/** Question ids reproduce instances; quiz questions cannot be answered by a shortcut; ids and points as documented. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasTies, type AnyGame, type Difficulty } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { BASE_POINTS, SPEED_BONUS } from '../../src/quiz/limits.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';
import {
  buildRoundSpec,
  decodeQuestionId,
  encodeQuestionId,
  formatButtonId,
  possibleOutcomes,
  instanceFor,
  mixSeed,
  parseButtonId,
  pickQuestion,
  pointsFor,
  probabilityBin,
  viewQuestion,
  type QuestionRef,
} from '../../src/quiz/question.js';

const difficulties: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];
const uint32 = fc.nat({ max: 0xffff_ffff });

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

const outcomeOf = (game: AnyGame) => (params: unknown) => game.outcome(game.solve(params), params);

describe('question ids', () => {
  it('encode and decode each other, and stay short', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...games.map((g) => g.id)),
        fc.constantFrom(...difficulties),
        uint32,
        (gameId, difficulty, seed) => {
          const ref: QuestionRef = { gameId, difficulty, seed };
          const id = encodeQuestionId(ref);
          expect(id.length).toBeLessThanOrEqual(gameId.length + 9);
          expect(decodeQuestionId(id)).toEqual(ref);
        },
      ),
    );
  });

  it('reject what is not an id', () => {
    for (const bad of [
      '',
      'seagm',
      'seagm.x12',
      'seagm.m',
      'seagm.m12345678',
      'SEAGM M1',
      'seagm.m1z!',
      'a.b.c',
    ]) {
      expect(decodeQuestionId(bad), bad).toBeUndefined();
    }
    expect(decodeQuestionId('seagm.m1z141z4')).toBeUndefined(); // > 2^32 - 1
    expect(decodeQuestionId(' SEAGM.M1Z141Z3 ')).toEqual({
      gameId: 'seagm',
      difficulty: 'medium',
      seed: 0xffff_ffff,
    });
  });

  it('reproduce the instance: the same id gives the same params, as the generator made them', () => {
    for (const game of games) {
      fc.assert(
        fc.property(fc.constantFrom<Difficulty>('easy', 'medium', 'hard'), uint32, (difficulty, seed) => {
          const id = encodeQuestionId({ gameId: game.id, difficulty, seed });
          const ref = decodeQuestionId(id);
          if (ref === undefined) throw new Error(id);
          // A generator may (by a bug of its own) make an instance its schema rejects: then the id must be
          // rejected the same way every time; the quiz skips such seeds (see pickQuestion).
          const attempt = (make: () => unknown) => {
            try {
              return { params: make() };
            } catch (error) {
              return { error: String(error) };
            }
          };
          const expected = attempt(() => parseParams(game, game.randomInstance(createRng(seed), difficulty)));
          expect(attempt(() => instanceFor(game, ref))).toEqual(expected);
          expect(attempt(() => instanceFor(game, ref))).toEqual(expected);
        }),
        { numRuns: 25 },
      );
    }
  });
});

describe('shortcut-proof questions', () => {
  it('SEAGM medium and hard: the gcd of all cards is 1 (no "gcd > 1, count the cards" shortcut)', () => {
    for (const difficulty of ['medium', 'hard'] as const) {
      for (let i = 0; i < 400; i++) {
        const seed = mixSeed(i, 17);
        const { cards } = instanceFor(seagm, { gameId: 'seagm', difficulty, seed }) as SeagmParams;
        expect(cards.reduce(gcd, 0), `seed ${seed}`).toBe(1);
      }
    }
  });

  it('SEAGM quiz questions: "always First" is right about half the time, at every difficulty', async () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      let first = 0;
      const n = 120;
      for (let round = 0; round < n; round++) {
        const ref = await pickQuestion(seagm, difficulty, mixSeed(99, round), outcomeOf(seagm), 400);
        const params = instanceFor(seagm, ref) as SeagmParams;
        if (seagm.outcome(seagm.solve(params), params) === 'first') first++;
        if (difficulty !== 'easy') expect(params.cards.reduce(gcd, 0)).toBe(1);
      }
      // Raw random instances are 89-99% first-player wins; balanced questions stay near 50%.
      expect(first / n, difficulty).toBeGreaterThan(0.35);
      expect(first / n, difficulty).toBeLessThan(0.65);
    }
  });

  it('every registered game gets questions of both outcomes', async () => {
    for (const game of games) {
      const seen = new Set<string>();
      for (let round = 0; round < 16; round++) {
        const ref = await pickQuestion(game, 'medium', mixSeed(7, round), outcomeOf(game), 400);
        const params = instanceFor(game, ref);
        seen.add(game.outcome(game.solve(params), params));
      }
      expect([...seen].sort(), game.id).toEqual([...possibleOutcomes(game)].sort());
    }
  });

  it('the probability ranges: four adjacent 10-point bins holding the answer, the right one anywhere', () => {
    const position = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) {
      const ref: QuestionRef = { gameId: 'seagm', difficulty: 'medium', seed: mixSeed(i, 3) };
      const params = instanceFor(seagm, ref) as SeagmParams;
      const result = seagm.solve(params);
      const spec = buildRoundSpec(seagm, ref, params, result);
      expect(spec.parts.map((p) => p.id)).toEqual(['outcome', 'probability']);
      const [outcome, probability] = spec.parts;
      expect(outcome?.choices).toEqual(['first', 'second']);
      expect(outcome?.correct).toBe(result.firstWins ? 'first' : 'second');
      const bins = probability?.choices.map((c) => Number(c.slice(1))) ?? [];
      expect(bins).toHaveLength(4);
      expect(bins.every((b, k) => k === 0 || b === (bins[k - 1] ?? 0) + 1)).toBe(true);
      const right = Number(probability?.correct.slice(1));
      expect(result.probability).toBeGreaterThanOrEqual(right / 10 - 1e-12);
      expect(result.probability).toBeLessThanOrEqual((right + 1) / 10 + 1e-12);
      const at = bins.indexOf(right);
      expect(at).toBeGreaterThanOrEqual(0);
      position[at] = (position[at] ?? 0) + 1;
    }
    // Where the right range sits is spread out, so "always the second button" does not pay.
    for (const count of position) expect(count / 400).toBeLessThan(0.4);
  });

  it('bins the probability exactly at the boundaries when a fraction is given', () => {
    expect(probabilityBin(0.3, { num: '3', den: '10' })).toBe(3);
    expect(probabilityBin(0.29999999999, { num: '3', den: '10' })).toBe(3);
    expect(probabilityBin(1 / 3, { num: '1', den: '3' })).toBe(3);
    expect(probabilityBin(1, { num: '1', den: '1' })).toBe(9);
    expect(probabilityBin(0)).toBe(0);
    expect(probabilityBin(0.7)).toBe(7);
  });

  it('offers a Tie button exactly for games that can tie, whatever the answer', () => {
    for (const game of games) {
      const ties = hasTies(game);
      expect(possibleOutcomes(game), game.id).toEqual(
        ties ? ['first', 'second', 'tie'] : ['first', 'second'],
      );
      const ref: QuestionRef = { gameId: game.id, difficulty: 'easy', seed: 12345 };
      const params = instanceFor(game, ref);
      const spec = buildRoundSpec(game, ref, params, game.solve(params));
      expect(spec.parts[0]?.choices.includes('tie'), game.id).toBe(ties);
    }
    expect(hasTies(seagm)).toBe(false);
    const multiplication = games.find((g) => g.id === 'multiplication');
    if (multiplication !== undefined) expect(hasTies(multiplication)).toBe(true);
  });

  it('every outcome a game gives is one its contract declares', () => {
    for (const game of games) {
      for (const difficulty of difficulties) {
        for (let seed = 1; seed <= 40; seed++) {
          const params = instanceFor(game, { gameId: game.id, difficulty, seed });
          expect(game.outcomes, `${game.id} ${difficulty} ${seed}`).toContain(
            game.outcome(game.solve(params), params),
          );
        }
      }
    }
  });

  it('games without a random-play probability ask only who wins, with the players named', () => {
    const partisan = games.find((g) => g.id === 'partisan');
    if (partisan === undefined) throw new Error('partisan is in the catalog');
    const ref: QuestionRef = { gameId: 'partisan', difficulty: 'easy', seed: 5 };
    const params = instanceFor(partisan, ref);
    const spec = buildRoundSpec(partisan, ref, params, partisan.solve(params));
    const view = viewQuestion(partisan, ref, params, spec);
    expect(spec.parts.map((p) => p.id)).toEqual(['outcome']);
    expect(view.parts[0]?.choices.map((c) => c.label)).toEqual(['Alice wins', 'Bob wins']);
    expect(view.facts.map((f) => f.label)).toEqual(Object.keys(params as object));
  });

  it("shows the question as asked, not the solver's settings (octal's search size)", () => {
    const octal = games.find((g) => g.id === 'octal');
    if (octal === undefined) throw new Error('octal is in the catalog');
    for (const difficulty of difficulties) {
      const ref: QuestionRef = { gameId: 'octal', difficulty, seed: 11 };
      const params = instanceFor(octal, ref);
      expect(Object.keys(params as object)).toContain('search');
      const view = viewQuestion(octal, ref, params, buildRoundSpec(octal, ref, params, octal.solve(params)));
      expect(
        view.facts.map((f) => f.label),
        difficulty,
      ).toEqual(['code', 'heaps']);
      expect(view.params).toEqual(params);
    }
  });
});

describe('points', () => {
  it('100 for a right answer plus up to 50 for speed, from the last change; 0 when wrong', () => {
    expect(pointsFor(true, 0, 20_000, 20_000)).toBe(BASE_POINTS + SPEED_BONUS);
    expect(pointsFor(true, 10_000, 20_000, 20_000)).toBe(125);
    expect(pointsFor(true, 19_999, 20_000, 20_000)).toBe(100);
    expect(pointsFor(true, 25_000, 20_000, 20_000)).toBe(100);
    expect(pointsFor(false, 0, 20_000, 20_000)).toBe(0);
  });
});

describe('button custom ids', () => {
  it('round-trip and fit in 100 characters', () => {
    const buttons = [
      { kind: 'answer', quizId: 'abc123xyz0', round: 20, choice: 'p9' },
      { kind: 'practice-answer', questionId: 'partisan.h1z141z3', choice: 'second' },
      { kind: 'practice-next', gameId: 'seagm', difficulty: 'hard' },
    ] as const;
    for (const button of buttons) {
      const id = formatButtonId(button);
      expect(id.length).toBeLessThanOrEqual(100);
      expect(parseButtonId(id)).toEqual(button);
    }
  });

  it('ignore other components and malformed ids', () => {
    for (const bad of [
      'solve:again',
      'quiz:abc:1',
      'quiz:ab:1:first',
      'quiz:abcd1234:0:first',
      'quiz:abcd1234:1:maybe',
      'quizp:x:first',
      'quizp:next:seagm:tiny',
    ]) {
      expect(parseButtonId(bad), bad).toBeUndefined();
    }
  });
});
