/**
 * MAGIC's judge in the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source: scripts/kernel/magic.ts):
 * boards whose rooms are their own ids, and boards of large rooms given dense ids.
 */
import {
  claimed,
  claimFree,
  currentClaim,
  type KernelExports,
  type KernelRun,
  reserve,
} from '../../math/u64-kernel.js';

/** Copies a stretch of input to `at` with a 0 after it (the kernel's scans stop at it); the memory's buffer. */
function stretchIn(k: KernelExports, at: number, bytes: Uint8Array): ArrayBuffer {
  const buffer = k.memory.buffer;
  const input = new Uint8Array(buffer, at, bytes.length + 1);
  input.set(bytes);
  input[bytes.length] = 0;
  return buffer;
}

/** The most input bytes one magicJoinKernel call takes (KernelStretches hands it at most its MAX_STRETCH). */
export const MAGIC_STRETCH_BYTES = 1 << 20;

/**
 * A MAGIC board whose rooms are their own ids (n rooms, ids 0 .. n - 1, n <= 2^16) and m passages, laid out in
 * the kernel's memory for magicJoinKernel, with views for the caller: it reads the passages the kernel leaves
 * (a token across a block border, a mistake) into `ends` and `lines` and joins them in `link` and `keys` as
 * the kernel does (joinPassage in src/games/magic/judge.ts). The views hold until the next board, or until another
 * kernel call uses the same memory (magicJoinKernel then throws).
 */
export interface MagicKernelBoard {
  /** A DisjointSets' links, all -1 (n one-room sets). */
  readonly link: Int32Array<ArrayBuffer>;
  /** Per passage, its two ids (room - 1), and the line of its first room. */
  readonly ends: Int32Array<ArrayBuffer>;
  readonly lines: Int32Array<ArrayBuffer>;
  /** An open-addressing set of the pairs' keys (smaller id << 16 | larger id; 0: an empty slot), all 0. */
  readonly keys: Int32Array<ArrayBuffer>;
  /** 32 minus log2 of the set's size: a key's hash shifted right by it is a slot. */
  readonly shift: number;
  /** Passages read so far, by the kernel or by the caller (who moves it on past each one it reads). */
  read: number;
  /** The first passage the kernel found already in `keys`, or -1. */
  repeat: number;
  readonly claim: number;
  readonly linkAt: number;
  readonly endsAt: number;
  readonly linesAt: number;
  readonly keysAt: number;
  readonly stateAt: number;
  readonly inAt: number;
}

export function magicKernelBoard(n: number, m: number): MagicKernelBoard {
  if (n > 1 << 16) throw new Error(`a MAGIC board in the kernel has at most 2^16 rooms, not ${n}`);
  let bits = 4;
  // Stryker disable next-line EqualityOperator: a set twice as large finds the same repeats
  while (1 << bits < 2 * m) bits++;
  const { k, a } = claimFree();
  // Stryker disable next-line ArithmeticOperator: only alignment: 15 bytes lower lie in the 32-bit area's scratch output, which no call uses while a board is read
  const linkAt = (a.free + 15) & ~15;
  const endsAt = (linkAt + 4 * n + 15) & ~15;
  const linesAt = endsAt + 8 * m;
  const keysAt = (linesAt + 4 * m + 15) & ~15;
  const stateAt = keysAt + 4 * (1 << bits);
  const inAt = stateAt + 32;
  // Stryker disable next-line ArithmeticOperator: 2 bytes fewer matter only when a page of 64 KB ends among them and a stretch is the longest
  reserve(k, inAt + MAGIC_STRETCH_BYTES + 1);
  const buffer = k.memory.buffer;
  return {
    link: new Int32Array(buffer, linkAt, n).fill(-1),
    ends: new Int32Array(buffer, endsAt, 2 * m),
    lines: new Int32Array(buffer, linesAt, m),
    keys: new Int32Array(buffer, keysAt, 1 << bits).fill(0),
    shift: 32 - bits,
    read: 0,
    repeat: -1,
    claim: currentClaim(),
    linkAt,
    endsAt,
    linesAt,
    keysAt,
    stateAt,
    inAt,
  };
}

/**
 * The board's passages from `board.read` on, read from the start of `bytes` (`line`: the line there), joined
 * and entered in the kernel while each is plain: both rooms decimals of 1 to 15 digits from 1 to n, different,
 * the second ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first passage that is
 * not, or after `maxPassages`; the caller reads that one the careful way. Moves `board.read` on, and sets
 * `board.repeat` at the first repeated pair it meets while none is set.
 */
export function magicJoinKernel(
  board: MagicKernelBoard,
  bytes: Uint8Array,
  eof: boolean,
  maxPassages: number,
  line: number,
): KernelRun {
  const k = claimed(board.claim, 'MAGIC board');
  if (bytes.length > MAGIC_STRETCH_BYTES) throw new Error(`at most ${MAGIC_STRETCH_BYTES} bytes per call`);
  const buffer = stretchIn(k, board.inAt, bytes);
  const passages = k.magicJoin(
    board.inAt,
    board.inAt + bytes.length,
    eof ? 1 : 0,
    maxPassages,
    0,
    board.stateAt,
    board.link.length,
    line,
    board.read,
    board.linkAt,
    board.endsAt,
    board.linesAt,
    board.keysAt,
    board.shift,
  );
  const [readTo = board.inAt, newlines = 0, , repeat = 0] = new Int32Array(buffer, board.stateAt, 4);
  // Stryker disable next-line EqualityOperator,ConditionalExpression: taking repeat 0 (none) too would set -1 over -1
  if (board.repeat < 0 && repeat > 0) board.repeat = repeat - 1;
  board.read += passages;
  return { tests: passages, consumed: readTo - board.inAt, newlines, text: '' };
}

/**
 * The board's sets counted (after its passages are joined): how many have an odd size, how many an even one,
 * and the room pairs inside them, C(s, 2) summed.
 */
export function magicTallyKernel(board: MagicKernelBoard): {
  oddTouched: number;
  evenTouched: number;
  pairs: number;
} {
  const k = claimed(board.claim, 'MAGIC board');
  k.magicTally(board.linkAt, board.link.length, board.stateAt);
  const [oddTouched = 0, evenTouched = 0, pairs = 0] = new Int32Array(k.memory.buffer, board.stateAt, 3);
  return { oddTouched, evenTouched, pairs };
}

/**
 * A MAGIC board of more than 2^16 rooms (rooms up to 10^18) with m passages, laid out in the kernel's memory for
 * magicBigReadKernel, magicNumberKernel and magicJoinBigKernel, with views for the caller: it writes the
 * passages the kernel leaves (a token across a block border, a loop, a mistake) into `rooms` and `lines` itself.
 * The views hold until another kernel call uses the same memory (the kernel functions then throw).
 */
export interface MagicBigBoard {
  /** Per passage i, its two rooms as read, at 2i and 2i + 1. */
  readonly rooms: BigUint64Array<ArrayBuffer>;
  /** Per passage, the line of its first room. */
  readonly lines: Int32Array<ArrayBuffer>;
  /** Passages read so far, by the kernel or by the caller (who moves it on past each one it reads). */
  read: number;
  readonly nMax: bigint;
  readonly claim: number;
  readonly roomsAt: number;
  readonly linesAt: number;
  readonly endsAt: number;
  readonly partAt: number;
  readonly atsAt: number;
  readonly startsAt: number;
  readonly nextAt: number;
  readonly tableAt: number;
  readonly stateAt: number;
  readonly inAt: number;
}

/** Buckets magicNumber spreads the rooms over: 2^bits, about 4,096 rooms each, between 2 and 1,024. */
function magicBuckets(count: number): number {
  return Math.min(10, Math.max(1, Math.ceil(Math.log2(count / 4096))));
}

/** The smallest power of two at least `n` (n >= 1). */
function powerAtLeast(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** A MAGIC board of up to nMax rooms (at most 10^18) and m passages, in the kernel's memory. */
export function magicBigBoard(nMax: bigint, m: number): MagicBigBoard {
  const count = 2 * m;
  const buckets = 1 << magicBuckets(count);
  const { k, a } = claimFree();
  const roomsAt = (a.free + 15) & ~15;
  const partAt = roomsAt + 8 * count;
  // After numbering, the links of the sets (up to count + 2 ids) take partAt's place.
  const endsAt = partAt + Math.max(8 * count, (4 * (count + 2) + 15) & ~15);
  const atsAt = endsAt + 4 * count;
  const linesAt = atsAt + 4 * count;
  const startsAt = (linesAt + 4 * m + 15) & ~15;
  const nextAt = startsAt + 4 * (buckets + 1);
  const tableAt = (nextAt + 4 * buckets + 15) & ~15;
  // One bucket may hold every room: its table then has 2 * count slots, rounded up to a power of two.
  const stateAt = tableAt + 4 * Math.max(16, powerAtLeast(2 * count));
  const inAt = stateAt + 32;
  // The byte after a stretch is 0, and the eight-digit reads may look up to 18 bytes past it.
  reserve(k, inAt + MAGIC_STRETCH_BYTES + 32);
  const buffer = k.memory.buffer;
  return {
    rooms: new BigUint64Array(buffer, roomsAt, count),
    lines: new Int32Array(buffer, linesAt, m),
    read: 0,
    nMax,
    claim: currentClaim(),
    roomsAt,
    linesAt,
    endsAt,
    partAt,
    atsAt,
    startsAt,
    nextAt,
    tableAt,
    stateAt,
    inAt,
  };
}

function checkBigBoard(board: MagicBigBoard): KernelExports {
  return claimed(board.claim, 'MAGIC board');
}

/**
 * The board's passages from `board.read` on, read from the start of `bytes` (`line`: the line there) into
 * `rooms` and `lines` while each is plain: both rooms decimals of 1 to 19 digits from 1 to nMax, different,
 * the second ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first passage that is
 * not, or after `maxPassages`; the caller reads that one the careful way. Moves `board.read` on.
 */
export function magicBigReadKernel(
  board: MagicBigBoard,
  bytes: Uint8Array,
  eof: boolean,
  maxPassages: number,
  line: number,
): KernelRun {
  const k = checkBigBoard(board);
  if (bytes.length > MAGIC_STRETCH_BYTES) throw new Error(`at most ${MAGIC_STRETCH_BYTES} bytes per call`);
  const buffer = stretchIn(k, board.inAt, bytes);
  const most = Math.min(maxPassages, board.lines.length - board.read);
  const passages = k.magicBigRead(
    board.inAt,
    board.inAt + bytes.length,
    eof ? 1 : 0,
    most,
    0,
    board.stateAt,
    line,
    board.read,
    board.roomsAt,
    board.linesAt,
    board.nMax,
  );
  const [readTo = board.inAt, newlines = 0] = new Int32Array(buffer, board.stateAt, 2);
  board.read += passages;
  return { tests: passages, consumed: readTo - board.inAt, newlines, text: '' };
}

/** Rooms per call of magicCount, magicSpread and magicRenumber (see magicNumber in scripts/kernel/magic.ts). */
const MAGIC_ROOM_CHUNK = 1 << 14;

/**
 * Dense ids for the board's rooms, one per position (2i and 2i + 1 for passage i): equal rooms get equal ids,
 * rooms 1 and 2 get ids 0 and 1, the others 2, 3, ... in order of first sight; and how many ids there are.
 * `ends` is a view into the kernel's memory, valid until its next call (magicJoinBigKernel reads it).
 */
export function magicNumberKernel(board: MagicBigBoard): { ends: Int32Array; size: number } {
  const k = checkBigBoard(board);
  const count = board.rooms.length;
  const bits = magicBuckets(count);
  const buckets = 1 << bits;
  const shift = BigInt(64 - bits);
  // An odd multiplier of 64 random bits: where the rooms land cannot be aimed at.
  const high = Math.floor(Math.random() * 2 ** 32);
  const low = (Math.floor(Math.random() * 2 ** 32) | 1) >>> 0;
  const mix = BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low));
  const { roomsAt, startsAt, nextAt, partAt, atsAt, tableAt, endsAt } = board;
  const buffer = k.memory.buffer;
  const starts = new Int32Array(buffer, startsAt, buckets + 1).fill(0);
  const chunks = (step: (from: number, to: number) => void): void => {
    for (let from = 0; from < count; from += MAGIC_ROOM_CHUNK)
      step(from, Math.min(count, from + MAGIC_ROOM_CHUNK));
  };
  chunks((from, to) => k.magicCount(roomsAt, from, to, shift, mix, startsAt + 4));
  for (let b = 0; b < buckets; b++) starts[b + 1] = (starts[b + 1] ?? 0) + (starts[b] ?? 0);
  new Int32Array(buffer, nextAt, buckets).set(starts.subarray(0, buckets));
  chunks((from, to) => k.magicSpread(roomsAt, from, to, shift, mix, nextAt, partAt, atsAt));
  const ends = new Int32Array(buffer, endsAt, count).fill(0);
  const table = new Int32Array(buffer, tableAt, Math.max(16, powerAtLeast(2 * count)));
  for (let b = 0; b < buckets; b++) {
    const from = starts[b] ?? 0;
    const to = starts[b + 1] ?? 0;
    const mask = Math.max(16, powerAtLeast(2 * (to - from))) - 1;
    table.fill(0, 0, mask + 1);
    k.magicNumberBucket(from, to, mix, partAt, atsAt, tableAt, mask, endsAt);
  }
  let size = 2;
  chunks((from, to) => {
    size = k.magicRenumber(endsAt, from, to, size);
  });
  return { ends, size };
}

/** Ends per call of magicJoinRange (see magicNumber in scripts/kernel/magic.ts). */
const MAGIC_JOIN_CHUNK = 1 << 13;

/**
 * The board's passages joined (after magicNumberKernel gave `size` ids): the links of a DisjointSets over the
 * ids (a root holds minus its set's size), and the passages that joined nothing new (their rooms were already
 * connected), in order, as joinPassages in src/games/magic/dsu.ts returns them. Views into the kernel's memory,
 * valid until its next call.
 */
export function magicJoinBigKernel(
  board: MagicBigBoard,
  size: number,
): { link: Int32Array; closing: Int32Array } {
  const k = checkBigBoard(board);
  const count = board.rooms.length;
  const buffer = k.memory.buffer;
  const link = new Int32Array(buffer, board.partAt, size).fill(-1);
  let closed = 0;
  for (let from = 0; from < count; from += MAGIC_JOIN_CHUNK) {
    const to = Math.min(count, from + MAGIC_JOIN_CHUNK);
    closed = k.magicJoinRange(board.partAt, board.endsAt, from, to, board.atsAt, closed);
  }
  return { link, closing: new Int32Array(buffer, board.atsAt, closed) };
}
