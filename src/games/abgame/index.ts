/** ABGAME (CodeChef, November Cook-Off 2018): A and B slide toward each other; the last mover wins. */
import { abgameMeta } from './meta.js';
import { defineGame } from '../../core/game.js';
import { abgameBrute } from './brute.js';
import { explainResult } from './explain.js';
import { abgameJudge } from './judge.js';
import { pictureAbgame } from './picture.js';
import { randomBoard } from './random.js';
import { AbgameParams, AbgameResult, EXAMPLE_BOARD, type AbgameMove } from './schema.js';
import { solveBoard } from './solve.js';
import { solveBoardStream } from './stream.js';
import { abgameRules } from './rules.js';
import { abgamePlay } from './play.js';

export const abgame = defineGame<AbgameParams, AbgameResult, AbgameMove>({
  ...abgameMeta,
  solverVersion: '1',
  players: () => ['A', 'B'],
  params: AbgameParams,
  result: AbgameResult,
  inputs: [
    {
      name: 'board',
      description: 'The row: "A", "B" and "." for an empty cell, e.g. A..B.A..B',
      kind: 'text',
      required: true,
      positional: true,
      acceptsFile: true,
      example: EXAMPLE_BOARD,
    },
  ],
  fromFields(fields) {
    const board = fields.board;
    return { board: typeof board === 'string' ? board.trim() : board };
  },
  solve: (params) => solveBoard(params.board),
  outcome: (result) => (result.winner === 'A' ? 'first' : 'second'),
  outcomes: ['first', 'second'],
  brute: abgameBrute,
  explain: (_params, result) => explainResult(result),
  picture: pictureAbgame,
  judge: abgameJudge,
  // At most about 10 ns a cell (a dense random board on a busy machine), plus the result and its explanation.
  estimateCostMs: (params) => 0.05 + params.board.length * 1e-5,
  solveStream: (chunks) => solveBoardStream(chunks),
  play: abgamePlay,
  randomInstance: randomBoard,
  rules: abgameRules,
});
