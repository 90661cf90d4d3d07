/**
 * Independent SEAGM references for the tests: the accepted contest solution re-implemented (the editorial's DP
 * over (g, cards taken), O(n^3), doubles) to check Grundy's answers on contest-sized inputs, a minimax over the
 * cards left, and the small pieces they stand on (gcd, primes by trial division); none of them uses src/.
 * `expectSameAsBrute` compares the solver with the brute force of src/games/seagm/brute.ts.
 */
import { expect } from 'vitest';
import { seagmBrute } from '../../src/games/seagm/brute.js';
import { solveSeagm } from '../../src/games/seagm/solve.js';

export function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** The distinct primes of n, ascending, by trial division. */
export function primesOf(n: number): number[] {
  const out: number[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    if (m % d !== 0) continue;
    out.push(d);
    while (m % d === 0) m /= d;
  }
  if (m > 1) out.push(m);
  return out;
}

/** The cards with one copy of `card` taken out. */
export function without(cards: readonly number[], card: number): number[] {
  const rest = [...cards];
  rest.splice(rest.indexOf(card), 1);
  return rest;
}

/** Minimax over the cards left (sorted): does the player to move win at g (0 before the first card)? */
export function minimax(): (cards: readonly number[], g: number) => boolean {
  const memo = new Map<string, boolean>();
  const wins = (cards: readonly number[], g: number): boolean => {
    const key = `${g}:${cards.join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let win = false;
    for (let i = 0; i < cards.length && !win; i++) {
      if (i > 0 && cards[i] === cards[i - 1]) continue;
      const next = gcd(g, cards[i] ?? 1);
      // Making g = 1 loses; a player facing an empty table loses.
      if (next !== 1) win = !wins([...cards.slice(0, i), ...cards.slice(i + 1)], next);
    }
    memo.set(key, win);
    return win;
  };
  return wins;
}

/** The fast solver's whole result on `cards` against the brute force's (probabilities to 12 places). */
export function expectSameAsBrute(cards: number[]): void {
  const { probability, endsOnTurn, refutations, ...exact } = solveSeagm({ cards });
  const brute = seagmBrute.solve({ cards });
  const { probability: bp, endsOnTurn: be, refutations: br, ...bruteExact } = brute;
  expect(exact).toEqual(bruteExact);
  expect(probability).toBeCloseTo(bp, 12);
  expect(endsOnTurn.map((v) => v.toFixed(12))).toEqual(be.map((v) => v.toFixed(12)));
  expect(refutations.length > 0).toBe(br.length > 0);
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
