/** Independent octal references for the tests (nothing from src/). */

/** The least (n0, p) the periodicity theorem proves from g[0..m], by scanning: no Z-function, no shared code. */
export function scanPeriod(
  g: ArrayLike<number>,
  m: number,
  k: number,
): { preperiod: number; period: number } | null {
  for (let p = 1; 2 * p + k - 1 <= m; p++) {
    let n0 = m - p + 1;
    while (n0 > 0 && g[n0 - 1 + p] === g[n0 - 1]) n0--;
    if (2 * n0 + 2 * p + k - 1 <= m) return { preperiod: n0, period: p };
  }
  return null;
}

/**
 * G(0..m) of an octal code (digits d1..dk, or Nim), straight from the definition with a mark array per n: every
 * option of n listed, its value the XOR of what is left, G(n) the least value not marked. Quadratic; for the
 * tests' few thousand values.
 */
export function definitionValues(digits: readonly number[] | 'nim', m: number): Int32Array {
  const g = new Int32Array(m + 1);
  // A value is at most the number of options, below k (m + 2); an XOR of two stays below the next power of 2.
  let cap = 1;
  while (digits !== 'nim' && cap <= digits.length * (m + 2)) cap *= 2;
  const seen = new Int32Array(cap + 1).fill(-1);
  for (let n = 0; n <= m; n++) {
    if (digits === 'nim') {
      g[n] = n;
      continue;
    }
    for (let take = 1; take <= Math.min(n, digits.length); take++) {
      const d = digits[take - 1]!;
      const rest = n - take;
      if (d & 1 && rest === 0) seen[0] = n;
      if (d & 2 && rest > 0) seen[g[rest]!] = n;
      if (d & 4) for (let a = 1; 2 * a <= rest; a++) seen[g[a]! ^ g[rest - a]!] = n;
    }
    let mex = 0;
    while (seen[mex] === n) mex++;
    g[n] = mex;
  }
  return g;
}
