/**
 * An independent re-implementation of the accepted contest solution (the editorial's DP over
 * (g, cards taken), O(n^3), doubles), used to check Grundy's answers on contest-sized inputs.
 */
function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function editorialSolve(a: readonly number[]): { win: boolean; p: number } {
  const n = a.length;
  const winMemo = new Map<number, boolean>();
  const probMemo = new Map<number, number>();
  const multiples = (g: number) => a.filter((x) => x % g === 0).length;
  const isWinning = (g: number, taken: number): boolean => {
    if (g === 1) return true;
    if (taken === n) return false;
    const key = g * 1000 + taken;
    const known = winMemo.get(key);
    if (known !== undefined) return known;
    const tot = multiples(g);
    let win = false;
    if (taken < tot && !isWinning(g, taken + 1)) win = true;
    for (let i = 0; i < n && !win; i++) {
      const x = a[i] ?? 1;
      if (x % g !== 0 && !isWinning(gcd(g, x), taken + 1)) win = true;
    }
    winMemo.set(key, win);
    return win;
  };
  const probWinning = (g: number, taken: number): number => {
    if (g === 1) return 1;
    if (taken === n) return 0;
    const key = g * 1000 + taken;
    const known = probMemo.get(key);
    if (known !== undefined) return known;
    const tot = multiples(g);
    let res = 0;
    if (taken < tot) res += (1 - probWinning(g, taken + 1)) * (tot - taken);
    for (const x of a) if (x % g !== 0) res += 1 - probWinning(gcd(g, x), taken + 1);
    res /= n - taken;
    probMemo.set(key, res);
    return res;
  };
  // The first move from g = 0: any card, g becomes that card.
  let win = false;
  let p = 0;
  for (const x of a) {
    if (!isWinning(x, 1)) win = true;
    p += 1 - probWinning(x, 1);
  }
  return { win, p: p / n };
}
