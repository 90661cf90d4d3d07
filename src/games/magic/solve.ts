/**
 * The fast solver: a disjoint-set union over the rooms named in passages (untouched rooms are counted as
 * one-room components, never stored), then the closed form of `component-game.ts`. O(M) for M passages.
 */
import {
  moverWins,
  ruleCase,
  winningAbstractMoves,
  type AbstractStep,
  type ComponentState,
  type Part,
} from './component-game.js';
import { DisjointSets } from './dsu.js';
import { RoomIndex } from './room-index.js';
import type { BuildKind, MagicParams, MagicResult, Room, WinningMove } from './schema.js';

/** How many winning first moves a result lists. */
const MOVES_LISTED = 4;
const LARGEST_LISTED = 8;

/** The board after the union pass: rooms 1 and 2 always hold ids 0 and 1. */
export interface Board {
  readonly n: bigint;
  readonly index: RoomIndex;
  readonly sets: DisjointSets;
  /** Dense ids of passage k's rooms at 2k and 2k + 1. */
  readonly ends: Int32Array;
  readonly untouched: bigint;
}

export function buildBoard(params: MagicParams): Board {
  const passages = params.passages;
  // Stryker disable next-line ArithmeticOperator: only the table's first capacity: RoomIndex grows as rooms arrive and hands out the same ids
  const index = new RoomIndex(passages.length * 2 + 2);
  index.idOf(1);
  index.idOf(2);
  const ends = new Int32Array(passages.length * 2);
  // Stryker disable next-line EqualityOperator: one step past the end reads an undefined pair, which the next line skips
  for (let k = 0; k < passages.length; k++) {
    const pair = passages[k];
    // Stryker disable next-line ConditionalExpression: pairs inside the loop bounds are never undefined, so the skip never runs
    if (pair === undefined) continue;
    ends[2 * k] = index.idOf(pair[0]);
    ends[2 * k + 1] = index.idOf(pair[1]);
  }
  const sets = new DisjointSets(index.size);
  // Stryker disable next-line EqualityOperator: one step past the end joins ids 0 and 0 (the `?? 0`), which is no change
  for (let k = 0; k < ends.length; k += 2) sets.union(ends[k] ?? 0, ends[k + 1] ?? 0);
  const n = BigInt(params.rooms);
  return { n, index, sets, ends, untouched: n - BigInt(index.size) };
}

/** First's target for the final two groups: with K = C(N,2) - M, the turns left have the parity of K + [both odd]. */
export function firstTarget(n: bigint, passages: number): 'odd' | 'even' | null {
  if (n % 2n === 1n) return null;
  // Stryker disable next-line ArithmeticOperator: n is even here (odd n returned above), so C(n+1, 2) = C(n, 2) + n has the same parity
  const all = (n * (n - 1n)) / 2n;
  // Stryker disable next-line ArithmeticOperator: all + M and all - M have the same parity
  return (all - BigInt(passages)) % 2n === 1n ? 'even' : 'odd';
}

/** The components' counts after the union pass (untouched rooms not included). */
export interface Tally {
  readonly oddTouched: number;
  readonly evenTouched: number;
  /** Room pairs inside components: C(s, 2) summed. */
  readonly pairs: number;
  /** The largest component sizes, at most LARGEST_LISTED of them, largest first. */
  readonly largest: number[];
}

/**
 * The counts of the sets of ids 0 to count - 1. `listLargest` false leaves `largest` empty: `magicOutcome` has no
 * use for it, and keeping it sorted as sets go by allocated about 15 KB a board (Array.prototype.sort's scratch),
 * enough for an extra garbage collection or two on a contest file.
 */
function tally(sets: DisjointSets, count: number, listLargest = true): Tally {
  const link = sets.link;
  const sums = new Float64Array(3);
  // Stryker disable next-line EqualityOperator: one more step, at from = count, counts the empty range
  for (let from = 0; from < count; from += TALLY_CHUNK)
    countSets(link, from, Math.min(count, from + TALLY_CHUNK), sums);
  const largest: number[] = [];
  // Stryker disable next-line EqualityOperator: id = count has no entry, so the root check skips it
  for (let id = 0; listLargest && id < count; id++) {
    // A root holds minus its set's size; any other id its parent (>= 0).
    const s = -(link[id] ?? 0);
    if (s <= 0) continue;
    // Stryker disable next-line LogicalOperator,ArithmeticOperator,EqualityOperator: comparing with 0 (no entry), or letting a 9th or an equal size in, pushes more sets, and sorting and cutting back to 8 keeps the same 8 largest
    if (largest.length < LARGEST_LISTED || s > (largest[largest.length - 1] ?? 0)) {
      largest.push(s);
      largest.sort((x, y) => y - x);
      if (largest.length > LARGEST_LISTED) largest.pop();
    }
  }
  return { oddTouched: sums[0] ?? 0, evenTouched: sums[1] ?? 0, pairs: sums[2] ?? 0, largest };
}

/**
 * Ids counted by one call of `countSets`. A call per few thousand ids, rather than one loop over 10^6, lets V8
 * optimise the function whole after a few calls instead of replacing the running loop (on-stack).
 */
const TALLY_CHUNK = 4096;

/**
 * Adds the sets among ids `from` to `to` - 1 to `sums`: those of odd size, of even size, and C(s, 2) summed.
 * No branch on whether an id is a root: on a large board roots and others come in no order, and a mispredicted
 * branch per id (two, with the size's parity) cost more than the count itself. An id that is not a root counts
 * as a set of size 0, which adds nothing.
 */
function countSets(link: Int32Array, from: number, to: number, sums: Float64Array): void {
  let odd = 0;
  let even = 0;
  let pairs = 0;
  for (let id = from; id < to; id++) {
    const entry = link[id] ?? 0;
    const root = entry >>> 31;
    const s = -entry & -root;
    pairs += (s * (s - 1)) / 2;
    odd += s & 1;
    even += root - (s & 1);
  }
  sums[0] = (sums[0] ?? 0) + odd;
  sums[1] = (sums[1] ?? 0) + even;
  sums[2] = (sums[2] ?? 0) + pairs;
}

/** The start position and the facts a result reports, from the union pass. */
function startOf(
  sets: DisjointSets,
  counts: Tally,
  untouched: bigint,
  passages: number,
  telepoints: { readonly p1: number; readonly p2: number },
) {
  const first = sets.find(0);
  const second = sets.find(1);
  const firstSize = sets.sizeOf(first);
  const secondSize = sets.sizeOf(second);
  const connected = first === second;
  const oddAll = BigInt(counts.oddTouched) + untouched;
  const missing = counts.pairs - passages;
  const state = componentState(telepoints, {
    firstOdd: firstSize % 2 === 1,
    secondOdd: secondSize % 2 === 1,
    connected,
    oddAll,
    evenAll: BigInt(counts.evenTouched),
    missing,
  });
  return {
    firstSize,
    secondSize,
    connected,
    oddAll,
    missing,
    state,
    firstWins: connected || moverWins(state),
  };
}

/**
 * A board whose rooms a reader has numbered itself (the judge): rooms 1 and 2 are ids 0 and 1, the other
 * rooms named in passages 2 .. size - 1, and passage k joins ids ends[2k] and ends[2k + 1]. Ids may also go to
 * rooms no passage names (the judge numbers every room of a small board, room r as id r - 1): each is a set
 * of one room, counted as an untouched room would be.
 */
export interface DenseBoard {
  readonly rooms: bigint;
  readonly size: number;
  readonly ends: Int32Array;
  readonly p1: number;
  readonly p2: number;
}

/**
 * Who wins a dense board: `solveMagic`'s outcome without naming moves (no room table to build). `sets` holds the
 * board's passages already joined (the judge joins them while checking for repeats), and `counts`, when given,
 * their sets counted (the judge counts them in the kernel for some boards); `largest` is not read.
 */
export function magicOutcome(
  board: DenseBoard,
  sets: DisjointSets,
  // Stryker disable next-line BooleanLiteral: only speed: the outcome never reads the largest sizes
  counts: Tally = tally(sets, board.size, false),
): 'first' | 'second' {
  const ends = board.ends;
  const start = startOf(sets, counts, board.rooms - BigInt(board.size), ends.length / 2, board);
  return start.firstWins ? 'first' : 'second';
}

export function solveMagic(params: MagicParams): MagicResult {
  const board = buildBoard(params);
  const { sets, index, untouched } = board;
  const counts = tally(sets, index.size);
  const { oddTouched, evenTouched, largest } = counts;
  while (
    largest.length < LARGEST_LISTED &&
    BigInt(largest.length) < BigInt(oddTouched + evenTouched) + untouched
  ) {
    largest.push(1);
  }
  const start = startOf(sets, counts, untouched, params.passages.length, params);
  const { connected, firstWins, oddAll, state } = start;
  let moves: WinningMove[] = [];
  if (connected) moves = [{ move: { walkTo: 2 }, builds: 'walk' }];
  // Stryker disable next-line ConditionalExpression: when First loses, no abstract move wins (the closed form agrees with a search of the abstract game), so the list stays empty
  else if (firstWins) moves = realiseMoves(board, winningAbstractMoves(state));
  return {
    outcome: firstWins ? 'first' : 'second',
    connected,
    components: (oddAll + BigInt(evenTouched)).toString(),
    oddComponents: oddAll.toString(),
    evenComponents: String(evenTouched),
    untouched: untouched.toString(),
    largest,
    firstSize: start.firstSize,
    secondSize: start.secondSize,
    missing: start.missing,
    target: firstTarget(board.n, params.passages.length),
    firstCanTeleport: params.p1 > 0,
    secondCanTeleport: params.p2 > 0,
    rule: connected ? 'connected' : ruleCase(state),
    moves,
  };
}

/** The start position from First's side (meaningless, but well formed, when rooms 1 and 2 are connected). */
export function componentState(
  params: { readonly p1: number; readonly p2: number },
  facts: {
    firstOdd: boolean;
    secondOdd: boolean;
    connected: boolean;
    oddAll: bigint;
    evenAll: bigint;
    missing: number;
  },
): ComponentState {
  const { firstOdd, secondOdd, connected } = facts;
  const magiciansOdd = connected ? (firstOdd ? 1n : 0n) : (firstOdd ? 1n : 0n) + (secondOdd ? 1n : 0n);
  const magiciansEven = connected ? (firstOdd ? 0n : 1n) : (firstOdd ? 0n : 1n) + (secondOdd ? 0n : 1n);
  return {
    moverOdd: firstOdd,
    rivalOdd: secondOdd,
    otherOdd: facts.oddAll - magiciansOdd,
    otherEven: facts.evenAll - magiciansEven,
    missingOdd: facts.missing % 2 === 1,
    moverTelepoints: params.p1,
    rivalTelepoints: params.p2,
  };
}

/** A component as a move names it: one of its rooms and its size parity. */
interface Component {
  readonly room: Room;
  readonly odd: boolean;
}

/** Abstract winning moves -> rooms to join and to teleport to, on the real board. */
function realiseMoves(board: Board, steps: readonly AbstractStep[]): WinningMove[] {
  const { sets, index } = board;
  const first = sets.find(0);
  const second = sets.find(1);
  const odd: Component[] = [];
  const even: Component[] = [];
  // Three of each parity are enough: a join takes two and a teleport needs one more.
  for (let id = 0; id < index.size && (odd.length < 3 || even.length < 3); id++) {
    if (!sets.isRoot(id) || id === first || id === second) continue;
    const isOdd = sets.sizeOf(id) % 2 === 1;
    const list = isOdd ? odd : even;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: keeping more than 3 candidates changes nothing: a move takes at most 3 (two to join, one to land in), always the first ones
    if (list.length < 3) list.push({ room: index.room(id), odd: isOdd });
  }
  for (let room = 3, found = 0n; odd.length < 3 && found < board.untouched; room++) {
    // Stryker disable next-line EqualityOperator: id 0 is room 1, and the search starts at room 3
    if (index.find(room) >= 0) continue;
    odd.push({ room, odd: true });
    found++;
  }
  const moves: WinningMove[] = [];
  let pair: [Room, Room] | undefined | null = null;
  // Stryker disable next-line ConditionalExpression: recomputing insidePair each time gives the same pair as the memo
  const inside = (): [Room, Room] | undefined => (pair === null ? (pair = insidePair(board)) : pair);
  for (const step of steps) {
    if (moves.length >= MOVES_LISTED) break;
    const move = realise(step, odd, even, inside);
    // Stryker disable next-line ConditionalExpression: realise never returns undefined for an abstract winning move: the candidate lists hold the components the move needs
    if (move !== undefined) moves.push(move);
  }
  return moves;
}

function realise(
  step: AbstractStep,
  odd: readonly Component[],
  even: readonly Component[],
  inside: () => [Room, Room] | undefined,
): WinningMove | undefined {
  const { build, teleport } = step.move;
  const free = { odd: [...odd], even: [...even] };
  let join: [Room, Room];
  let merged: Component | undefined;
  if (build === 'inside') {
    const pair = inside();
    // Stryker disable next-line ConditionalExpression: an inside move exists only when some group misses a passage, so insidePair always finds one
    if (pair === undefined) return undefined;
    join = pair;
  } else {
    const take = (part: Part): Component | undefined => {
      switch (part) {
        case 'own':
          // Stryker disable next-line BooleanLiteral: the parity of a magician's own part is never read: merged is computed only when the first part is odd or even
          return { room: 1, odd: false };
        case 'rival':
          // Stryker disable next-line BooleanLiteral: the parity of a magician's own part is never read: merged is computed only when the first part is odd or even
          return { room: 2, odd: false };
        case 'odd':
          return free.odd.shift();
        case 'even':
          return free.even.shift();
      }
    };
    const x = take(build[0]);
    const y = take(build[1]);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: the abstract move exists only when the board has the parts it joins, and the candidate lists hold up to 3 of each
    if (x === undefined || y === undefined) return undefined;
    join = [x.room, y.room];
    // Joining two components that hold no magician makes a new one he may teleport into.
    if (build[0] !== 'own' && build[0] !== 'rival') merged = { room: x.room, odd: x.odd !== y.odd };
  }
  const builds = (build === 'inside' ? 'inside' : `${build[0]}+${build[1]}`) as BuildKind;
  if (teleport === undefined) return { move: { join }, builds };
  const landing = [
    ...free[teleport],
    ...(merged !== undefined && merged.odd === (teleport === 'odd') ? [merged] : []),
  ];
  const target = landing[0];
  // Stryker disable next-line ConditionalExpression: a teleport step exists only when a component of that parity is left, and the candidate lists or the merged group hold one
  if (target === undefined) return undefined;
  return { move: { join, teleportTo: target.room }, builds, lands: teleport };
}

/** Two rooms of one component that no passage joins yet, or undefined when every component is complete. */
export function insidePair(board: Board): [Room, Room] | undefined {
  const { sets, ends, index } = board;
  const edges = new Int32Array(index.size);
  for (let k = 0; k < ends.length; k += 2) {
    const root = sets.find(ends[k] ?? 0);
    edges[root] = (edges[root] ?? 0) + 1;
  }
  let chosen = -1;
  for (let id = 0; id < index.size && chosen < 0; id++) {
    const s = sets.sizeOf(id);
    if (sets.isRoot(id) && (edges[id] ?? 0) < (s * (s - 1)) / 2) chosen = id;
  }
  // Stryker disable next-line ConditionalExpression: insidePair is only asked when some group misses a passage, so a component is always chosen
  if (chosen < 0) return undefined;
  // In a component missing a passage, a room of least degree has a non-neighbour inside it.
  const degree = new Map<number, number>();
  for (let k = 0; k < ends.length; k += 2) {
    const u = ends[k] ?? 0;
    const v = ends[k + 1] ?? 0;
    if (sets.find(u) !== chosen) continue;
    degree.set(u, (degree.get(u) ?? 0) + 1);
    degree.set(v, (degree.get(v) ?? 0) + 1);
  }
  // Stryker disable next-line UnaryOperator: the chosen group has at least one passage, so the degree loop always replaces the starting value
  let low = -1;
  let lowDegree = Number.POSITIVE_INFINITY;
  for (const [id, d] of degree) {
    if (d < lowDegree) [low, lowDegree] = [id, d];
  }
  const neighbours = new Set<number>([low]);
  for (let k = 0; k < ends.length; k += 2) {
    const u = ends[k] ?? 0;
    const v = ends[k + 1] ?? 0;
    if (u === low) neighbours.add(v);
    if (v === low) neighbours.add(u);
  }
  for (const id of degree.keys()) {
    if (!neighbours.has(id)) return [index.room(low), index.room(id)];
  }
  return undefined;
}
