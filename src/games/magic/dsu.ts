/**
 * Disjoint-set union over dense ids, union by size with path halving: near-linear for 10^6 passages.
 *
 * One array holds both the links and the sizes: a root holds minus its set's size, any other id its parent.
 * A find then touches one array instead of two: on a board of 10^6 passages nearly every step misses the
 * cache, and a separate size array doubled those misses.
 */
export class DisjointSets {
  /** Per id: its parent (>= 0), or minus the size of its set when it is a root. */
  readonly link: Int32Array;

  /** `link`: a buffer of `count` ids to use (its contents are overwritten), instead of a new one. */
  constructor(count: number, link = new Int32Array(count)) {
    this.link = link.fill(-1);
  }

  /** Sets whose links (a root holding minus its set's size, any other id its parent) are given, as they are. */
  static over(link: Int32Array): DisjointSets {
    const sets = new DisjointSets(0);
    (sets as { link: Int32Array }).link = link;
    return sets;
  }

  find(x: number): number {
    return rootOf(this.link, x);
  }

  /** True when `id` is the root of its set. */
  isRoot(id: number): boolean {
    return (this.link[id] ?? 0) < 0;
  }

  /** The size of the set that `id` is in. */
  sizeOf(id: number): number {
    return -(this.link[this.find(id)] ?? -1);
  }

  /** Joins the sets of x and y; false when they were already one. */
  union(x: number, y: number): boolean {
    return unite(this.link, x, y);
  }
}

/** The root of x's set in `link` (a DisjointSets' link array), halving the path on the way. */
export function rootOf(link: Int32Array, x: number): number {
  let p = link[x] ?? -1;
  while (p >= 0) {
    // Stryker disable next-line LogicalOperator: reading -1 for a missing parent only ends the climb at p, which is a root
    const grand = link[p] ?? -1;
    if (grand < 0) return p;
    link[x] = grand;
    x = grand;
    p = link[x] ?? -1;
  }
  return x;
}

/**
 * `DisjointSets.union` on its link array alone: a hot loop that holds the array need not go through the object
 * (whose hidden class V8 may still change while the loop is being optimised, which throws that code away).
 */
export function unite(link: Int32Array, x: number, y: number): boolean {
  const a = rootOf(link, x);
  const b = rootOf(link, y);
  if (a === b) return false;
  // Sizes are stored negated: the larger set has the smaller (more negative) entry.
  const sizeA = link[a] ?? -1;
  const sizeB = link[b] ?? -1;
  // The larger set's root becomes the root of both. (Not a destructuring swap: until V8 optimises this, that
  // allocates an array and an iterator per call.)
  // Stryker disable next-line EqualityOperator: rooting equal sizes at b instead keeps the trees as balanced, with the same sets and sizes
  const root = sizeA <= sizeB ? a : b;
  link[root] = sizeA + sizeB;
  link[root === a ? b : a] = root;
  return true;
}

/**
 * Joins the two rooms of every passage (`ends` holds them in pairs), in order, and returns the passages that
 * joined nothing new: their rooms were already connected. A passage listed a second time is always one of
 * them, so a check for repeats need look only there (`firstRepeat` in limits.ts).
 */
export function joinPassages(sets: DisjointSets, ends: Int32Array): Int32Array {
  const closing = new Int32Array(ends.length >> 1);
  let count = 0;
  // Stryker disable next-line EqualityOperator: one more step, at k = ends.length, joins the empty range
  for (let k = 0; k < ends.length; k += JOIN_CHUNK) {
    count = joinRange(sets.link, ends, k, Math.min(ends.length, k + JOIN_CHUNK), closing, count);
  }
  return closing.subarray(0, count);
}

/**
 * Ends joined by one call of `joinRange`. A call per few hundred passages, rather than one loop over 10^6, lets
 * V8 optimise the function whole after a few calls instead of replacing the running loop (on-stack), which on a
 * one-board run left it slower for longer.
 */
const JOIN_CHUNK = 512;

/** Joins the passages whose ends lie at `from` to `to` - 1 of `ends`, listing in `closing` (from `count` on) those that joined nothing new; returns the new count. */
function joinRange(
  link: Int32Array,
  ends: Int32Array,
  from: number,
  to: number,
  closing: Int32Array,
  count: number,
): number {
  // Stryker disable next-line EqualityOperator: one step past the end joins ids 0 and 0 (the `?? 0`), which is no change
  for (let k = from; k < to; k += 2) {
    if (!unite(link, ends[k] ?? 0, ends[k + 1] ?? 0)) closing[count++] = k >> 1;
  }
  return count;
}
