/**
 * Integer factorisation for n < 2^62 (Grundy needs N <= 10^18): trial division by the primes below 1024,
 * then deterministic Miller-Rabin, perfect powers and Pollard-Brent rho on the rest. The 64-bit
 * arithmetic runs in the WebAssembly kernel; BigInt only carries values between the steps.
 */
import {
  FIRST_ROUGH_PRIME,
  SMALL_PRIME_BOUND,
  SWEEP_LANES,
  SWEEP_LIMIT,
  ensureTable,
  findTableDivisor,
  findTableDivisors,
  isOddPrime32Kernel,
  isOddPrimeKernel,
  rhoKernel,
  tableCountBelow,
  tablePrime,
} from './u64-kernel.js';

export interface PrimePower {
  readonly prime: bigint;
  readonly exponent: number;
}

/** Largest input: the kernel's Montgomery arithmetic needs moduli below 2^62. */
export const MAX_FACTOR_INPUT = (1n << 62n) - 1n;

// The trial division's bounds (SMALL_PRIME_BOUND, FIRST_ROUGH_PRIME, SWEEP_LIMIT) live beside the kernel, whose
// judge loop for Multiplication needs them too.
export { FIRST_ROUGH_PRIME, SMALL_PRIME_BOUND };

/** isOddPrime32Kernel takes odd n below this. */
const SMALL_KERNEL_LIMIT = 1n << 31n;

const PRIMES_BELOW_64 = new Set([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61]);

function checkRange(n: bigint): void {
  if (n < 1n || n > MAX_FACTOR_INPUT) throw new RangeError(`factor.ts handles 1 <= n < 2^62, got ${n}`);
}

/** Deterministic for every n < 2^62. */
export function isPrime(n: bigint): boolean {
  if (n < 64n) return PRIMES_BELOW_64.has(Number(n));
  if ((n & 1n) === 0n) return false;
  // Below 2^31 three 32-bit rounds decide it, a tenth of the seven 64-bit ones (the root of a square near 10^18).
  if (n < SMALL_KERNEL_LIMIT) return isOddPrime32Kernel(Number(n));
  checkRange(n);
  return isOddPrimeKernel(n);
}

/** floor(n^(1/k)) for n >= 0, k >= 1: a floating-point guess, corrected exactly. */
export function integerRoot(n: bigint, k: number): bigint {
  if (k === 1 || n < 2n) return n;
  const power = BigInt(k);
  let root = BigInt(Math.floor(Number(n) ** (1 / k)));
  while (root > 0n && root ** power > n) root--;
  while ((root + 1n) ** power <= n) root++;
  return root;
}

/**
 * m = root^exponent with the largest exponent >= 2, or undefined when m is no perfect power. `minFactor`
 * is a lower bound on m's prime factors and bounds the exponents worth trying.
 */
export function perfectPower(m: bigint, minFactor: number): { root: bigint; exponent: number } | undefined {
  const x = Number(m);
  const maxExponent = Math.floor(Math.log(x) / Math.log(minFactor) + 1e-9);
  // Trying the largest exponent first makes the first hit the largest, so the root is no perfect power.
  for (let k = maxExponent; k >= 2; k--) {
    const guess = k === 2 ? Math.sqrt(x) : k === 3 ? Math.cbrt(x) : x ** (1 / k);
    const rounded = Math.round(guess);
    // A true k-th root (at most 2^31) comes out of floating point within 1e-6 of its value, so a guess
    // further from an integer rules k out without any BigInt work.
    if (Math.abs(guess - rounded) > 1e-3) continue;
    const root = BigInt(rounded);
    if (root ** BigInt(k) === m) return { root, exponent: k };
  }
  return undefined;
}

/** How many table primes are below SMALL_PRIME_BOUND (-1: not counted yet). */
let smallPrimesEnd = -1;

/** n with its prime factors below SMALL_PRIME_BOUND removed: those (ascending) and what is left. */
export function stripSmallPrimes(n: bigint): { readonly factors: PrimePower[]; readonly rest: bigint } {
  checkRange(n);
  const factors: PrimePower[] = [];
  let m = n;
  // The lowest set bit is an exact power of two, so its logarithm counts the factors 2.
  const twos = Math.log2(Number(m & -m));
  if (twos > 0) {
    m >>= BigInt(twos);
    factors.push({ prime: 2n, exponent: twos });
  }
  ensureTable(SMALL_PRIME_BOUND);
  // The table's indices never change (a rebuild only appends), so the binary search runs once.
  if (smallPrimesEnd < 0) smallPrimesEnd = tableCountBelow(SMALL_PRIME_BOUND);
  const end = smallPrimesEnd;
  let i = 0;
  while (m > 1n) {
    i = findTableDivisor(m, i, end);
    if (i < 0) break;
    const p = BigInt(tablePrime(i));
    let exponent = 0;
    do {
      m /= p;
      exponent++;
    } while (m % p === 0n);
    factors.push({ prime: p, exponent });
    i++;
  }
  return { factors, rest: m };
}

/**
 * The least prime factor p of m with FIRST_ROUGH_PRIME <= p <= bound (bound <= 10^6), or undefined.
 * Deterministic: one multiplication per prime in the kernel, under 0.1 ms for the full range.
 */
export function smallestFactorUpTo(m: bigint, bound: number): bigint | undefined {
  checkSweep(m, bound);
  ensureTable(SWEEP_LIMIT);
  const index = findTableDivisor(m, tableCountBelow(FIRST_ROUGH_PRIME), tableCountBelow(bound + 1));
  return index < 0 ? undefined : BigInt(tablePrime(index));
}

function checkSweep(m: bigint, bound: number): void {
  checkRange(m);
  if (bound >= SWEEP_LIMIT) throw new RangeError(`the sweep covers primes up to 10^6, asked for ${bound}`);
}

/**
 * smallestFactorUpTo(ms[j], bounds[j]) for every j, SWEEP_LANES numbers to a pass over the table (about half
 * the time per number of one at a time). A lane leaves its pass at its factor or its own bound, so every
 * answer is exactly the single sweep's.
 */
export function smallestFactorsUpTo(
  ms: readonly bigint[],
  bounds: readonly number[],
): (bigint | undefined)[] {
  ms.forEach((m, j) => checkSweep(m, bounds[j] ?? 0));
  ensureTable(SWEEP_LIMIT);
  const first = tableCountBelow(FIRST_ROUGH_PRIME);
  const found: (bigint | undefined)[] = ms.map(() => undefined);
  // By bound, so that the lanes of a pass end close together.
  const order = ms.map((_, j) => j).sort((a, b) => (bounds[a] ?? 0) - (bounds[b] ?? 0));
  const lane: bigint[] = [];
  const ends: number[] = [];
  for (let at = 0; at < order.length; at += SWEEP_LANES) {
    const group = order.slice(at, at + SWEEP_LANES);
    for (let j = 0; j < SWEEP_LANES; j++) {
      const which = group[j];
      lane[j] = which === undefined ? 1n : (ms[which] ?? 1n);
      ends[j] = which === undefined ? first : tableCountBelow((bounds[which] ?? 0) + 1);
    }
    let i = first;
    for (;;) {
      // Sweep to the nearest end of a lane still in the pass; past it that lane has no factor to find.
      let to = Infinity;
      for (let j = 0; j < SWEEP_LANES; j++) if (lane[j] !== 1n && (ends[j] ?? 0) < to) to = ends[j] ?? 0;
      if (to === Infinity) break;
      const hit =
        i < to ? findTableDivisors(lane[0] ?? 1n, lane[1] ?? 1n, lane[2] ?? 1n, lane[3] ?? 1n, i, to) : -1;
      if (hit < 0) {
        for (let j = 0; j < SWEEP_LANES; j++) if ((ends[j] ?? 0) <= to) lane[j] = 1n;
        // (A bound below FIRST_ROUGH_PRIME ends before the sweep's start: never step back to it.)
        i = Math.max(i, to);
        continue;
      }
      i = hit >>> SWEEP_LANES;
      const prime = BigInt(tablePrime(i));
      for (let j = 0; j < SWEEP_LANES; j++) {
        const which = group[j];
        if ((hit & (1 << j)) === 0 || which === undefined) continue;
        found[which] = prime;
        lane[j] = 1n;
      }
      i++;
    }
  }
  return found;
}

/** A divisor d of the odd composite m with 1 < d < m. */
function rhoDivisor(m: bigint): bigint {
  for (let c = 1n; ; c++) {
    const d = rhoKernel(m, c, 2n);
    if (d > 1n && d < m) return d;
  }
}

/** Adds the prime powers of m (all of whose prime factors are >= FIRST_ROUGH_PRIME) to `into`. */
function splitRough(m: bigint, multiplicity: number, into: Map<bigint, number>): void {
  if (m === 1n) return;
  if (m < BigInt(FIRST_ROUGH_PRIME) ** 2n || isPrime(m)) {
    into.set(m, (into.get(m) ?? 0) + multiplicity);
    return;
  }
  const power = perfectPower(m, FIRST_ROUGH_PRIME);
  if (power !== undefined) {
    splitRough(power.root, multiplicity * power.exponent, into);
    return;
  }
  const d = rhoDivisor(m);
  splitRough(d, multiplicity, into);
  splitRough(m / d, multiplicity, into);
}

/** The prime factorisation of n (1 <= n < 2^62), primes ascending; empty for 1. */
export function factorize(n: bigint): PrimePower[] {
  const { factors, rest } = stripSmallPrimes(n);
  const rough = new Map<bigint, number>();
  splitRough(rest, 1, rough);
  const large = [...rough].map(([prime, exponent]) => ({ prime, exponent }));
  large.sort((a, b) => (a.prime < b.prime ? -1 : 1));
  return [...factors, ...large];
}
