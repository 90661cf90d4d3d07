/**
 * The contract suite every registered game must pass (in the spirit of pure-rand's generator properties):
 * solve agrees with the brute force, explanations' moves are confirmed exhaustively, the schema refuses bad
 * input with readable messages, results are deterministic and survive JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import type { AnyGame, Difficulty, Explanation, GameDefinition, RawFields } from '../../src/core/game.js';
import { InputError } from '../../src/core/errors.js';
import { paramsFromFields, parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { expectReaches } from '../support/reach.js';

/** What a whole-result check sees: the params, the fast and the brute-force results, the explanation. */
export interface WholeResult<P, R, M> {
  readonly params: P;
  readonly fast: R;
  readonly brute: R;
  readonly explanation: Explanation<M>;
  /** The brute force's verdict on one move (legal, and secures the optimum). */
  readonly confirms: (move: M) => boolean;
}

/** The per-game hook, with the game's own types checked where it is written and erased for the suite. */
export type WholeResultCheck = (whole: WholeResult<unknown, unknown, unknown>) => void;

export function wholeResultCheck<P, R, M>(
  _game: GameDefinition<P, R, M>,
  check: (whole: WholeResult<P, R, M>) => void,
): WholeResultCheck {
  return check as WholeResultCheck;
}

/** A size of the small inputs and the range the fixture declares for it; the generator must reach both ends. */
export interface DeclaredSize {
  readonly name: string;
  readonly measure: (candidate: never) => number;
  readonly min: number;
  readonly max: number;
  /** Allowed shortfall at either end, as a fraction of the range. */
  readonly within?: number;
}

export interface ConformanceFixture {
  /** Candidate params (pre-schema) small enough for the brute force. */
  readonly small: fc.Arbitrary<unknown>;
  /** Raw fields the schema must refuse, and words the message must contain (field name, range, ...). */
  readonly invalid: readonly { readonly fields: RawFields; readonly mentions: readonly string[] }[];
  /** fast-check runs for the brute-force comparisons (default 200). */
  readonly runs?: number;
  /** Sizes of `small` and their declared ranges: sampling must reach both ends of each. */
  readonly sizes: readonly DeclaredSize[];
  /**
   * Compares every field a user sees (result and explanation) with the brute force, beyond the verdict:
   * the exact answer, the named moves, the lists. Throws (an `expect`) on any difference.
   */
  readonly wholeResult: WholeResultCheck;
}

const clip = (text: string): string => (text.length > 70 ? `${text.slice(0, 70)}...` : text);

const difficulties: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];

export function runConformance(game: AnyGame, fixture: ConformanceFixture): void {
  const count = fixture.runs ?? 200;

  describe(`conformance: ${game.id}`, () => {
    it('solve agrees with the brute force on random small inputs', () => {
      fc.assert(
        fc.property(fixture.small, (candidate) => {
          const params: unknown = parseParams(game, candidate);
          expect(game.brute.fits(params)).toBe(true);
          expect(game.outcome(game.solve(params), params)).toBe(
            game.outcome(game.brute.solve(params), params),
          );
        }),
        { numRuns: runs(count) },
      );
    });

    it.each(fixture.sizes.map((size) => [size.name, size] as const))(
      'the small inputs really reach their declared %s range',
      (_name, size) => {
        expectReaches(fixture.small, size.measure as (candidate: unknown) => number, size);
      },
    );

    it('every field a user sees agrees with the brute force (result and explanation)', () => {
      fc.assert(
        fc.property(fixture.small, (candidate) => {
          const params: unknown = parseParams(game, candidate);
          const fast: unknown = game.solve(params);
          fixture.wholeResult({
            params,
            fast,
            brute: game.brute.solve(params),
            explanation: game.explain(params, fast),
            confirms: (move) => game.brute.securesOptimum(params, move),
          });
        }),
        { numRuns: runs(count) },
      );
    });

    it("the explanation's moves are confirmed by the brute force, and its verdict matches", () => {
      fc.assert(
        fc.property(fixture.small, (candidate) => {
          const params: unknown = parseParams(game, candidate);
          const result: unknown = game.solve(params);
          const explanation = game.explain(params, result);
          const outcome = game.outcome(game.brute.solve(params), params);
          expect(explanation.outcome).toBe(outcome);
          for (const move of explanation.moves) {
            expect(game.brute.securesOptimum(params, move.move)).toBe(true);
            // Shown after "Play:" at every door: a sentence of its own, as every game words it.
            expect(move.text).toMatch(/^[A-Z].*[.!?]$/s);
          }
          if (outcome === 'second') {
            expect(explanation.moves).toHaveLength(0);
            expect(explanation.whyNoMove ?? '').not.toBe('');
          }
          // A won position names at least one winning move.
          if (outcome === 'first') expect(explanation.moves.length).toBeGreaterThan(0);
          expect(explanation.headline.length).toBeGreaterThan(0);
          expect(explanation.reasons.length).toBeGreaterThan(0);
        }),
        { numRuns: runs(count) },
      );
    });

    it('results are deterministic and round-trip through JSON and the result schema', () => {
      fc.assert(
        fc.property(fixture.small, (candidate) => {
          const params: unknown = parseParams(game, candidate);
          const again: unknown = parseParams(game, JSON.parse(JSON.stringify(params)));
          expect(again).toEqual(params);
          const result: unknown = game.solve(params);
          expect(game.solve(params)).toEqual(result);
          const revived: unknown = game.result.parse(JSON.parse(JSON.stringify(result)));
          expect(revived).toEqual(result);
          expect(game.explain(params, revived)).toEqual(game.explain(params, result));
        }),
        { numRuns: runs(Math.min(count, 100)) },
      );
    });

    it.each(fixture.invalid.map((c) => [clip(JSON.stringify(c.fields)), c] as const))(
      'refuses %s with a readable message',
      (_label, bad) => {
        let caught: unknown;
        try {
          paramsFromFields(game, bad.fields);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(InputError);
        const message = (caught as InputError).message;
        for (const word of bad.mentions) expect(message).toContain(word);
        expect(message).not.toMatch(/\n\s+at /);
      },
    );

    it('every example parses and solves', () => {
      for (const example of game.examples) {
        const params: unknown = paramsFromFields(game, example.fields);
        const result: unknown = game.solve(params);
        expect(game.result.safeParse(result).success).toBe(true);
      }
    });

    it('random instances are valid, deterministic per seed, and tiny ones fit the brute force', () => {
      for (const difficulty of difficulties) {
        for (let seed = 1; seed <= 30; seed++) {
          const a: unknown = game.randomInstance(createRng(seed), difficulty);
          const b: unknown = game.randomInstance(createRng(seed), difficulty);
          expect(a).toEqual(b);
          expect(game.params.safeParse(a).success).toBe(true);
          if (difficulty === 'tiny') expect(game.brute.fits(a)).toBe(true);
          const cost = game.estimateCostMs(a);
          expect(Number.isFinite(cost) && cost >= 0).toBe(true);
        }
      }
    });

    it('inputs follow the slash-command naming rules', () => {
      expect(game.id).toMatch(/^[a-z0-9_-]{1,32}$/);
      expect(game.summary.length).toBeLessThanOrEqual(100);
      for (const input of game.inputs) {
        expect(input.name).toMatch(/^[a-z0-9_-]{1,32}$/);
        expect(input.description.length).toBeGreaterThan(0);
        expect(input.description.length).toBeLessThanOrEqual(100);
      }
    });
  });
}
