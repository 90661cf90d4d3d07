/**
 * Which of a MAGIC board's components its picture draws (picture.ts draws them): the magicians', those holding
 * a room the move names, then the largest, each with a few sample rooms for its label.
 */
import type { Room, MagicParams } from './schema.js';
import { buildBoard } from './solve.js';

export interface Component {
  readonly size: number;
  readonly rooms: readonly Room[];
  /** Holds room 1 (First) and/or room 2 (Second). */
  readonly first: boolean;
  readonly second: boolean;
}

export function key(room: Room): string {
  return String(room);
}

/**
 * The components worth drawing, at most `limit`: the magicians', those holding a room the move names (a room
 * in no passage is a component of its own), then the largest. Linear in the passages; nothing is sorted.
 */
export function selectComponents(
  params: MagicParams,
  moveRooms: readonly Room[],
  limit: number,
): { drawn: Component[]; of: Map<string, number>; movedSingles: number } {
  // The solver's own union pass: dense ids (rooms 1 and 2 are ids 0 and 1) and their components.
  const { index, sets } = buildBoard(params);
  const count = index.size;
  const idOf = (room: Room): number | undefined => {
    const i = index.find(room);
    return i < 0 ? undefined : i;
  };
  // Priority entries: a root of the union-find, or a room the passages never name.
  const must: (number | Room[])[] = [];
  const seen = new Set<string>();
  const addRoot = (root: number) => {
    if (seen.has(`#${root}`)) return;
    seen.add(`#${root}`);
    must.push(root);
  };
  addRoot(sets.find(0));
  addRoot(sets.find(1));
  let movedSingles = 0;
  for (const room of moveRooms) {
    const i = idOf(room);
    if (i !== undefined) addRoot(sets.find(i));
    else if (!seen.has(key(room))) {
      seen.add(key(room));
      must.push([room]);
      movedSingles++;
    }
  }
  // The largest other components, kept in a short list by insertion.
  const room = Math.max(0, limit - must.length);
  const top: number[] = [];
  const size = (root: number) => sets.sizeOf(root);
  for (let i = 0; i < count; i++) {
    if (sets.find(i) !== i) continue;
    if (seen.has(`#${i}`) || room === 0) continue;
    if (top.length === room && size(i) <= size(top[top.length - 1] ?? i)) continue;
    let at = top.length;
    while (at > 0 && size(top[at - 1] ?? i) < size(i)) at--;
    top.splice(at, 0, i);
    if (top.length > room) top.pop();
  }
  const entries = [...must, ...top].slice(0, limit);
  const slot = new Map<number, number>();
  entries.forEach((e, k) => {
    if (typeof e === 'number') slot.set(e, k);
  });
  const samples: Room[][] = entries.map((e) => (typeof e === 'number' ? [] : e));
  for (let i = 0; i < count; i++) {
    const k = slot.get(sets.find(i));
    const list = k === undefined ? undefined : samples[k];
    if (list !== undefined && list.length < 4) list.push(index.room(i));
  }
  const firstRoot = sets.find(0);
  const secondRoot = sets.find(1);
  const drawn = entries.map((e, k) => ({
    size: typeof e === 'number' ? size(e) : 1,
    rooms: samples[k] ?? [],
    first: e === firstRoot,
    second: e === secondRoot,
  }));
  const of = new Map<string, number>();
  for (const r of [1, 2, ...moveRooms]) {
    const i = idOf(r);
    const k =
      i === undefined
        ? entries.findIndex((e) => typeof e !== 'number' && key(e[0] ?? 0) === key(r))
        : slot.get(sets.find(i));
    if (k !== undefined && k >= 0) of.set(key(r), k);
  }
  return { drawn, of, movedSingles };
}
