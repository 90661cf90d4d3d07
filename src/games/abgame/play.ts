/**
 * ABGAME move by move. Which way a character slides depends only on its place among the characters, not on
 * its letter, so B to move on a board is A to move on the same board with the letters swapped: every
 * position is a start position of the solver, letters swapped when it is B's turn.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Seat, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import type { AbgameParams } from './schema.js';
import { solveBoard } from './solve.js';
import { PLAY_MAX_CELLS, abgameMeta } from './meta.js';

export { PLAY_MAX_CELLS };

export const AbgamePosition = z.strictObject({
  board: z
    .string()
    .regex(/^[AB.]+$/)
    .max(PLAY_MAX_CELLS),
  turn: z.union([z.literal(0), z.literal(1)]),
});
export type AbgamePosition = z.infer<typeof AbgamePosition>;

function letterOf(seat: Seat): 'A' | 'B' {
  return seat === 0 ? 'A' : 'B';
}

function moves(p: AbgamePosition): PlayMove[] {
  const letter = letterOf(p.turn);
  const out: PlayMove[] = [];
  let k = 0;
  for (let i = 0; i < p.board.length; i++) {
    const cell = p.board[i];
    if (cell === '.') continue;
    const step = k % 2 === 0 ? 1 : -1;
    // Stryker disable next-line UpdateOperator: k only gives the parity of the character's place; counting down alternates the same way
    k++;
    if (cell !== letter) continue;
    for (let j = i + step; j >= 0 && j < p.board.length && p.board[j] === '.'; j += step) {
      const distance = Math.abs(j - i);
      out.push({
        id: `${i + 1}-${j + 1}`,
        text: `slide the ${letter} at cell ${i + 1} ${distance} cell${distance === 1 ? '' : 's'} ${step > 0 ? 'right' : 'left'}, to cell ${j + 1}`,
      });
    }
  }
  return out;
}

function status(p: AbgamePosition): PlayStatus {
  if (moves(p).length === 0) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function apply(p: AbgamePosition, move: string): AbgamePosition {
  const [from = 0, to = 0] = requireMove(moves(p), move)
    .id.split('-')
    .map((x) => Number(x) - 1);
  const cells = [...p.board];
  cells[to] = cells[from] ?? '.';
  cells[from] = '.';
  return { board: cells.join(''), turn: otherSeat(p.turn) };
}

/** The board as the solver sees it: the player to move plays the A's. */
function asSolverBoard(p: AbgamePosition): string {
  if (p.turn === 0) return p.board;
  return p.board.replace(/[AB]/g, (c) => (c === 'A' ? 'B' : 'A'));
}

function verdict(p: AbgamePosition): Verdict {
  return solveBoard(asSolverBoard(p)).winner === 'A' ? 'win' : 'loss';
}

function bestMove(p: AbgamePosition): BestMove {
  const options = moves(p);
  if (options.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const result = solveBoard(asSolverBoard(p));
  const spares = `your spare moves: ${result.spareA}, the opponent's: ${result.spareB}; the contested gaps XOR to ${result.xor}`;
  if (result.move !== null) {
    const { from, to } = result.move;
    const why =
      result.move.kind === 'contested'
        ? "it makes the contested gaps' XOR 0 with the spare moves level, so every reply can be mirrored"
        : 'it spends a spare move while keeping more spares than the opponent';
    return { move: `${from}-${to}`, verdict: 'win', reason: `Slide ${from} to ${to}: ${why} (${spares}).` };
  }
  return {
    // Stryker disable next-line OptionalChaining: options is not empty (bestMove throws above when it is)
    move: options[0]?.id ?? '',
    verdict: 'loss',
    reason: `Every move can be answered (${spares}): the opponent keeps at least as many spare moves and restores a zero XOR.`,
  };
}

function show(p: AbgamePosition): string[] {
  const ruler = Array.from({ length: p.board.length }, (_, i) => String((i + 1) % 10)).join('');
  return [p.board, ruler];
}

/** Why a typed slide "from-to" cannot be played: off the board, not the mover's letter, wrong way, blocked. */
function whyIllegal(p: AbgamePosition, typed: string): string | undefined {
  const slide = /^(\d{1,12})-(\d{1,12})$/.exec(typed);
  if (slide === null) return undefined;
  const [from, to] = [Number(slide[1]), Number(slide[2])];
  const n = p.board.length;
  const off = [from, to].find((c) => c < 1 || c > n);
  if (off !== undefined) return `there is no cell ${off}: the cells are 1 to ${n}`;
  const letter = letterOf(p.turn);
  const cell = p.board[from - 1];
  if (cell === '.') return `cell ${from} is empty`;
  if (cell !== letter)
    return `cell ${from} holds a ${cell}, and the player to move slides only ${letter} letters`;
  if (from === to) return 'a slide moves at least one cell';
  // The k-th letter from the left (counting from 0) slides right when k is even, left when it is odd.
  const place = [...p.board.slice(0, from - 1)].filter((c) => c !== '.').length;
  const right = place % 2 === 0;
  if (right !== to > from)
    return `the ${letter} at cell ${from} slides only ${right ? 'right' : 'left'} (it is letter ${place + 1} from the left, and ${right ? 'odd' : 'even'}-numbered letters slide ${right ? 'right' : 'left'})`;
  // The cells passed and the one landed on, 0-based [start, end); the first taken one on the way is named.
  const [start, end] = right ? [from, to] : [to - 1, from - 1];
  const way = [...p.board.slice(start, end)];
  const blocked = right ? way.findIndex((c) => c !== '.') : way.findLastIndex((c) => c !== '.');
  if (blocked >= 0) return `cell ${start + blocked + 1} is in the way: a letter never jumps over another`;
  return undefined;
}

export const abgamePlay: PlaySupport<AbgameParams, AbgamePosition> = {
  position: AbgamePosition,
  limit: abgameMeta.playLimit,
  start(params) {
    if (params.board.length > PLAY_MAX_CELLS) {
      throw new InputError(
        `board: play takes at most ${PLAY_MAX_CELLS} cells (got ${params.board.length}); solve handles longer boards, e.g. A..B.A..B`,
        'board',
      );
    }
    return { board: params.board, turn: 0 };
  },
  status,
  moves,
  apply,
  whyIllegal,
  verdict,
  bestMove,
  show,
};
