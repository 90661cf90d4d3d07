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
