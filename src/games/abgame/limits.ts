/**
 * ABGAME limits, codes and messages without zod, so the judge and the solver load light (schema.ts re-exports
 * them).
 */

/** Longest board accepted as text; longer ones go through `solveStream` (a file or an attachment). */
export const MAX_BOARD_CELLS = 1_000_000;
/** How many contested gaps a result lists by name; the rest are only counted and XORed. */
export const SHOWN_CONTESTED = 12;
export const EXAMPLE_BOARD = 'A..B.A..B';
export const FILE_HINT =
  'for longer boards use a file (grundy solve abgame --file board.txt, or attach it in Discord)';

export const DOT = 46;
export const CHAR_A = 65;
export const CHAR_B = 66;

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

export const CODES = { DOT, CHAR_A, CHAR_B } as const;
