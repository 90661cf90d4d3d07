/**
 * The reference: a memoised search over explicit game states (the set of built passages, both magicians'
 * rooms and telepoints left), following the rules literally. Limit: 6 rooms (15 possible passages).
 */
import type { BuildKind, MagicMove, MagicParams, MagicResult, Room, WinningMove } from './schema.js';

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

/** Sizes of every component (0-based room lists), by flooding the built passages. */
function componentSizes(board: SmallBoard, mask: number): { rep: number; size: number }[] {
  const sizes = new Map<number, number>();
  for (let v = 0; v < board.n; v++) {
    const rep = board.rep(mask, v);
    sizes.set(rep, (sizes.get(rep) ?? 0) + 1);
  }
  return [...sizes].map(([rep, size]) => ({ rep, size }));
}

/**
 * The rule of the closed form that the result names, restated from its definition on the whole board:
 * N odd: every split alike; otherwise who holds telepoints and the parity First needs for both groups.
 */
function bruteRule(
  params: MagicParams,
  target: 'odd' | 'even' | null,
  connected: boolean,
): MagicResult['rule'] {
  if (connected) return 'connected';
  if (target === null) return 'odd-board';
  const first = params.p1 > 0;
  const second = params.p2 > 0;
  if (!first && !second) return 'no-telepoints';
  if (target === 'even') return first ? 'even-target-teleports' : 'even-target-rival-teleports';
  return second ? 'odd-target-rival-teleports' : 'odd-target-teleports';
}

/** The result by exhaustive search: the component picture by flooding, the verdict and moves by minimax. */
export function bruteSolve(params: MagicParams): MagicResult {
  const { board, mask } = boardOf(params);
  const parts = componentSizes(board, mask);
  // Rooms 1 and 2 are the magicians' and never counted as untouched (see the result schema).
  const touched = new Set<number>([1, 2]);
  for (const [x, y] of params.passages) touched.add(Number(x)).add(Number(y));
  const odd = parts.filter((c) => c.size % 2 === 1).length;
  const connected = board.rep(mask, 0) === board.rep(mask, 1);
  const sizeOf = (v: number): number => parts.find((c) => c.rep === board.rep(mask, v))?.size ?? 1;
  const allPairs = parts.reduce((sum, c) => sum + (c.size * (c.size - 1)) / 2, 0);
  // Each remaining turn builds one passage; N even: the final groups are both odd or both even.
  const turnsOdd = (board.pairs.length - params.passages.length) % 2 === 1;
  const target = board.n % 2 === 1 ? null : turnsOdd ? 'even' : 'odd';
  const moves = bruteWinningMoves(params);
  return {
    outcome: moves.length > 0 ? 'first' : 'second',
    connected,
    components: String(parts.length),
    oddComponents: String(odd),
    evenComponents: String(parts.length - odd),
    untouched: String(board.n - touched.size),
    largest: parts
      .map((c) => c.size)
      .sort((x, y) => y - x)
      .slice(0, 8),
    firstSize: sizeOf(0),
    secondSize: sizeOf(1),
    missing: allPairs - params.passages.length,
    target,
    firstCanTeleport: params.p1 > 0,
    secondCanTeleport: params.p2 > 0,
    rule: bruteRule(params, target, connected),
    moves: moves.slice(0, 4).map((move) => classifyMove(params, move)),
  };
}
