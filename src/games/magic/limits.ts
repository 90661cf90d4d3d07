/** MAGIC limits, rooms and passage checks without zod, so the judge loads light (schema.ts re-exports them). */
import { RoomIndex, type Room } from './room-index.js';

export type { Room };

export const MAX_ROOMS = 10n ** 18n;
export const MAX_PASSAGES = 1_000_000;
export const MAX_TELEPOINTS = 1_000_000_000;
export const PASSAGES_EXAMPLE = '1-3 2-4';
/** Up to this N, a passage's pair of rooms packs into one exact double (N^2 + N < 2^53). */
export const PAIR_KEY_LIMIT = 94_906_265n;

/** The canonical form of a room number, or undefined when `value` is not a positive whole number. */
export function toRoom(value: unknown): Room | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'string' && /^\+?\d{1,40}$/.test(value.trim())) big = BigInt(value.trim());
  else return undefined;
  if (big < 1n) return undefined;
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big.toString();
}

export function showPair(a: unknown, b: unknown): string {
  const show = (v: unknown): string => {
    const text =
      typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : typeof v;
    return text.length > 24 ? `${text.slice(0, 24)}...` : text;
  };
  return `${show(a)}-${show(b)}`;
}

/**
 * Checks every passage against the board (two different rooms from 1 to N, no pair twice) and returns the
 * canonical list, or reports the first offending pair and returns undefined.
 */
export function checkPassages(
  list: readonly unknown[],
  n: bigint,
  report: (message: string, index?: number) => void,
): [Room, Room][] | undefined {
  const safeN = n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : Number.POSITIVE_INFINITY;
  const out: [Room, Room][] = new Array<[Room, Room]>(list.length);
  // Up to N = 94,906,265 (N^2 < 2^53) a pair of rooms is its own exact key; beyond, rooms get dense ids first.
  const direct = n <= PAIR_KEY_LIMIT;
  const index = direct ? undefined : new RoomIndex(list.length * 2);
  const keys = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const pair = list[i];
    if (!Array.isArray(pair) || pair.length !== 2) {
      report(`passages: item ${i + 1} must be a pair of rooms like [1, 3], e.g. ${PASSAGES_EXAMPLE}`, i);
      return undefined;
    }
    const x: unknown = pair[0];
    const y: unknown = pair[1];
    const a = toRoom(x);
    const b = toRoom(y);
    if (a === undefined || b === undefined) {
      report(
        `${shownPair(x, y, i)} must name two rooms by whole numbers from 1 to ${n}, e.g. ${PASSAGES_EXAMPLE}`,
        i,
      );
      return undefined;
    }
    if (outside(a, safeN, n) || outside(b, safeN, n)) {
      const room = outside(a, safeN, n) ? a : b;
      report(
        `${shownPair(x, y, i)} names room ${room}, but the rooms are numbered 1 to ${n} (rooms: ${n})`,
        i,
      );
      return undefined;
    }
    if (a === b) {
      report(loopMessage(x, y, i), i);
      return undefined;
    }
    // Dense ids stay below 2^21 (at most 2 * 10^6 rooms), so that pair key is an exact double too.
    const u = index === undefined ? (a as number) : index.idOf(a);
    const v = index === undefined ? (b as number) : index.idOf(b);
    const base = index === undefined ? safeN : 2 ** 21;
    keys[i] = u < v ? u * base + v : v * base + u;
    // A pair already in canonical form is kept as is: a million fresh arrays cost more than the check.
    out[i] = x === a && y === b ? (pair as [Room, Room]) : [a, b];
  }
  const duplicate = findDuplicate(keys);
  if (duplicate !== undefined) {
    const [first, second] = duplicate;
    const [a, b] = out[first] ?? [0, 0];
    report(repeatMessage(a, b, first, second), second);
    return undefined;
  }
  return out;
}

export function loopMessage(x: unknown, y: unknown, i: number): string {
  return `${shownPair(x, y, i)} joins room ${String(x)} to itself; a passage joins two different rooms, e.g. 1-3`;
}

export function repeatMessage(a: unknown, b: unknown, first: number, second: number): string {
  return (
    `passage "${showPair(a, b)}" is listed twice (as passages ${first + 1} and ${second + 1}); ` +
    'two rooms are joined by at most one passage'
  );
}

// Helpers of the hot loop live outside it: a closure per passage costs more than the check itself.
function shownPair(x: unknown, y: unknown, i: number): string {
  return `passage ${i + 1} ("${showPair(x, y)}")`;
}

function outside(room: Room, safeN: number, n: bigint): boolean {
  return typeof room === 'number' ? room > safeN : BigInt(room) > n;
}

/** The first two positions holding an equal key, or undefined; an open-addressing set keeps it linear. */
export function findDuplicate(keys: Float64Array): [number, number] | undefined {
  let capacity = 16;
  while (capacity < keys.length * 2) capacity *= 2;
  const mask = capacity - 1;
  // Keys are stored plus one, so that zero marks an empty slot.
  const table = new Float64Array(capacity);
  for (let i = 0; i < keys.length; i++) {
    const key = (keys[i] ?? 0) + 1;
    let slot = mixKey(key) & mask;
    for (;;) {
      const held = table[slot] ?? 0;
      if (held === 0) {
        table[slot] = key;
        break;
      }
      if (held === key) return [keys.indexOf(key - 1), i];
      slot = (slot + 1) & mask;
    }
  }
  return undefined;
}

/**
 * `findDuplicate` over pair keys when the later listing of any repeat is known to be among `candidates`
 * (ascending positions): the same first two positions holding an equal key, or undefined. The candidates'
 * keys go into a small table with the first position each is found at; one pass over `keys` fills it, so a
 * board whose passages close few cycles (the usual case) costs one sequential pass, not a table of them all.
 */
export function firstRepeat(keys: Float64Array, candidates: Int32Array): [number, number] | undefined {
  if (candidates.length === 0) return undefined;
  let capacity = 16;
  while (capacity < candidates.length * 2) capacity *= 2;
  const mask = capacity - 1;
  // Keys plus one (zero marks an empty slot), and the first position holding each (-1: not seen yet).
  const held = new Float64Array(capacity);
  const first = new Int32Array(capacity);
  for (const i of candidates) {
    const key = (keys[i] ?? 0) + 1;
    let slot = mixKey(key) & mask;
    while (held[slot] !== 0 && held[slot] !== key) slot = (slot + 1) & mask;
    held[slot] = key;
    first[slot] = -1;
  }
  const slotOf = (key: number): number => {
    let slot = mixKey(key) & mask;
    while (held[slot] !== 0 && held[slot] !== key) slot = (slot + 1) & mask;
    return held[slot] === 0 ? -1 : slot;
  };
  for (let i = 0; i < keys.length; i++) {
    const slot = slotOf((keys[i] ?? 0) + 1);
    if (slot >= 0 && first[slot] === -1) first[slot] = i;
  }
  for (const i of candidates) {
    const from = first[slotOf((keys[i] ?? 0) + 1)] ?? i;
    if (from < i) return [from, i];
  }
  return undefined;
}

/**
 * `findDuplicate` for passages given by dense room ids (passage i joins ends[2i] and ends[2i + 1], ids below
 * `size`, never equal): the first two passages joining the same two rooms, or undefined. No hashing: the
 * passages are grouped by their smaller room (a stable counting sort), and each group marks its larger rooms.
 * For a board of 10^4 rooms everything stays in cache, which makes this the cheapest check of a dense board.
 */
export function firstRepeatByRoom(ends: Int32Array, size: number): [number, number] | undefined {
  const m = ends.length >> 1;
  const starts = new Int32Array(size + 1);
  for (let i = 0; i < m; i++) {
    const lo = Math.min(ends[2 * i] ?? 0, ends[2 * i + 1] ?? 0);
    starts[lo + 1] = (starts[lo + 1] ?? 0) + 1;
  }
  for (let id = 0; id < size; id++) starts[id + 1] = (starts[id + 1] ?? 0) + (starts[id] ?? 0);
  const order = new Int32Array(m);
  const next = starts.slice(0, size);
  for (let i = 0; i < m; i++) {
    const lo = Math.min(ends[2 * i] ?? 0, ends[2 * i + 1] ?? 0);
    order[next[lo] ?? 0] = i;
    next[lo] = (next[lo] ?? 0) + 1;
  }
  // mark[hi] = lo + 1 once group lo has a passage to hi, listed first as passage firstAt[hi].
  const mark = new Int32Array(size);
  const firstAt = new Int32Array(size);
  let found: [number, number] | undefined;
  for (let lo = 0; lo < size; lo++) {
    const to = starts[lo + 1] ?? 0;
    for (let r = starts[lo] ?? 0; r < to; r++) {
      const i = order[r] ?? 0;
      const hi = Math.max(ends[2 * i] ?? 0, ends[2 * i + 1] ?? 0);
      if (mark[hi] !== lo + 1) {
        mark[hi] = lo + 1;
        firstAt[hi] = i;
      } else if (found === undefined || i < found[1]) found = [firstAt[hi] ?? 0, i];
    }
  }
  return found;
}

function mixKey(key: number): number {
  const h = Math.imul((key >>> 0) ^ Math.imul(Math.floor(key / 4294967296) >>> 0, 0x85ebca6b), 0x9e3779b1);
  return (h ^ (h >>> 15)) >>> 0;
}
