/**
 * The SEAGM solver for large inputs (up to 10^5 cards up to 10^9), on typed arrays.
 * (Longer than ~400 lines on purpose: the reduction below, its typed-array tables and the search that uses them
 * are one piece of reasoning, checked together.)
 *
 * Reduction. A prime dividing at most one card (c_p <= 1) leaves g for good at the second card, so from
 * then on -- one card taken, which is where every search starts -- only the "shared" primes (c_p >= 2)
 * matter; a card's class is the product of its shared primes. The same holds for random play: with
 * S(c) = sum_k (-1)^(k+1) C(c,k)/C(n,k) the first player's chance is sum_d -mu(d) S(c_d) over squarefree
 * d > 1, and since S(1) = 1/n and sum_d -mu(d) c_d = (cards > 1), it equals
 *   (cards > 1)/n + sum_{d: c_d >= 2} -mu(d) (S(c_d) - c_d/n),
 * where every d with c_d >= 2 is a product of shared primes dividing some class. So the divisor table
 * (squarefree d -> c_d) holds only the subsets of each class's shared primes.
 *
 * The optimal-play search is the one of solve.ts's OptimalSearch (positions (P, t), memoised on t mod 2),
 * with prime lists on a stack of Int32Arrays, per-depth scratch for the subset counts and the memo bits
 * kept beside the divisor table instead of in a Map.
 */
import { distinctPrimesOfAll, MAX_DISTINCT_PRIMES32 } from '../../math/factor32.js';
import { distinctRunsKernel, seagmClassesKernel, type SeagmClasses } from './kernel.js';

/** ODD_BITS[m] = 1 when the bitmask m (below 2^9) has an odd number of bits: omega of that subset is odd. */
export const ODD_BITS = (() => {
  const bits = new Uint8Array(1 << 9);
  for (let m = 1; m < bits.length; m++) bits[m] = (bits[m & (m - 1)] ?? 0) ^ 1;
  return bits;
})();

/**
 * Open-addressing table from a squarefree d (2 <= d <= 10^9) to c_d, its Moebius sign and memo bits. A slot
 * is two int32s side by side, so a probe touches one cache line: the key, then (c_d << 5) | flags.
 */
export class DivisorTable {
  /** slots[2i] = key (0 = empty), slots[2i + 1] = (count << 5) | flags. */
  slots: Int32Array;
  private mask: number;
  private shift: number;
  size = 0;

  constructor(expected: number) {
    let cap = 1024;
    // Stryker disable next-line ArithmeticOperator: only sizes the table up front; add and addSubsets grow it as needed
    while (cap < expected * 2 && cap < 1 << 26) cap *= 2;
    this.slots = new Int32Array(2 * cap);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
  }

  /** The index (2 * slot) of `key`'s pair, or -1 when it is absent. */
  find(key: number): number {
    const slots = this.slots;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = slots[2 * i] ?? 0;
      if (k === key) return 2 * i;
      if (k === 0) return -1;
      i = (i + 1) & this.mask;
    }
  }

  count(key: number): number {
    const at = this.find(key);
    return at < 0 ? 0 : (this.slots[at + 1] ?? 0) >>> 5;
  }

  add(key: number, count: number, omegaOdd: number): void {
    if ((this.size + 1) * 2 > this.mask) this.grow();
    const slots = this.slots;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = slots[2 * i] ?? 0;
      if (k === key) break;
      if (k === 0) {
        slots[2 * i] = key;
        slots[2 * i + 1] = omegaOdd;
        this.size++;
        break;
      }
      i = (i + 1) & this.mask;
    }
    slots[2 * i + 1] = (slots[2 * i + 1] ?? 0) + (count << 5);
  }

  /**
   * Adds `count` to c_d for every d > 1 made of primes[from .. from + k) (`products`: scratch of 2^k).
   * The hot loop of the analysis, so the probe is written out with everything in locals.
   */
  addSubsets(primes: Int32Array, from: number, k: number, count: number, products: Int32Array): void {
    const size = 1 << k;
    while ((this.size + size) * 2 > this.mask) this.grow();
    const slots = this.slots;
    const mask = this.mask;
    const shift = this.shift;
    const add = count << 5;
    let fresh = 0;
    products[0] = 1;
    for (let m = 1; m < size; m++) {
      const low = 31 - Math.clz32(m & -m);
      const d = (products[m & (m - 1)] ?? 1) * (primes[from + low] ?? 1);
      products[m] = d;
      let i = Math.imul(d, 0x9e3779b1) >>> shift;
      for (;;) {
        const key = slots[2 * i] ?? 0;
        if (key === d) break;
        if (key === 0) {
          slots[2 * i] = d;
          slots[2 * i + 1] = ODD_BITS[m] ?? 0;
          fresh++;
          break;
        }
        i = (i + 1) & mask;
      }
      slots[2 * i + 1] = (slots[2 * i + 1] ?? 0) + add;
    }
    this.size += fresh;
  }

  /**
   * Adds keys[0..n), each with its flags word ((count << 5) | flags); a key already in the table keeps its
   * word (callers pass a repeated key only with the same word). They go in counting-sorted by the top bits
   * of their hash, which are the top bits of their home slot, so the inserts sweep the table in order
   * instead of waiting on memory at random slots (10^6 keys in a table far larger than the caches: several
   * times faster).
   */
  addSorted(keys: Int32Array, words: Int32Array, n: number): void {
    // Stryker disable next-line EqualityOperator: growing one key sooner holds the same entries
    while ((this.size + n) * 2 > this.mask) this.grow();
    // Stryker disable next-line MethodExpression,ArithmeticOperator: only the order a batch goes in: more or fewer top bits sort it by home slot as well, more or less finely
    const bits = Math.min(12, 32 - this.shift);
    const bucketShift = 32 - bits;
    const start = new Int32Array((1 << bits) + 1);
    for (let j = 0; j < n; j++) {
      const b = (Math.imul(keys[j] ?? 0, 0x9e3779b1) >>> bucketShift) + 1;
      start[b] = (start[b] ?? 0) + 1;
    }
    // Stryker disable next-line EqualityOperator: one step past the end writes nothing into a typed array
    for (let b = 1; b < start.length; b++) start[b] = (start[b] ?? 0) + (start[b - 1] ?? 0);
    const sortedKeys = new Int32Array(n);
    const sortedWords = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      const key = keys[j] ?? 0;
      const b = Math.imul(key, 0x9e3779b1) >>> bucketShift;
      const at = start[b] ?? 0;
      start[b] = at + 1;
      sortedKeys[at] = key;
      sortedWords[at] = words[j] ?? 0;
    }
    const slots = this.slots;
    const mask = this.mask;
    const shift = this.shift;
    let fresh = 0;
    for (let j = 0; j < n; j++) {
      const key = sortedKeys[j] ?? 0;
      let i = Math.imul(key, 0x9e3779b1) >>> shift;
      let k = slots[2 * i] ?? 0;
      while (k !== 0 && k !== key) {
        i = (i + 1) & mask;
        k = slots[2 * i] ?? 0;
      }
      if (k !== 0) continue;
      slots[2 * i] = key;
      slots[2 * i + 1] = sortedWords[j] ?? 0;
      fresh++;
    }
    this.size += fresh;
  }

  /** Empties the table, sized for `expected` keys (it still grows as needed). */
  // Stryker disable next-line BlockStatement: where it is called the table is empty, or completeTable then adds every d, a superset of what it holds, with the same words
  reset(expected: number): void {
    const fresh = new DivisorTable(expected);
    this.slots = fresh.slots;
    this.mask = fresh.mask;
    this.shift = fresh.shift;
    this.size = 0;
  }

  private grow(): void {
    const old = this.slots;
    const cap = old.length; // twice the slots
    this.slots = new Int32Array(2 * cap);
    this.mask = cap - 1;
    this.shift -= 1;
    for (let j = 0; j < old.length; j += 2) {
      const key = old[j] ?? 0;
      if (key === 0) continue;
      let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
      while ((this.slots[2 * i] ?? 0) !== 0) i = (i + 1) & this.mask;
      this.slots[2 * i] = key;
      this.slots[2 * i + 1] = old[j + 1] ?? 0;
    }
  }
}

/**
 * Distinct card values with their multiplicities, primes and shared-prime class (the class fields are
 * SeagmClasses's, as the kernel finds them).
 */
export interface FastAnalysis extends SeagmClasses {
  readonly n: number;
  /** Cards equal to 1. */
  readonly ones: number;
  readonly gcdAll: number;
  /** Distinct values ascending, and how many cards hold each. */
  readonly values: Int32Array;
  readonly multiplicity: Int32Array;
  /** Primes of value i: primes[primeStart[i] .. primeStart[i + 1]). */
  readonly primes: Int32Array;
  readonly primeStart: Int32Array;
  /** c_d for every d > 1 made of a class's shared primes; empty when analyseFast was asked for no table. */
  readonly table: DivisorTable;
}

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/** Distinct values of sorted cards, ascending, with multiplicities and the gcd of all. */
function distinctValues(sorted: ArrayLike<number>): {
  values: Int32Array;
  multiplicity: Int32Array;
  gcdAll: number;
} {
  const { values, multiplicity } = distinctRunsKernel(sorted);
  let g = 0;
  for (let d = 0; d < values.length && g !== 1; d++) g = gcd(values[d] ?? 1, g);
  return { values, multiplicity, gcdAll: g };
}

/** The primes of every distinct value, each with a prime id, and how many cards each id divides. */
interface Factored {
  readonly primes: Int32Array;
  readonly primeStart: Int32Array;
  /** The id of primes[j], parallel to primes. */
  readonly primeIdAt: Int32Array;
  /** Cards divisible by the prime of each id. */
  readonly primeCounts: Int32Array;
}

/*
 * The passes below are separate functions on purpose: a command runs them once, cold, and V8 compiles a hot
 * loop sooner, and much faster, in a small function than in one large one.
 */

function factorValues(values: Int32Array, multiplicity: Int32Array): Factored {
  // The kernel numbers the primes and counts the cards of each (a loop over ~3 * 10^5 primes in JavaScript,
  // run once, would run mostly unoptimised: ~10 ms on 10^5 cards).
  const { primes, starts, ids, sums } = distinctPrimesOfAll(values, multiplicity);
  return { primes, primeStart: starts, primeIdAt: ids, primeCounts: sums };
}

/** `fill` false leaves the divisor table empty, for a caller that fills what it needs (see lean.ts). */
export function analyseFast(cards: ArrayLike<number>, fill = true): FastAnalysis {
  const n = cards.length;
  let sorted: ArrayLike<number> = cards;
  for (let i = 1; i < n; i++) {
    if ((cards[i] ?? 0) < (cards[i - 1] ?? 0)) {
      sorted = Int32Array.from(cards).sort();
      break;
    }
  }
  const { values, multiplicity, gcdAll } = distinctValues(sorted);
  const ones = values[0] === 1 ? (multiplicity[0] ?? 0) : 0;
  const factored = factorValues(values, multiplicity);
  // Classes by the product of the shared primes, in the kernel. The shared primes get ids of their own (0 ..
  // primeIdCount - 1, in order of first sight), so that lean.ts's passes over the prime ids skip the others.
  const classes = seagmClassesKernel(multiplicity, factored);
  // c_d for every d > 1 made of one class's shared primes.
  const table = new DivisorTable(fill ? Math.min(classes.subsetTotal, 1 << 20) : 0);
  const products = new Int32Array(1 << MAX_DISTINCT_PRIMES32);
  const { classStart, classPrimes, classCount } = classes;
  for (let c = 0; fill && c < classCount.length; c++) {
    const from = classStart[c] ?? 0;
    table.addSubsets(classPrimes, from, (classStart[c + 1] ?? 0) - from, classCount[c] ?? 0, products);
  }
  return {
    n,
    ones,
    gcdAll,
    values,
    multiplicity,
    primes: factored.primes,
    primeStart: factored.primeStart,
    ...classes,
    table,
  };
}

/** Per-depth scratch of the search: prime lists, subset products and exact counts. */
class Level {
  readonly primes = new Int32Array(MAX_DISTINCT_PRIMES32);
  /** c_p of each prime in `primes`. */
  readonly counts = new Int32Array(MAX_DISTINCT_PRIMES32);
  readonly products = new Int32Array(1 << MAX_DISTINCT_PRIMES32);
  readonly exact = new Int32Array(1 << MAX_DISTINCT_PRIMES32);
  /** Where each mask's radical sits in the divisor table (-1: absent or not looked up). */
  readonly cells = new Int32Array(1 << MAX_DISTINCT_PRIMES32);
}

/** No winning move. */
export const NO_MOVE = -1;

/**
 * The win/lose search over shared primes, for positions with at least one card taken. Each position carries
 * its primes' counts and where its radical sits in the table, so a move costs no lookups beyond the subset
 * counts its parent needed anyway.
 */
export class FastSearch {
  private readonly levels: Level[] = [];
  private readonly topCounts = new Int32Array(MAX_DISTINCT_PRIMES32);
  private readonly topPrimes = new Int32Array(MAX_DISTINCT_PRIMES32);
  constructor(private readonly a: FastAnalysis) {}

  private level(depth: number): Level {
    let level = this.levels[depth];
    if (level === undefined) {
      level = new Level();
      this.levels[depth] = level;
    }
    return level;
  }

  private countsOf(primes: Int32Array, k: number): Int32Array {
    for (let i = 0; i < k; i++) this.topCounts[i] = this.a.table.count(primes[i] ?? 0);
    return this.topCounts;
  }

  /** Does the player to move win at the primes primes[0..k) (all shared) after t >= 1 cards were taken? */
  wins(primes: Int32Array, k: number, radical: number, t: number, depth: number): boolean {
    return this.winsAt(primes, this.countsOf(primes, k), k, radical, -1, t, depth);
  }

  /** Does the first card of class c lose for its taker (the opponent wins at its shared primes, t = 1)? */
  classLoses(c: number): boolean {
    const a = this.a;
    const from = a.classStart[c] ?? 0;
    const k = (a.classStart[c + 1] ?? 0) - from;
    const primes = this.topPrimes;
    for (let i = 0; i < k; i++) primes[i] = a.classPrimes[from + i] ?? 0;
    // Stryker disable next-line LogicalOperator: the radical only finds the memo bits; radical 1 is absent, so the top position is just not memoised
    return this.wins(primes, k, a.classRadical[c] ?? 1, 1, 0);
  }

  /** wins() with the primes' counts known and `at` the radical's place in the table (-1: look it up). */
  private winsAt(
    primes: Int32Array,
    counts: Int32Array,
    k: number,
    radical: number,
    at: number,
    t: number,
    depth: number,
  ): boolean {
    // Stryker disable next-line BooleanLiteral: never reached: every move keeps a prime, and a position whose primes are all exhausted returns before
    if (k === 0) return true; // the previous mover made g = 1 and lost
    let odd = 0;
    let live = k;
    for (let i = 0; i < k; i++) {
      // Stryker disable ArithmeticOperator,UpdateOperator: c + t has the parity of c - t; odd-- only skips the all-odd/all-even shortcuts, which the search agrees with
      const c = counts[i] ?? 0;
      // Stryker disable next-line UpdateOperator: an exhausted prime then stays in as an even one, which plays the same (no card carries it, every move drops it)
      if (c <= t) live--;
      // (A next-line disable comment before an else-if is not applied to it, hence the pair around the loop.)
      else if (((c - t) & 1) === 1) odd++;
    }
    // Stryker restore ArithmeticOperator,UpdateOperator
    // Stryker disable next-line BlockStatement: without the reduction an exhausted prime plays as an even one (no card carries it), with the same verdict
    if (live < k) {
      // A prime with no card left leaves g at the next move whatever is played: drop it.
      if (live === 0) return false;
      const level = this.level(depth);
      const next = level.primes;
      const nextCounts = level.counts;
      let j = 0;
      let r = 1;
      for (let i = 0; i < k; i++) {
        const c = counts[i] ?? 0;
        if (c > t) {
          nextCounts[j] = c;
          next[j++] = primes[i] ?? 0;
          // Stryker disable next-line AssignmentOperator,LogicalOperator: r only finds the memo bits; a wrong r is absent from the table, so the position is just not memoised
          r *= primes[i] ?? 1;
        }
      }
      // Stryker disable next-line ArithmeticOperator: depth only has to differ along one search path; counting down gives distinct scratch levels too
      return this.winsAt(next, nextCounts, j, r, -1, t, depth + 1);
    }
    if (odd === k) return true;
    if (odd === 0) return false;
    // The memo bits sit beside c_radical (every position's primes divide a taken card, so it is present).
    const table = this.a.table;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: at is the radical's own place or -1; looking it up again, or not at all (no memo), gives the same verdict
    const cell = (at >= 0 ? at : table.find(radical)) + 1;
    // Stryker disable next-line EqualityOperator: swaps the two parities' memo bits, consistently for reads and writes
    const shift = (t & 1) === 0 ? 1 : 3;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: the radical is always in the table (cell > 0); reading no flags only skips the memo
    const flags = cell > 0 ? (table.slots[cell] ?? 0) : 0;
    if (((flags >> shift) & 1) === 1) return ((flags >> (shift + 1)) & 1) === 1;
    const result = this.moveAt(primes, counts, k, cell - 1, t, depth) !== NO_MOVE;
    // The table does not move during the search (nothing is added), so `cell` is still valid.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the radical is always in the table (cell > 0); not writing the flags only skips the memo
    if (cell > 0)
      table.slots[cell] = (table.slots[cell] ?? 0) | (1 << shift) | ((result ? 1 : 0) << (shift + 1));
    return result;
  }

  /**
   * A move to a position the opponent loses: the bitmask over primes[0..k) of the primes g keeps
   * ((1 << k) - 1 for a card keeping them all), or NO_MOVE. The level's products hold each mask's radical.
   */
  findWinningMove(primes: Int32Array, k: number, radical: number, t: number, depth: number): number {
    return this.moveAt(primes, this.countsOf(primes, k), k, this.a.table.find(radical), t, depth);
  }

  private moveAt(
    primes: Int32Array,
    counts: Int32Array,
    k: number,
    at: number,
    t: number,
    depth: number,
  ): number {
    const table = this.a.table;
    const slots = table.slots;
    const level = this.level(depth);
    const { products, exact, cells } = level;
    const size = 1 << k;
    const full = size - 1;
    products[0] = 1;
    exact[0] = this.a.n;
    for (let mask = 1; mask < size; mask++) {
      const rest = mask & (mask - 1);
      const low = 31 - Math.clz32(mask & -mask);
      const d = (products[rest] ?? 1) * (primes[low] ?? 1);
      products[mask] = d;
      let cell = -1;
      let count = 0;
      if (rest === 0)
        count = counts[low] ?? 0; // one prime: its count came with the position
      else if (mask === full && at >= 0) cell = at;
      else if ((exact[rest] ?? 0) > 0) cell = table.find(d); // no card divisible by rest: none by d either
      if (cell >= 0) count = (slots[cell + 1] ?? 0) >>> 5;
      cells[mask] = cell;
      exact[mask] = count;
    }
    // Stryker disable next-line ArithmeticOperator: exact[full] >= t, so + t gives a positive count of the same parity: the same stay moves are tried
    const stayLeft = (exact[full] ?? 0) - t;
    // Superset Moebius: from "divisible by every prime in mask" to "shares exactly mask with P".
    for (let bit = 1; bit < size; bit <<= 1) {
      for (let mask = 0; mask < size; mask++) {
        if ((mask & bit) === 0) exact[mask] = (exact[mask] ?? 0) - (exact[mask | bit] ?? 0);
      }
    }
    if (stayLeft > 0 && (stayLeft & 1) === 1) {
      // Stryker disable next-line ArithmeticOperator,LogicalOperator,UnaryOperator: t enters only by parity (t - 1 too; a prime it leaves counted plays as an even one); depth only has to differ along a path; the ?? fallbacks never apply and the radical and cell only locate memo bits
      if (!this.winsAt(primes, counts, k, products[full] ?? 1, cells[full] ?? -1, t + 1, depth + 1))
        return full;
    }
    const sub = level.primes;
    const subCounts = level.counts;
    for (let mask = 1; mask < full; mask++) {
      if ((exact[mask] ?? 0) <= 0) continue;
      let j = 0;
      for (let i = 0; i < k; i++) {
        if (((mask >> i) & 1) === 1) {
          subCounts[j] = counts[i] ?? 0;
          sub[j++] = primes[i] ?? 0;
        }
      }
      // Stryker disable next-line ArithmeticOperator,LogicalOperator,UnaryOperator: as for the stay move above (parity of t, distinct depths, memo-only radical and cell)
      if (!this.winsAt(sub, subCounts, j, products[mask] ?? 1, cells[mask] ?? -1, t + 1, depth + 1))
        return mask;
    }
    return NO_MOVE;
  }

  /** The shared primes of class c, copied into a fresh array for a search from the top. */
  classPrimes(c: number): Int32Array {
    const a = this.a;
    return a.classPrimes.slice(a.classStart[c] ?? 0, a.classStart[c + 1] ?? 0);
  }
}
