/**
 * Grundy's PartisanGame format (TopCoder has no stdin format): T, then per test `n k a_1..a_k m b_1..b_m`.
 * Output `Alice` or `Bob`. Grundy's limits apply: n up to 10^18, moves from 1 to 64.
 */
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import { MAX_MOVE, MAX_N, type PartisanParams, type PartisanResult } from './schema.js';

async function readSet(reader: InputReader, who: string, test: number): Promise<number[]> {
  const count = await reader.int(`the number of ${who}'s moves in test ${test}`, 0, MAX_MOVE);
  const moves = new Set<number>();
  for (let i = 1; i <= count; i++) {
    const move = await reader.int(`${who}'s move ${i} of test ${test}`, 1, MAX_MOVE);
    if (moves.has(move)) {
      throw new JudgeInputError(
        reader.line,
        `${who}'s moves in test ${test} must be distinct, but ${move} appears twice`,
      );
    }
    moves.add(move);
  }
  return [...moves].sort((x, y) => x - y);
}

export const partisanJudge: JudgeFormat<PartisanParams, PartisanResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, 1_000_000);
    for (let test = 1; test <= t; test++) {
      const n = await reader.bigint(`n of test ${test}`, 0n, MAX_N);
      const alice = await readSet(reader, 'Alice', test);
      const bob = await readSet(reader, 'Bob', test);
      yield { n: n.toString(), alice, bob };
    }
    await reader.expectEnd();
  },
  format: (result) => (result.aliceWins ? 'Alice' : 'Bob'),
};
