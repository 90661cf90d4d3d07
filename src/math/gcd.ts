/** Greatest common divisors, for the games and the fractions that need them. */

/** gcd(a, b) for non-negative safe integers; gcd(0, 0) = 0. */
export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** gcd(|a|, |b|) over BigInt; gcd(0, 0) = 0. */
export function gcdBig(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
