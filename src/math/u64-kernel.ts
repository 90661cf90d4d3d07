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
  'AGFzbQEAAAABGwRgAX4Bf2ADfn9/AX9gA39/fwF/YAN+fn4BfgMFBAABAgMFAwEAAQc1BQdpc1ByaW1lAAALZmluZERpdmlzb3IAAQpidWlsZFRhYmxlAAIDcmhvAAMGbWVtb3J5AgAKyxgE3goQAX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfwF/AX8gACEBIAFCAiAAIAF+fX4hASABQgIgACABfn1+IQEgAUICIAAgAX59fiEBIAFCAiAAIAF+fX4hASABQgIgACABfn1+IQFCACAAfSAAgiEHIAAgB30hCCAHIQlBwAAhDwNAIAkgCXwhCSAJIAkgAH0gCSAAVBshCSAPQQFrIg8NAAsgAEIBfXqnIQ4gAEIBfSAOrYghCkEAIRADQAJAQgJCxQJCn8kAQpLcAULXwRtCmPrUBEL+o4bYBkIAIBBBBkYbIBBBBUYbIBBBBEYbIBBBA0YbIBBBAkYbIBBBAUYbIBBBAEYbIACCIQsgC1ANACALIAl+IAF+IQIgC0IgiCAJQv////8Pg34hBCALQv////8PgyAJQiCIfiEFIAtC/////w+DIAlC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgC0IgiCAJQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshCyAHIQwgCiENAkADQCANUA0BIA1CAYNQRQRAIAwgC34gAX4hAiAMQiCIIAtC/////w+DfiEEIAxC/////w+DIAtCIIh+IQUgDEL/////D4MgC0L/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiAMQiCIIAtCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQMgAkIgiCAAQv////8Pg34hBCACQv////8PgyAAQiCIfiEFIAJC/////w+DIABC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgAkIgiCAAQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCECIAMgAn0gAyACfSAAfCADIAJaGyEMCyALIAt+IAF+IQIgC0IgiCALQv////8Pg34hBCALQv////8PgyALQiCIfiEFIAtC/////w+DIAtC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgC0IgiCALQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCEDIAJCIIggAEL/////D4N+IQQgAkL/////D4MgAEIgiH4hBSACQv////8PgyAAQv////8Pg35CIIggBEL/////D4N8IAVC/////w+DfCEGIAJCIIggAEIgiH4gBEIgiHwgBUIgiHwgBkIgiHwhAiADIAJ9IAMgAn0gAHwgAyACWhshCyANQgGIIQ0MAAsLIAwgB1ENACAMIAhRDQAgDkEBayEPAkADQCAPRQ0BIAwgDH4gAX4hAiAMQiCIIAxC/////w+DfiEEIAxC/////w+DIAxCIIh+IQUgDEL/////D4MgDEL/////D4N+QiCIIARC/////w+DfCAFQv////8Pg3whBiAMQiCIIAxCIIh+IARCIIh8IAVCIIh8IAZCIIh8IQMgAkIgiCAAQv////8Pg34hBCACQv////8PgyAAQiCIfiEFIAJC/////w+DIABC/////w+DfkIgiCAEQv////8Pg3wgBUL/////D4N8IQYgAkIgiCAAQiCIfiAEQiCIfCAFQiCIfCAGQiCIfCECIAMgAn0gAyACfSAAfCADIAJaGyEMIAwgCFENAiAPQQFrIQ8MAAsLQQAPCyAQQQFqIhBBB0cNAAtBAQs3AQF/AkADQCABIAJPDQEgAUEEdCEDIAAgAykDAH4gAykDCFgEQCABDwsgAUEBaiEBDAALC0F/C6kCCAF/AX8BfwF/AX8BfwF+AX4gAEEBdiEDIAJBACAD/AsAQQEhBAJAA0AgBEEBdEEBaiEGIAYgBmwgAE8NASACIARqLQAARQRAIAYgBmxBAXYhBQJAA0AgBSADTw0BIAIgBWpBAToAACAFIAZqIQUMAAsLCyAEQQFqIQQMAAsLQQAhB0EBIQQCQANAIAQgA08NASACIARqLQAARQRAIARBAXRBAWohBiABIAdBAnRqIAY2AgAgBq0hCSAJIQogCkICIAkgCn59fiEKIApCAiAJIAp+fX4hCiAKQgIgCSAKfn1+IQogCkICIAkgCn59fiEKIApCAiAJIAp+fX4hCiAHQQR0IgggCjcDACAIQn8gCYA3AwggB0EBaiEHCyAEQQFqIQQMAAsLIAcLhQsOAX4BfgF+AX4BfgF+AX4BfgF+AX4BfgF+AX4BfiAAIQMgA0ICIAAgA359fiEDIANCAiAAIAN+fX4hAyADQgIgACADfn1+IQMgA0ICIAAgA359fiEDIANCAiAAIAN+fX4hA0IBIQ5CASENQgEhCwJAA0AgDkKAgIAIWgRAQgAPCyACIQkgDiEQA0AgAiACfiADfiEEIAJCIIggAkL/////D4N+IQYgAkL/////D4MgAkIgiH4hByACQv////8PgyACQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIAJCIIggAkIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBSAEQiCIIABC/////w+DfiEGIARC/////w+DIABCIIh+IQcgBEL/////D4MgAEL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCAEQiCIIABCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQQgBSAEfSAFIAR9IAB8IAUgBFobIQIgAiABfCECIAIgAH0gAiACIABaGyECIBBCAX0iEFBFDQALQgAhDwJAA0AgDyAOWg0BIAIhCiAOIA99QoABIA4gD31CgAFUGyEQA0AgAiACfiADfiEEIAJCIIggAkL/////D4N+IQYgAkL/////D4MgAkIgiH4hByACQv////8PgyACQv////8Pg35CIIggBkL/////D4N8IAdC/////w+DfCEIIAJCIIggAkIgiH4gBkIgiHwgB0IgiHwgCEIgiHwhBSAEQiCIIABC/////w+DfiEGIARC/////w+DIABCIIh+IQcgBEL/////D4MgAEL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCAEQiCIIABCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQQgBSAEfSAFIAR9IAB8IAUgBFobIQIgAiABfCECIAIgAH0gAiACIABaGyECIAkgAn0gAiAJfSAJIAJaGyEMIA0gDH4gA34hBCANQiCIIAxC/////w+DfiEGIA1C/////w+DIAxCIIh+IQcgDUL/////D4MgDEL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCANQiCIIAxCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyENIBBCAX0iEFBFDQALIA0hCyAAIQwCQANAIAxQDQEgCyAMgiAMIQshDAwACwsgC0IBUUUNAyAPQoABfCEPDAALCyAOQgGGIQ4MAAsLIAsgAFEEQANAIAogCn4gA34hBCAKQiCIIApC/////w+DfiEGIApC/////w+DIApCIIh+IQcgCkL/////D4MgCkL/////D4N+QiCIIAZC/////w+DfCAHQv////8Pg3whCCAKQiCIIApCIIh+IAZCIIh8IAdCIIh8IAhCIIh8IQUgBEIgiCAAQv////8Pg34hBiAEQv////8PgyAAQiCIfiEHIARC/////w+DIABC/////w+DfkIgiCAGQv////8Pg3wgB0L/////D4N8IQggBEIgiCAAQiCIfiAGQiCIfCAHQiCIfCAIQiCIfCEEIAUgBH0gBSAEfSAAfCAFIARaGyEKIAogAXwhCiAKIAB9IAogCiAAWhshCiAJIAp9IAogCX0gCSAKWhshCyAAIQwCQANAIAxQDQEgCyAMgiAMIQshDAwACwsgC0IBUQ0ACwsgCws=';

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
  readonly memory: WasmMemory;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

let kernel: KernelExports | undefined;

/** Compiled on first use (well under a millisecond), so importing the game costs nothing. */
function load(): KernelExports {
  if (kernel === undefined) {
    const api = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    kernel = new api.Instance(new api.Module(Uint8Array.from(atob(KERNEL_WASM), (c) => c.charCodeAt(0))), {})
      .exports as KernelExports;
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
