/**
 * Dense ids 0, 1, 2, ... for the rooms that appear in passages. An open-addressing table on doubles is several
 * times faster than a Map for the 2 * 10^6 endpoints of a big board. Rooms beyond 2^53 (decimal strings) go
 * to a second table keyed by two exact numbers, the digits before the last nine and the last nine, read
 * straight from the string: a Map keyed by 19-digit strings costs microseconds per lookup at that size.
 * Only strings of more than 24 digits (never a room of a board up to 10^18) fall back to a Map.
 */

/**
 * A room number: a JS number when it is a safe integer, otherwise its decimal string (rooms go up to 10^18).
 * Each room has exactly one form, so equal boards share a cache key.
 */
export type Room = number | string;

export class RoomIndex {
  private keys: Float64Array;
  private ids: Int32Array;
  private mask: number;
  /** Room of each id; NaN marks a room beyond 2^53, kept in `bigRooms`. */
  private byId: Float64Array;
  private count = 0;
  /** Rooms beyond 2^53: open addressing on (high, low) = (room div 10^9, room mod 10^9). */
  private bigHigh: Float64Array = new Float64Array(0);
  private bigLow: Int32Array = new Int32Array(0);
  private bigSlots: Int32Array = new Int32Array(0);
  private bigCount = 0;
  /** Per id: the (high, low) halves of a room beyond 2^53 (meaningful where byId holds NaN). */
  private highById: Float64Array = new Float64Array(0);
  private lowById: Int32Array = new Int32Array(0);
  private readonly hugeIds = new Map<string, number>();
  private readonly hugeRooms = new Map<number, string>();

  constructor(expected: number) {
    let capacity = 16;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: only the first capacity: idOf grows the table whenever it is half full, and ids go by first sight
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    this.byId = new Float64Array(Math.max(16, expected));
  }

  /** How many distinct rooms have been seen. */
  get size(): number {
    return this.count;
  }

  /** The room with dense id `id`. */
  room(id: number): Room {
    const room = id >= 0 && id < this.count ? (this.byId[id] ?? Number.NaN) : undefined;
    if (room === undefined) throw new RangeError(`no room with id ${id}`);
    if (!Number.isNaN(room)) return room;
    const huge = this.hugeRooms.get(id);
    if (huge !== undefined) return huge;
    return `${this.highById[id] ?? 0}${String(this.lowById[id] ?? 0).padStart(9, '0')}`;
  }

  /** The dense id of `room`, or -1 when it has not been seen. */
  find(room: Room): number {
    if (typeof room === 'string') {
      if (room.length > MAX_SPLIT_DIGITS) return this.hugeIds.get(room) ?? -1;
      const slot = this.bigSlot(splitHigh(room), splitLow(room));
      // Stryker disable next-line ConditionalExpression,UnaryOperator: a negative slot reads nothing from the typed array, which gives -1 as well; the fallback never runs
      return slot < 0 ? -1 : (this.bigSlots[slot] ?? -1);
    }
    let slot = hash(room) & this.mask;
    for (;;) {
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      const id = this.ids[slot] ?? -1;
      if (id < 0) return -1;
      if (this.keys[slot] === room) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The dense id of `room`, handing out the next one on first sight. */
  idOf(room: Room): number {
    if (typeof room === 'string') return this.bigId(room);
    const keys = this.keys;
    const ids = this.ids;
    let slot = hash(room) & this.mask;
    for (;;) {
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      const id = ids[slot] ?? -1;
      if (id < 0) break;
      if (keys[slot] === room) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.push(room);
    keys[slot] = room;
    ids[slot] = id;
    // Stryker disable next-line EqualityOperator: growing one insertion earlier keeps the same ids
    if (this.count * 2 > this.mask) this.grow();
    return id;
  }

  private bigId(room: string): number {
    if (room.length > MAX_SPLIT_DIGITS) {
      let id = this.hugeIds.get(room);
      if (id === undefined) {
        id = this.push(Number.NaN);
        this.hugeIds.set(room, id);
        this.hugeRooms.set(id, room);
      }
      return id;
    }
    return this.idOfSplit(splitHigh(room), splitLow(room));
  }

  /**
   * The dense id of the room high * 10^9 + low beyond 2^53 (0 <= low < 10^9, high < 2^53 / 10^9 * 10^9),
   * handing out the next one on first sight: what a reader that never builds the decimal string calls.
   */
  idOfSplit(high: number, low: number): number {
    if (this.bigSlots.length === 0) this.growBig();
    const slot = -1 - this.bigSlot(high, low);
    // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
    if (slot < 0) return this.bigSlots[-1 - slot] ?? -1;
    const id = this.push(Number.NaN);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: copying the halves into arrays of the same length keeps them as they are
    if (this.highById.length < this.byId.length) {
      const high2 = new Float64Array(this.byId.length);
      high2.set(this.highById);
      this.highById = high2;
      const low2 = new Int32Array(this.byId.length);
      low2.set(this.lowById);
      this.lowById = low2;
    }
    this.highById[id] = high;
    this.lowById[id] = low;
    this.bigHigh[slot] = high;
    this.bigLow[slot] = low;
    this.bigSlots[slot] = id;
    // Stryker disable next-line EqualityOperator: growing one insertion earlier keeps the same ids
    if (++this.bigCount * 2 > this.bigSlots.length) this.growBig();
    return id;
  }

  /** The slot holding (high, low), or -1 - (the empty slot where it would go). */
  private bigSlot(high: number, low: number): number {
    const slots = this.bigSlots;
    // Stryker disable next-line ConditionalExpression,UnaryOperator: with no slots yet the probe reads nothing (undefined, taken as empty), and a positive slot reads nothing either: find still answers -1
    if (slots.length === 0) return -1;
    const mask = slots.length - 1;
    let slot = hashSplit(high, low) & mask;
    for (;;) {
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      if ((slots[slot] ?? -1) < 0) return -1 - slot;
      if (this.bigLow[slot] === low && this.bigHigh[slot] === high) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private growBig(): void {
    const oldHigh = this.bigHigh;
    const oldLow = this.bigLow;
    const oldSlots = this.bigSlots;
    const capacity = Math.max(1024, oldSlots.length * 2, nextPowerOfTwo(this.byId.length));
    this.bigHigh = new Float64Array(capacity);
    this.bigLow = new Int32Array(capacity);
    this.bigSlots = new Int32Array(capacity).fill(-1);
    const mask = capacity - 1;
    // Stryker disable next-line EqualityOperator: one step past the end reads nothing, taken as an empty slot and skipped
    for (let i = 0; i < oldSlots.length; i++) {
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      const id = oldSlots[i] ?? -1;
      // Stryker disable next-line ConditionalExpression: rehashing an empty slot writes -1 into an empty slot: it stays empty
      if (id < 0) continue;
      const high = oldHigh[i] ?? 0;
      const low = oldLow[i] ?? 0;
      let slot = hashSplit(high, low) & mask;
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      while ((this.bigSlots[slot] ?? -1) >= 0) slot = (slot + 1) & mask;
      this.bigHigh[slot] = high;
      this.bigLow[slot] = low;
      this.bigSlots[slot] = id;
    }
  }

  private push(room: number): number {
    if (this.count === this.byId.length) {
      const bigger = new Float64Array(this.byId.length * 2);
      bigger.set(this.byId);
      this.byId = bigger;
    }
    this.byId[this.count] = room;
    return this.count++;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldIds = this.ids;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.ids = new Int32Array(oldIds.length * 2).fill(-1);
    this.mask = this.keys.length - 1;
    // Stryker disable next-line EqualityOperator: one step past the end reads nothing, taken as an empty slot and skipped
    for (let i = 0; i < oldKeys.length; i++) {
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      const id = oldIds[i] ?? -1;
      // Stryker disable next-line ConditionalExpression: rehashing an empty slot writes -1 into an empty slot: it stays empty
      if (id < 0) continue;
      const key = oldKeys[i] ?? 0;
      let slot = hash(key) & this.mask;
      // Stryker disable next-line UnaryOperator: a typed array read inside its bounds is never undefined, so the fallback never runs
      while ((this.ids[slot] ?? -1) >= 0) slot = (slot + 1) & this.mask;
      this.keys[slot] = key;
      this.ids[slot] = id;
    }
  }
}

/** Mixes both 32-bit halves of a safe integer so that strided room numbers still spread. */
function hash(value: number): number {
  const low = value >>> 0;
  const high = Math.floor(value / 4294967296) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 16;
  return Math.imul(h, 0x7feb352d) >>> 0;
}

/** Decimal strings up to this length split into two exact numbers (10^15 * 10^9 > 10^18). */
const MAX_SPLIT_DIGITS = 24;

/** The number formed by all digits but the last nine of a decimal string (0 when it has nine or fewer). */
function splitHigh(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length - 9; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/** The number formed by the last nine digits of a decimal string. */
function splitLow(text: string): number {
  let value = 0;
  for (let i = Math.max(0, text.length - 9); i < text.length; i++)
    value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

function hashSplit(high: number, low: number): number {
  let h = Math.imul(
    // Stryker disable next-line ArithmeticOperator: another mix of the high half is still a deterministic hash: the same ids, other slots
    low ^ Math.imul(high >>> 0, 0x85ebca6b) ^ Math.imul(Math.floor(high / 4294967296), 0xc2b2ae35),
    0x9e3779b1,
  );
  h ^= h >>> 16;
  return Math.imul(h, 0x7feb352d) >>> 0;
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: only the big table's size: it stays at least 1024 and twice the old size, so it never fills
  while (p < n) p *= 2;
  return p;
}
