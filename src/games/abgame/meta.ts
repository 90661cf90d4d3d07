/** What lists and help texts show of abgame without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';
import { EXAMPLE_BOARD } from './limits.js';

export const PLAY_MAX_CELLS = 200;

export const abgameMeta = {
  id: 'abgame',
  title: 'ABGAME: sliding A and B',
  summary:
    'A sliding game on a row: each player slides their own letters A or B; whoever cannot slide loses.',
  origin: 'CodeChef ABGAME, November Cook-Off 2018',
  playLimit: `boards of at most ${PLAY_MAX_CELLS} cells`,
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
} as const satisfies GameMeta;
