/** ABGAME params and result. The bounds here are the limits users see in error messages. */
import { z } from 'zod';

/** Longest board accepted as text; longer ones go through `solveStream` (a file or an attachment). */
export const MAX_BOARD_CELLS = 1_000_000;
/** How many contested gaps a result lists by name; the rest are only counted and XORed. */
export const SHOWN_CONTESTED = 12;
export const EXAMPLE_BOARD = 'A..B.A..B';
const FILE_HINT =
  'for longer boards use a file (grundy solve abgame --file board.txt, or attach it in Discord)';

const DOT = 46;
const CHAR_A = 65;
const CHAR_B = 66;

/** A bad character in words a person recognises, shared by the text, stream and judge paths. */
export function describeCharacter(code: number): string {
  if (code === 32) return 'a space';
  if (code === 9) return 'a tab';
  if (code === 10 || code === 13) return 'a line break';
  if (code > 32 && code < 127) return `"${String.fromCharCode(code)}"`;
  if (code >= 128) return 'a non-ASCII character';
  return `a control character (code ${code})`;
}

/** The message for a board holding something other than A, B or '.' at 1-based `cell`. */
export function badCellMessage(cell: number, code: number): string {
  return (
    `cell ${cell.toLocaleString('en-US')} holds ${describeCharacter(code)}, ` +
    `but the board may hold only "A", "B" and ".", e.g. ${EXAMPLE_BOARD}`
  );
}

/** Index of the first character that is not A, B or '.', or -1; a plain loop because it runs on 10^6 cells. */
export function firstBadIndex(board: string): number {
  for (let i = 0; i < board.length; i++) {
    const code = board.charCodeAt(i);
    if (code !== DOT && code !== CHAR_A && code !== CHAR_B) return i;
  }
  return -1;
}

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

export const CODES = { DOT, CHAR_A, CHAR_B } as const;
