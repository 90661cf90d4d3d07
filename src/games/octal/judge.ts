/**
 * Grundy's octal-game format (no contest has one): T, then T lines `CODE N`; each answered by one line with
 * G(N) in decimal. Codes as everywhere (`0.77`, `.07`, `nim`); N from 0 to 10^18.
 */
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import { OctalCodeError, readOctalCode } from './code.js';
import { DEFAULT_SEARCH, MAX_HEAP } from './limits.js';
import type { OctalParams, OctalResult } from './schema.js';
import { solveOctal } from './solve.js';

export const MAX_TESTS = 100_000;

function codeAt(text: string, line: number, test: number): string {
  try {
    return readOctalCode(text).code;
  } catch (error) {
    if (error instanceof OctalCodeError) throw new JudgeInputError(line, `test ${test}: ${error.message}`);
    throw error;
  }
}

const format = (result: OctalResult): string => result.values[0] ?? '';

export const octalJudge: JudgeFormat<OctalParams, OctalResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, MAX_TESTS);
    for (let test = 1; test <= t; test++) {
      const token = await reader.expect(`the code of test ${test} (e.g. 0.77)`);
      const code = codeAt(token.text, token.line, test);
      const n = await reader.bigint(`N of test ${test}`, 0n, MAX_HEAP);
      yield { code, heaps: [n.toString()], search: DEFAULT_SEARCH };
    }
    await reader.expectEnd();
  },
  format,
  *run(input, answer) {
    const t = yield* input.int('the number of tests T', 1, MAX_TESTS);
    for (let test = 1; test <= t; test++) {
      const token = yield* input.expect(`the code of test ${test} (e.g. 0.77)`);
      const code = codeAt(token.text, token.line, test);
      const n = yield* input.bigint(`N of test ${test}`, 0n, MAX_HEAP);
      answer(format(solveOctal({ code, heaps: [n.toString()], search: DEFAULT_SEARCH }, {})));
    }
    yield* input.expectEnd();
  },
};
