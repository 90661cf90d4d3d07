/** The original SEAGM format: T, then per test a line with n and a line with the cards. Output `W P`. */
import type { ByteReader, Reading } from '../../core/byte-reader.js';
import type { JudgeFormat } from '../../core/game.js';
import { rational, toFixedExact } from '../../math/rational.js';
import { MAX_CARDS, MAX_VALUE } from './limits.js';
import type { SeagmParams, SeagmResult } from './schema.js';
import { solveSeagmJudge } from './solve.js';

function format(result: Pick<SeagmResult, 'firstWins' | 'probability' | 'fraction'>): string {
  const p =
    result.fraction === null
      ? result.probability.toFixed(4)
      : toFixedExact(rational(BigInt(result.fraction.num), BigInt(result.fraction.den)), 4);
  return `${result.firstWins ? 1 : 0} ${p}`;
}

/** The cards of one test, read straight from the bytes and sorted as the params schema sorts them. */
function* readCards(input: ByteReader, test: number): Reading<Int32Array> {
  const n = yield* input.int(`n for test ${test}`, 1, MAX_CARDS);
  const cards = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const card = input.tryInt(1, MAX_VALUE);
    cards[i] = card >= 0 ? card : yield* input.int(`card ${i + 1} of test ${test}`, 1, MAX_VALUE);
  }
  // Stryker disable next-line MethodExpression: analyseFast sorts unsorted cards itself, and only W and P are printed
  return cards.sort();
}

export const seagmJudge: JudgeFormat<SeagmParams, SeagmResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, 1_000_000);
    for (let test = 1; test <= t; test++) {
      const n = await reader.int(`n for test ${test}`, 1, MAX_CARDS);
      // Stryker disable next-line ArrayDeclaration: an empty array grows as the cards are stored, with the same cards
      const cards = new Array<number>(n);
      for (let i = 0; i < n; i++) {
        cards[i] =
          reader.tryInt(1, MAX_VALUE) ?? (await reader.int(`card ${i + 1} of test ${test}`, 1, MAX_VALUE));
      }
      // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the params schema sorts the cards again
      yield { cards: cards.sort((a, b) => a - b) };
    }
    await reader.expectEnd();
  },
  format,
  *run(input, answer) {
    const t = yield* input.int('the number of tests T', 1, 1_000_000);
    for (let test = 1; test <= t; test++) {
      const cards = yield* readCards(input, test);
      answer(format(solveSeagmJudge(cards)));
    }
    yield* input.expectEnd();
  },
};
