/**
 * The original CodeChef MAGIC format: T, then per test `N M P` and M lines `X Y`; output `First` or `Second`.
 * Grundy's limits apply (N up to 10^18, M up to 10^6), and every error names the line it was found on.
 */
import type { ByteReader, Reading } from '../../core/byte-reader.js';
import { JudgeInputError } from '../../core/errors.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import type { Token, InputReader } from '../../core/reader.js';
import { quoteInput } from '../../core/text.js';
import {
  magicBigBoard,
  magicBigReadKernel,
  magicJoinBigKernel,
  magicJoinKernel,
  magicKernelBoard,
  magicNumberKernel,
  magicTallyKernel,
  type MagicBigBoard,
  type MagicKernelBoard,
} from './kernel.js';
import { type KernelRun } from '../../math/u64-kernel.js';
import {
  checkPassages,
  findDuplicate,
  firstRepeat,
  firstRepeatByRoom,
  loopMessage,
  repeatMessage,
  MAX_PASSAGES,
  MAX_ROOMS,
  MAX_TELEPOINTS,
  PAIR_KEY_LIMIT,
  toRoom,
  type Room,
} from './limits.js';
import type { MagicParams, MagicResult } from './schema.js';
import { DisjointSets, joinPassages, unite } from './dsu.js';
import { magicOutcome, type DenseBoard, type Tally } from './solve.js';

export const MAX_TESTS = 100;

async function* parse(reader: InputReader): AsyncGenerator<MagicParams, void, undefined> {
  const tests = await reader.int('T, the number of tests', 1, MAX_TESTS);
  for (let t = 1; t <= tests; t++) yield await readTest(reader, t);
  await reader.expectEnd();
}

/** One test; a plain async function, as awaits inside an async generator cost noticeably more per token. */
async function readTest(reader: InputReader, t: number): Promise<MagicParams> {
  const n = await reader.bigint(`N, the number of rooms of test ${t}`, 2n, MAX_ROOMS);
  const m = await reader.int(`M, the number of passages of test ${t}`, 0, MAX_PASSAGES);
  const p = await reader.int(`P, the telepoints of test ${t}`, 0, MAX_TELEPOINTS);
  // Stryker disable next-line ArrayDeclaration: every one of the m slots is filled before the list is used, so its initial length changes nothing
  const passages: [Room, Room][] = new Array<[Room, Room]>(m);
  const lines = new Int32Array(m);
  const fail = (index: number | undefined, message: string): never => {
    throw new JudgeInputError(
      index === undefined ? reader.line : (lines[index] ?? reader.line),
      `test ${t}: ${message}`,
    );
  };
  if (n > PAIR_KEY_LIMIT) {
    for (let i = 0; i < m; i++) {
      const x = await readBigRoom(reader, n, t, i);
      lines[i] = reader.line;
      passages[i] = [x, await readBigRoom(reader, n, t, i)];
    }
    // Loops and repeated pairs, with the line that holds them.
    const checked = checkPassages(passages, n, (message, index) => fail(index, message));
    return { rooms: n.toString(), passages: checked ?? fail(undefined, 'bad passages'), p1: p, p2: p };
  }
  // With N^2 below 2^53 the pair itself is an exact key: no room table is needed to find a repeat.
  const limit = Number(n);
  const keys = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const x = reader.tryInt(1, limit) ?? roomOf(await reader.next(), reader.line, limit, t, i);
    lines[i] = reader.line;
    const y = reader.tryInt(1, limit) ?? roomOf(await reader.next(), reader.line, limit, t, i);
    if (x === y) fail(i, loopMessage(x, y, i));
    // Stryker disable next-line EqualityOperator: either comparison keys a pair by its two rooms in a fixed order; they differ only for x = y, a loop already refused
    keys[i] = x < y ? x * limit + y : y * limit + x;
    passages[i] = [x, y];
  }
  // Stryker disable next-line ArrayDeclaration: unreachable: `i` indexes a passage already read, so passages[i] is always defined
  failOnRepeat(keys, (i) => passages[i] ?? [0, 0], fail);
  return { rooms: n.toString(), passages, p1: p, p2: p };
}

/** Fails (through `fail`) at the first passage listed again, found by its pair key, naming both listings. */
function failOnRepeat(
  keys: Float64Array,
  passage: (index: number) => readonly [Room, Room],
  fail: (index: number, message: string) => never,
): void {
  const repeat = findDuplicate(keys);
  if (repeat === undefined) return;
  const [first, second] = repeat;
  const [a, b] = passage(first);
  fail(second, repeatMessage(a, b, first, second));
}

function roomWhat(n: number | bigint, t: number, i: number): string {
  return `a room of passage ${i + 1} of test ${t} (an integer from 1 to ${n})`;
}

/**
 * A room number from 1 to n (n below 2^53). Parsed here rather than by `reader.int`, whose description string,
 * pattern test and extra await per token would double the time of a 10^6-passage file.
 */
function roomOf(token: Token | undefined, line: number, n: number, t: number, i: number): number {
  if (token === undefined)
    throw new JudgeInputError(line, `expected ${roomWhat(n, t, i)}, but the input ended`);
  const text = token.text;
  // Leading zeros do not count towards the 16 digits (as in `reader.int`).
  let from = 0;
  while (from < text.length - 1 && text.charCodeAt(from) === 48) from++;
  let value = text.length - from <= 16 ? 0 : Number.NaN;
  for (let k = from; k < text.length && !Number.isNaN(value); k++) {
    const digit = text.charCodeAt(k) - 48;
    value = digit >= 0 && digit <= 9 ? value * 10 + digit : Number.NaN;
  }
  if (!(value >= 1 && value <= n)) {
    throw new JudgeInputError(token.line, `expected ${roomWhat(n, t, i)}, found "${quoteInput(text)}"`);
  }
  return value;
}

async function readBigRoom(reader: InputReader, n: bigint, t: number, i: number): Promise<Room> {
  const room = toRoom(await reader.bigint(`a room of passage ${i + 1} of test ${t}`, 1n, n));
  // Stryker disable next-line ConditionalExpression: unreachable: reader.bigint returns a bigint from 1 to n, which toRoom never refuses
  if (room === undefined) throw new JudgeInputError(reader.line, `expected ${roomWhat(n, t, i)}`);
  return room;
}

// ---- The same format read from bytes (`run`): rooms straight from the buffer, passages in typed arrays.

/** Dense ids, one per position (`ends`), and how many there are (`size`). */
export interface NumberedRooms {
  readonly ends: Int32Array;
  readonly size: number;
}

/** The ASCII whitespace bytes (9 to 13, and 32), as InputReader splits tokens. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * Passages of a small board from `from` on, while both rooms are plain decimals (up to 15 digits) from 1 to
 * `limit` lying wholly inside the block, and differ: `tryInt`'s rules, in one plain function with the position
 * in a local (a generator's loop is optimised late, and this one runs 10^6 times on a contest file). Returns the
 * first passage it could not read, left unread for the careful loop.
 */
function smallPassages(
  input: ByteReader,
  rooms: Int32Array,
  lines: Int32Array,
  limit: number,
  from: number,
): number {
  const m = lines.length;
  const buf = input.buf;
  const end = input.end;
  const eof = input.eof;
  let pos = input.pos;
  let line = input.line;
  let donePos = pos;
  let doneLine = line;
  let x = 0;
  let xLine = 0;
  let i = from;
  passages: for (; i < m; i++) {
    for (let half = 0; half < 2; half++) {
      // Stryker disable next-line ConditionalExpression: code 0 ends the skip at once: the room then has no digits, and the careful loop reads it
      let code = pos < end ? (buf[pos] ?? 0) : 0;
      while (isSpace(code)) {
        if (code === 10) line++;
        pos++;
        // Stryker disable next-line ConditionalExpression: code 0 ends the skip: the careful loop reads the same room
        code = pos < end ? (buf[pos] ?? 0) : 0;
      }
      const start = pos;
      let value = 0;
      while (code >= 48 && code <= 57) {
        value = value * 10 + code - 48;
        pos++;
        // Stryker disable next-line ConditionalExpression: code 0 ends the scan: the careful loop reads the same room
        code = pos < end ? (buf[pos] ?? 0) : 0;
      }
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: declining more rooms is harmless (the careful loop reads them)
      if (pos === start || pos - start > 15 || value < 1 || value > limit) break passages;
      // The room must end at whitespace, or at the very end of the input: else it may go on in the next block.
      if (pos < end ? !isSpace(code) : !eof) break passages;
      if (half === 0) {
        x = value;
        xLine = line;
      } else {
        // A loop goes to the careful loop too, which reports it.
        if (value === x) break passages;
        lines[i] = xLine;
        rooms[2 * i] = x;
        rooms[2 * i + 1] = value;
        donePos = pos;
        doneLine = line;
      }
    }
  }
  if (i > from) {
    input.pos = donePos;
    input.line = doneLine;
    input.lastLine = doneLine;
  }
  return i;
}

/** A room of a small board (N^2 < 2^53) the careful way, with `roomOf`'s messages. */
function* smallRoom(input: ByteReader, n: number, t: number, i: number): Reading<number> {
  const fast = input.tryInt(1, n);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: tryInt never returns 0 (rooms start at 1), and without it roomOf reads the same token
  if (fast >= 0) return fast;
  const token = yield* input.token();
  return roomOf(token, input.line, n, t, i);
}

/** Boards of at most this many rooms number them with a direct table (4 bytes a room). */
const DIRECT_ROOMS = 1 << 20;

/** A board as the solver takes it, with its passages already joined. */
interface JoinedBoard {
  readonly board: DenseBoard;
  readonly sets: DisjointSets;
  /** The sets counted, when the kernel has counted them. */
  readonly counts?: Tally;
}

/** Largest dense id plus one that a pair key holds: ids stay below 2^21 (at most 2·10^6 + 2 rooms). */
const ID_BASE = 2 ** 21;

/**
 * Joins the passages and fails (through `fail`) at the first passage listed again, naming both listings.
 * Only a passage that closes a cycle can repeat an earlier one, so most boards need no table of pairs at all.
 */
function joinOrFailOnRepeat(
  board: DenseBoard,
  passage: (index: number) => readonly [Room, Room],
  fail: (index: number, message: string) => never,
): JoinedBoard {
  const sets = new DisjointSets(board.size);
  failOnClosingRepeat(board, joinPassages(sets, board.ends), passage, fail);
  return { board, sets };
}

/**
 * Fails (through `fail`) at the first passage listed again, naming both listings, given the passages that
 * closed a cycle when joined in order (`closing`): only those can repeat an earlier one.
 */
function failOnClosingRepeat(
  board: DenseBoard,
  closing: Int32Array,
  passage: (index: number) => readonly [Room, Room],
  fail: (index: number, message: string) => never,
): void {
  const { ends } = board;
  // When many passages close cycles (a dense board), grouping them by room beats a table of pair keys.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: both find the same first repeat; the choice changes only speed
  const dense = closing.length * 4 > ends.length / 2;
  const repeat =
    closing.length === 0
      ? undefined
      : dense
        ? firstRepeatByRoom(ends, board.size)
        : firstRepeatAmong(ends, closing);
  if (repeat !== undefined) {
    const [first, second] = repeat;
    const [a, b] = passage(first);
    fail(second, repeatMessage(a, b, first, second));
  }
}

/** `firstRepeat` over the passages' pair keys (by dense ids), looking only at the `closing` passages. */
function firstRepeatAmong(ends: Int32Array, closing: Int32Array): [number, number] | undefined {
  const keys = new Float64Array(ends.length / 2);
  for (let i = 0; i < keys.length; i++) {
    const u = ends[2 * i] ?? 0;
    const v = ends[2 * i + 1] ?? 0;
    // Stryker disable next-line EqualityOperator: either comparison keys a pair by its two ids in a fixed order; they differ only for u = v, a loop already refused
    keys[i] = u < v ? u * ID_BASE + v : v * ID_BASE + u;
  }
  return firstRepeat(keys, closing);
}

/** Boards of at most this many rooms may be their own room ids: two ids then pack into one 32-bit key. */
const OWN_ID_ROOMS = 1 << 16;

/**
 * True when a small board's rooms serve as their own ids (room r is id r - 1, so rooms 1 and 2 are ids 0 and
 * 1): N within 2^16 and at most 8 rooms a passage, so that a union-find over every room (the rooms no passage
 * names are one-room sets, which the solver counts as it counts untouched rooms) costs little more than one
 * over the rooms named, and no table numbers them. The contest's boards (N < 7,778, M = 10^4) are such. So are
 * denser ones, up to 10^6 passages among 2^16 rooms: there too this was faster than numbering the rooms and
 * grouping the passages by room (a table of 2^21 pair keys, 8 MB, against several passes of as many bytes).
 */
export function roomsAreIds(n: number, m: number): boolean {
  // Beyond 2^16 rooms, two ids no longer fit one 32-bit key.
  if (n > OWN_ID_ROOMS) return false;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: only speed: both ways give rooms 1 and 2 ids 0 and 1 and count the same sets
  return n <= 8 * m;
}

/**
 * Joins passage i (read into the board's `ends` by the caller) in its links and enters its pair in its set of
 * keys, as the kernel's magicJoin does for the passages it reads; true when the pair was there already.
 */
function joinPassage(board: MagicKernelBoard, i: number): boolean {
  const { link, ends, keys, shift } = board;
  const u = ends[2 * i] ?? 0;
  const v = ends[2 * i + 1] ?? 0;
  unite(link, u, v);
  // Stryker disable next-line EqualityOperator: u = v never reaches here (a loop is refused first), and either order keys the pair alike
  const key = u < v ? (u << 16) | v : (v << 16) | u;
  const mask = keys.length - 1;
  let slot = Math.imul(key, 0x9e3779b1) >>> shift;
  let held = keys[slot] ?? 0;
  while (held !== 0 && held !== key) {
    slot = (slot + 1) & mask;
    held = keys[slot] ?? 0;
  }
  if (held !== 0) return true;
  keys[slot] = key;
  return false;
}

/**
 * A kernel loop over a board's plain passages (magicJoinKernel, magicBigReadKernel), for one judge run: how long
 * a stretch of the block it is handed carries over from board to board.
 */
class BoardPassages<B extends { read: number; readonly lines: Int32Array }> {
  private board: B | undefined;
  private readonly stretches = new KernelStretches((bytes, eof, most, line) => {
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: take sets the board before it hands the stretches anything
    if (this.board === undefined) throw new Error('BoardPassages: no board');
    return this.loop(this.board, bytes, eof, most, line);
  });

  /** Bytes and passages the kernel has read so far: their ratio sizes the stretches of the next boards. */
  private bytes = 0;
  private passages = 0;

  constructor(
    private readonly loop: (
      board: B,
      bytes: Uint8Array,
      eof: boolean,
      most: number,
      line: number,
    ) => KernelRun,
  ) {}

  /** The board's plain passages from the reader's position on, read (board.read moves on). */
  // Stryker disable next-line BlockStatement: an empty body leaves every passage to the careful loop, which reads them alike (speed only)
  take(input: ByteReader, board: B): void {
    this.board = board;
    const left = board.lines.length - board.read;
    // Each call copies its stretch into the kernel's memory, and a board of a contest file is a tenth of a block:
    // a stretch of the whole block copied about 6 times the file. The passages left, at the bytes a passage has
    // taken so far and an eighth more, take the board and little else (a board that runs longer has its last
    // passage read the careful way, and the kernel goes on after it).
    // Stryker disable all: speed only: any cap reads the same passages, with more or fewer calls
    const most =
      this.passages < 1024 ? undefined : Math.ceil(((left * this.bytes) / this.passages) * 1.125) + 64;
    const run = this.stretches.take(input, left, most);
    if (run !== undefined) {
      this.bytes += run.consumed;
      this.passages += run.tests;
    }
    // Stryker restore all
  }
}

/** The kernel loops of one judge run: boards whose rooms are their own ids, and boards of large rooms. */
interface Passages {
  readonly own: BoardPassages<MagicKernelBoard>;
  readonly big: BoardPassages<MagicBigBoard>;
}

/**
 * Test t, a board of n rooms that are their own ids (`roomsAreIds`), read and joined: the plain passages in the
 * kernel (magicJoinKernel, a stretch of the block at a time: in JavaScript the same loop runs cold for most of
 * a contest file), the others the careful way, with the other boards' errors: a bad room or a loop at once, a
 * passage listed twice once every passage is read.
 */
function* readOwnTest(
  input: ByteReader,
  kernel: BoardPassages<MagicKernelBoard>,
  t: number,
  n: bigint,
  m: number,
  p: number,
): Reading<JoinedBoard> {
  const size = Number(n);
  const board = magicKernelBoard(size, m);
  const sets = new DisjointSets(size, board.link);
  const { ends, lines } = board;
  // Stryker disable next-line EqualityOperator: at read = m the kernel is asked for no passage, and the loop ends after it
  while (board.read < m) {
    kernel.take(input, board);
    const i = board.read;
    if (i === m) break;
    // Passage i the careful way (a block border, a loop, or something the messages must describe), then on.
    const x = yield* smallRoom(input, size, t, i);
    const line = input.line;
    const y = yield* smallRoom(input, size, t, i);
    if (x === y) throw new JudgeInputError(line, `test ${t}: ${loopMessage(x, y, i)}`);
    ends[2 * i] = x - 1;
    ends[2 * i + 1] = y - 1;
    lines[i] = line;
    // Stryker disable next-line EqualityOperator: no repeat is passage 0 (nothing comes before it), so repeat is never 0
    if (joinPassage(board, i) && board.repeat < 0) board.repeat = i;
    board.read = i + 1;
  }
  const repeat = board.repeat;
  // Stryker disable next-line EqualityOperator: no repeat is passage 0 (nothing comes before it)
  if (repeat >= 0) {
    const first = firstListing(ends, repeat);
    const message = repeatMessage((ends[2 * first] ?? 0) + 1, (ends[2 * first + 1] ?? 0) + 1, first, repeat);
    throw new JudgeInputError(lines[repeat] ?? 0, `test ${t}: ${message}`);
  }
  // Stryker disable next-line ArrayDeclaration: the outcome never reads the largest sizes
  const counts = { ...magicTallyKernel(board), largest: [] };
  return { board: { rooms: n, size, ends, p1: p, p2: p }, sets, counts };
}

/** The first passage joining the same two rooms as passage `later` (which repeats an earlier one). */
function firstListing(ends: Int32Array, later: number): number {
  const u = ends[2 * later] ?? 0;
  const v = ends[2 * later + 1] ?? 0;
  let i = 0;
  for (; i < later; i++) {
    const a = ends[2 * i] ?? 0;
    const b = ends[2 * i + 1] ?? 0;
    if ((a === u && b === v) || (a === v && b === u)) break;
  }
  return i;
}

function* readTestBytes(input: ByteReader, kernels: Passages, t: number): Reading<JoinedBoard> {
  const n = yield* input.bigint(`N, the number of rooms of test ${t}`, 2n, MAX_ROOMS);
  const m = yield* input.int(`M, the number of passages of test ${t}`, 0, MAX_PASSAGES);
  const p = yield* input.int(`P, the telepoints of test ${t}`, 0, MAX_TELEPOINTS);
  if (roomsAreIds(Number(n), m)) return yield* readOwnTest(input, kernels.own, t, n, m, p);
  if (n > PAIR_KEY_LIMIT) return yield* readBigTest(input, kernels.big, t, n, m, p);
  const lines = new Int32Array(m);
  const fail = (index: number, message: string): never => {
    throw new JudgeInputError(lines[index] ?? input.line, `test ${t}: ${message}`);
  };
  {
    const limit = Number(n);
    const rooms = new Int32Array(2 * m);
    for (
      let i = smallPassages(input, rooms, lines, limit, 0);
      i < m;
      i = smallPassages(input, rooms, lines, limit, i + 1)
    ) {
      // Passage i the careful way (a block border, a loop, or something the messages must describe), then on.
      const x = yield* smallRoom(input, limit, t, i);
      lines[i] = input.line;
      const y = yield* smallRoom(input, limit, t, i);
      if (x === y) fail(i, loopMessage(x, y, i));
      rooms[2 * i] = x;
      rooms[2 * i + 1] = y;
    }
    const passage = (i: number): [Room, Room] => [rooms[2 * i] ?? 0, rooms[2 * i + 1] ?? 0];
    // Dense ids: a direct table (rooms 1 and 2 first, then in order of first sight) when it is small next to
    // the board, else the kernel's, as for the largest boards.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator: both give equal rooms equal ids and rooms 1 and 2 ids 0 and 1: which one is used changes only speed and memory
    if (limit <= DIRECT_ROOMS || limit <= 8 * m) {
      const { ends, size } = directIds(rooms, limit);
      return joinOrFailOnRepeat({ rooms: n, size, ends, p1: p, p2: p }, passage, fail);
    }
    const board = magicBigBoard(n, m);
    // The rooms as 64-bit numbers: each a low word, then a high word of 0.
    const words = new Uint32Array(board.rooms.buffer, board.rooms.byteOffset, 2 * board.rooms.length);
    for (let k = 0; k < rooms.length; k++) {
      words[2 * k] = rooms[k] ?? 0;
      words[2 * k + 1] = 0;
    }
    return joinInKernel(board, p, passage, fail);
  }
}

/**
 * A board read into the kernel (magicBigBoard) given dense ids and joined there; fails (through `fail`) at the
 * first passage listed again. The ids and the sets' links stay in the kernel's memory: nothing else runs there
 * before the answer.
 */
function joinInKernel(
  board: MagicBigBoard,
  p: number,
  passage: (index: number) => readonly [Room, Room],
  fail: (index: number, message: string) => never,
): JoinedBoard {
  const { ends, size } = magicNumberKernel(board);
  const dense: DenseBoard = { rooms: board.nMax, size, ends, p1: p, p2: p };
  const { link, closing } = magicJoinBigKernel(board, size);
  failOnClosingRepeat(dense, closing, passage, fail);
  return { board: dense, sets: DisjointSets.over(link) };
}

/**
 * Test t, a board of more than PAIR_KEY_LIMIT rooms (up to 10^18), read the way `parse` reads it: every room is
 * read (and range-checked) first; loops, then repeats, are reported after. The plain passages are read in the
 * kernel (magicBigReadKernel, a stretch of the block at a time), the others the careful way. The rooms then get
 * dense ids in the kernel (1 and 2 are ids 0 and 1): the answer depends only on which rooms are joined, so the
 * solver gets small numbers instead of 18-digit rooms. The rooms as read stay in the kernel for the messages.
 */
function* readBigTest(
  input: ByteReader,
  kernel: BoardPassages<MagicBigBoard>,
  t: number,
  n: bigint,
  m: number,
  p: number,
): Reading<JoinedBoard> {
  const board = magicBigBoard(n, m);
  const { rooms, lines } = board;
  const fail = (index: number, message: string): never => {
    throw new JudgeInputError(lines[index] ?? input.line, `test ${t}: ${message}`);
  };
  let loop = -1;
  // Stryker disable next-line EqualityOperator: at read = m the kernel is asked for no passage, and the loop ends after it
  while (board.read < m) {
    kernel.take(input, board);
    const i = board.read;
    if (i === m) break;
    // Passage i the careful way (a block border, a loop, or something the messages must describe), then on.
    const what = `a room of passage ${i + 1} of test ${t}`;
    const x = yield* input.bigint(what, 1n, n);
    lines[i] = input.line;
    const y = yield* input.bigint(what, 1n, n);
    if (x === y && loop < 0) loop = i;
    rooms[2 * i] = x;
    rooms[2 * i + 1] = y;
    board.read = i + 1;
  }
  const room = (k: number): Room => toRoom(rooms[k] ?? 0n) ?? 0;
  const passage = (i: number): [Room, Room] => [room(2 * i), room(2 * i + 1)];
  if (loop >= 0) fail(loop, loopMessage(...passage(loop), loop));
  return joinInKernel(board, p, passage, fail);
}

/**
 * Ids for rooms from 1 to `n` by a direct table, one per position: rooms 1 and 2 are ids 0 and 1, the others
 * 2, 3, ... in order of first sight.
 */
function directIds(rooms: Int32Array, n: number): NumberedRooms {
  const ends = new Int32Array(rooms.length);
  const table = new Int32Array(n + 1).fill(-1);
  [table[1], table[2]] = [0, 1];
  let count = 2;
  for (let k = 0; k < rooms.length; k++) {
    const room = rooms[k] ?? 0;
    let id = table[room] ?? -1;
    if (id < 0) {
      id = count++;
      table[room] = id;
    }
    ends[k] = id;
  }
  return { ends, size: count };
}

const outcomeWord = (outcome: 'first' | 'second'): string => (outcome === 'first' ? 'First' : 'Second');

function formatMagic(result: MagicResult): string {
  return outcomeWord(result.outcome);
}

export const magicJudge: JudgeFormat<MagicParams, MagicResult> = {
  parse,
  format: formatMagic,
  *run(input, answer) {
    const tests = yield* input.int('T, the number of tests', 1, MAX_TESTS);
    const kernels: Passages = {
      own: new BoardPassages(magicJoinKernel),
      big: new BoardPassages(magicBigReadKernel),
    };
    for (let t = 1; t <= tests; t++) {
      const { board, sets, counts } = yield* readTestBytes(input, kernels, t);
      answer(outcomeWord(magicOutcome(board, sets, counts)));
    }
    yield* input.expectEnd();
  },
};
