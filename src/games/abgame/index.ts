/** ABGAME (CodeChef, November Cook-Off 2018): A and B slide toward each other; the last mover wins. */
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
  id: 'abgame',
  title: 'ABGAME: sliding A and B',
  summary:
    'A sliding game on a row: each player slides their own letters A or B; whoever cannot slide loses.',
  origin: 'CodeChef ABGAME, November Cook-Off 2018',
  solverVersion: '1',
  players: () => ['A', 'B'],
  params: AbgameParams,
  result: AbgameResult,
  inputs: [
    {
      name: 'board',
      description:
        'The row: "A", "B" and "." for an empty cell, e.g. A..B.A..B (attach a file for long boards)',
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
  examples: [
    {
      cli: `abgame '${EXAMPLE_BOARD}'`,
      fields: { board: EXAMPLE_BOARD },
      note: 'Official sample 3: B wins, the two contested gaps of 2 cancel out.',
    },
    {
      cli: "abgame 'A...B.A.B'",
      fields: { board: 'A...B.A.B' },
      note: 'A wins by sliding the A at cell 1 two cells right: gap 3 -> 1.',
    },
    {
      cli: "abgame 'A..A.B.B'",
      fields: { board: 'A..A.B.B' },
      note: 'Spare moves decide: A has 2 between its two As, B has 1 between its two Bs, so A wins.',
    },
  ],
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
