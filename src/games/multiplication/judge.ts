/** The original format: T, then T lines `N Name`; one line per case: `Alice`, `Bob` or `tie`. */
import type { ByteReader } from '../../core/byte-reader.js';
import type { JudgeFormat } from '../../core/game.js';
import { MAX_N, MIN_N, PLAYERS } from './limits.js';
import type { MultiplicationParams, MultiplicationResult } from './schema.js';
import { MAX_SMALL_N, smallSignature } from './small.js';
import { resultFor, solveMultiplication } from './solve.js';

export const MAX_TESTS = 10_000;

const format = (result: MultiplicationResult): string => result.winner ?? 'tie';

/**
 * Tests `from`.. `t` while each is a small N and a player's name lying wholly in the block: answered in a plain
 * function, whose loop V8 optimises while it runs (a generator's loop only from its next call, and a contest
 * file is one call). Returns the first test it left unread, for the careful loop.
 */
function quickTests(input: ByteReader, answer: (line: string) => void, from: number, t: number): number {
  let test = from;
  for (; test <= t; test++) {
    const { pos, line, lastLine } = input;
    const n = input.tryInt(Number(MIN_N), MAX_SMALL_N);
    const first = n < 0 ? undefined : input.tryWord(PLAYERS);
    if (first === undefined) {
      input.pos = pos;
      input.line = line;
      input.lastLine = lastLine;
      break;
    }
    answer(format(resultFor({ n: String(n), first }, smallSignature(n))));
  }
  return test;
}

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
    for (
      let test = quickTests(input, answer, 1, t);
      test <= t;
      test = quickTests(input, answer, test + 1, t)
    ) {
      // Test `test` the careful way (a token across a block border, a large N, or a mistake to name).
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
