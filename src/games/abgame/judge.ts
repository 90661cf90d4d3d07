/**
 * The original CodeChef ABGAME format: T, then T boards, one per line; the answer is `A` or `B` per board.
 * Grundy's own limits apply (up to 10^6 boards of up to 10^6 cells each), not the contest's.
 */
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import {
  MAX_BOARD_CELLS,
  describeCharacter,
  firstBadIndex,
  type AbgameParams,
  type AbgameResult,
} from './schema.js';

export const MAX_JUDGE_BOARDS = 1_000_000;

export const abgameJudge: JudgeFormat<AbgameParams, AbgameResult> = {
  async *parse(reader: InputReader) {
    const count = await reader.int('the number of boards T', 1, MAX_JUDGE_BOARDS);
    for (let t = 1; t <= count; t++) {
      // next() rather than expect(): the message is only built when the input has really ended.
      const token = await reader.next();
      if (token === undefined) {
        throw new JudgeInputError(
          reader.line,
          `expected board ${t} of ${count} (a string of "A", "B" and "."), but the input ended`,
        );
      }
      const board = token.text;
      if (board.length > MAX_BOARD_CELLS) {
        throw new JudgeInputError(
          token.line,
          `board ${t} has ${board.length.toLocaleString('en-US')} cells, but at most ` +
            `${MAX_BOARD_CELLS.toLocaleString('en-US')} are allowed per board (for longer boards use grundy solve abgame --file)`,
        );
      }
      const bad = firstBadIndex(board);
      if (bad >= 0) {
        throw new JudgeInputError(
          token.line,
          `board ${t}: cell ${bad + 1} holds ${describeCharacter(board.charCodeAt(bad))}, ` +
            `but only "A", "B" and "." are allowed, e.g. A..B.A..B`,
        );
      }
      yield { board };
    }
    await reader.expectEnd();
  },
  format(result) {
    return result.winner;
  },
};
