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

/** A probability as an exact fraction [num, den] in lowest terms. */
export type ExactFraction = readonly [bigint, bigint];

function lowest(num: bigint, den: bigint): ExactFraction {
  let [x, y] = [num, den];
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? [0n, 1n] : [num / x, den / x];
}

/**
 * The editorial's random-play DP over (g, cards taken), in exact fractions: the reference for the exact
 * answer at the sizes the brute force cannot reach (n around the exact-fraction limit of 100).
 */
export function editorialExact(a: readonly number[]): ExactFraction {
  const n = a.length;
  const memo = new Map<string, ExactFraction>();
  const multiples = (g: number) => a.filter((x) => x % g === 0).length;
  // Probability that the player to move at (g, taken) wins; g = 1 means the previous move lost.
  const win = (g: number, taken: number): ExactFraction => {
    if (g === 1) return [1n, 1n];
    if (taken === n) return [0n, 1n];
    const key = `${g}:${taken}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let [num, den]: ExactFraction = [0n, 1n];
    const addLoss = ([pn, pd]: ExactFraction, weight: number): void => {
      // num/den + weight * (1 - pn/pd)
      [num, den] = lowest(num * pd + BigInt(weight) * (pd - pn) * den, den * pd);
    };
    const tot = multiples(g);
    if (taken < tot) addLoss(win(g, taken + 1), tot - taken);
    // Cards that move g to the same h are one term, weighted by how many there are.
    const moves = new Map<number, number>();
    for (const x of a) if (x % g !== 0) moves.set(gcd(g, x), (moves.get(gcd(g, x)) ?? 0) + 1);
    for (const [h, count] of moves) addLoss(win(h, taken + 1), count);
    const result = lowest(num, den * BigInt(n - taken));
    memo.set(key, result);
    return result;
  };
  let [num, den]: ExactFraction = [0n, 1n];
  const firsts = new Map<number, number>();
  for (const x of a) firsts.set(x, (firsts.get(x) ?? 0) + 1);
  for (const [x, count] of firsts) {
    const [pn, pd] = win(x, 1);
    [num, den] = lowest(num * pd + BigInt(count) * (pd - pn) * den, den * pd);
  }
  return lowest(num, den * BigInt(n));
}
