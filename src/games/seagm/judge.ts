/** The original SEAGM format: T, then per test a line with n and a line with the cards. Output `W P`. */
import type { ByteReader, Reading } from '../../core/byte-reader.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import { rational, toFixedExact } from '../../math/rational.js';
import { readIntsKernel } from './kernel.js';
import { sortNonNegativeKernel } from '../../math/u64-kernel.js';
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

/**
 * The cards of one test after another, read straight from the bytes: the plain ones in the kernel
 * (readIntsKernel, a stretch of the block at a time: in JavaScript the same loop runs cold over 10^5 cards), the
 * others the careful way, with their messages.
 */
class CardReader {
  private cards = new Int32Array(0);
  private read = 0;
  private readonly stretches = new KernelStretches((bytes, eof, most) =>
    readIntsKernel(bytes, eof, most, 1, MAX_VALUE, this.cards, this.read),
  );

  /** The cards of test `test`, sorted as the params schema sorts them. */
  *of(input: ByteReader, test: number): Reading<Int32Array> {
    const n = yield* input.int(`n for test ${test}`, 1, MAX_CARDS);
    const cards = new Int32Array(n);
    this.cards = cards;
    this.read = 0;
    // Stryker disable next-line EqualityOperator: at read = n the kernel is asked for no card, and the loop ends after it
    while (this.read < n) {
      const run = this.stretches.take(input, n - this.read);
      if (run !== undefined) this.read += run.tests;
      const i = this.read;
      if (i === n) break;
      // Card i the careful way (a block border, or something the messages must describe), then on.
      const card = input.tryInt(1, MAX_VALUE);
      cards[i] = card >= 0 ? card : yield* input.int(`card ${i + 1} of test ${test}`, 1, MAX_VALUE);
      this.read = i + 1;
    }
    // Sorted as the params schema sorts them (analyseFast would sort unsorted cards itself).
    sortNonNegativeKernel(cards);
    return cards;
  }
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
    const reader = new CardReader();
    for (let test = 1; test <= t; test++) {
      const cards = yield* reader.of(input, test);
      answer(format(solveSeagmJudge(cards)));
    }
    yield* input.expectEnd();
  },
};
