/**
 * Unsigned 64-bit arithmetic for factoring, as a tiny WebAssembly module. JavaScript has no 64-bit integers
 * besides BigInt (about 60 ns per multiplication), while WebAssembly's i64 makes a Montgomery multiplication a
 * few ns: Miller-Rabin on a prime near 10^18 drops from ~25 us to a few us, and a trial-division sweep to 10^6
 * from ~190 us to about 50 us. The exports work on moduli below 2^62, which covers Grundy's N <= 10^18.
 *
 * The module is written out, readable, in scripts/u64-kernel-source.ts (`npm run kernel` regenerates); these are the bytes it assembles to (a test
 * keeps the two equal), embedded so that no process spends milliseconds assembling it at start.
 */

export const KERNEL_WASM =
  'AGFzbQEAAAABLgdgAX4Bf2ADfn9/AX9gA39/fwF/YAN+fn4BfmABfwF/YAJ/fwF/YAR/f39/AX8DCAcAAQIDBAUGBQMBAAEHUwgHaXNQcmltZQAAC2ZpbmREaXZpc29yAAEKYnVpbGRUYWJsZQACA3JobwADCWlzUHJpbWUzMgAEBXJobzMyAAUHdHJpYWwzMgAGBm1lbW9yeQIACpgiB94KEAF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX8BfwF/IAAhASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBIAFCAiAAIAF+fX4hASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBQgAgAH0gAIIhByAAIAd9IQggByEJQcAAIQ8DQCAJIAl8IQkgCSAJIAB9IAkgAFQbIQkgD0EBayIPDQALIABCAX16pyEOIABCAX0gDq2IIQpBACEQA0ACQEICQsUCQp/JAEKS3AFC18EbQpj61ARC/qOG2AZCACAQQQZGGyAQQQVGGyAQQQRGGyAQQQNGGyAQQQJGGyAQQQFGGyAQQQBGGyAAgiELIAtQDQAgCyAJfiABfiECIAtCIIggCUL/////D4N+IQQgC0L/////D4MgCUIgiH4hBSALQv////8PgyAJQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggCUIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgByEMIAohDQJAA0AgDVANASANQgGDUEUEQCAMIAt+IAF+IQIgDEIgiCALQv////8Pg34hBCAMQv////8PgyALQiCIfiEFIAxC/////w+DIAtC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCALQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDAsgCyALfiABfiECIAtCIIggC0L/////D4N+IQQgC0L/////D4MgC0IgiH4hBSALQv////8PgyALQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAtCIIggC0IgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAyACQiCIIABC/////w+DfiEEIAJC/////w+DIABCIIh+IQUgAkL/////D4MgAEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiACQiCIIABCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQIgAyACfSADIAJ9IAB8IAMgAlobIQsgDUIBiCENDAALCyAMIAdRDQAgDCAIUQ0AIA5BAWshDwJAA0AgD0UNASAMIAx+IAF+IQIgDEIgiCAMQv////8Pg34hBCAMQv////8PgyAMQiCIfiEFIAxC/////w+DIAxC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgDEIgiCAMQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshDCAMIAhRDQIgD0EBayEPDAALC0EADwsgEEEBaiIQQQdHDQALQQELNwEBfwJAA0AgASACTw0BIAFBBHQhAyAAIAMpAwB+IAMpAwhYBEAgAQ8LIAFBAWohAQwACwtBfwupAggBfwF/AX8BfwF/AX8BfgF+IABBAXYhAyACQQAgA/wLAEEBIQQCQANAIARBAXRBAWohBiAGIAZsIABPDQEgAiAEai0AAEUEQCAGIAZsQQF2IQUCQANAIAUgA08NASACIAVqQQE6AAAgBSAGaiEFDAALCwsgBEEBaiEEDAALC0EAIQdBASEEAkADQCAEIANPDQEgAiAEai0AAEUEQCAEQQF0QQFqIQYgASAHQQJ0aiAGNgIAIAatIQkgCSEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogCkICIAkgCn59fiEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogB0EEdCIIIAo3AwAgCEJ/IAmANwMIIAdBAWohBwsgBEEBaiEEDAALCyAHC4ULDgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4gACEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQMgA0ICIAAgA359fiEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQNCASEOQgEhDUIBIQsCQANAIA5CgICACFoEQEIADwsgAiEJIA4hEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAQQgF9IhBQRQ0AC0IAIQ8CQANAIA8gDloNASACIQogDiAPfUKAASAOIA99QoABVBshEANAIAIgAn4gA34hBCACQiCIIAJC/////w+DfiEGIAJC/////w+DIAJCIIh+IQcgAkL/////D4MgAkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCACQiCIIAJCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyECIAIgAXwhAiACIAB9IAIgAiAAWhshAiAJIAJ9IAIgCX0gCSACWhshDCANIAx+IAN+IQQgDUIgiCAMQv////8Pg34hBiANQv////8PgyAMQiCIfiEHIA1C/////w+DIAxC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggDUIgiCAMQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshDSAQQgF9IhBQRQ0ACyANIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVFFDQMgD0KAAXwhDwwACwsgDkIBhiEODAALCyALIABRBEADQCAKIAp+IAN+IQQgCkIgiCAKQv////8Pg34hBiAKQv////8PgyAKQiCIfiEHIApC/////w+DIApC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggCkIgiCAKQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEFIARCIIggAEL/////D4N+IQYgBEL/////D4MgAEIgiH4hByAEQv////8PgyAAQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIARCIIggAEIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBCAFIAR9IAUgBH0gAHwgBSAEWhshCiAKIAF8IQogCiAAfSAKIAogAFobIQogCSAKfSAKIAl9IAkgClobIQsgACEMAkADQCAMUA0BIAsgDIIgDCELIQwMAAsLIAtCAVENAAsLIAsLzAMOAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF/AX8BfyAArSEBIAAhAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECIAJBAiAAIAJsa2whAiACQQIgACACbGtsIQIgAkECIAAgAmxrbCECQQAgAmshAkKAgICAECABgiEFIAEgBX0hBiAFIAV+IAGCIQcgAUIBfXqnIQwgAUIBfSAMrYghCEEAIQ4DQAJAQgJCB0I9QgAgDkECRhsgDkEBRhsgDkEARhsgAYIhCSAJUA0AIAkgB34iA6cgAmytIAF+IAN8QiCIIQQgBCABfSAEIAQgAVobIQkgBSEKIAghCwJAA0AgC1ANASALQgGDUEUEQCAKIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEKCyAJIAl+IgOnIAJsrSABfiADfEIgiCEEIAQgAX0gBCAEIAFaGyEJIAtCAYghCwwACwsgCiAFUQ0AIAogBlENACAMQQFrIQ0CQANAIA1FDQEgCiAKfiIDpyACbK0gAX4gA3xCIIghBCAEIAF9IAQgBCABWhshCiAKIAZRDQIgDUEBayENDAALC0EADwsgDkEBaiIOQQNHDQALQQELzwQOAX4BfwF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfiAArSECIAAhAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDIANBAiAAIANsa2whAyADQQIgACADbGtsIQMgA0ECIAAgA2xrbCEDQQAgA2shAyABrSACgiEGQgIhB0IBIQ1CASEMQgEhCgJAA0AgDUKAgIAIWgRAQQAPCyAHIQggDSEPA0AgByAHfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshByAHIAZ8IQcgByACfSAHIAcgAlobIQcgD0IBfSIPUEUNAAtCACEOAkADQCAOIA1aDQEgByEJIA0gDn1CICANIA59QiBUGyEPA0AgByAHfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshByAHIAZ8IQcgByACfSAHIAcgAlobIQcgCCAHfSAHIAh9IAggB1obIQsgDCALfiIEpyADbK0gAn4gBHxCIIghBSAFIAJ9IAUgBSACWhshDCAPQgF9Ig9QRQ0ACyAMIQogAiELAkADQCALUA0BIAogC4IgCyEKIQsMAAsLIApCAVFFDQMgDkIgfCEODAALCyANQgGGIQ0MAAsLIAogAlEEQANAIAkgCX4iBKcgA2ytIAJ+IAR8QiCIIQUgBSACfSAFIAUgAlobIQkgCSAGfCEJIAkgAn0gCSAJIAJaGyEJIAggCX0gCSAIfSAIIAlaGyEKIAIhCwJAA0AgC1ANASAKIAuCIAshCiELDAALCyAKQgFRDQALCyAKpwusAQcBfwF/AX8BfwF/AX8Bf0EAIQQgAEEBcUUEQCADQQI2AgRBASEEIAAgAGh2IQALQQAhBQJAA0AgBSACTw0BIAEgBUEMbGohBiAGKAIAIgcgB2wgAEsNASAGKAIIIQkgACAGKAIEIghsIgogCU0EQCADIARBAnRqIAc2AgQgBEEBaiEEA0AgCiEAIAAgCGwiCiAJTQ0ACwsgBUEBaiEFDAALCyADIAQ2AgAgAAs=';

/** The part of the WebAssembly JS API used here (the DOM typings that declare it are not loaded). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface KernelExports {
  isPrime(n: bigint): number;
  findDivisor(m: bigint, from: number, to: number): number;
  buildTable(limit: number, primesAt: number, sieveAt: number): number;
  rho(n: bigint, c: bigint, y0: bigint): bigint;
  isPrime32(n: number): number;
  rho32(n: number, c: number): number;
  trial32(m: number, tableAt: number, count: number, outAt: number): number;
  readonly memory: WasmMemory;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

let kernel: KernelExports | undefined;

/** The module's bytes, decoded in a plain loop (no callback per byte: this runs once, in the interpreter). */
function kernelBytes(): Uint8Array {
  const text = atob(KERNEL_WASM);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Compiled on first use (well under a millisecond), so importing the game costs nothing. */
function load(): KernelExports {
  if (kernel === undefined) {
    const api = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const k = new api.Instance(new api.Module(kernelBytes()), {}).exports as KernelExports;
    placeTrial32(k, 0);
    kernel = k;
  }
  return kernel;
}

/** The odd primes the divisor table covers, in order (a view into the kernel's memory). */
let tablePrimes: Uint32Array = new Uint32Array(0);
let tableLimit = 0;

/** Makes the table cover every odd prime below `limit` (rebuilt whole when it grows; 10^6 takes ~2 ms). */
export function ensureTable(limit: number): void {
  if (limit <= tableLimit) return;
  const k = load();
  // pi(x) < 1.26 x / ln x (Rosser and Schoenfeld) bounds the entries before the sieve has counted them.
  const capacity = Math.ceil((1.26 * limit) / Math.log(limit)) + 16;
  const primesAt = capacity * 16;
  const sieveAt = primesAt + capacity * 4;
  const needed = sieveAt + (limit >>> 1);
  const have = k.memory.buffer.byteLength;
  if (needed > have) k.memory.grow(Math.ceil((needed - have) / 65536));
  const count = k.buildTable(limit, primesAt, sieveAt);
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

// Computed when the module loads, by a plain loop: it runs in the interpreter, where a callback per candidate
// (primes.every) cost about 3 ms of every `grundy judge` start.
const TRIAL32_PRIMES: readonly number[] = (() => {
  const primes: number[] = [];
  for (let i = 3; i < 1000; i += 2) {
    let d = 3;
    while (d * d <= i && i % d !== 0) d += 2;
    if (d * d > i) primes.push(i);
  }
  return primes;
})();
const TRIAL32_BYTES = TRIAL32_PRIMES.length * 12;
/** Room for the count and at most 9 distinct primes (every number below 2^31 has fewer than 10). */
const TRIAL32_OUT_BYTES = 64;

let trial32At = 0;
let trial32Out: Int32Array = new Int32Array(0);

/** Writes the trial table at `at` (growing the memory when needed) and points the result view after it. */
function placeTrial32(k: KernelExports, at: number): void {
  const aligned = (at + 15) & ~15;
  const needed = aligned + TRIAL32_BYTES + TRIAL32_OUT_BYTES;
  const have = k.memory.buffer.byteLength;
  if (needed > have) k.memory.grow(Math.ceil((needed - have) / 65536));
  const table = new Int32Array(k.memory.buffer, aligned, TRIAL32_PRIMES.length * 3);
  TRIAL32_PRIMES.forEach((p, i) => {
    let inv = p;
    for (let step = 0; step < 5; step++) inv = Math.imul(inv, 2 - Math.imul(p, inv));
    table[3 * i] = p;
    table[3 * i + 1] = inv;
    table[3 * i + 2] = Math.floor(0xffffffff / p) | 0;
  });
  trial32At = aligned;
  trial32Out = new Int32Array(k.memory.buffer, aligned + TRIAL32_BYTES, TRIAL32_OUT_BYTES / 4);
}

/**
 * Removes 2 and the odd primes below 1000 from m (1 <= m < 2^31) and returns the rest: 1, a prime (when
 * the scan stopped at p*p > rest) or a number without prime factors below 1000. The distinct primes removed
 * are trial32Found()[1..count], with count = trial32Found()[0].
 */
export function trial32Kernel(m: number): number {
  const k = load();
  return k.trial32(m, trial32At, TRIAL32_PRIMES.length, trial32At + TRIAL32_BYTES);
}

/** The result area of the last trial32Kernel call (valid until the next call or table rebuild). */
export function trial32Found(): Int32Array {
  return trial32Out;
}
