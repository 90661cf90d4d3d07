/** The original SEAGM format: T, then per test a line with n and a line with the cards. Output `W P`. */
import type { JudgeFormat } from '../../core/game.js';
import { rational, toFixedExact } from '../../math/rational.js';
import { MAX_CARDS, MAX_VALUE, type SeagmParams, type SeagmResult } from './schema.js';

export const seagmJudge: JudgeFormat<SeagmParams, SeagmResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, 1_000_000);
    for (let test = 1; test <= t; test++) {
      const n = await reader.int(`n for test ${test}`, 1, MAX_CARDS);
      const cards = new Array<number>(n);
      for (let i = 0; i < n; i++) {
        cards[i] =
          reader.tryInt(1, MAX_VALUE) ?? (await reader.int(`card ${i + 1} of test ${test}`, 1, MAX_VALUE));
      }
      yield { cards: cards.sort((a, b) => a - b) };
    }
    await reader.expectEnd();
  },
  format(result) {
    const p =
      result.fraction === null
        ? result.probability.toFixed(4)
        : toFixedExact(rational(BigInt(result.fraction.num), BigInt(result.fraction.den)), 4);
    return `${result.firstWins ? 1 : 0} ${p}`;
  },
};
