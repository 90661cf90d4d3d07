/**
 * Unsigned 64-bit arithmetic for factoring, as a tiny WebAssembly module. JavaScript has no 64-bit integers
 * besides BigInt (about 60 ns per multiplication), while WebAssembly's i64 makes a Montgomery multiplication a
 * few ns: Miller-Rabin on a prime near 10^18 drops from ~25 us to a few us, and a trial-division sweep to 10^6
 * from ~190 us to about 50 us. The exports work on moduli below 2^62, which covers Grundy's N <= 10^18.
 * The same module runs the games' hot loops, each called through its game's kernel.ts
 * (src/games/<game>/kernel.ts): the judges of Multiplication, ABGAME, PartisanGame, SEAGM and MAGIC read and
 * answer their plain tests there (through src/core/kernel-stretches.ts), ABGAME's streamed solver scans its
 * boards 64 cells at a time, SEAGM finds its classes and counts, PartisanGame walks its windows, and the octal
 * games compute their values. One instance, one memory, and WebAssembly's full speed from the first call: a
 * contest file of 10^4 tests is over before V8 has optimised a JavaScript loop over them. This file holds the
 * instance, the memory's claims and areas those loops share (claimFree, claimed, reserve, kernelRun), and the
 * arithmetic itself: the divisor table, Miller-Rabin, Pollard's rho, 32-bit factorisations, a radix sort.
 *
 * The module is written out, readable, in scripts/kernel/ (put together by scripts/u64-kernel-source.ts;
 * `npm run kernel` regenerates); src/math/kernel-wasm.ts holds the bytes it assembles to (a test keeps the two
 * equal), embedded so that no process spends milliseconds assembling it at start.
 */

import { KERNEL_WASM } from './kernel-wasm.js';
import { MR32_BASES } from './mr32-bases.js';

/** The part of the WebAssembly JS API used here (the DOM typings that declare it are not loaded). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
export interface KernelExports {
  isPrime(n: bigint): number;
  findDivisor(m: bigint, from: number, to: number): number;
  findDivisors(m0: bigint, m1: bigint, m2: bigint, m3: bigint, from: number, to: number): number;
  buildTable(limit: number, primesAt: number, sieveAt: number): number;
  rho(n: bigint, c: bigint, y0: bigint): bigint;
  isPrime32(n: number): number;
  rho32(n: number, c: number): number;
  trial32(m: number, tableAt: number, count: number, outAt: number): number;
  sprp32(n: number, a: number): number;
  mr32Bucket(n: number): number;
  isRoughPrime32(n: number, basesAt: number): number;
  factor32(m: number, out: number, tableAt: number, groups: number, basesAt: number): number;
  factor32Batch(
    valuesAt: number,
    count: number,
    startsAt: number,
    primesAt: number,
    first: number,
    tableAt: number,
    groups: number,
    basesAt: number,
  ): number;
  indexKeys(
    keysAt: number,
    count: number,
    idsAt: number,
    tableAt: number,
    bits: number,
    next: number,
  ): number;
  weighKeys(idsAt: number, startsAt: number, weightsAt: number, count: number, sumsAt: number): number;
  partisanPeriod(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    budget: number,
  ): number;
  partisanStart(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    period: number,
  ): number;
  multiplicationRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxTests: number,
    outAt: number,
    stateAt: number,
    factorOut: number,
    tableAt: number,
    groups: number,
    basesAt: number,
    codesAt: number,
    pendAt: number,
    primesAt: number,
    tableCount: number,
    roughAt: number,
    tableReady: number,
    sortAt: number,
  ): number;
  abgameRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxBoards: number,
    outAt: number,
    stateAt: number,
  ): number;
  partisanRun(
    inAt: number,
    inEnd: number,
    eof: number,
    maxTests: number,
    outAt: number,
    stateAt: number,
    slotsAt: number,
    poolAt: number,
    poolUsed: number,
    poolEnd: number,
  ): number;
  radixPass(srcAt: number, dstAt: number, count: number, shift: number, countsAt: number): void;
  readInts(
    inAt: number,
    inEnd: number,
    eof: number,
    maxTests: number,
    outAt: number,
    stateAt: number,
    lo: number,
    hi: number,
  ): number;
  alternatingSums(n: number, fAt: number, sAt: number): void;
  seagmClasses(
    primesAt: number,
    primeStartAt: number,
    primeIdAt: number,
    primeCountsAt: number,
    multAt: number,
    from: number,
    to: number,
    classOfAt: number,
    radicalAt: number,
    classCountAt: number,
    classStartAt: number,
    classPrimesAt: number,
    classPrimeIdsAt: number,
    sharedNumberAt: number,
    tableAt: number,
    shift: number,
    scratchAt: number,
    stateAt: number,
  ): void;
  distinctRuns(srcAt: number, count: number, valuesAt: number, multAt: number): number;
  seagmHeads(idsAt: number, count: number, headAt: number, idCount: number): void;
  seagmByPrime(
    idsAt: number,
    startAt: number,
    from: number,
    to: number,
    nextAt: number,
    clsAt: number,
    placeAt: number,
  ): void;
  seagmCount(
    clsAt: number,
    placeAt: number,
    startAt: number,
    countAt: number,
    primesAt: number,
    from: number,
    to: number,
    slotsAt: number,
    mask: number,
    shift: number,
    usedAt: number,
    pendingAt: number,
    productsAt: number,
    stateAt: number,
    hold: number,
  ): void;
  seagmDrain(slotsAt: number, usedAt: number, fresh: number, byCountAt: number): void;
  seagmMostNeed(headAt: number, placeAt: number, qCount: number): number;
  seagmWeights(
    qFrom: number,
    qTo: number,
    headAt: number,
    clsAt: number,
    placeAt: number,
    startAt: number,
    countAt: number,
    primesAt: number,
    slotsAt: number,
    usedAt: number,
    pendingAt: number,
    productsAt: number,
    stateAt: number,
    byCountAt: number,
  ): void;
  abgameScan(at: number, count: number, stateAt: number): number;
  abgameStreamScan(at: number, count: number, stateAt: number): number;
  magicJoin(
    inAt: number,
    inEnd: number,
    eof: number,
    maxPassages: number,
    outAt: number,
    stateAt: number,
    limit: number,
    line: number,
    first: number,
    linkAt: number,
    endsAt: number,
    linesAt: number,
    keysAt: number,
    shift: number,
  ): number;
  magicTally(linkAt: number, count: number, stateAt: number): void;
  magicBigRead(
    inAt: number,
    inEnd: number,
    eof: number,
    maxPassages: number,
    outAt: number,
    stateAt: number,
    line: number,
    first: number,
    roomsAt: number,
    linesAt: number,
    nMax: bigint,
  ): number;
  magicCount(roomsAt: number, from: number, to: number, shift: bigint, mix: bigint, countsAt: number): void;
  magicSpread(
    roomsAt: number,
    from: number,
    to: number,
    shift: bigint,
    mix: bigint,
    nextAt: number,
    partAt: number,
    atsAt: number,
  ): void;
  magicNumberBucket(
    from: number,
    to: number,
    mix: bigint,
    partAt: number,
    atsAt: number,
    tableAt: number,
    mask: number,
    endsAt: number,
  ): void;
  magicRenumber(endsAt: number, from: number, to: number, next: number): number;
  magicJoinRange(
    linkAt: number,
    endsAt: number,
    from: number,
    to: number,
    closingAt: number,
    count: number,
  ): number;
  octalSparse(headerAt: number): number;
  octalPlain(headerAt: number): number;
  partisanValues(
    aliceLo: number,
    aliceHi: number,
    bobLo: number,
    bobHi: number,
    width: number,
    count: number,
    outAt: number,
  ): number;
  readonly memory: WasmMemory;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

export let kernel: KernelExports | undefined;
/** The compiled module: octal's loops get an instance of their own (see octalKernel). */
let kernelModule: object | undefined;

/** Node's Buffer, where there is one (the kernel itself needs only WebAssembly). */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } }).Buffer;

/**
 * Base64 decoded by a plain loop, for a runtime without Node's Buffer (Uint8Array.from with a callback per byte
 * costs ~1 ms more, run cold).
 */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * KERNEL_WASM decoded: by Node's native base64 decoder where there is one (about 1 ms less at start-up than the
 * loop, which runs cold), else by `decodeBase64`.
 */
function kernelBytes(): Uint8Array {
  return nodeBuffer?.from(KERNEL_WASM, 'base64') ?? decodeBase64(KERNEL_WASM);
}

export function wasmApi(): WasmApi {
  return (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
}

export function compiledKernel(): object {
  kernelModule ??= new (wasmApi().Module)(kernelBytes());
  return kernelModule;
}

/** Compiled on first use (well under a millisecond), so importing the game costs nothing. */
export function load(): KernelExports {
  if (kernel === undefined) {
    const k = new (wasmApi().Instance)(compiledKernel(), {}).exports as KernelExports;
    placeTrial32(k, 0);
    kernel = k;
  }
  return kernel;
}

/** The odd primes the divisor table covers, in order (a view into the kernel's memory). */
let tablePrimes: Uint32Array = new Uint32Array(0);
export let tablePrimesAt = 0;
export let tableCount = 0;
export let tableLimit = 0;

/** Makes the table cover every odd prime below `limit` (rebuilt whole when it grows; 10^6 takes ~2 ms). */
export function ensureTable(limit: number): void {
  if (limit <= tableLimit) return;
  const k = load();
  // pi(x) < 1.26 x / ln x (Rosser and Schoenfeld) bounds the entries before the sieve has counted them.
  const capacity = Math.ceil((1.26 * limit) / Math.log(limit)) + 16;
  const primesAt = capacity * 16;
  const sieveAt = primesAt + capacity * 4;
  const needed = sieveAt + (limit >>> 1);
  reserve(k, needed);
  const count = k.buildTable(limit, primesAt, sieveAt);
  tablePrimesAt = primesAt;
  tableCount = count;
  tablePrimes = new Uint32Array(k.memory.buffer, primesAt, count);
  tableLimit = limit;
  // The sieve's bytes are scratch once the table is built: the 32-bit trial table moves there.
  placeTrial32(k, sieveAt);
}

/** The odd prime at table index i. */
export function tablePrime(i: number): number {
  return tablePrimes[i] ?? 0;
}

/** How many table primes are below `bound` (the table must already cover it). */
export function tableCountBelow(bound: number): number {
  let lo = 0;
  let hi = tablePrimes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tablePrimes[mid] ?? 0) < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first table index in [from, to) whose prime divides m (odd or even m below 2^64), or -1. */
export function findTableDivisor(m: bigint, from: number, to: number): number {
  return load().findDivisor(m, from, to);
}

/** Numbers findTableDivisors tests in one pass (the kernel's findDivisors takes this many). */
export const SWEEP_LANES = 4;

/**
 * findTableDivisor for SWEEP_LANES numbers in one pass over the table (each entry loaded once, about half the
 * time per number): at the first index i in [from, to) whose prime divides any of them, i * 2^SWEEP_LANES plus
 * the mask of those it divides (bit j for m_j); -1 when none does. A lane of 1n divides nothing (padding).
 */
export function findTableDivisors(
  m0: bigint,
  m1: bigint,
  m2: bigint,
  m3: bigint,
  from: number,
  to: number,
): number {
  return load().findDivisors(m0, m1, m2, m3, from, to);
}

/** Miller-Rabin with bases proven deterministic below 2^64; for odd n with 37 < n < 2^62 only. */
export function isOddPrimeKernel(n: bigint): boolean {
  return load().isPrime(n) === 1;
}

/** One Pollard-Brent attempt on an odd composite n < 2^62: a divisor of n, or n or 0 when this c failed. */
export function rhoKernel(n: bigint, c: bigint, y0: bigint): bigint {
  return BigInt.asUintN(64, load().rho(n, c, y0));
}

/**
 * Miller-Rabin with bases 2, 7, 61 (deterministic below 4,759,123,141) in 32-bit Montgomery form; for odd n
 * with 3 <= n < 2^31 only. No BigInt crosses the boundary, so a call costs a few hundred nanoseconds.
 */
export function isOddPrime32Kernel(n: number): boolean {
  return load().isPrime32(n) === 1;
}

/** One Pollard-Brent attempt on an odd composite n < 2^31: a divisor of n, or n or 0 when this c failed. */
export function rho32Kernel(n: number, c: number): number {
  return load().rho32(n, c) >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// trial32: the odd primes below 1000 as (p, p^-1 mod 2^32, floor((2^32 - 1) / p)), then a result area.

const TRIAL32_PRIMES: readonly number[] = (() => {
  // A sieve: trial division by the primes found so far, through a callback each, cost ~1 ms at start.
  const composite = new Uint8Array(1000);
  const primes: number[] = [];
  for (let i = 3; i < 1000; i += 2) {
    if (composite[i] === 1) continue;
    primes.push(i);
    for (let j = i * i; j < 1000; j += 2 * i) composite[j] = 1;
  }
  return primes;
})();
const TRIAL32_BYTES = TRIAL32_PRIMES.length * 12;
/** Room for the count and at most 9 distinct primes (every number below 2^31 has fewer than 10). */
const TRIAL32_OUT_BYTES = 64;

/** factor32's table: groups of 4 primes, 48 bytes each (4 inverses, 4 bounds, 4 primes), the last one padded. */
export const FACTOR32_GROUPS = 2 * Math.ceil(TRIAL32_PRIMES.length / 8); // factor32 takes two groups per step
const FACTOR32_TABLE_BYTES = FACTOR32_GROUPS * 48;
/** isRoughPrime32's bases, one u16 per hash bucket. */
const MR32_BASES_BYTES = MR32_BASES.length * 2;
/** factor32's output for one number: at most 9 distinct primes, and the rest's up to 3 before repeats go. */
const FACTOR32_OUT_BYTES = 64;
/** Room for the distinct primes of a number below 2^31 (factor32Batch's output for a list is sized by it). */
const MAX_PRIMES32 = 9;

/** Where the 32-bit tables and areas sit in the kernel's memory (they move when ensureTable grows it). */
interface Area32 {
  trial: number;
  trialOut: number;
  table: number;
  bases: number;
  out: number;
  /** Where factorAll32Kernel's areas start (up to the end of the memory, grown as a list needs). */
  free: number;
}

export let area: Area32 | undefined;

/** Lays out the 32-bit tables and areas from `at` on (growing the memory when needed) and fills the tables. */
function placeTrial32(k: KernelExports, at: number): void {
  const align = (x: number): number => (x + 15) & ~15;
  const trial = align(at);
  const trialOut = trial + align(TRIAL32_BYTES);
  const table = trialOut + TRIAL32_OUT_BYTES;
  const bases = table + FACTOR32_TABLE_BYTES;
  const out = bases + align(MR32_BASES_BYTES);
  const free = out + FACTOR32_OUT_BYTES;
  reserve(k, free);
  const buffer = k.memory.buffer;
  const trialTable = new Int32Array(buffer, trial, TRIAL32_PRIMES.length * 3);
  const groups = new Int32Array(buffer, table, FACTOR32_GROUPS * 12);
  for (let g = 0; g < FACTOR32_GROUPS; g++) {
    // Padding lanes: inverse 1 and bound 0 (m * 1 <= 0 never holds for m >= 1), prime 0.
    for (let lane = 0; lane < 4; lane++) {
      groups[12 * g + lane] = 1;
      groups[12 * g + 4 + lane] = 0;
      groups[12 * g + 8 + lane] = 0;
    }
  }
  TRIAL32_PRIMES.forEach((p, i) => {
    let inv = p;
    for (let step = 0; step < 5; step++) inv = Math.imul(inv, 2 - Math.imul(p, inv));
    const lim = Math.floor(0xffffffff / p) | 0;
    trialTable[3 * i] = p;
    trialTable[3 * i + 1] = inv;
    trialTable[3 * i + 2] = lim;
    const at = 12 * (i >> 2) + (i & 3);
    groups[at] = inv;
    groups[at + 4] = lim;
    groups[at + 8] = p;
  });
  new Uint16Array(buffer, bases, MR32_BASES.length).set(MR32_BASES);
  freeClaims++;
  area = {
    trial,
    trialOut,
    table,
    bases,
    out,
    free,
  };
}

/** The kernel with its 32-bit area laid out. */
function area32(): { k: KernelExports; a: Area32 } {
  const k = load();
  if (area === undefined) throw new Error('the kernel lays out its 32-bit area when it loads');
  return { k, a: area };
}

/**
 * Counts the claims on the memory from `Area32.free` on (and the moves of that area): a MAGIC board kept there
 * across calls (magicKernelBoard) checks that nothing else has used it since.
 */
let freeClaims = 0;

/** The claim on the memory from `Area32.free` on now: a layout kept there across calls is checked by `claimed`. */
export function currentClaim(): number {
  return freeClaims;
}

/**
 * The kernel, for a call on memory claimed earlier (`claim`: freeClaims then): throws when another call has
 * claimed that memory since, naming `what` was laid out there.
 */
export function claimed(claim: number, what: string): KernelExports {
  const k = load();
  if (claim !== freeClaims) throw new Error(`another kernel call has used the memory of this ${what}`);
  return k;
}

/** area32, for a caller about to write from `free` on. */
export function claimFree(): { k: KernelExports; a: Area32 } {
  freeClaims++;
  return area32();
}

/**
 * Removes 2 and the odd primes below 1000 from m (1 <= m < 2^31) and returns the rest: 1, a prime (when
 * the scan stopped at p*p > rest) or a number without prime factors below 1000. The distinct primes removed
 * are trial32Found()[1..count], with count = trial32Found()[0].
 */
export function trial32Kernel(m: number): number {
  const { k, a } = area32();
  return k.trial32(m, a.trial, TRIAL32_PRIMES.length, a.trialOut);
}

/** The result area of the last trial32Kernel call (valid until the next call or table rebuild). */
export function trial32Found(): Int32Array {
  const { k, a } = area32();
  return new Int32Array(k.memory.buffer, a.trialOut, TRIAL32_OUT_BYTES / 4);
}

/**
 * Whether the odd n (3 <= n < 2^31) is a strong probable prime to base a (0 < a < 2^31); also true when n
 * divides a. For tests and scripts/mr32-bases.ts, which chooses isRoughPrime32Kernel's bases.
 */
export function sprp32Kernel(n: number, a: number): boolean {
  return load().sprp32(n, a) === 1;
}

/** The hash bucket (0 .. 255) whose base isRoughPrime32Kernel tests n to. */
export function mr32BucketKernel(n: number): number {
  return load().mr32Bucket(n);
}

/**
 * Deterministic primality, with one strong-probable-prime test, for odd n with 1009^2 <= n < 2^31 and no prime
 * factor below 1000 only (src/math/mr32-bases.ts holds the base for each hash bucket of n).
 */
export function isRoughPrime32Kernel(n: number): boolean {
  const { k, a } = area32();
  return k.isRoughPrime32(n, a.bases) === 1;
}

/** The distinct primes of m (1 <= m < 2^31), ascending, as a view into the kernel's memory (valid until its next call). */
export function factor32Kernel(m: number): Int32Array {
  const { k, a } = area32();
  const end = k.factor32(m, a.out, a.table, FACTOR32_GROUPS, a.bases);
  return new Int32Array(k.memory.buffer, a.out, (end - a.out) >> 2);
}

/**
 * Grows the kernel's memory to at least `bytes`. Growing detaches every view made before, so this is the one
 * place that grows it, and it remakes the one view kept across calls (the divisor table's primes).
 */
export function reserve(k: KernelExports, bytes: number): void {
  const have = k.memory.buffer.byteLength;
  if (bytes <= have) return;
  k.memory.grow(Math.ceil((bytes - have) / 65536));
  tablePrimes = new Uint32Array(k.memory.buffer, tablePrimesAt, tableCount); // (a detached view's length is 0)
}

/** Keys (values) per indexKeys (weighKeys) call: a few dozen calls for SEAGM's 10^5 cards, most of them to optimised code. */
const INDEX_CHUNK = 8192;
/** indexKeys's array for the keys below 1024 (1 + the id of each, 0: not seen yet). */
const DIRECT_BYTES = 4 * 1024;

/**
 * Numbers the count primes at primesAt (ids at idsAt) with the tables from tableAt on; returns how many
 * distinct ones. A kernel function is compiled for speed only for its calls after the first few hundred
 * thousand instructions it ran, hence the chunks.
 */
function indexPrimes(
  k: KernelExports,
  primesAt: number,
  count: number,
  idsAt: number,
  tableAt: number,
  values: number,
): number {
  // Room for one distinct prime from 1024 up per value, twice that many slots (random cards below 10^9 have
  // about 0.6); indexKeys says so when that is not enough (up to 10^9 there can be two: 1000^3 > 10^9), and the
  // table doubles. A smaller table waits less on memory.
  for (let bits = Math.max(10, Math.ceil(Math.log2(2 * values + 1))); ; bits++) {
    const bytes = DIRECT_BYTES + (8 << bits);
    reserve(k, tableAt + bytes);
    new Uint8Array(k.memory.buffer, tableAt, bytes).fill(0);
    let next = 0;
    for (let from = 0; from < count && next >= 0; from += INDEX_CHUNK) {
      const chunk = Math.min(INDEX_CHUNK, count - from);
      next = k.indexKeys(primesAt + 4 * from, chunk, idsAt + 4 * from, tableAt, bits, next);
    }
    if (next >= 0) return next;
  }
}

/** What factorAll32Kernel returns: copies, not views. */
export interface KernelPrimeLists {
  /** The distinct primes of value i, ascending, are primes[starts[i] .. starts[i + 1]). */
  readonly primes: Int32Array;
  readonly starts: Int32Array;
  /** A dense id per distinct prime, numbered as they first appear in `primes` (parallel to it). */
  readonly ids: Int32Array;
  /** Per id: the sum of weights[i] over the values i its prime divides. */
  readonly sums: Int32Array;
}

/**
 * Factors every value (1 <= v < 2^31) and numbers the distinct primes in a few kernel calls (null when a value
 * is out of range): a loop over 10^5 numbers or 3 * 10^5 primes in JavaScript runs once, unoptimised, for a
 * good part of it; the kernel's functions are compiled for the hot path after their first few hundred calls.
 */
export function factorAll32Kernel(values: Int32Array, weights: Int32Array): KernelPrimeLists | null {
  const { k, a } = claimFree();
  const n = values.length;
  const valuesAt = a.free;
  const weightsAt = valuesAt + 4 * n;
  const startsAt = weightsAt + 4 * n;
  const primesAt = startsAt + 4 * (n + 1);
  const idsAt = primesAt + 4 * MAX_PRIMES32 * n;
  const tableAt = idsAt + 4 * MAX_PRIMES32 * n;
  reserve(k, tableAt);
  new Int32Array(k.memory.buffer, valuesAt, n).set(values);
  new Int32Array(k.memory.buffer, weightsAt, n).set(weights);
  const total = k.factor32Batch(valuesAt, n, startsAt, primesAt, 0, a.table, FACTOR32_GROUPS, a.bases);
  if (total < 0) return null;
  const idCount = indexPrimes(k, primesAt, total, idsAt, tableAt, n);
  const sumsAt = tableAt; // the table is done with
  new Int32Array(k.memory.buffer, sumsAt, idCount).fill(0);
  for (let from = 0; from < n; from += INDEX_CHUNK) {
    const chunk = Math.min(INDEX_CHUNK, n - from);
    k.weighKeys(idsAt, startsAt + 4 * from, weightsAt + 4 * from, chunk, sumsAt);
  }
  const buffer = k.memory.buffer;
  return {
    primes: new Int32Array(buffer, primesAt, total).slice(),
    starts: new Int32Array(buffer, startsAt, n + 1).slice(),
    ids: new Int32Array(buffer, idsAt, total).slice(),
    sums: new Int32Array(buffer, sumsAt, idCount).slice(),
  };
}

/**
 * What a judge loop in the kernel (multiplicationRunKernel, abgameRunKernel, partisanRunKernel) read and answered;
 * for magicJoinKernel, the passages read (`tests`), with no text.
 */
export interface KernelRun {
  /** Tests read and answered. */
  readonly tests: number;
  /** Bytes read: up to the end of the last test's last token. */
  readonly consumed: number;
  /** Newlines among those bytes. */
  readonly newlines: number;
  /** The answers, one per line, without a newline after the last. */
  readonly text: string;
}

const asciiText = new TextDecoder('utf-8');

/** Where a judge loop of the kernel works: its input, its answers, its state, room of its own. */
interface RunArea {
  readonly inAt: number;
  readonly inEnd: number;
  readonly outAt: number;
  readonly stateAt: number;
  readonly extraAt: number;
}

/**
 * Runs a judge loop of the kernel over a copy of `bytes`: `call` reads tests from [inAt, inEnd), writes their
 * answers from outAt on, and leaves at stateAt where it stopped reading, the newlines read and where it stopped
 * writing (and more of its own, up to 32 bytes). `outPerIn`: the most answer bytes per input byte; `extraBytes`:
 * room from extraAt on.
 */
export function kernelRun(
  bytes: Uint8Array,
  outPerIn: number,
  extraBytes: number,
  call: (k: KernelExports, a: Area32, at: RunArea) => number,
): KernelRun {
  const { k, a } = claimFree();
  const stateAt = a.free;
  const inAt = stateAt + 32;
  const outAt = (inAt + bytes.length + 15) & ~15;
  const extraAt = (outAt + outPerIn * bytes.length + 16 + 15) & ~15;
  reserve(k, extraAt + extraBytes);
  new Uint8Array(k.memory.buffer, inAt, bytes.length).set(bytes);
  const tests = call(k, a, { inAt, inEnd: inAt + bytes.length, outAt, stateAt, extraAt });
  const buffer = k.memory.buffer;
  const [readTo = inAt, newlines = 0, written = outAt] = new Int32Array(buffer, stateAt, 3);
  return {
    tests,
    consumed: readTo - inAt,
    newlines,
    text: tests === 0 ? '' : asciiText.decode(new Uint8Array(buffer, outAt, written - outAt - 1)),
  };
}

/** Trial division strips the primes below this before anything cleverer runs (src/math/factor.ts). */
export const SMALL_PRIME_BOUND = 1024;

/** The least prime that trial division by the small primes cannot have removed. */
export const FIRST_ROUGH_PRIME = 1031;

/** Sweeps for a factor up to a cube root of at most 10^18 need the odd primes up to 10^6. */
export const SWEEP_LIMIT = 1_000_001;

/** Sorts `values` (each from 0 to 2^31 - 1) in place, ascending: an LSD radix sort in the kernel, a byte a pass. */
export function sortNonNegativeKernel(values: Int32Array): void {
  const { k, a } = claimFree();
  const n = values.length;
  const countsAt = (a.free + 15) & ~15;
  const firstAt = countsAt + 1024;
  const secondAt = firstAt + 4 * n;
  reserve(k, secondAt + 4 * n);
  const buffer = k.memory.buffer;
  new Int32Array(buffer, firstAt, n).set(values);
  k.radixPass(firstAt, secondAt, n, 0, countsAt);
  k.radixPass(secondAt, firstAt, n, 8, countsAt);
  k.radixPass(firstAt, secondAt, n, 16, countsAt);
  k.radixPass(secondAt, firstAt, n, 24, countsAt);
  values.set(new Int32Array(buffer, firstAt, n));
}
