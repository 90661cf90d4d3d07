/**
 * The original CodeChef MAGIC format: T, then per test `N M P` and M lines `X Y`; output `First` or `Second`.
 * Grundy's limits apply (N up to 10^18, M up to 10^6), and every error names the line it was found on.
 */
import type { ByteReader, Reading } from '../../core/byte-reader.js';
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { Token, InputReader } from '../../core/reader.js';
import { quoteInput } from '../../core/text.js';
import {
  checkPassages,
  findDuplicate,
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
import { magicOutcome, type DenseBoard } from './solve.js';

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
  let value = text.length <= 16 ? 0 : Number.NaN;
  for (let k = 0; k < text.length && !Number.isNaN(value); k++) {
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

/** The high digits (all but the last nine) and the last nine digits of a room up to 10^19, as exact doubles. */
let roomHigh = 0;
let roomLow = 0;
/** Where that room ends, and its line. */
let roomEnd = 0;
let roomLine = 0;
const SAFE_HIGH = Math.floor(Number.MAX_SAFE_INTEGER / 1e9);
const SAFE_LOW = Number.MAX_SAFE_INTEGER % 1e9;

/**
 * A plain decimal room (up to 19 digits) lying wholly inside the block: sets roomHigh/roomLow and returns
 * true; false when that cannot be decided here. Nothing is consumed: the caller checks the range, then
 * calls takeRoom.
 */
// Stryker disable next-line BlockStatement: an empty body returns undefined, a decline: the careful reader (slowRoom) then reads the same room
function tryDigits(input: ByteReader, from = input.pos, fromLine = input.line): boolean {
  const buf = input.buf;
  const end = input.end;
  let pos = from;
  let line = fromLine;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: skipping less only makes tryDigits decline (no digits at pos); slowRoom then reads the same room
  while (pos < end) {
    // Stryker disable next-line LogicalOperator: code 0 stops the skip at once, so tryDigits declines and slowRoom reads the same room
    const code = buf[pos] ?? 0;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a changed whitespace set ends the skip at a space or past the token, so tryDigits finds no digits and declines; slowRoom reads the same room
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9 && code !== 11 && code !== 12) break;
    if (code === 10) line++;
    pos++;
  }
  let start = pos;
  // Stryker disable next-line ConditionalExpression: no digit scan means length 0: tryDigits declines and slowRoom reads the same room
  while (pos < end) {
    // Stryker disable next-line LogicalOperator: code 0 ends the scan at once (length 0): tryDigits declines and slowRoom reads the same room
    const code = buf[pos] ?? 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: stopping the scan early leaves a digit after it, which fails the whitespace check: tryDigits declines and slowRoom reads the same room
    if (code < 48 || code > 57) break;
    // Stryker disable next-line UpdateOperator: scanning backwards yields high = low = 0, which inRange refuses: every caller then reads the room with slowRoom
    pos++;
  }
  // Stryker disable next-line ArithmeticOperator: pos + start is never 0 when pos - start is not, and only larger: tryDigits declines more often, never accepts a wrong room
  const length = pos - start;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: declining more rooms is harmless (slowRoom reads them); accepting over 19 digits only admits values above 10^18 (refused by inRange) or padded values read exactly
  if (length === 0 || length > 19) return false;
  if (pos < end) {
    // Stryker disable next-line LogicalOperator: code 0 is not whitespace: tryDigits declines and slowRoom reads the same room
    const code = buf[pos] ?? 0;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: these only make tryDigits decline rooms followed by whitespace; slowRoom reads them the same
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9 && code !== 11 && code !== 12) return false;
  } else if (!input.eof) return false;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: leading zeros add nothing to high or low, so stripping more, fewer or none gives the same room (the length check came before)
  while (start < pos - 1 && buf[start] === 48) start++;
  let high = 0;
  let low = 0;
  const split = Math.max(start, pos - 9);
  for (let k = start; k < split; k++) high = high * 10 + (buf[k] ?? 48) - 48;
  for (let k = split; k < pos; k++) low = low * 10 + (buf[k] ?? 48) - 48;
  roomHigh = high;
  roomLow = low;
  roomEnd = pos;
  roomLine = line;
  // Stryker disable next-line BooleanLiteral: a decline: slowRoom reads the same room
  return true;
}

/** Consumes the room that tryDigits found. */
function takeRoom(input: ByteReader): void {
  input.pos = roomEnd;
  input.line = roomLine;
  input.lastLine = roomLine;
}

/** The canonical Room of roomHigh/roomLow: a number up to 2^53 - 1, else its decimal string. */
function roomValue(high: number, low: number): Room {
  if (high < SAFE_HIGH || (high === SAFE_HIGH && low <= SAFE_LOW)) return high * 1e9 + low;
  return `${high}${String(low).padStart(9, '0')}`;
}

/**
 * Dense ids for rooms given as (high, low) pairs (high and low below 10^9 + 1). Open addressing over slots of
 * two int32s, a fingerprint of the pair and its id + 1 (0: empty), so a lookup usually touches one cache line
 * of a table a third the size of one holding the pairs; the pairs themselves are kept by id, in order.
 */
class PairIds {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly highs: Float64Array;
  private readonly lows: Int32Array;
  private count = 0;

  constructor(expected: number) {
    let capacity = 16;
    // Stryker disable next-line EqualityOperator: a table twice as large holds the same ids
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
    this.highs = new Float64Array(expected);
    this.lows = new Int32Array(expected);
  }

  /** How many rooms have ids. */
  get size(): number {
    return this.count;
  }

  /** The room with id `id`, as its (high, low) pair. */
  high(id: number): number {
    return this.highs[id] ?? 0;
  }

  low(id: number): number {
    return this.lows[id] ?? 0;
  }

  idOf(high: number, low: number): number {
    const slots = this.slots;
    const h = Math.imul((low | 0) ^ Math.imul(high | 0, 0x85ebca6b), 0x9e3779b1);
    const mixed = h ^ (h >>> 15);
    const print = Math.imul(mixed, 0x27d4eb2f) | 1;
    let slot = mixed & this.mask;
    for (;;) {
      const held = slots[2 * slot + 1] ?? 0;
      if (held === 0) {
        const id = this.count++;
        slots[2 * slot] = print;
        slots[2 * slot + 1] = id + 1;
        this.highs[id] = high;
        this.lows[id] = low;
        return id;
      }
      // Stryker disable next-line ConditionalExpression: the fingerprint only spares reading the pair; comparing the pair alone finds the same ids
      if (slots[2 * slot] === print && this.highs[held - 1] === high && this.lows[held - 1] === low)
        return held - 1;
      // Stryker disable next-line ArithmeticOperator: probing downwards instead of upwards still visits every slot: the same ids
      slot = (slot + 1) & this.mask;
    }
  }
}

/** What the big-board loop fills in, passage by passage. */
interface BigBoard {
  readonly m: number;
  readonly nHigh: number;
  readonly nLow: number;
  readonly ids: PairIds;
  readonly keys: Float64Array;
  readonly lines: Int32Array;
  /** Per passage: the dense ids of its rooms (rooms 1 and 2 are ids 0 and 1). */
  readonly ends: Int32Array;
  /** The first passage that joins a room to itself, or -1. */
  loop: number;
}

function record(board: BigBoard, i: number, xHigh: number, xLow: number, yHigh: number, yLow: number): void {
  const u = board.ids.idOf(xHigh, xLow);
  const v = board.ids.idOf(yHigh, yLow);
  if (u === v && board.loop < 0) board.loop = i;
  // Stryker disable next-line EqualityOperator: either comparison keys a pair by its two ids in a fixed order; they differ only for u = v, a loop reported first
  board.keys[i] = u < v ? u * 2 ** 21 + v : v * 2 ** 21 + u;
  board.ends[2 * i] = u;
  board.ends[2 * i + 1] = v;
}

/**
 * Passages from `from` on while both rooms lie plainly inside the block (a plain function, not the generator:
 * this is the loop that runs 10^6 times). Returns the first passage it could not read.
 */
function fastPassages(input: ByteReader, board: BigBoard, from: number): number {
  const { m, nHigh, nLow } = board;
  let i = from;
  // Stryker disable next-line ConditionalExpression: without the fast loop every passage is read by the careful loop below, with the same rooms and lines
  for (; i < m; i++) {
    // Stryker disable next-line ConditionalExpression: breaking out at once hands the passage to the careful loop, which reads it the same
    if (!tryDigits(input) || !inRange(roomHigh, roomLow, nHigh, nLow)) break;
    const xHigh = roomHigh;
    const xLow = roomLow;
    const xLine = roomLine;
    // Stryker disable next-line ConditionalExpression: breaking out at once hands the passage to the careful loop, which reads it the same
    if (!tryDigits(input, roomEnd, roomLine) || !inRange(roomHigh, roomLow, nHigh, nLow)) break;
    takeRoom(input);
    board.lines[i] = xLine;
    record(board, i, xHigh, xLow, roomHigh, roomLow);
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

/**
 * Dense ids for the rooms of a small board (N^2 < 2^53), in order of first sight with rooms 1 and 2 as ids 0
 * and 1: a direct table when N is small, else the (high, low) hash table with high = 0.
 */
class SmallIds {
  private readonly direct: Int32Array | null;
  private readonly hashed: PairIds | null;
  private count = 2;

  constructor(n: number, passages: number) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator: both tables hand out ids in order of first sight: which one is used changes only speed and memory
    const directly = n <= DIRECT_ROOMS || n <= 8 * passages;
    this.direct = directly ? new Int32Array(n + 1).fill(-1) : null;
    this.hashed = directly ? null : new PairIds(2 * passages + 2);
    if (this.direct !== null) [this.direct[1], this.direct[2]] = [0, 1];
    this.hashed?.idOf(0, 1);
    this.hashed?.idOf(0, 2);
  }

  get size(): number {
    return this.hashed?.size ?? this.count;
  }

  idOf(room: number): number {
    const direct = this.direct;
    // Stryker disable next-line OptionalChaining: `hashed` is set whenever `direct` is null
    if (direct === null) return this.hashed?.idOf(0, room) ?? 0;
    const id = direct[room] ?? -1;
    if (id >= 0) return id;
    direct[room] = this.count;
    return this.count++;
  }
}

/** Boards of at most this many rooms number them with a direct table (4 bytes a room). */
const DIRECT_ROOMS = 1 << 20;

function* readTestBytes(input: ByteReader, t: number): Reading<DenseBoard> {
  const n = yield* input.bigint(`N, the number of rooms of test ${t}`, 2n, MAX_ROOMS);
  const m = yield* input.int(`M, the number of passages of test ${t}`, 0, MAX_PASSAGES);
  const p = yield* input.int(`P, the telepoints of test ${t}`, 0, MAX_TELEPOINTS);
  const lines = new Int32Array(m);
  const keys = new Float64Array(m);
  const ends = new Int32Array(2 * m);
  const fail = (index: number, message: string): never => {
    throw new JudgeInputError(lines[index] ?? input.line, `test ${t}: ${message}`);
  };
  if (n <= PAIR_KEY_LIMIT) {
    const limit = Number(n);
    const ids = new SmallIds(limit, m);
    const rooms = new Int32Array(2 * m);
    for (let i = 0; i < m; i++) {
      const fx = input.tryInt(1, limit);
      // Stryker disable next-line EqualityOperator: tryInt(1, limit) never returns 0: -1 or a room
      const x = fx >= 0 ? fx : yield* smallRoom(input, limit, t, i);
      lines[i] = input.line;
      const fy = input.tryInt(1, limit);
      // Stryker disable next-line EqualityOperator: tryInt(1, limit) never returns 0: -1 or a room
      const y = fy >= 0 ? fy : yield* smallRoom(input, limit, t, i);
      if (x === y) fail(i, loopMessage(x, y, i));
      // Stryker disable next-line EqualityOperator: either comparison keys a pair by its two rooms in a fixed order; they differ only for x = y, a loop already refused
      keys[i] = x < y ? x * limit + y : y * limit + x;
      rooms[2 * i] = x;
      rooms[2 * i + 1] = y;
      ends[2 * i] = ids.idOf(x);
      ends[2 * i + 1] = ids.idOf(y);
    }
    failOnRepeat(keys, (i) => [rooms[2 * i] ?? 0, rooms[2 * i + 1] ?? 0], fail);
    return { rooms: n, size: ids.size, ends, p1: p, p2: p };
  }
  // As `parse`: every room is read (and range-checked) first; loops, then repeats, are reported after.
  // Rooms get dense ids (1 and 2 are ids 0 and 1, the others 2, 3, ... in order of appearance): the answer
  // depends only on which rooms are joined, so the solver gets small numbers instead of 18-digit rooms.
  // The rooms as read are kept (as two doubles each) for the messages.
  const what = (i: number): string => `a room of passage ${i + 1} of test ${t}`;
  const nHigh = Number(n / 1_000_000_000n);
  const nLow = Number(n % 1_000_000_000n);
  const ids = new PairIds(2 * m + 2);
  ids.idOf(0, 1);
  ids.idOf(0, 2);
  const board: BigBoard = {
    m,
    nHigh,
    nLow,
    ids,
    keys,
    lines,
    ends,
    loop: -1,
  };
  for (let i = fastPassages(input, board, 0); i < m; i = fastPassages(input, board, i + 1)) {
    // Passage i the careful way (a block border, or something the messages must describe), then on.
    // Stryker disable next-line ConditionalExpression: slowRoom reads the same room that tryDigits would
    if (tryDigits(input) && inRange(roomHigh, roomLow, nHigh, nLow)) takeRoom(input);
    else [roomHigh, roomLow] = split(yield* slowRoom(input, what(i), n));
    const xHigh = roomHigh;
    const xLow = roomLow;
    lines[i] = input.line;
    // Stryker disable next-line ConditionalExpression: slowRoom reads the same room that tryDigits would
    if (tryDigits(input) && inRange(roomHigh, roomLow, nHigh, nLow)) takeRoom(input);
    else [roomHigh, roomLow] = split(yield* slowRoom(input, what(i), n));
    record(board, i, xHigh, xLow, roomHigh, roomLow);
  }
  const loop = board.loop;
  const room = (id: number): Room => roomValue(ids.high(id), ids.low(id));
  const rooms = (i: number): [Room, Room] => [room(ends[2 * i] ?? 0), room(ends[2 * i + 1] ?? 0)];
  if (loop >= 0) fail(loop, loopMessage(...rooms(loop), loop));
  failOnRepeat(keys, rooms, fail);
  return { rooms: n, size: ids.size, ends, p1: p, p2: p };
}

/**
 * A room read the careful way (`parse`'s `reader.bigint`), for whatever the fast path cannot decide: signs,
 * leading zeros beyond 19 digits, a token split between blocks, a bad or out-of-range value.
 */
function* slowRoom(input: ByteReader, what: string, n: bigint): Reading<Room> {
  const value = yield* input.bigint(what, 1n, n);
  return toRoom(value) ?? 0;
}

// Stryker disable next-line BlockStatement: an empty body returns undefined, a decline: slowRoom reads the room and checks its range
function inRange(high: number, low: number, nHigh: number, nLow: number): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: refusing more rooms here only hands them to slowRoom, which reads them and checks their range
  if (high === 0 && low === 0) return false;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: refusing more rooms here only hands them to slowRoom, which reads them and checks their range
  return high < nHigh || (high === nHigh && low <= nLow);
}

function split(room: Room): [number, number] {
  const big = BigInt(room);
  return [Number(big / 1_000_000_000n), Number(big % 1_000_000_000n)];
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
    for (let t = 1; t <= tests; t++) answer(outcomeWord(magicOutcome(yield* readTestBytes(input, t))));
    yield* input.expectEnd();
  },
};
