/**
 * Grundy's octal-game format (no contest has one): T, then T lines `CODE N`; each answered by one line with
 * G(N) in decimal. Codes as everywhere (`0.77`, `.07`, `nim`); N from 0 to 10^18.
 *
 * `grundy judge` reads every test first and answers each code once, codes in sorted order: one table per
 * code, computed as far as its largest N up to 10^7 needs, or as far as a proof needs when some N lies beyond,
 * at most about JUDGE_CODE_MS (15 s) of work per code (see answerValues). A value neither the table nor a proven period gives is printed as `unknown`, with the
 * reason on stderr, and the run exits with status 1.
 */
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import { OctalCodeError, readOctalCode } from './code.js';
import { DEFAULT_SEARCH, MAX_HEAP } from './limits.js';
import type { OctalParams, OctalResult } from './schema.js';
import { answerValues, type ValueAnswer } from './solve.js';

export const MAX_TESTS = 100_000;

function codeAt(text: string, line: number, test: number): string {
  try {
    return readOctalCode(text).code;
  } catch (error) {
    if (error instanceof OctalCodeError) throw new JudgeInputError(line, `test ${test}: ${error.message}`);
    throw error;
  }
}

async function* readTests(reader: InputReader): AsyncGenerator<{ code: string; n: bigint }, void, undefined> {
  const t = await reader.int('the number of tests T', 1, MAX_TESTS);
  for (let test = 1; test <= t; test++) {
    const token = await reader.expect(`the code of test ${test} (e.g. 0.77)`);
    const code = codeAt(token.text, token.line, test);
    const n = await reader.bigint(`N of test ${test}`, 0n, MAX_HEAP);
    yield { code, n };
  }
  await reader.expectEnd();
}

export const octalJudge: JudgeFormat<OctalParams, OctalResult> = {
  async *parse(reader) {
    for await (const { code, n } of readTests(reader))
      yield { code, heaps: [n.toString()], search: DEFAULT_SEARCH };
  },
  format: (result) => result.values[0] ?? '',
  async *answerAll(reader) {
    const tests: { code: string; n: bigint }[] = [];
    for await (const test of readTests(reader)) tests.push(test);
    const byCode = new Map<string, number[]>();
    tests.forEach(({ code }, i) => {
      const list = byCode.get(code);
      if (list === undefined) byCode.set(code, [i]);
      else list.push(i);
    });
    // Stryker disable next-line ArrayDeclaration: every answers[i] is set below, presized or not
    const answers: ValueAnswer[] = new Array<ValueAnswer>(tests.length);
    // Stryker disable next-line MethodExpression: each code's answers depend on that code alone (codeFacts is deterministic), so the order codes are answered in changes nothing
    for (const code of [...byCode.keys()].sort()) {
      // Stryker disable next-line ArrayDeclaration: every key of byCode has a list
      const indices = byCode.get(code) ?? [];
      const values = answerValues(
        code,
        indices.map((i) => tests[i]!.n),
      );
      indices.forEach((i, j) => (answers[i] = values[j]!));
    }
    yield* answers;
  },
};
