/**
 * The obviously right ABGAME: a game-tree search over explicit boards, memoised on (board, player to move).
 * It knows nothing of pairs, spare moves or Nim; it only slides characters by the rules.
 */
import type { BruteForce } from '../../core/game.js';
import type { AbgameMove, AbgameParams, AbgameResult, ContestedGap, WinningMove } from './schema.js';
import { SHOWN_CONTESTED } from './schema.js';

/** Boards of at most this many cells: 3^12 boards per length, each with two players to move. */
export const BRUTE_MAX_CELLS = 12;

type Player = 'A' | 'B';

/** Every legal move of `player`: the k-th character (1-based) slides right when k is odd, left when even. */
export function legalMoves(board: string, player: Player): AbgameMove[] {
  const moves: AbgameMove[] = [];
  let index = 0;
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === '.') continue;
    const step = index % 2 === 0 ? 1 : -1;
    index++;
    if (c !== player) continue;
    for (let j = i + step; j >= 0 && j < board.length && board[j] === '.'; j += step) {
      moves.push({ from: i + 1, to: j + 1 });
    }
  }
  return moves;
}

function applyMove(board: string, move: AbgameMove): string {
  const cells = board.split('');
  cells[move.to - 1] = cells[move.from - 1] ?? '.';
  cells[move.from - 1] = '.';
  return cells.join('');
}

/** Results per (player, board) survive between calls so that exhaustive tests share the work. */
const memo = new Map<string, boolean>();
const MEMO_LIMIT = 4_000_000;

/** True iff `player`, to move on `board`, wins (the last mover wins). */
export function moverWins(board: string, player: Player): boolean {
  const key = player + board;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const other: Player = player === 'A' ? 'B' : 'A';
  let wins = false;
  for (const move of legalMoves(board, player)) {
    if (!moverWins(applyMove(board, move), other)) {
      wins = true;
      break;
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, wins);
  return wins;
}

function isLegal(board: string, move: AbgameMove): boolean {
  return legalMoves(board, 'A').some((m) => m.from === move.from && m.to === move.to);
}

/** The board's pairs counted the plain way, for the descriptive half of the result. */
export function recount(board: string, winner: Player, move: AbgameMove | null): AbgameResult {
  const chars: { cell: number; c: string }[] = [];
  for (let i = 0; i < board.length; i++) if (board[i] !== '.') chars.push({ cell: i + 1, c: board[i] ?? '' });
  let spareA = 0;
  let spareB = 0;
  let xor = 0;
  const contested: ContestedGap[] = [];
  let gapOfMove: { kind: WinningMove['kind']; gap: number } | undefined;
  for (let k = 0; k < chars.length; k += 2) {
    const left = chars[k];
    if (left === undefined) break;
    const right = chars[k + 1];
    const gap = (right?.cell ?? board.length + 1) - left.cell - 1;
    const owners = right === undefined ? left.c : left.c + right.c;
    if (move !== null && (move.from === left.cell || move.from === right?.cell)) {
      gapOfMove = { kind: owners === 'AB' || owners === 'BA' ? 'contested' : 'spare', gap };
    }
    if (owners === 'AB' || owners === 'BA') {
      xor ^= gap;
      contested.push({ left: left.cell, right: right?.cell ?? 0, gap, a: left.c === 'A' ? 'left' : 'right' });
    } else if (left.c === 'A') spareA += gap;
    else spareB += gap;
  }
  const moved =
    move === null || gapOfMove === undefined
      ? null
      : {
          from: move.from,
          to: move.to,
          kind: gapOfMove.kind,
          gapBefore: gapOfMove.gap,
          gapAfter: gapOfMove.gap - Math.abs(move.to - move.from),
        };
  return {
    winner,
    cells: board.length,
    characters: chars.length,
    spareA,
    spareB,
    contestedCount: contested.length,
    contestedOpen: contested.filter((g) => g.gap > 0).length,
    xor,
    contestedShown: contested.slice(0, SHOWN_CONTESTED),
    move: moved,
  };
}

export const abgameBrute: BruteForce<AbgameParams, AbgameResult, AbgameMove> = {
  limit: `boards of at most ${BRUTE_MAX_CELLS} cells`,
  fits(params) {
    return params.board.length <= BRUTE_MAX_CELLS;
  },
  solve(params) {
    const board = params.board;
    const winning = legalMoves(board, 'A').find((move) => !moverWins(applyMove(board, move), 'B'));
    return recount(board, winning === undefined ? 'B' : 'A', winning ?? null);
  },
  securesOptimum(params, move) {
    // A moves first, so a move secures the optimum iff it is legal and leaves B, to move, lost.
    return isLegal(params.board, move) && !moverWins(applyMove(params.board, move), 'B');
  },
};
