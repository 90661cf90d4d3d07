/**
 * What the judge needs from the divisor counts, without the whole table. On 10^5 cards the classes have 10^6
 * to 10^7 (class, subset) pairs; adding each to one hash table far larger than the caches costs a memory
 * wait per pair, most of the judge's time. The judge needs:
 *
 * - for P, the sum of -mu(d) over the d with c_d = c, for every c >= 2 (solve.ts: inclusionExclusionWeights).
 *   Each d is counted here under its largest prime q: d = d' q with d' made of primes below q, and only the
 *   classes holding q can hold d. So per prime q a small table (in cache) counts the subsets d' of the
 *   primes below q of the classes holding q, and is emptied before the next q.
 * - for W, the divisor table the search looks c_d up in, but only when some class has to be searched (no
 *   card without shared primes). The same pass then adds each distinct d to it once, with its final count:
 *   one scattered insert per d instead of one per (class, subset) pair.
 * - and most often not even that: the search of class c only looks up the d dividing c's radical, and it
 *   usually stops at one of the first classes. So the pass can put in the table only the d dividing the
 *   radical of a class below `upTo` (their counts are read off q's small table, at the slots their class's
 *   subsets already found), keeping every d aside for the rare search that goes further (completeTable).
 */
import type { DivisorTable, FastAnalysis } from './fast.js';
import {
  seagmByPrimeKernel,
  seagmCountKernel,
  seagmDrainKernel,
  seagmPassArea,
  seagmWeightsKernel,
  type SeagmPassArea,
} from './kernel.js';

/** For each prime id p, the classes holding it: cls[e] and the prime's place in them, for e in [head[p], head[p + 1]). */
export interface ClassesByPrime {
  readonly head: Int32Array;
  readonly cls: Int32Array;
  readonly place: Int32Array;
}

export function classesByPrime(a: FastAnalysis): ClassesByPrime {
  return seagmByPrimeKernel(a.classPrimeIds, a.classStart, a.primeIdCount);
}

/** Every d with its table word ((c_d << 5) | (omega(d) even)), for DivisorTable.addSorted. */
export interface DivisorWords {
  readonly keys: Int32Array;
  readonly words: Int32Array;
  readonly length: number;
}

/** A growing list of (d, table word) pairs. */
class WordList implements DivisorWords {
  keys: Int32Array;
  words: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.keys = new Int32Array(capacity);
    this.words = new Int32Array(capacity);
  }
  /** Appends one pair. */
  push(key: number, word: number): void {
    this.reserve(1);
    this.keys[this.length] = key;
    this.words[this.length++] = word;
  }
  /** Makes room for `more` pairs. */
  reserve(more: number): void {
    if (this.length + more > this.keys.length) this.grow(this.length + more);
  }
  private grow(atLeast: number): void {
    const size = Math.max(2 * this.keys.length, atLeast);
    const keys = new Int32Array(size);
    const words = new Int32Array(size);
    keys.set(this.keys.subarray(0, this.length));
    words.set(this.words.subarray(0, this.length));
    this.keys = keys;
    this.words = words;
  }
}

/** The subsets d' > 1 to count under prime q: those of the primes below q of each class holding it. */
function needOf(byPrime: ClassesByPrime, q: number): number {
  const { head, place } = byPrime;
  let need = 0;
  for (let e = head[q] ?? 0; e < (head[q + 1] ?? 0); e++) need += (1 << (place[e] ?? 0)) - 1;
  return need;
}

/** The slots of q's table for `need` subsets: at least twice as many, a power of two, at least 16. */
function tableSize(need: number): number {
  let size = 16;
  while (size < 2 * need) size *= 2;
  return size;
}

/**
 * The per-prime pass. Its counting runs in the WebAssembly kernel (seagmCount in scripts/kernel/seagm.ts:
 * on adversarial cards it is most of the judge's time); its other steps are small methods on purpose: the judge
 * runs them once, cold, and V8 compiles (and, on a branch it has not seen run yet, recompiles) a small function
 * much sooner.
 */
class LargestPrimePass {
  // q's table: slots[2i] = d' (0: empty), slots[2i + 1] = (cards << 1) | (d' has an odd number of primes).
  private readonly slots: Int32Array;
  private mask = 15;
  private shift = 28;
  /** The slots filled for q, and (for the classes below upTo) the slot of each of their subsets. */
  private readonly used: Int32Array;
  private readonly pending: Int32Array;
  private readonly area: SeagmPassArea;

  constructor(a: FastAnalysis, byPrime: ClassesByPrime) {
    this.area = seagmPassArea(
      {
        head: byPrime.head,
        cls: byPrime.cls,
        place: byPrime.place,
        start: a.classStart,
        count: a.classCount,
        primes: a.classPrimes,
      },
      a.n,
    );
    ({ slots: this.slots, used: this.used, pending: this.pending } = this.area);
  }

  /** Every d counted in byCount, all in the kernel (seagmWeights): for weightsByLargestPrime without a table. */
  countAll(): void {
    seagmWeightsKernel(this.area);
  }

  private get fresh(): number {
    return this.area.fresh;
  }

  private get held(): number {
    return this.area.held;
  }

  /** Empty room for `need` subsets of q. */
  prepare(need: number): void {
    const size = tableSize(need);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
    this.area.fresh = 0;
    this.area.held = 0;
  }

  /**
   * Counts, for the classes listed at e in [from, to) under q, every subset d' > 1 of their primes below q
   * (d = q alone is counted by the caller); with `hold`, notes each subset's slot for hand.
   */
  count(from: number, to: number, hold: boolean): void {
    seagmCountKernel(this.area, from, to, this.mask, this.shift, hold);
  }

  /** The d = d' q of the held slots into `wanted` (repeats and all). Before drain, which empties them. */
  hand(q: number, wanted: WordList): void {
    this.append(this.pending, this.held, q, wanted);
  }

  /**
   * Adds q's d to byCount (d = d' q has one prime more than d': -mu(d) is +1 when d' has an even number of
   * primes) and to `all` when given, emptying q's table (in the kernel, seagmDrain).
   */
  drain(q: number, all: WordList | null): void {
    if (all !== null) this.append(this.used, this.fresh, q, all);
    seagmDrainKernel(this.area);
  }

  /** Per number of cards c >= 2, the sum of -mu(d) over the d counted so far with c_d = c. */
  get byCount(): Int32Array {
    return this.area.byCount;
  }

  /** Appends d = d' q with its table word for the first `count` slots listed in `list`. */
  private append(list: Int32Array, count: number, q: number, into: WordList): void {
    const slots = this.slots;
    into.reserve(count);
    const { keys, words } = into;
    let at = into.length;
    for (let k = 0; k < count; k++) {
      const i = list[k] ?? 0;
      const word = slots[2 * i + 1] ?? 0;
      keys[at] = (slots[2 * i] ?? 1) * q;
      words[at++] = ((word >>> 1) << 5) | ((word & 1) ^ 1);
    }
    into.length = at;
  }
}

/**
 * inclusionExclusionWeights (solve.ts) without the divisor table: w[c] = sum of -mu(d) over squarefree d > 1
 * dividing exactly c >= 2 cards, for the c where it is not 0, ascending. With `table` (empty), also fills it
 * as analyseFast does, but only with the d dividing the radical of a class below `upTo` (all of them by
 * default); when that leaves some out, `all` holds every d for completeTable.
 */
export function weightsByLargestPrime(
  a: FastAnalysis,
  byPrime: ClassesByPrime,
  table?: DivisorTable,
  upTo = a.classRadical.length,
): { counts: number[]; weights: number[]; all: DivisorWords | null } {
  const { head, cls, place } = byPrime;
  const pass = new LargestPrimePass(a, byPrime);
  const byCount = pass.byCount;
  if (table === undefined) {
    pass.countAll();
    return { ...nonZeroWeights(byCount), all: null };
  }
  // Every d with its table word, for table.addSorted (each d turns up once: under its largest prime).
  const all = table === undefined ? null : new WordList(1 << 16);
  const partial = table !== undefined && upTo < a.classRadical.length;
  // The d of the classes below upTo (with repeats: several such classes may hold one d).
  const wanted = partial ? new WordList(1 << 10) : null;
  for (let q = 0; q < a.primeIdCount; q++) {
    const first = head[q] ?? 0;
    const last = head[q + 1] ?? 0;
    // c_q: the cards of the classes holding q.
    let cards = 0;
    for (let e = first; e < last; e++) cards += a.classCount[cls[e] ?? 0] ?? 0;
    pass.prepare(needOf(byPrime, q));
    // q's value (every shared prime is held by some class).
    const qValue = a.classPrimes[(a.classStart[cls[first] ?? 0] ?? 0) + (place[first] ?? 0)] ?? 1;
    // d = q (d' = 1): c_q >= 2 cards (q is shared), -mu(q) = 1, one prime (odd).
    byCount[cards] = (byCount[cards] ?? 0) + 1;
    all?.push(qValue, (cards << 5) | 1);
    if (wanted !== null) {
      // cls lists each prime's classes ascending, so the classes below upTo come first.
      let split = first;
      while (split < last && (cls[split] ?? 0) < upTo) split++;
      if (split > first) wanted.push(qValue, (cards << 5) | 1);
      pass.count(first, split, true);
      pass.count(split, last, false);
      pass.hand(qValue, wanted);
    } else pass.count(first, last, false);
    pass.drain(qValue, all);
  }
  if (table !== undefined && all !== null) {
    if (wanted !== null) table.addSorted(wanted.keys, wanted.words, wanted.length);
    else table.addSorted(all.keys, all.words, all.length);
  }
  return { ...nonZeroWeights(byCount), all: partial ? all : null };
}

/** Empties `table` and puts every d in it (`all` from weightsByLargestPrime), for a search past upTo. */
export function completeTable(table: DivisorTable, all: DivisorWords): void {
  table.reset(all.length);
  table.addSorted(all.keys, all.words, all.length);
}

/**
 * How many classes, from the first, weightsByLargestPrime should put in the search's table: as many as fit
 * in `budget` (class, subset) pairs, so that filling their d costs a small part of the pass. (The search
 * stops at the first class whose first card wins: usually one of the first few.)
 */
export function searchPrefix(a: FastAnalysis, budget: number): number {
  const classes = a.classRadical.length;
  let pairs = 0;
  for (let c = 0; c < classes; c++) {
    pairs += (1 << ((a.classStart[c + 1] ?? 0) - (a.classStart[c] ?? 0))) - 1;
    if (pairs > budget) return c;
  }
  return classes;
}

/** The counts c >= 2 whose weight in `byCount` (indexed by c) is not 0, with those weights. */
export function nonZeroWeights(byCount: ArrayLike<number>): { counts: number[]; weights: number[] } {
  const out: { counts: number[]; weights: number[] } = { counts: [], weights: [] };
  for (let c = 2; c < byCount.length; c++) {
    const w = byCount[c] ?? 0;
    if (w !== 0) {
      out.counts.push(c);
      out.weights.push(w);
    }
  }
  return out;
}
