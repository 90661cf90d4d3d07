/**
 * Dense ids 0, 1, 2, ... for the rooms that appear in passages. An open-addressing table on doubles is several
 * times faster than a Map for the 2 * 10^6 endpoints of a big board; the rare rooms beyond 2^53 use a Map.
 */
import type { Room } from './limits.js';

export class RoomIndex {
  private keys: Float64Array;
  private ids: Int32Array;
  private mask: number;
  /** Room of each id; NaN marks a room beyond 2^53, kept in `bigRooms`. */
  private byId: Float64Array;
  private count = 0;
  private readonly bigIds = new Map<string, number>();
  private readonly bigRooms = new Map<number, string>();

  constructor(expected: number) {
    let capacity = 16;
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
    return Number.isNaN(room) ? (this.bigRooms.get(id) ?? '0') : room;
  }

  /** The dense id of `room`, or -1 when it has not been seen. */
  find(room: Room): number {
    if (typeof room === 'string') return this.bigIds.get(room) ?? -1;
    let slot = hash(room) & this.mask;
    for (;;) {
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
      const id = ids[slot] ?? -1;
      if (id < 0) break;
      if (keys[slot] === room) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.push(room);
    keys[slot] = room;
    ids[slot] = id;
    if (this.count * 2 > this.mask) this.grow();
    return id;
  }

  private bigId(room: string): number {
    let id = this.bigIds.get(room);
    if (id === undefined) {
      id = this.push(Number.NaN);
      this.bigIds.set(room, id);
      this.bigRooms.set(id, room);
    }
    return id;
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
    for (let i = 0; i < oldKeys.length; i++) {
      const id = oldIds[i] ?? -1;
      if (id < 0) continue;
      const key = oldKeys[i] ?? 0;
      let slot = hash(key) & this.mask;
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
