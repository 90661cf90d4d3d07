/**
 * SEAGM's calls into the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source:
 * scripts/kernel/seagm.ts): the judge's cards, the classes of values, and the subset counting per largest prime.
 */
import { claimed, claimFree, currentClaim, type KernelRun, reserve } from '../../math/u64-kernel.js';

/**
 * Numbers from the start of `bytes` (a judge's list, such as SEAGM's cards), read in the kernel while each is a
 * plain decimal of 1 to 10 digits from lo to hi (0 <= lo <= hi < 2^31) ended by whitespace (or by the end of
 * `bytes` when `eof`), into `into` from `at` on. Stops before the first that is not, or after `maxValues` (or
 * at the end of `into`); the caller reads that one the careful way. `tests`: the numbers read.
 */
export function readIntsKernel(
  bytes: Uint8Array,
  eof: boolean,
  maxValues: number,
  lo: number,
  hi: number,
  into: Int32Array,
  at: number,
): KernelRun {
  const { k, a } = claimFree();
  const stateAt = a.free;
  const inAt = stateAt + 32;
  const outAt = (inAt + bytes.length + 15) & ~15;
  // A number takes a byte, and all but the last one more for the whitespace after it.
  const most = Math.max(0, Math.min(maxValues, into.length - at, (bytes.length + 1) >> 1));
  reserve(k, outAt + 4 * most);
  const buffer = k.memory.buffer;
  new Uint8Array(buffer, inAt, bytes.length).set(bytes);
  const values = k.readInts(inAt, inAt + bytes.length, eof ? 1 : 0, most, outAt, stateAt, lo, hi);
  const [readTo = inAt, newlines = 0] = new Int32Array(buffer, stateAt, 2);
  into.set(new Int32Array(buffer, outAt, values), at);
  return { tests: values, consumed: readTo - inAt, newlines, text: '' };
}

/**
 * Places in the kernel's memory from `from` on, one after another, each 16-byte aligned: `place(bytes)` hands out
 * the next; `end()` is where the one after would start.
 */
function placesFrom(from: number): { place: (bytes: number) => number; end: () => number } {
  let free = (from + 15) & ~15;
  return {
    place: (bytes) => {
      const at = free;
      free = (free + bytes + 15) & ~15;
      return at;
    },
    end: () => free,
  };
}

/**
 * SEAGM's classes of distinct values (part of FastAnalysis in src/games/seagm/fast.ts): a value's class is the
 * product of its primes that divide at least two cards.
 */
export interface SeagmClasses {
  /** Class of value i (index into the class arrays), or -1 when it has no shared prime. */
  readonly classOf: Int32Array;
  /** Per class: the product of its shared primes, its primes (classPrimes[classStart[c] ..]). */
  readonly classRadical: Int32Array;
  readonly classStart: Int32Array;
  readonly classPrimes: Int32Array;
  /** Per class: how many cards it holds, and its primes' ids (parallel to classPrimes, below primeIdCount). */
  /** (Only the shared primes have such ids: one prime, one id, numbered from 0 as classes first hold them.) */
  readonly classCount: Int32Array;
  readonly classPrimeIds: Int32Array;
  readonly primeIdCount: number;
  /** The number of (class, subset) pairs: what filling the whole table costs. */
  readonly subsetTotal: number;
}

/** Distinct values per seagmClasses call: small calls, so that V8 optimises it after the first few. */
const SEAGM_CLASS_CHUNK = 4096;

/**
 * classesOf in the kernel (seagmClasses): the distinct values' classes by the product of their shared primes,
 * given each value's multiplicity and its primes (`primes` from primeStart[i] to primeStart[i + 1], their ids at
 * primeIdAt, and per id the cards it divides, primeCounts). Copies, the caller's to keep.
 */
export function seagmClassesKernel(
  multiplicity: Int32Array,
  f: Readonly<Record<'primes' | 'primeStart' | 'primeIdAt' | 'primeCounts', Int32Array>>,
): SeagmClasses {
  const { k, a } = claimFree();
  const distinct = multiplicity.length;
  const primeEnd = f.primeStart[distinct] ?? 0;
  let cap = 1024;
  while (cap < 2 * distinct) cap *= 2;
  const { place, end: placed } = placesFrom(a.free);
  const at = {
    primes: place(4 * f.primes.length),
    primeStart: place(4 * f.primeStart.length),
    primeIdAt: place(4 * f.primeIdAt.length),
    primeCounts: place(4 * f.primeCounts.length),
    mult: place(4 * distinct),
    classOf: place(4 * distinct),
    radical: place(4 * distinct),
    count: place(4 * distinct),
    start: place(4 * (distinct + 1)),
    classPrimes: place(4 * primeEnd),
    classPrimeIds: place(4 * primeEnd),
    sharedNumber: place(4 * f.primeCounts.length),
    table: place(8 * cap),
    scratch: place(4 * 18),
    state: place(16),
  };
  reserve(k, placed());
  const buffer = k.memory.buffer;
  const copyIn = (array: Int32Array, to: number): void => new Int32Array(buffer, to, array.length).set(array);
  copyIn(f.primes, at.primes);
  copyIn(f.primeStart, at.primeStart);
  copyIn(f.primeIdAt, at.primeIdAt);
  copyIn(f.primeCounts, at.primeCounts);
  copyIn(multiplicity, at.mult);
  new Int32Array(buffer, at.count, distinct).fill(0);
  new Int32Array(buffer, at.start, 1)[0] = 0; // with no class, classStart is [0]
  new Int32Array(buffer, at.sharedNumber, f.primeCounts.length).fill(0);
  new Int32Array(buffer, at.table, 2 * cap).fill(0);
  const state = new Int32Array(buffer, at.state, 4).fill(0);
  const shift = 32 - Math.log2(cap);
  for (let from = 0; from < distinct; from += SEAGM_CLASS_CHUNK) {
    const to = Math.min(distinct, from + SEAGM_CLASS_CHUNK);
    k.seagmClasses(
      at.primes,
      at.primeStart,
      at.primeIdAt,
      at.primeCounts,
      at.mult,
      from,
      to,
      at.classOf,
      at.radical,
      at.count,
      at.start,
      at.classPrimes,
      at.classPrimeIds,
      at.sharedNumber,
      at.table,
      shift,
      at.scratch,
      at.state,
    );
  }
  const [classes = 0, classEnd = 0, subsetTotal = 0, primeIdCount = 0] = state;
  const copyOut = (from: number, length: number): Int32Array => new Int32Array(buffer, from, length).slice();
  return {
    classOf: copyOut(at.classOf, distinct),
    classRadical: copyOut(at.radical, classes),
    classStart: copyOut(at.start, classes + 1),
    classPrimes: copyOut(at.classPrimes, classEnd),
    classCount: copyOut(at.count, classes),
    classPrimeIds: copyOut(at.classPrimeIds, classEnd),
    primeIdCount,
    subsetTotal,
  };
}

/**
 * The runs of equal values in `sorted` (ascending, each from 0 to 2^31 - 1): each value once, and how often it
 * comes (distinctRuns). Copies, the caller's to keep.
 */
export function distinctRunsKernel(sorted: ArrayLike<number>): {
  values: Int32Array;
  multiplicity: Int32Array;
} {
  const { k, a } = claimFree();
  const n = sorted.length;
  const srcAt = (a.free + 15) & ~15;
  const valuesAt = srcAt + 4 * n;
  const multAt = valuesAt + 4 * n;
  reserve(k, multAt + 4 * n);
  const buffer = k.memory.buffer;
  new Int32Array(buffer, srcAt, n).set(sorted);
  const distinct = k.distinctRuns(srcAt, n, valuesAt, multAt);
  return {
    values: new Int32Array(buffer, valuesAt, distinct).slice(),
    multiplicity: new Int32Array(buffer, multAt, distinct).slice(),
  };
}

/**
 * SEAGM's S(c) for every c in 0..n, as alternatingSums in src/games/seagm/solve.ts computes them (the same
 * double operations in the same order, so the same bits), in the kernel: a copy, the caller's to keep.
 */
export function alternatingSumsKernel(n: number): Float64Array {
  const { k, a } = claimFree();
  const fAt = (a.free + 15) & ~15;
  const sAt = fAt + 8 * (n + 1);
  reserve(k, sAt + 8 * (n + 1));
  k.alternatingSums(n, fAt, sAt);
  return new Float64Array(k.memory.buffer, sAt, n + 1).slice();
}

/**
 * classesByPrime in the kernel (seagmByPrime): for each shared prime id p, the classes holding it, cls[e], and its
 * place among their primes, place[e], for e from head[p] to head[p + 1] (classes ascending). `ids` holds the
 * classes' shared prime ids, class c's from start[c] to start[c + 1]. Copies, the caller's to keep.
 */
export function seagmByPrimeKernel(
  ids: Int32Array,
  start: Int32Array,
  idCount: number,
): { head: Int32Array; cls: Int32Array; place: Int32Array } {
  const { k, a } = claimFree();
  const idsAt = (a.free + 15) & ~15;
  const startAt = idsAt + 4 * ids.length;
  const headAt = startAt + 4 * start.length;
  const nextAt = headAt + 4 * (idCount + 1);
  const clsAt = nextAt + 4 * idCount;
  const placeAt = clsAt + 4 * ids.length;
  reserve(k, placeAt + 4 * ids.length);
  const buffer = k.memory.buffer;
  new Int32Array(buffer, idsAt, ids.length).set(ids);
  new Int32Array(buffer, startAt, start.length).set(start);
  k.seagmHeads(idsAt, ids.length, headAt, idCount);
  const head = new Int32Array(buffer, headAt, idCount + 1).slice();
  new Int32Array(buffer, nextAt, idCount).set(head.subarray(0, idCount));
  const classes = start.length - 1;
  for (let from = 0; from < classes; from += SEAGM_CLASS_CHUNK) {
    k.seagmByPrime(idsAt, startAt, from, Math.min(classes, from + SEAGM_CLASS_CHUNK), nextAt, clsAt, placeAt);
  }
  return {
    head,
    cls: new Int32Array(buffer, clsAt, ids.length).slice(),
    place: new Int32Array(buffer, placeAt, ids.length).slice(),
  };
}

/**
 * The arrays of SEAGM's per-prime pass (LargestPrimePass in src/games/seagm/lean.ts) in the kernel's memory: its
 * inputs copied in, and q's table and lists, with views for the caller, who reads and empties them between the
 * kernel's counts (seagmCountKernel). The views hold until another kernel call uses the same memory
 * (seagmCountKernel then throws).
 */
export interface SeagmPassArea {
  /** q's table: d' at 2i (0: empty), then (cards << 1) | (d' has an odd number of primes) at 2i + 1; all 0. */
  readonly slots: Int32Array<ArrayBuffer>;
  /** The slots filled for q, and (when held) the slot of each subset counted. */
  readonly used: Int32Array<ArrayBuffer>;
  readonly pending: Int32Array<ArrayBuffer>;
  /** Per number of cards c, the sum of -mu(d) over the d counted so far with c_d = c; all 0 at first. */
  readonly byCount: Int32Array<ArrayBuffer>;
  /** How many of `used` and `pending` are listed. */
  fresh: number;
  held: number;
  /** The shared primes q (one table each). */
  readonly primes: number;
  /** fresh and held as the kernel reads and writes them. */
  readonly state: Int32Array<ArrayBuffer>;
  readonly claim: number;
  /** Where each array starts in the kernel's memory. */
  readonly at: Readonly<Record<SeagmPassInput | SeagmPassOwn, number>>;
}

/** The arrays a SeagmPassArea copies in, and those it holds of its own. */
type SeagmPassInput = 'head' | 'cls' | 'place' | 'start' | 'count' | 'primes';
type SeagmPassOwn = 'slots' | 'used' | 'pending' | 'products' | 'state' | 'byCount';

/**
 * A SeagmPassArea for the classes' prime lists (`cls`, `place`: per prime, its classes and its place among their
 * primes; `start`, `count`, `primes`: per class, where its primes start, its cards, and the primes), with a table
 * of `slots` slots (a power of two) and lists of `listLength`.
 */
export function seagmPassArea(
  inputs: Readonly<Record<SeagmPassInput, Int32Array>>,
  cards: number,
): SeagmPassArea {
  const { k, a } = claimFree();
  const { place, end } = placesFrom(a.free);
  const inputsAt = {
    head: place(4 * inputs.head.length),
    cls: place(4 * inputs.cls.length),
    place: place(4 * inputs.place.length),
    start: place(4 * inputs.start.length),
    count: place(4 * inputs.count.length),
    primes: place(4 * inputs.primes.length),
  };
  reserve(k, end());
  for (const name of ['head', 'cls', 'place', 'start', 'count', 'primes'] as const) {
    new Int32Array(k.memory.buffer, inputsAt[name], inputs[name].length).set(inputs[name]);
  }
  // The largest table any q needs: at least twice its subsets, a power of two, at least 16.
  const most = k.seagmMostNeed(inputsAt.head, inputsAt.place, inputs.head.length - 1);
  let slots = 16;
  while (slots < 2 * most) slots *= 2;
  const at = {
    ...inputsAt,
    slots: place(8 * slots),
    used: place(4 * most),
    pending: place(4 * most),
    products: place(4 << 9),
    state: place(8),
    byCount: place(4 * (cards + 1)),
  };
  reserve(k, end());
  const buffer = k.memory.buffer;
  return {
    slots: new Int32Array(buffer, at.slots, 2 * slots).fill(0),
    used: new Int32Array(buffer, at.used, most),
    pending: new Int32Array(buffer, at.pending, most),
    byCount: new Int32Array(buffer, at.byCount, cards + 1).fill(0),
    fresh: 0,
    held: 0,
    state: new Int32Array(buffer, at.state, 2),
    primes: inputs.head.length - 1,
    claim: currentClaim(),
    at,
  };
}

/** Primes per seagmWeights call: small calls, so that V8 optimises it after the first few. */
const SEAGM_WEIGHT_CHUNK = 256;

/**
 * weightsByLargestPrime without a divisor table, all in the kernel (seagmWeights): every d counted in the
 * area's byCount, each prime q through its own table.
 */
export function seagmWeightsKernel(area: SeagmPassArea): void {
  const k = claimed(area.claim, 'SEAGM pass');
  const { at } = area;
  for (let from = 0; from < area.primes; from += SEAGM_WEIGHT_CHUNK) {
    const to = Math.min(area.primes, from + SEAGM_WEIGHT_CHUNK);
    k.seagmWeights(
      from,
      to,
      at.head,
      at.cls,
      at.place,
      at.start,
      at.count,
      at.primes,
      at.slots,
      at.used,
      at.pending,
      at.products,
      at.state,
      at.byCount,
    );
  }
}

/**
 * LargestPrimePass.count in the kernel: the subsets d' > 1 of the primes below q of the classes listed at
 * [from, to) counted in the area's table (of mask + 1 slots; a slot is a hash shifted right by `shift`), each slot
 * filled for the first time listed in `used` and, with `hold`, every subset's slot in `pending` (area.fresh and
 * area.held move on).
 */
export function seagmCountKernel(
  area: SeagmPassArea,
  from: number,
  to: number,
  mask: number,
  shift: number,
  hold: boolean,
): void {
  const k = claimed(area.claim, 'SEAGM pass');
  const { at, state } = area;
  state[0] = area.fresh;
  state[1] = area.held;
  k.seagmCount(
    at.cls,
    at.place,
    at.start,
    at.count,
    at.primes,
    from,
    to,
    at.slots,
    mask,
    shift,
    at.used,
    at.pending,
    at.products,
    at.state,
    hold ? 1 : 0,
  );
  area.fresh = state[0] ?? 0;
  area.held = state[1] ?? 0;
}

/**
 * LargestPrimePass.drain in the kernel, but for `all`: the d' of the `area.fresh` slots listed in `used` counted
 * in `byCount`, and those slots emptied.
 */
export function seagmDrainKernel(area: SeagmPassArea): void {
  const k = claimed(area.claim, 'SEAGM pass');
  const { at } = area;
  k.seagmDrain(at.slots, at.used, area.fresh, at.byCount);
}
