/**
 * The original CodeChef MAGIC format: T, then per test `N M P` and M lines `X Y`; output `First` or `Second`.
 * Grundy's limits apply (N up to 10^18, M up to 10^6), and every error names the line it was found on.
 */
import { ByteReader, type Reading } from '../../core/byte-reader.js';
import { JudgeInputError } from '../../core/errors.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import type { Token, InputReader } from '../../core/reader.js';
import { quoteInput } from '../../core/text.js';
import {
  magicJoinKernel,
  magicKernelBoard,
  magicTallyKernel,
  type MagicKernelBoard,
} from '../../math/u64-kernel.js';
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

/** Dense ids, one per position (`ends`), and how many there are (`size`). */
export interface NumberedRooms {
  readonly ends: Int32Array;
  readonly size: number;
}

/**
 * Dense ids for the rooms held as (high, low) halves in `highs` and `lows` (halves below 2^31), one per
 * position: equal rooms get equal ids, rooms 1 and 2 get ids 0 and 1, the others 2, 3, ... in order of first
 * sight (as `directIds`). (`RoomBuckets` says how.)
 */
export function denseIds(highs: Int32Array, lows: Int32Array): NumberedRooms {
  const rooms = new RoomBuckets(highs.length);
  for (let k = 0; k < highs.length; k++) addRoom(rooms, highs[k] ?? 0, lows[k] ?? 0, k);
  return numberRooms(rooms, highs.length);
}

/**
 * The rooms of a board as (high, low, position) records, spread over up to 1,024 buckets by a hash as they are
 * read, each bucket in order of position; `numberRooms` then numbers each bucket with its own small table.
 *
 * One hash table of 2·10^6 rooms misses the cache (and the TLB) on nearly every lookup: that took a third of
 * the judge's time on a 10^6-passage board. Buckets small enough for their table to stay in cache avoid that.
 * (Using the slots of one big table as the ids, with no numbering pass, was tried: twice as slow; so was an
 * LSD radix sort of the records, as the C++ anchor does, by six passes of 10 bits over (high, low).)
 *
 * Each bucket has a fixed room (an even share and some slack) so that the records go to their bucket as they
 * are read: no pass to count the buckets first, and no halves kept in order of position (16 MB less to touch on
 * 10^6 passages, the first touch of a page costing as much as the work done on it). A room whose bucket is full
 * (a room named in very many passages, or rooms that hash alike) goes to `spill`, in order of position too.
 */
export class RoomBuckets {
  /** 32 minus log2 of the bucket count (at least 2 buckets, so the shift stays below 32). */
  readonly shift: number;
  /** Records a bucket holds, from 3 * capacity * bucket on in `records`. */
  readonly capacity: number;
  readonly records: Int32Array;
  /** Per bucket, the records it holds. */
  readonly fill: Int32Array;
  /** Records that found their bucket full, `spilled` of them. */
  spill = new Int32Array(0);
  spilled = 0;

  /** `count` rooms to come; `capacity` (for tests) overrides the records a bucket holds. */
  constructor(count: number, capacity?: number) {
    const bits = Math.min(10, Math.max(1, Math.ceil(Math.log2(count / 4096))));
    this.shift = 32 - bits;
    const share = Math.ceil(count / (1 << bits));
    // About 8 standard deviations over the share for 4,096 rooms a bucket: random rooms never spill.
    this.capacity = capacity ?? share + (share >> 3) + 64;
    this.records = new Int32Array((3 * this.capacity) << bits);
    this.fill = new Int32Array(1 << bits);
  }
}

/** Adds the room (high, low) at position `at` (positions given in increasing order) to `rooms`. */
export function addRoom(rooms: RoomBuckets, high: number, low: number, at: number): void {
  const bucket = roomHash(high, low) >>> rooms.shift;
  const fill = rooms.fill[bucket] ?? 0;
  if (fill < rooms.capacity) {
    const r = 3 * (rooms.capacity * bucket + fill);
    rooms.records[r] = high;
    rooms.records[r + 1] = low;
    rooms.records[r + 2] = at;
    rooms.fill[bucket] = fill + 1;
  } else spillRoom(rooms, high, low, at);
}

function spillRoom(rooms: RoomBuckets, high: number, low: number, at: number): void {
  if (3 * rooms.spilled === rooms.spill.length) {
    const grown = new Int32Array(Math.max(3 * 1024, 2 * rooms.spill.length));
    grown.set(rooms.spill);
    rooms.spill = grown;
  }
  const r = 3 * rooms.spilled++;
  rooms.spill[r] = high;
  rooms.spill[r + 1] = low;
  rooms.spill[r + 2] = at;
}

/** The halves of the room at position `at` of `rooms`, or undefined: a search through every record, for messages. */
export function roomAt(rooms: RoomBuckets, at: number): [number, number] | undefined {
  const { records, fill, capacity, spill } = rooms;
  for (let b = 0; b < fill.length; b++) {
    for (let r = capacity * b; r < capacity * b + (fill[b] ?? 0); r++) {
      if (records[3 * r + 2] === at) return [records[3 * r] ?? 0, records[3 * r + 1] ?? 0];
    }
  }
  for (let r = 0; r < rooms.spilled; r++) {
    if (spill[3 * r + 2] === at) return [spill[3 * r] ?? 0, spill[3 * r + 1] ?? 0];
  }
  return undefined;
}

/**
 * Dense ids for the `count` rooms of `rooms` (positions 0 to count - 1), one per position: equal rooms get
 * equal ids, rooms 1 and 2 get ids 0 and 1, the others 2, 3, ... in order of first sight.
 */
export function numberRooms(rooms: RoomBuckets, count: number): NumberedRooms {
  const { records, fill, capacity, shift } = rooms;
  const buckets = fill.length;
  // Spilled records grouped by bucket, still in order of position within one (a stable counting sort).
  const spillStarts = new Int32Array(buckets + 1);
  const spill = new Int32Array(3 * rooms.spilled);
  for (let r = 0; r < rooms.spilled; r++) {
    const bucket = roomHash(rooms.spill[3 * r] ?? 0, rooms.spill[3 * r + 1] ?? 0) >>> shift;
    spillStarts[bucket + 1] = (spillStarts[bucket + 1] ?? 0) + 1;
  }
  for (let b = 0; b < buckets; b++) spillStarts[b + 1] = (spillStarts[b + 1] ?? 0) + (spillStarts[b] ?? 0);
  const next = spillStarts.slice(0, buckets);
  for (let r = 0; r < rooms.spilled; r++) {
    const bucket = roomHash(rooms.spill[3 * r] ?? 0, rooms.spill[3 * r + 1] ?? 0) >>> shift;
    const at = 3 * (next[bucket] ?? 0);
    next[bucket] = (next[bucket] ?? 0) + 1;
    spill.set(rooms.spill.subarray(3 * r, 3 * r + 3), at);
  }
  let largest = 0;
  for (let b = 0; b < buckets; b++) {
    largest = Math.max(largest, (fill[b] ?? 0) + (spillStarts[b + 1] ?? 0) - (spillStarts[b] ?? 0));
  }
  let size = 16;
  // Stryker disable next-line EqualityOperator: a table twice as large holds the same ids
  while (size < 2 * largest) size *= 2;
  // Per slot: the first record of its room plus one (0: empty); the table stays in cache.
  const firsts = new Int32Array(size);
  // Every position a first sight (0) until a bucket says otherwise, so that the buckets write only the repeats
  // and rooms 1 and 2 (most rooms of a large board are named once; a write to a random place in 8 MB costs a
  // cache miss). A new array holds zeros already: a pass to fill it cost 14 ms on 2 * 10^6 positions.
  const ends = new Int32Array(count);
  for (let b = 0; b < buckets; b++) {
    const from = capacity * b;
    const held = fill[b] ?? 0;
    const spilled = (spillStarts[b + 1] ?? 0) - (spillStarts[b] ?? 0);
    let mask = 15;
    // Stryker disable next-line EqualityOperator: a table twice as large holds the same ids
    while (mask + 1 < 2 * (held + spilled)) mask = 2 * mask + 1;
    firsts.fill(0, 0, mask + 1);
    if (spilled === 0) numberBucket(records, from, from + held, firsts, mask, ends);
    else {
      // A full bucket: its records, then its spilled ones, in one array (rare: no need to be quick).
      const all = new Int32Array(3 * (held + spilled));
      all.set(records.subarray(3 * from, 3 * (from + held)));
      all.set(spill.subarray(3 * (spillStarts[b] ?? 0), 3 * (spillStarts[b + 1] ?? 0)), 3 * held);
      numberBucket(all, 0, held + spilled, firsts, mask, ends);
    }
  }
  let ids = 2;
  // Stryker disable next-line EqualityOperator: one more step, at from = count, renumbers the empty range
  for (let from = 0; from < count; from += RENUMBER_CHUNK) {
    ids = renumberBySight(ends, from, Math.min(count, from + RENUMBER_CHUNK), ids);
  }
  return { ends, size: ids };
}

/**
 * Records `from` to `to` - 1 of `records` (one bucket, in order of position) numbered with the table `firsts`
 * (mask + 1 empty slots): the position of a room seen before gets its first position plus 1, rooms 1 and 2
 * get -1 and -2, and a first sight of any other room is left at 0.
 * A function of its own, called per bucket, so that V8 optimises it whole after a few buckets.
 */
function numberBucket(
  records: Int32Array,
  from: number,
  to: number,
  firsts: Int32Array,
  mask: number,
  ends: Int32Array,
): void {
  for (let r = from; r < to; r++) {
    const high = records[3 * r] ?? 0;
    const low = records[3 * r + 1] ?? 0;
    const at = records[3 * r + 2] ?? 0;
    // Rooms start at 1, so a high half of 0 and a low half up to 2 is room 1 or 2.
    if (high === 0 && low <= 2) ends[at] = -low;
    else {
      let slot = roomHash(high, low) & mask;
      for (;;) {
        const held = firsts[slot] ?? 0;
        if (held === 0) {
          // A first sight: `ends` holds 0 already.
          firsts[slot] = r + 1;
          break;
        }
        if (records[3 * held - 3] === high && records[3 * held - 2] === low) {
          ends[at] = (records[3 * held - 1] ?? 0) + 1;
          break;
        }
        // Stryker disable next-line ArithmeticOperator: probing downwards instead of upwards still visits every slot: the same ids
        slot = (slot + 1) & mask;
      }
    }
  }
}

/**
 * Positions renumbered by one call of `renumberBySight`. A call per few thousand, rather than one loop over
 * 2 * 10^6, lets V8 optimise the function whole after a few calls instead of replacing the running loop.
 */
const RENUMBER_CHUNK = 4096;

/**
 * Turns positions `from` to `to` - 1 of `ends` (0: a first sight; -1, -2: rooms 1 and 2; else the first
 * position of the room plus 1) into dense ids in order of first sight, the next new one being `next` (rooms 1
 * and 2 are 0 and 1, the others 2, 3, ...). Positions before `from` are renumbered already. Returns the next
 * new id.
 *
 * Ids in order of first sight keep the union pass near the rooms it has just seen: on a 10^6-passage board,
 * ids in hash order sent nearly every step of it to a cache miss.
 */
function renumberBySight(ends: Int32Array, from: number, to: number, next: number): number {
  let size = next;
  for (let k = from; k < to; k++) {
    const mark = ends[k] ?? 0;
    // A room seen before takes the id already given at its first position (renumbered by now, as it is < k).
    if (mark > 0) ends[k] = ends[mark - 1] ?? 0;
    else if (mark === 0) ends[k] = size++;
    else ends[k] = -mark - 1;
  }
  return size;
}

/** A 32-bit hash of a room's halves; its top bits pick the bucket, its low bits the slot. */
function roomHash(high: number, low: number): number {
  let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/** What the big-board loop fills in, passage by passage. */
interface BigBoard {
  readonly nHigh: number;
  readonly nLow: number;
  /** Per passage, both rooms as read: the halves of passage i at positions 2i and 2i + 1. */
  readonly rooms: RoomBuckets;
  readonly lines: Int32Array;
  /** The first passage that joins a room to itself, or -1. */
  loop: number;
}

/** A BigBoard with no rooms yet; every one is made here, so that all have the same shape (see warmUpBigBoards). */
function bigBoard(nHigh: number, nLow: number, rooms: RoomBuckets, lines: Int32Array): BigBoard {
  return { nHigh, nLow, rooms, lines, loop: -1 };
}

/**
 * Sample boards for `warmUpBigBoards`, each as [text, whether the input ends with it, passages]: rooms of
 * every length from 1 to 19 digits, rooms 1 and 2, repeats, a loop and every whitespace byte, then each way
 * `fastPassages` stops (a room out of range or 0, a stray byte, too many digits, a room running into the end
 * of a block that the input goes on after).
 */
function warmUpSamples(): [string, boolean, number][] {
  const rooms = ['1', '2', '0' + '9'.repeat(18), '1', '5', '5', '7', '7'];
  for (let digits = 1; digits <= 18; digits++) {
    rooms.push('9'.repeat(digits), '8'.repeat(digits), '1' + '0'.repeat(digits - 1), '9'.repeat(digits));
  }
  const spaces = [' ', '\n', '\t', '\r\n', '\v', '\f', '  \n'];
  const text = rooms.map((room, k) => room + (spaces[k % spaces.length] ?? ' ')).join('');
  const count = rooms.length / 2;
  const eighteen = '3'.repeat(18);
  return [
    [text, true, count],
    [text, true, count + 1],
    [`${eighteen} 1${'0'.repeat(18)}\n`, true, 1],
    [`${eighteen} 0\n`, true, 1],
    [`${eighteen} 3333333x3333333333\n`, true, 1],
    [`${eighteen} 333333333x33333333\n`, true, 1],
    [`${eighteen} ${'3'.repeat(20)}\n`, true, 1],
    [`${eighteen} -3\n`, true, 1],
    [`${eighteen} ${eighteen}`, false, 1],
    [`${eighteen} 33`, false, 1],
  ];
}

let warmedUp = false;

/**
 * Runs the big-board path (`fastPassages`, `record`, `numberRooms`) once over small sample boards that take
 * every branch, before the first big board of a process. V8 optimises a function for the cases it has seen;
 * on a 10^6-passage board the first room of 1 digit, or the first exit from the loop, came only after that
 * and threw the optimised code away: the loop then ran unoptimised for a block or two while it was compiled
 * again (about 10 ms each time, 25 ms in all on that board). The samples cost about 2 ms.
 */
function warmUpBigBoards(): void {
  if (warmedUp) return;
  warmedUp = true;
  const nHigh = Number(MAX_ROOMS / 1_000_000_000n);
  const nLow = Number(MAX_ROOMS % 1_000_000_000n);
  for (const [text, eof, m] of warmUpSamples()) {
    // Buckets of a few records, so that most rooms spill, as well as buckets that hold them all.
    for (const capacity of [undefined, 4]) {
      const input = ByteReader.of(text);
      input.eof = eof;
      const board = bigBoard(nHigh, nLow, new RoomBuckets(2 * m, capacity), new Int32Array(m));
      const read = fastPassages(input, board, 0, m);
      // Again where it stopped: a call that reads nothing.
      fastPassages(input, board, read, m);
      if (read === m) numberRooms(board.rooms, 2 * m);
    }
  }
}

function record(board: BigBoard, i: number, xHigh: number, xLow: number, yHigh: number, yLow: number): void {
  if (xHigh === yHigh && xLow === yLow && board.loop < 0) board.loop = i;
  addRoom(board.rooms, xHigh, xLow, 2 * i);
  addRoom(board.rooms, yHigh, yLow, 2 * i + 1);
}

/**
 * Passages read by one call of `fastPassages`. A call per few hundred passages, rather than one per block, lets
 * V8 run the optimised function from the first call after it is ready, rather than waiting to replace a loop
 * that is running (on-stack), which on a 10^6-passage board left the first block to the unoptimised code.
 */
const BIG_CHUNK = 512;

/** 10^0 to 10^9. */
const TEN_POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** The ASCII whitespace bytes (9 to 13, and 32), as InputReader splits tokens. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * Zero when the four bytes of `word` are all ASCII digits ('0' is 0x30, '9' 0x39): each byte's high nibble is
 * 3, and adding 6 to its low nibble does not carry into the high one (with every high nibble 3, no byte carries
 * into the next either).
 */
function nonDigits(word: number): number {
  return ((word & 0xf0f0f0f0) ^ 0x30303030) | (((word + 0x06060606) & 0xf0f0f0f0) ^ 0x30303030);
}

/**
 * The four digits of `word` (read little-endian: the first digit in the low byte) as a number: neighbouring
 * digits are paired (10 a + b) in one multiplication, then the two pairs joined.
 */
function fourDigits(word: number): number {
  const digits = word & 0x0f0f0f0f;
  const pairs = (digits * 10 + (digits >>> 8)) & 0x00ff00ff;
  return (pairs & 0xff) * 100 + (pairs >>> 16);
}

/**
 * The eight digits at bytes [at, at + 8) of `view` as a number, or -1 when a byte there is not a digit: two
 * 32-bit reads, each checked and converted four digits at a time, instead of eight byte reads (each with its
 * own bounds check). The caller makes sure the bytes lie in the block.
 */
export function eightDigits(view: DataView, at: number): number {
  const first = view.getUint32(at, true);
  const second = view.getUint32(at + 4, true);
  if ((nonDigits(first) | nonDigits(second)) !== 0) return -1;
  return fourDigits(first) * 10_000 + fourDigits(second);
}

/**
 * The nine digits at bytes [at, at + 9) of `view` as a number, or -1 when a byte there is not a digit:
 * eightDigits and one more. The caller makes sure the bytes lie in the block.
 */
export function nineDigits(view: DataView, at: number): number {
  const head = eightDigits(view, at);
  const d8 = view.getUint8(at + 8) - 48;
  if ((head | d8 | (9 - d8)) < 0) return -1;
  return head * 10 + d8;
}

/** The block `viewOf` last saw, and a DataView of it. */
let viewed: Uint8Array | undefined;
let view: DataView = new DataView(new ArrayBuffer(0));

/** A DataView of `buf`, made once per buffer: the reader keeps one buffer for block after block. */
function viewOf(buf: Uint8Array): DataView {
  if (buf !== viewed) {
    viewed = buf;
    view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  return view;
}

/**
 * Passages from `from` on while both rooms are plain decimals (up to 19 digits) lying wholly inside the block
 * and within 1..N. Returns the first passage it could not read; that one is left unconsumed for the careful
 * loop. One tight loop with the position in a local: this is what runs 2·10^6 times on the largest boards.
 */
function fastPassages(input: ByteReader, board: BigBoard, from: number, to: number): number {
  const { nHigh, nLow, lines } = board;
  const buf = input.buf;
  const view = viewOf(buf);
  const end = input.end;
  const eof = input.eof;
  let pos = input.pos;
  let line = input.line;
  let i = from;
  let xHigh = 0;
  let xLow = 0;
  let xLine = 0;
  // Where the last whole passage ended: the reader is moved there once, on the way out.
  let donePos = pos;
  let doneLine = line;
  passages: for (; i < to; i++) {
    for (let half = 0; half < 2; half++) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: code 0 ends the skip at once: the room then has no digits, and the careful loop reads it
      let code = pos < end ? (buf[pos] ?? 0) : 0;
      while (isSpace(code)) {
        if (code === 10) line++;
        pos++;
        // Stryker disable next-line ConditionalExpression: code 0 ends the scan: the careful loop reads the same room
        code = pos < end ? (buf[pos] ?? 0) : 0;
      }
      // Most rooms of a large board have 18 or 17 digits: those are read in straight-line code, nine digits at
      // a time (the digit-by-digit loop below is one long chain of multiplications), when the byte after them
      // lies in the block and is whitespace. Anything else (a non-digit among them) goes the loop's way.
      let high = -1;
      let low = -1;
      let length = 0;
      if (pos + 18 < end && isSpace(buf[pos + 18] ?? 0)) {
        high = nineDigits(view, pos);
        low = nineDigits(view, pos + 9);
        length = 18;
      } else if (pos + 17 < end && isSpace(buf[pos + 17] ?? 0)) {
        high = eightDigits(view, pos);
        low = nineDigits(view, pos + 8);
        length = 17;
      }
      if (high >= 0 && low >= 0) pos += length;
      else {
        // One pass over the digits: the first nine (leading zeros included: they add nothing) go into `head`,
        // the rest (up to ten more) into `tail`; the halves follow from the two by one division.
        const start = pos;
        const headEnd = Math.min(pos + 9, end);
        let head = 0;
        while (pos < headEnd && code >= 48 && code <= 57) {
          head = head * 10 + code - 48;
          pos++;
          // Stryker disable next-line ConditionalExpression: code 0 ends the scan: the careful loop reads the same room
          code = pos < end ? (buf[pos] ?? 0) : 0;
        }
        let tail = 0;
        while (code >= 48 && code <= 57) {
          tail = tail * 10 + code - 48;
          pos++;
          // Stryker disable next-line ConditionalExpression: code 0 ends the scan: the careful loop reads the same room
          code = pos < end ? (buf[pos] ?? 0) : 0;
        }
        length = pos - start;
        // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: declining more rooms is harmless (the careful loop reads them)
        if (length === 0 || length > 19) break passages;
        // The room must end at whitespace, or at the very end of the input: else it may go on in the next block.
        if (pos < end ? !isSpace(code) : !eof) break passages;
        const tailDigits = Math.max(0, length - 9);
        if (tailDigits === 10) {
          high = head * 10 + Math.floor(tail / 1e9);
          low = tail - Math.floor(tail / 1e9) * 1e9;
        } else {
          // head < 10^9 < 2^31: integer division by truncation, no floating-point remainder.
          const rest = TEN_POWERS[9 - tailDigits] ?? 1;
          high = (head / rest) | 0;
          low = (head - high * rest) * (TEN_POWERS[tailDigits] ?? 1) + tail;
        }
      }
      if (!inRange(high, low, nHigh, nLow)) break passages;
      if (half === 0) {
        xHigh = high;
        xLow = low;
        xLine = line;
      } else {
        lines[i] = xLine;
        record(board, i, xHigh, xLow, high, low);
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
  const { ends } = board;
  const sets = new DisjointSets(board.size);
  const closing = joinPassages(sets, ends);
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
  return { board, sets };
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
 * The kernel's loop over the plain passages of the boards whose rooms are their own ids (magicJoinKernel), for
 * one judge run: how long a stretch of the block it is handed carries over from board to board.
 */
class OwnPassages {
  private board: MagicKernelBoard | undefined;
  private readonly stretches = new KernelStretches((bytes, eof, most, line) => {
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: take sets the board before it hands the stretches anything
    if (this.board === undefined) throw new Error('OwnPassages: no board');
    return magicJoinKernel(this.board, bytes, eof, most, line);
  });

  /** Bytes and passages the kernel has read so far: their ratio sizes the stretches of the next boards. */
  private bytes = 0;
  private passages = 0;

  /** The board's plain passages from the reader's position on, read and joined (board.read moves on). */
  // Stryker disable next-line BlockStatement: an empty body leaves every passage to the careful loop, which reads them alike (speed only)
  take(input: ByteReader, board: MagicKernelBoard): void {
    this.board = board;
    const left = board.ends.length / 2 - board.read;
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

/**
 * Test t, a board of n rooms that are their own ids (`roomsAreIds`), read and joined: the plain passages in the
 * kernel (magicJoinKernel, a stretch of the block at a time: in JavaScript the same loop runs cold for most of
 * a contest file), the others the careful way, with the other boards' errors: a bad room or a loop at once, a
 * passage listed twice once every passage is read.
 */
function* readOwnTest(
  input: ByteReader,
  kernel: OwnPassages,
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

function* readTestBytes(input: ByteReader, own: OwnPassages, t: number): Reading<JoinedBoard> {
  const n = yield* input.bigint(`N, the number of rooms of test ${t}`, 2n, MAX_ROOMS);
  const m = yield* input.int(`M, the number of passages of test ${t}`, 0, MAX_PASSAGES);
  const p = yield* input.int(`P, the telepoints of test ${t}`, 0, MAX_TELEPOINTS);
  if (roomsAreIds(Number(n), m)) return yield* readOwnTest(input, own, t, n, m, p);
  const lines = new Int32Array(m);
  const fail = (index: number, message: string): never => {
    throw new JudgeInputError(lines[index] ?? input.line, `test ${t}: ${message}`);
  };
  if (n <= PAIR_KEY_LIMIT) {
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
    // Dense ids: a direct table (rooms 1 and 2 first, then in order of first sight) when it is small next to
    // the board, else the bucketed tables of `denseIds` with high halves of zero.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator: both give equal rooms equal ids and rooms 1 and 2 ids 0 and 1: which one is used changes only speed and memory
    const direct = limit <= DIRECT_ROOMS || limit <= 8 * m;
    const { ends, size } = direct ? directIds(rooms, limit) : denseIds(new Int32Array(2 * m), rooms);
    return joinOrFailOnRepeat(
      { rooms: n, size, ends, p1: p, p2: p },
      (i) => [rooms[2 * i] ?? 0, rooms[2 * i + 1] ?? 0],
      fail,
    );
  }
  // As `parse`: every room is read (and range-checked) first; loops, then repeats, are reported after.
  // Rooms get dense ids (1 and 2 are ids 0 and 1): the answer depends only on which rooms are joined, so the
  // solver gets small numbers instead of 18-digit rooms. The rooms as read are kept (as two halves each) for
  // the messages.
  const what = (i: number): string => `a room of passage ${i + 1} of test ${t}`;
  const nHigh = Number(n / 1_000_000_000n);
  const nLow = Number(n % 1_000_000_000n);
  warmUpBigBoards();
  const board = bigBoard(nHigh, nLow, new RoomBuckets(2 * m), lines);
  let i = 0;
  while (i < m) {
    const to = Math.min(m, i + BIG_CHUNK);
    i = fastPassages(input, board, i, to);
    if (i === to) continue;
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
    i++;
  }
  const room = (k: number): Room => roomValue(...(roomAt(board.rooms, k) ?? [0, 0]));
  const rooms = (i: number): [Room, Room] => [room(2 * i), room(2 * i + 1)];
  const loop = board.loop;
  if (loop >= 0) fail(loop, loopMessage(...rooms(loop), loop));
  const { ends, size } = numberRooms(board.rooms, 2 * m);
  return joinOrFailOnRepeat({ rooms: n, size, ends, p1: p, p2: p }, rooms, fail);
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
    const own = new OwnPassages();
    for (let t = 1; t <= tests; t++) {
      const { board, sets, counts } = yield* readTestBytes(input, own, t);
      answer(outcomeWord(magicOutcome(board, sets, counts)));
    }
    yield* input.expectEnd();
  },
};
