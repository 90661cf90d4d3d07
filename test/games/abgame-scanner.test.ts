/**
 * The byte scanner behind ABGAME's text, stream and judge paths at its edges: every whitespace byte around a
 * board, whitespace split over chunks, a token after the trailing whitespace, and the cell numbers a result
 * names when the board starts after leading whitespace. The reference is the text solver on the bare board.
 */
import { describe, expect, it } from 'vitest';
import { abgame } from '../../src/games/abgame/index.js';
import { BoardScanner } from '../../src/games/abgame/solve.js';

const encoder = new TextEncoder();

/** The six ASCII whitespace bytes: tab, line feed, vertical tab, form feed, carriage return, space. */
const WHITESPACE = ['\t', '\n', '\v', '\f', '\r', ' '] as const;

/** A board A wins with a named move (a contested gap), and one it wins by a spare move. */
const BOARDS = ['A...B.A.B', 'A..A.B.B', 'B..A.A...'];

function scan(parts: readonly string[], loop: 'sparse' | 'dense' | 'auto' = 'auto') {
  const scanner = new BoardScanner({ loop, blockSize: 4 });
  for (const part of parts) scanner.feed(encoder.encode(part));
  return scanner.finish();
}

function refusal(parts: readonly string[]): string {
  try {
    scan(parts);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(parts)}`);
}

describe('ABGAME scanner: whitespace around the board', () => {
  it.each(WHITESPACE.map((w) => [JSON.stringify(w), w] as const))(
    '%s before and after the board is ignored, and cells count from the board',
    (_name, w) => {
      for (const board of BOARDS) {
        const expected = abgame.solve({ board });
        expect(scan([`${w}${w}${board}${w}`])).toEqual(expected);
        // Split over chunks: whitespace alone in a chunk, the board cut, whitespace after in pieces.
        expect(scan([w, `${w}${board.slice(0, 3)}`, board.slice(3), w, `${w}${w}`])).toEqual(expected);
      }
    },
  );

  it('a byte that is not whitespace (backspace, shift-out, unit separator) is refused where the board is', () => {
    for (const code of [8, 14, 31]) {
      const c = String.fromCharCode(code);
      expect(refusal([`${c}A.B`])).toContain(`cell 1 holds a control character (code ${code})`);
      expect(refusal([`A.B${c}`])).toContain(`cell 4 holds a control character (code ${code})`);
      expect(refusal([' A.B', `  ${c}`])).toContain('cell 4 holds a space');
    }
  });

  it('anything after the trailing whitespace is refused, naming the first whitespace cell', () => {
    expect(refusal(['A.B ', '  x'])).toContain('cell 4 holds a space');
    expect(refusal(['A.B\t', 'B'])).toContain('cell 4 holds a tab');
    expect(refusal(['  A.B', '\n', '\nA'])).toContain('cell 4 holds a line break');
    expect(refusal(['\v\fAB..', '.B\fA'])).toContain('cell 7 holds a control character (code 12)');
  });

  it('whitespace alone is no board', () => {
    for (const w of WHITESPACE) expect(refusal([w, `${w}${w}`])).toContain('give at least 1 cell');
    expect(refusal([])).toContain('give at least 1 cell');
  });
});
