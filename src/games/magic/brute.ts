/**
 * The reference: a memoised search over explicit game states (the set of built passages, both magicians'
 * rooms and telepoints left), following the rules literally. Limit: 6 rooms (15 possible passages).
 */
import type { BuildKind, MagicMove, MagicParams, MagicResult, Room, WinningMove } from './schema.js';
import { solveMagic } from './solve.js';

export const BRUTE_LIMIT = 6;
/** The memo of one board size is dropped past this many states so that a long-lived process stays small. */
const MEMO_CAP = 1_000_000;

/** All states of games on `n` rooms share one memo: the exhaustive tests replay the same positions many times. */
export class SmallBoard {
  readonly n: number;
  /** pairs[k] = [i, j] with i < j, 0-based rooms; bit k of a mask says the passage i-j is built. */
  readonly pairs: readonly (readonly [number, number])[];
  private readonly pairBit: Int32Array;
  /** reps[mask * n + v]: the smallest room in v's component, -1 until computed. */
  private readonly reps: Int8Array;
  private memo = new Map<number, boolean>();

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 2 || n > BRUTE_LIMIT)
      throw new RangeError(`brute force: 2 to 6 rooms, not ${n}`);
    this.n = n;
    const pairs: [number, number][] = [];
    this.pairBit = new Int32Array(n * n).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        this.pairBit[i * n + j] = pairs.length;
        this.pairBit[j * n + i] = pairs.length;
        pairs.push([i, j]);
      }
    }
    this.pairs = pairs;
    this.reps = new Int8Array((1 << pairs.length) * n).fill(-1);
  }

  /** The bit of passage i-j (0-based), or -1 for i = j. */
  bit(i: number, j: number): number {
    return this.pairBit[i * this.n + j] ?? -1;
  }

  /** The smallest room of v's component when the built passages are `mask`. */
  rep(mask: number, v: number): number {
    const base = mask * this.n;
    const known = this.reps[base + v] ?? -1;
    if (known >= 0) return known;
    const parent = Array.from({ length: this.n }, (_, i) => i);
    const root = (x: number): number => {
      while (parent[x] !== x) x = parent[x] ?? x;
      return x;
    };
    this.pairs.forEach(([i, j], k) => {
      if ((mask >> k) & 1) {
        const [ri, rj] = [root(i), root(j)];
        if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
      }
    });
    for (let x = 0; x < this.n; x++) this.reps[base + x] = root(x);
    return this.reps[base + v] ?? v;
  }

  /**
   * True iff the magician to move, standing in room `a` with `ta` telepoints, wins against the rival in room
   * `b` with `tb`. Walking is free inside a component, so where he walks to only matters through his
   * component, which the build keeps; rooms are therefore stored as their component's smallest room.
   */
  wins(mask: number, a: number, b: number, ta: number, tb: number): boolean {
    a = this.rep(mask, a);
    b = this.rep(mask, b);
    // Walk phase: the rival stands in his component, so he walks over and wins.
    if (a === b) return true;
    const missing = this.pairs.length - popcount(mask);
    // Telepoints beyond the turns a magician still has can never be spent (one per turn at most).
    const turns = Math.ceil(missing / 2);
    ta = Math.min(ta, turns);
    tb = Math.min(tb, turns);
    const key = (((mask * 8 + a) * 8 + b) * 16 + ta) * 16 + tb;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let result = false;
    // Build phase: every missing passage; then the optional teleport to any room. None missing: he loses.
    search: for (let k = 0; k < this.pairs.length; k++) {
      if ((mask >> k) & 1) continue;
      const next = mask | (1 << k);
      if (!this.wins(next, b, a, tb, ta)) {
        result = true;
        break;
      }
      if (ta > 0) {
        for (let r = 0; r < this.n; r++) {
          if (!this.wins(next, b, r, tb, ta - 1)) {
            result = true;
            break search;
          }
        }
      }
    }
    if (this.memo.size >= MEMO_CAP) this.memo = new Map();
    this.memo.set(key, result);
    return result;
  }

  /** The outcome after First builds passage `bit` and stands in `room` (0-based): does Second lose? */
  firstMoveWins(mask: number, bitIndex: number, room: number, p1Left: number, p2: number): boolean {
    return !this.wins(mask | (1 << bitIndex), 1, room, p2, p1Left);
  }
}

function popcount(x: number): number {
  let count = 0;
  while (x !== 0) {
    x &= x - 1;
    count++;
  }
  return count;
}

const boards = new Map<number, SmallBoard>();

/** The shared board (and memo) for `n` rooms. */
export function smallBoard(n: number): SmallBoard {
  let board = boards.get(n);
  if (board === undefined) {
    board = new SmallBoard(n);
    boards.set(n, board);
  }
  return board;
}

export function bruteFits(params: MagicParams): boolean {
  return BigInt(params.rooms) <= BigInt(BRUTE_LIMIT);
}

/** The board and the mask of the built passages of `params`, which must fit. */
export function boardOf(params: MagicParams): { board: SmallBoard; mask: number } {
  if (!bruteFits(params)) throw new RangeError(`the brute force handles at most ${BRUTE_LIMIT} rooms`);
  const board = smallBoard(Number(params.rooms));
  let mask = 0;
  for (const [x, y] of params.passages) mask |= 1 << board.bit(Number(x) - 1, Number(y) - 1);
  return { board, mask };
}

/** True iff First (to move in room 1) wins with perfect play. */
export function bruteFirstWins(params: MagicParams): boolean {
  const { board, mask } = boardOf(params);
  return board.wins(mask, 0, 1, params.p1, params.p2);
}

/** Room number -> 0-based room of a board of `n`, or -1 when it is not a room of the board. */
function roomIndex(room: Room, n: number): number {
  const value = typeof room === 'number' ? room : Number.NaN;
  return Number.isInteger(value) && value >= 1 && value <= n ? value - 1 : -1;
}

/** True iff `move` is legal as First's first move and leaves Second lost, by exhaustive search. */
export function bruteSecuresOptimum(params: MagicParams, move: MagicMove): boolean {
  const { board, mask } = boardOf(params);
  const connected = board.rep(mask, 0) === board.rep(mask, 1);
  if ('walkTo' in move) return connected && move.walkTo === 2;
  // Building instead of walking onto a reachable rival leaves First in his reach.
  if (connected) return false;
  const x = roomIndex(move.join[0], board.n);
  const y = roomIndex(move.join[1], board.n);
  if (x < 0 || y < 0 || x === y) return false;
  const bitIndex = board.bit(x, y);
  if ((mask >> bitIndex) & 1) return false;
  let room = 0;
  let p1Left = params.p1;
  if (move.teleportTo !== undefined) {
    room = roomIndex(move.teleportTo, board.n);
    if (room < 0 || params.p1 < 1) return false;
    p1Left--;
  }
  return board.firstMoveWins(mask, bitIndex, room, p1Left, params.p2);
}

/** Every winning first move of First, by exhaustive search (tiny boards; for tests and the brute result). */
export function bruteWinningMoves(params: MagicParams): MagicMove[] {
  const { board, mask } = boardOf(params);
  if (board.rep(mask, 0) === board.rep(mask, 1)) return [{ walkTo: 2 }];
  const moves: MagicMove[] = [];
  board.pairs.forEach(([i, j], k) => {
    if ((mask >> k) & 1) return;
    if (board.firstMoveWins(mask, k, 0, params.p1, params.p2)) moves.push({ join: [i + 1, j + 1] });
    if (params.p1 < 1) return;
    for (let r = 0; r < board.n; r++) {
      if (board.firstMoveWins(mask, k, r, params.p1 - 1, params.p2))
        moves.push({ join: [i + 1, j + 1], teleportTo: r + 1 });
    }
  });
  return moves;
}

/** Size of the component of room `v` (0-based). */
function componentSize(board: SmallBoard, mask: number, v: number): number {
  const rep = board.rep(mask, v);
  let size = 0;
  for (let x = 0; x < board.n; x++) if (board.rep(mask, x) === rep) size++;
  return size;
}

const PART_ORDER = ['own', 'rival', 'odd', 'even'] as const;

/** A winning move of the brute force in component terms, as the result reports moves. */
export function classifyMove(params: MagicParams, move: MagicMove): WinningMove {
  const { board, mask } = boardOf(params);
  if ('walkTo' in move) return { move, builds: 'walk' };
  const [x, y] = [Number(move.join[0]) - 1, Number(move.join[1]) - 1];
  const part = (v: number): (typeof PART_ORDER)[number] => {
    const rep = board.rep(mask, v);
    if (rep === board.rep(mask, 0)) return 'own';
    if (rep === board.rep(mask, 1)) return 'rival';
    return componentSize(board, mask, v) % 2 === 1 ? 'odd' : 'even';
  };
  const parts = [part(x), part(y)].sort((p, q) => PART_ORDER.indexOf(p) - PART_ORDER.indexOf(q));
  const builds = (board.rep(mask, x) === board.rep(mask, y) ? 'inside' : parts.join('+')) as BuildKind;
  if (move.teleportTo === undefined) return { move, builds };
  const next = mask | (1 << board.bit(x, y));
  const lands = componentSize(board, next, Number(move.teleportTo) - 1) % 2 === 1 ? 'odd' : 'even';
  return { move, builds, lands };
}

/** The result by exhaustive search: the component picture is counted, the verdict and moves are searched. */
export function bruteSolve(params: MagicParams): MagicResult {
  const picture = solveMagic(params);
  const moves = bruteWinningMoves(params);
  return {
    ...picture,
    outcome: moves.length > 0 ? 'first' : 'second',
    moves: moves.slice(0, 4).map((move) => classifyMove(params, move)),
  };
}

/**
 * One line of optimal play on a tiny board, in words: the side that can win plays a winning move each turn;
 * the other avoids stepping into his rival's reach while he can.
 */
export function bruteLine(params: MagicParams): string[] {
  const { board } = boardOf(params);
  let { mask } = boardOf(params);
  const names = ['First', 'Second'] as const;
  const pos = [0, 1];
  const tele = [params.p1, params.p2];
  const lines: string[] = [];
  for (let turn = 0; turn <= board.pairs.length; turn++) {
    const me = turn % 2;
    const other = 1 - me;
    const [here, there] = [pos[me] ?? 0, pos[other] ?? 0];
    if (board.rep(mask, here) === board.rep(mask, there)) {
      lines.push(`${names[me]} walks to ${names[other]}'s room ${there + 1} and wins.`);
      break;
    }
    const left = tele[me] ?? 0;
    const options: { bit: number; room: number; teleported: boolean }[] = [];
    for (let k = 0; k < board.pairs.length; k++) {
      if ((mask >> k) & 1) continue;
      options.push({ bit: k, room: here, teleported: false });
      if (left > 0)
        for (let r = 0; r < board.n; r++) if (r !== here) options.push({ bit: k, room: r, teleported: true });
    }
    if (options.length === 0) {
      lines.push(`${names[me]} has no passage left to build and loses.`);
      break;
    }
    const result = (o: (typeof options)[number]): boolean =>
      !board.wins(mask | (1 << o.bit), there, o.room, tele[other] ?? 0, left - (o.teleported ? 1 : 0));
    const safe = (o: (typeof options)[number]): boolean =>
      board.rep(mask | (1 << o.bit), o.room) !== board.rep(mask | (1 << o.bit), there);
    const chosen = options.find(result) ?? options.find(safe) ?? options[0];
    if (chosen === undefined) break;
    const [i, j] = board.pairs[chosen.bit] ?? [0, 0];
    lines.push(
      `${names[me]} builds ${i + 1}-${j + 1}` +
        (chosen.teleported ? ` and teleports to room ${chosen.room + 1}.` : '.'),
    );
    mask |= 1 << chosen.bit;
    pos[me] = chosen.room;
    if (chosen.teleported) tele[me] = left - 1;
  }
  return lines;
}
