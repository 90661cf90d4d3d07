/**
 * ABGAME move by move (`play.ts`), every field a user sees, on every position reachable from every board of up
 * to 6 cells, either player to move: the status, each move's words, the board after it, the shown lines and the
 * best move's verdict, move and reason, against the brute force (its legal moves by the pairing rule, its
 * game-tree search, its recount of spare moves, contested gaps and the move's kind). B to move is checked on
 * the board with the letters swapped, which the brute force reads as A to move.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { legalMoves, moverWins, recount } from '../../src/games/abgame/brute.js';
import { abgame } from '../../src/games/abgame/index.js';
import { abgamePlay as play, type AbgamePosition } from '../../src/games/abgame/play.js';
import { walkReachable } from './play-walk.js';

const swap = (board: string): string => board.replace(/[AB]/g, (c) => (c === 'A' ? 'B' : 'A'));

function* boards(length: number): Generator<string> {
  if (length === 0) {
    yield '';
    return;
  }
  for (const rest of boards(length - 1)) for (const c of ['A', 'B', '.']) yield c + rest;
}

/** Checks every field at `p` and the position after every move; notes the kinds of answer in `kinds`. */
function check(p: AbgamePosition, kinds: Set<string>): void {
  const letter = p.turn === 0 ? 'A' : 'B';
  const legal = legalMoves(p.board, letter);
  const other = p.turn === 0 ? 1 : 0;
  expect(play.status(p)).toEqual({
    toMove: p.turn,
    over: legal.length === 0,
    winner: legal.length === 0 ? other : null,
  });
  expect(play.moves(p)).toEqual(
    legal.map(({ from, to }) => {
      const d = Math.abs(to - from);
      return {
        id: `${from}-${to}`,
        text: `slide the ${letter} at cell ${from} ${d} cell${d === 1 ? '' : 's'} ${to > from ? 'right' : 'left'}, to cell ${to}`,
      };
    }),
  );
  const ruler = [...p.board].map((_, i) => String((i + 1) % 10)).join('');
  expect(play.show(p)).toEqual([p.board, ruler]);
  // The mover plays the A's of the brute force's board.
  const board = p.turn === 0 ? p.board : swap(p.board);
  const wins = moverWins(board, 'A');
  expect(play.verdict(p)).toBe(wins ? 'win' : 'loss');
  for (const { from, to } of legal) {
    const cells = [...p.board];
    cells[to - 1] = letter;
    cells[from - 1] = '.';
    expect(play.apply(p, `${from}-${to}`)).toEqual({ board: cells.join(''), turn: other });
  }
  if (legal.length === 0) {
    expect(() => play.bestMove(p)).toThrow(InputError);
    kinds.add('over');
    return;
  }
  const best = play.bestMove(p);
  const [from = 0, to = 0] = best.move.split('-').map(Number);
  const move = wins ? { from, to } : null;
  const r = recount(board, wins ? 'A' : 'B', move);
  const spares = `your spare moves: ${r.spareA}, the opponent's: ${r.spareB}; the contested gaps XOR to ${r.xor}`;
  if (wins) {
    // A winning move: legal, and the opponent loses after it (the brute force's search).
    expect(legal).toContainEqual({ from, to });
    const cells = [...board];
    cells[to - 1] = 'A';
    cells[from - 1] = '.';
    expect(moverWins(cells.join(''), 'B')).toBe(false);
    const why =
      r.move?.kind === 'contested'
        ? "it makes the contested gaps' XOR 0 with the spare moves level, so every reply can be mirrored"
        : 'it spends a spare move while keeping more spares than the opponent';
    expect(best).toEqual({
      move: `${from}-${to}`,
      verdict: 'win',
      reason: `Slide ${from} to ${to}: ${why} (${spares}).`,
    });
    kinds.add(`win ${r.move?.kind ?? '?'}`);
  } else {
    const first = legal[0];
    expect(best).toEqual({
      move: `${first?.from}-${first?.to}`,
      verdict: 'loss',
      reason: `Every move can be answered (${spares}): the opponent keeps at least as many spare moves and restores a zero XOR.`,
    });
    kinds.add('loss');
  }
}

describe('ABGAME play: every field on every reachable position, against the brute force', () => {
  it('every board of up to 6 cells, either player to move, and every position reachable from it', () => {
    const kinds = new Set<string>();
    const seen = new Set<string>();
    for (let length = 1; length <= 6; length++) {
      for (const b of boards(length)) {
        const start = play.start(parseParams(abgame, { board: b }));
        expect(start).toEqual({ board: b, turn: 0 });
        walkReachable<AbgamePosition>(play, [start, { board: b, turn: 1 }], seen, (p) => check(p, kinds));
      }
    }
    expect([...kinds].sort()).toEqual(['loss', 'over', 'win contested', 'win spare']);
  });

  it('plays boards up to 200 cells and refuses longer ones, naming the limit', () => {
    const long = `A${'.'.repeat(198)}B`;
    expect(play.start(parseParams(abgame, { board: long }))).toEqual({ board: long, turn: 0 });
    const longer = `A${'.'.repeat(199)}B`;
    expect(() => play.start(parseParams(abgame, { board: longer }))).toThrow(
      'board: play takes at most 200 cells (got 201); solve handles longer boards, e.g. A..B.A..B',
    );
  });
});
