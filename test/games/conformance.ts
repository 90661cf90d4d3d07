/**
 * The contract suite every registered game must pass (in the spirit of pure-rand's generator properties):
 * solve agrees with the brute force, explanations' moves are confirmed exhaustively, the schema refuses bad
 * input with readable messages, results are deterministic and survive JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, Difficulty, RawFields } from '../../src/core/game.js';
import { InputError } from '../../src/core/errors.js';
import { paramsFromFields, parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';

export interface ConformanceFixture {
  /** Candidate params (pre-schema) small enough for the brute force. */
  readonly small: fc.Arbitrary<unknown>;
  /** Raw fields the schema must refuse, and words the message must contain (field name, range, ...). */
  readonly invalid: readonly { readonly fields: RawFields; readonly mentions: readonly string[] }[];
  /** fast-check runs for the brute-force comparisons (default 200). */
  readonly runs?: number;
}

const clip = (text: string): string => (text.length > 70 ? `${text.slice(0, 70)}...` : text);

const difficulties: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];

export function runConformance(game: AnyGame, fixture: ConformanceFixture): void {
  const runs = fixture.runs ?? 200;

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
        { numRuns: runs },
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
          }
          if (outcome === 'second') {
            expect(explanation.moves).toHaveLength(0);
            expect(explanation.whyNoMove ?? '').not.toBe('');
          }
          expect(explanation.headline.length).toBeGreaterThan(0);
          expect(explanation.reasons.length).toBeGreaterThan(0);
        }),
        { numRuns: runs },
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
        { numRuns: Math.min(runs, 100) },
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
