/**
 * Prime factorisation of integers up to 10^9: trial division by the primes below 1000, then
 * Miller-Rabin and Pollard-Brent rho on what is left (at most two primes above 1000 remain).
 */

const SMALL_PRIMES: readonly number[] = (() => {
  const primes: number[] = [];
  for (let i = 2; i < 1000; i++) if (primes.every((p) => i % p !== 0)) primes.push(i);
  return primes;
})();

/**
 * a*b mod m for a, b < m < 2^30: the quotient from doubles is off by at most one, and the remainder is
 * recovered exactly from the low 32 bits (Math.imul), so no float modulo is needed.
 */
function mulMod(a: number, b: number, m: number): number {
  const q = Math.floor((a * b) / m);
  let r = (Math.imul(a, b) - Math.imul(q, m)) | 0;
  if (r < 0) r += m;
  else if (r >= m) r -= m;
  return r;
}

function powMod(base: number, exp: number, m: number): number {
  let result = 1;
  let b = base % m;
  let e = exp;
  while (e > 0) {
    if ((e & 1) === 1) result = mulMod(result, b, m);
    b = mulMod(b, b, m);
    e >>>= 1;
  }
  return result;
}

const WITNESSES = [2, 7, 61] as const;

/** Miller-Rabin, deterministic for n < 4,759,123,141 with bases 2, 7 and 61 (here n <= 10^9). */
export function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (const p of WITNESSES) if (n % p === 0) return n === p;
  let d = n - 1;
  let s = 0;
  while ((d & 1) === 0) {
    d >>>= 1;
    s++;
  }
  outer: for (const a of WITNESSES) {
    let x = powMod(a, d, n);
    if (x === 1 || x === n - 1) continue;
    for (let r = 1; r < s; r++) {
      x = mulMod(x, x, n);
      if (x === n - 1) continue outer;
    }
    return false;
  }
  return true;
}

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** A non-trivial factor of an odd composite n (Brent's variant of Pollard's rho). */
function rho(n: number): number {
  for (let c = 1; ; c++) {
    const f = (x: number) => (mulMod(x, x, n) + c) % n;
    let y = 2;
    let r = 1;
    let q = 1;
    let g: number;
    let x: number;
    let ys: number;
    const m = 64;
    do {
      x = y;
      for (let i = 0; i < r; i++) y = f(y);
      let k = 0;
      do {
        ys = y;
        for (let i = 0; i < Math.min(m, r - k); i++) {
          y = f(y);
          q = mulMod(q, Math.abs(x - y), n);
        }
        g = gcd(q, n);
        k += m;
      } while (k < r && g === 1);
      r *= 2;
    } while (g === 1);
    if (g === n) {
      do {
        ys = f(ys);
        g = gcd(Math.abs(x - ys), n);
      } while (g === 1);
    }
    if (g !== n) return g;
  }
}

/** The distinct primes dividing n (1 <= n <= 10^9), ascending. */
export function distinctPrimes(n: number): number[] {
  const primes: number[] = [];
  let m = n | 0;
  for (let i = 0; i < SMALL_PRIMES.length; i++) {
    const p = SMALL_PRIMES[i] ?? 2;
    if (p * p > m) break;
    if (m % p === 0) {
      primes.push(p);
      do m = (m / p) | 0;
      while (m % p === 0);
    }
  }
  if (m === 1) return primes;
  // Trial division stopped either because p*p > m (m is prime) or all primes < 1000 were tried.
  if (m < 1_000_000 || isPrime(m)) {
    primes.push(m);
    return primes;
  }
  const root = Math.round(Math.sqrt(m));
  if (root * root === m) {
    primes.push(root);
    return primes;
  }
  // m has no prime factor below 1000 and m < 1000^3, so it is a product of exactly two distinct primes.
  const p = rho(m);
  const q = (m / p) | 0;
  primes.push(Math.min(p, q), Math.max(p, q));
  return primes;
}
