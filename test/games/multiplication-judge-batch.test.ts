/**
 * Multiplication: the byte judge holds back the tests that need the cube-root sweep and sweeps them together.
 * Whole files against the token judge (which solves each test alone), read at once and cut into blocks; and
 * files with a mistake after many held-back tests: every answer before it, in order, then the same error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import { runs } from '../support/runs.js';
import { judgeOutput, judgeOutputInBlocks, judgeUntilError, legacyJudgeOutput } from './judge-harness.js';

/** Primes with no factor up to 10^6: near 10^9, just above 10^6, and near 10^6^1.5 (products stay below 10^18). */
const NEAR_1E9 = [999_999_937n, 999_999_929n, 999_999_893n, 1_000_000_007n, 1_000_000_009n, 1_000_000_021n];
const ABOVE_1E6 = [1_000_003n, 1_000_033n, 1_000_037n, 1_000_039n];
/** Rough primes the sweep finds: the first (1031), the last below 10^6, and some between. */
const SWEPT = [1031n, 1033n, 2003n, 65_537n, 999_979n, 999_983n];

/** N that need the sweep (no prime below 1031, composite, no perfect power) and N that do not. */
const hard = fc
  .oneof(
    fc.tuple(fc.constantFrom(...NEAR_1E9), fc.constantFrom(...NEAR_1E9)).map(([p, q]) => p * q),
    fc.tuple(fc.constantFrom(...ABOVE_1E6), fc.constantFrom(...NEAR_1E9)).map(([p, q]) => p * q),
    // A swept prime (squared or not) times a large prime or two: the sweep hits, at any index.
    fc
      .tuple(
        fc.constantFrom(...SWEPT),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(...NEAR_1E9, ...ABOVE_1E6),
      )
      .map(([p, e, q]) => p ** BigInt(e) * q),
    fc
      .tuple(fc.constantFrom(...SWEPT), fc.constantFrom(...ABOVE_1E6), fc.constantFrom(...ABOVE_1E6))
      .map(([p, q, r]) => p * q * r),
    // Small enough that the sweep's bound is below 1031.
    fc.tuple(fc.constantFrom(...SWEPT), fc.constantFrom(...SWEPT)).map(([p, q]) => p * q),
  )
  .filter((n) => n <= 10n ** 18n);
const easy = fc.oneof(
  fc.integer({ min: 2, max: 2 ** 31 - 1 }).map(BigInt),
  fc.bigInt({ min: 2n ** 31n, max: 10n ** 18n }),
  fc.constantFrom(10n ** 18n, 999_999_937n ** 2n, 999_983n ** 3n, 2n * 999_999_937n, 1031n * 1033n),
);
const test = fc.tuple(fc.oneof({ arbitrary: hard, weight: 3 }, { arbitrary: easy, weight: 2 }), fc.boolean());

const file = (tests: readonly (readonly [bigint, boolean])[]): string =>
  `${tests.length}\n${tests.map(([n, alice]) => `${n} ${alice ? 'Alice' : 'Bob'}\n`).join('')}`;

/** Mistakes, each as the text of a test (and the tests after it, if any). */
const MISTAKES = [
  '1 Alice\n',
  '1000000000000000001 Bob\n',
  '1000000001000000000 Bob\n',
  '999999866000004473 Carol\n',
  '999999866000004473\n', // the input ends before the name
  '-5 Alice\n',
  '12abc Bob\n',
];

describe('multiplication: the judge sweeps held-back tests together', () => {
  it('answers whole files as the token judge, read at once and cut into blocks', async () => {
    const tests = fc.sample(test, { numRuns: 700, seed: 20_261_127 });
    const input = file(tests);
    const expected = await legacyJudgeOutput(game, input);
    expect(await judgeOutput(game, input)).toBe(expected);
    for (const block of [1, 7, 64, 1000])
      expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
  });

  it('answers random files as the token judge', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(test, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 64 }),
        async (tests, block) => {
          const input = file(tests);
          const expected = await legacyJudgeOutput(game, input);
          expect(await judgeOutput(game, input)).toBe(expected);
          expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('writes every answer before a mistake, held-back ones too, then names the mistake as before', async () => {
    const tests = fc.sample(test, { numRuns: 600, seed: 7 });
    for (const at of [0, 1, 5, 255, 256, 257, 599]) {
      for (const mistake of MISTAKES) {
        const before = tests.slice(0, at);
        const input = `${tests.length}\n${file(before).replace(/^\d+\n/, '')}${mistake}`;
        const expected = at === 0 ? '' : await legacyJudgeOutput(game, file(before));
        const reference = await legacyJudgeOutput(game, input).then(
          () => new Error('the token judge accepted it'),
          (error: unknown) => error,
        );
        for (const block of [undefined, 13]) {
          const { output, error } = await judgeUntilError(game, input, block);
          expect(output).toBe(expected);
          expect(String(error)).toBe(String(reference));
        }
      }
    }
  });

  it('writes every answer before a mistake after the last test', async () => {
    const tests = fc.sample(
      hard.map((n) => [n, true] as const),
      { numRuns: 300, seed: 3 },
    );
    const input = `${file(tests)}extra\n`;
    const { output, error } = await judgeUntilError(game, input);
    expect(output).toBe(await legacyJudgeOutput(game, file(tests)));
    expect(String(error)).toMatch(/line 302: expected the end of the input, found "extra"/);
  });
});
