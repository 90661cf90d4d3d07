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
 */
import { ODD_BITS, type DivisorTable, type FastAnalysis } from './fast.js';
import { MAX_DISTINCT_PRIMES32 } from '../../math/factor32.js';

/** For each prime id p, the classes holding it: cls[e] and the prime's place in them, for e in [head[p], head[p + 1]). */
export interface ClassesByPrime {
  readonly head: Int32Array;
  readonly cls: Int32Array;
  readonly place: Int32Array;
}

export function classesByPrime(a: FastAnalysis): ClassesByPrime {
  const ids = a.classPrimeIds;
  const head = new Int32Array(a.primeIdCount + 1);
  for (let j = 0; j < ids.length; j++) {
    const p = (ids[j] ?? 0) + 1;
    head[p] = (head[p] ?? 0) + 1;
  }
  for (let p = 0; p < a.primeIdCount; p++) head[p + 1] = (head[p + 1] ?? 0) + (head[p] ?? 0);
  const next = head.slice(0, a.primeIdCount);
  const cls = new Int32Array(ids.length);
  const place = new Int32Array(ids.length);
  const classes = a.classRadical.length;
  for (let c = 0; c < classes; c++) {
    const from = a.classStart[c] ?? 0;
    const to = a.classStart[c + 1] ?? 0;
    for (let j = from; j < to; j++) {
      const p = ids[j] ?? 0;
      const e = next[p] ?? 0;
      next[p] = e + 1;
      cls[e] = c;
      place[e] = j - from;
    }
  }
  return { head, cls, place };
}

/**
 * inclusionExclusionWeights (solve.ts) without the divisor table: w[c] = sum of -mu(d) over squarefree d > 1
 * dividing exactly c >= 2 cards, for the c where it is not 0, ascending. With `table` (empty), also fills it
 * as analyseFast does.
 */
export function weightsByLargestPrime(
  a: FastAnalysis,
  byPrime: ClassesByPrime,
  table?: DivisorTable,
): { counts: number[]; weights: number[] } {
  const { head, cls, place } = byPrime;
  const primes = a.classPrimes;
  const byCount = new Float64Array(a.n + 1);
  let cap = 16;
  // slots[2i] = d' (0: empty), slots[2i + 1] = (cards << 1) | (d' has an odd number of primes).
  let slots = new Int32Array(2 * cap);
  let used = new Int32Array(16);
  const products = new Int32Array(1 << MAX_DISTINCT_PRIMES32);
  // Every d with its table word, for table.addSorted (each d turns up once: under its largest prime).
  let keys = new Int32Array(table === undefined ? 0 : 1 << 16);
  let words = new Int32Array(keys.length);
  let kept = 0;
  for (let q = 0; q < a.primeIdCount; q++) {
    const first = head[q] ?? 0;
    const last = head[q + 1] ?? 0;
    let need = 0;
    for (let e = first; e < last; e++) need += 1 << (place[e] ?? 0);
    let size = 16;
    while (size < 2 * need) size *= 2;
    if (size > cap) {
      cap = size;
      slots = new Int32Array(2 * cap);
    }
    if (used.length < need) used = new Int32Array(need);
    if (table !== undefined && kept + need > keys.length) {
      const more = Math.max(2 * keys.length, kept + need);
      const biggerKeys = new Int32Array(more);
      const biggerWords = new Int32Array(more);
      biggerKeys.set(keys.subarray(0, kept));
      biggerWords.set(words.subarray(0, kept));
      keys = biggerKeys;
      words = biggerWords;
    }
    const mask = size - 1;
    const shift = 32 - Math.log2(size);
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression: q's value, for the table only; first < last for every shared prime
    const qValue =
      first < last ? (primes[(a.classStart[cls[first] ?? 0] ?? 0) + (place[first] ?? 0)] ?? 1) : 1;
    let fresh = 0;
    for (let e = first; e < last; e++) {
      const c = cls[e] ?? 0;
      const from = a.classStart[c] ?? 0;
      const subsets = 1 << (place[e] ?? 0);
      const add = (a.classCount[c] ?? 0) << 1;
      products[0] = 1;
      for (let m = 0; m < subsets; m++) {
        // d' = 1 (m = 0) stands for d = q alone.
        const d = m === 0 ? 1 : (products[m & (m - 1)] ?? 1) * (primes[from + 31 - Math.clz32(m & -m)] ?? 1);
        products[m] = d;
        let i = Math.imul(d, 0x9e3779b1) >>> shift;
        for (;;) {
          const key = slots[2 * i] ?? 0;
          if (key === d) {
            slots[2 * i + 1] = (slots[2 * i + 1] ?? 0) + add;
            break;
          }
          if (key === 0) {
            slots[2 * i] = d;
            slots[2 * i + 1] = add | (ODD_BITS[m] ?? 0);
            used[fresh++] = i;
            break;
          }
          i = (i + 1) & mask;
        }
      }
    }
    // d = d' q has one prime more than d': -mu(d) is +1 when d' has an even number of primes.
    for (let u = 0; u < fresh; u++) {
      const i = used[u] ?? 0;
      const word = slots[2 * i + 1] ?? 0;
      const count = word >>> 1;
      if (count >= 2) byCount[count] = (byCount[count] ?? 0) + ((word & 1) === 1 ? -1 : 1);
      if (table !== undefined) {
        keys[kept] = (slots[2 * i] ?? 1) * qValue;
        words[kept++] = (count << 5) | ((word & 1) ^ 1);
      }
      slots[2 * i] = 0;
    }
  }
  table?.addSorted(keys, words, kept);
  return nonZeroWeights(byCount);
}

/** The counts c >= 2 whose weight in `byCount` (indexed by c) is not 0, with those weights. */
export function nonZeroWeights(byCount: Float64Array): { counts: number[]; weights: number[] } {
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
