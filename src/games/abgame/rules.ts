/** ABGAME for a newcomer: the rules in plain words and one small game played out slide by slide. */
import type { GameRules } from '../../core/game.js';
import type { AbgameMove, AbgameParams } from './schema.js';

/** The example board and its slides in order, A first (an optimal line: the tests check it). */
export const RULES_EXAMPLE: { readonly board: string; readonly line: readonly AbgameMove[] } = {
  board: 'A.B.B..A',
  line: [
    { from: 8, to: 7 },
    { from: 5, to: 6 },
    { from: 1, to: 2 },
  ],
};

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five'];

function slide(board: string, move: AbgameMove): string {
  const cells = board.split('');
  cells[move.to - 1] = cells[move.from - 1] ?? '.';
  cells[move.from - 1] = '.';
  return cells.join('');
}

/** One sentence per slide, with the board after it, so the text cannot drift from the line. */
export function narrateLine(board: string, line: readonly AbgameMove[]): string[] {
  let now = board;
  const steps = line.map((move, i) => {
    const player = i % 2 === 0 ? 'A' : 'B';
    const step = Math.abs(move.to - move.from);
    const way = move.to > move.from ? 'right' : 'left';
    now = slide(now, move);
    return `${player} slides the ${player} at cell ${move.from} ${WORDS[step] ?? step} cell${step === 1 ? '' : 's'} ${way}: ${now}`;
  });
  const next = line.length % 2 === 0 ? 'A' : 'B';
  steps.push(`${next} has no slide left (every ${next} faces a neighbour or the edge), so ${next} loses.`);
  return steps;
}

export const abgameRules: GameRules<AbgameParams> = {
  what: "A sliding game for two on a row of cells: each player slides their own letters (A's or B's) into empty cells, and whoever cannot slide loses.",
  play: [
    'A row of cells holds letters A and B and empty cells (written as dots), e.g. A.B.B..A. Player A moves the A letters, player B the B letters; A moves first.',
    'Each letter may only slide one way. Count the letters from the left, whoever owns them: the 1st, 3rd, 5th, ... slide right, the 2nd, 4th, 6th, ... slide left. So the 1st and 2nd letters face each other, as do the 3rd and 4th, and so on; a last, unpaired letter faces the right edge.',
    'A turn is sliding one of your letters one or more cells its way, over empty cells only: it cannot jump another letter or leave the row.',
  ],
  winning: ['A player who has no slide on their turn loses, so whoever makes the last slide wins.'],
  terms: [
    {
      term: 'gap',
      meaning:
        'the empty cells between two letters that face each other (or between the last letter and the edge).',
    },
    {
      term: 'spare moves',
      meaning:
        "a gap between two letters of the same player (or in front of a last, unpaired letter) is that player's alone: its cells are moves only they can make.",
    },
    {
      term: 'contested gap',
      meaning: 'a gap between an A and a B: both players can shrink it, like a pile in the game of Nim.',
    },
    {
      term: 'XOR',
      meaning:
        'adding numbers in binary without carrying (1 XOR 2 = 3, 3 XOR 3 = 0). When the spare moves are equal, the player to move wins exactly when the contested gaps XOR to something other than 0.',
    },
  ],
  example: {
    params: { board: RULES_EXAMPLE.board },
    fields: { board: RULES_EXAMPLE.board },
    cli: `abgame '${RULES_EXAMPLE.board}'`,
    setup:
      'The board A.B.B..A has four letters: the A at cell 1 slides right toward the B at cell 3 (a contested gap of 1); the B at cell 5 slides right toward the A at cell 8 (a contested gap of 2). Nobody has spare moves, and 1 XOR 2 = 3, not 0.',
    steps: narrateLine(RULES_EXAMPLE.board, RULES_EXAMPLE.line),
    result:
      'A wins by making both contested gaps equal with the first slide (1 XOR 1 = 0): from then on A copies B in the other gap, so A always has the last slide.',
  },
};
