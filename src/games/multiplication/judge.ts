/** The original format: T, then T lines `N Name`; one line per case: `Alice`, `Bob` or `tie`. */
import type { JudgeFormat } from '../../core/game.js';
import { MAX_N, MIN_N, PLAYERS } from './limits.js';
import type { MultiplicationParams, MultiplicationResult } from './schema.js';
import { MAX_SMALL_N, smallSignature } from './small.js';
import { resultFor, solveMultiplication } from './solve.js';

export const MAX_TESTS = 10_000;

const format = (result: MultiplicationResult): string => result.winner ?? 'tie';

export const multiplicationJudge: JudgeFormat<MultiplicationParams, MultiplicationResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, MAX_TESTS);
    for (let test = 1; test <= t; test++) {
      const n = await reader.bigint(`N of test ${test}`, MIN_N, MAX_N);
      const first = await reader.word(`the first player of test ${test}`, PLAYERS);
      yield { n: n.toString(), first };
    }
    await reader.expectEnd();
  },
  format,
  *run(input, answer) {
    const t = yield* input.int('the number of tests T', 1, MAX_TESTS);
    for (let test = 1; test <= t; test++) {
      // N below 2^31 (every contest N) is read and factored as a plain number.
      const small = input.tryInt(Number(MIN_N), MAX_SMALL_N);
      // Stryker disable next-line EqualityOperator: tryInt never returns 0 here (its minimum is 2)
      const n = small >= 0 ? small : yield* input.bigint(`N of test ${test}`, MIN_N, MAX_N);
      const first =
        input.tryWord(PLAYERS) ?? (yield* input.word(`the first player of test ${test}`, PLAYERS));
      const params = { n: n.toString(), first };
      const result =
        // Stryker disable next-line ConditionalExpression: the BigInt solver gives every small N the same answer (only slower)
        typeof n === 'number' ? resultFor(params, smallSignature(n)) : solveMultiplication(params);
      answer(format(result));
    }
    yield* input.expectEnd();
  },
};
