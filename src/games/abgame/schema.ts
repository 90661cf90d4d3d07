/** ABGAME params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import {
  EXAMPLE_BOARD,
  FILE_HINT,
  MAX_BOARD_CELLS,
  SHOWN_CONTESTED,
  badCellMessage,
  firstBadIndex,
} from './limits.js';

export {
  CODES,
  EXAMPLE_BOARD,
  MAX_BOARD_CELLS,
  SHOWN_CONTESTED,
  badCellMessage,
  describeCharacter,
  firstBadIndex,
} from './limits.js';

/** What is wrong with a board given as text, in words, or undefined when nothing is. */
function boardProblem(board: string): string | undefined {
  if (board.length === 0) return `board: give at least 1 cell, e.g. ${EXAMPLE_BOARD}`;
  if (board.length > MAX_BOARD_CELLS) {
    return (
      `board: at most ${MAX_BOARD_CELLS.toLocaleString('en-US')} cells as text ` +
      `(got ${board.length.toLocaleString('en-US')}); ${FILE_HINT}`
    );
  }
  const bad = firstBadIndex(board);
  return bad < 0 ? undefined : badCellMessage(bad + 1, board.charCodeAt(bad));
}

export const AbgameParams = z.strictObject({
  board: z
    .string({ error: `board must be text over "A", "B" and ".", e.g. ${EXAMPLE_BOARD}` })
    // One plain check, not refine chains: the judge validates up to 10^6 boards and this is its hot path.
    .check((ctx) => {
      const message = boardProblem(ctx.value);
      if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    }),
});
export type AbgameParams = z.output<typeof AbgameParams>;

const count = z.number().int().min(0);
const cell = z.number().int().min(1);

/** A gap between an A and a B facing each other: a Nim heap either player may shrink. */
export const ContestedGap = z.strictObject({
  left: cell,
  right: cell,
  gap: count,
  /** Which of the two characters is the A. */
  a: z.enum(['left', 'right']),
});
export type ContestedGap = z.infer<typeof ContestedGap>;

export const WinningMove = z.strictObject({
  from: cell,
  to: cell,
  /** 'contested' shrinks a Nim heap to XOR 0; 'spare' spends one of A's private moves. */
  kind: z.enum(['contested', 'spare']),
  gapBefore: z.number().int().min(1),
  gapAfter: count,
});
export type WinningMove = z.infer<typeof WinningMove>;

export const AbgameResult = z.strictObject({
  winner: z.enum(['A', 'B']),
  cells: cell,
  characters: count,
  /** Moves A can make without touching B: gaps between two A's, or behind an odd last A. */
  spareA: count,
  spareB: count,
  /** Pairs of an A and a B facing each other, empty gaps included. */
  contestedCount: count,
  /** Contested pairs with at least one empty cell between them. */
  contestedOpen: count,
  xor: count,
  /** The first contested pairs, left to right, at most SHOWN_CONTESTED of them. */
  contestedShown: z.array(ContestedGap).max(SHOWN_CONTESTED),
  /** A winning first move for A; null when B wins. */
  move: WinningMove.nullable(),
});
export type AbgameResult = z.infer<typeof AbgameResult>;

/** A first move of A: the 1-based cell of an A and the cell it slides to. */
export interface AbgameMove {
  readonly from: number;
  readonly to: number;
}
