/**
 * The Multiplication Game move by move (`play.ts`), every field a user sees, on every position reachable from
 * small N: the status, each move's words, the position after it, the shown lines and the best move's verdict
 * and reason, against N and M factored here by trial division and a minimax over M written here from the
 * rules (reach N: win; stop dividing N: tie). Nothing here uses the solver.
 */
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import {
  multiplicationPlay as play,
  type MultiplicationPosition,
} from '../../src/games/multiplication/play.js';

/** N's primes and exponents by trial division. */
function factor(n: bigint): { prime: bigint; exponent: number }[] {
  const out: { prime: bigint; exponent: number }[] = [];
  let m = n;
  for (let d = 2n; d * d <= m; d++) {
    let e = 0;
    for (; m % d === 0n; m /= d) e++;
    if (e > 0) out.push({ prime: d, exponent: e });
  }
  if (m > 1n) out.push({ prime: m, exponent: 1 });
  return out;
}

/** How many times `p` divides `m`. */
function exponentIn(m: bigint, p: bigint): number {
  let e = 0;
  for (let x = m; x % p === 0n; x /= p) e++;
  return e;
}

const FLIP: Record<Verdict, Verdict> = { win: 'loss', loss: 'win', tie: 'tie' };
const RANK: Record<Verdict, number> = { loss: 0, tie: 1, win: 2 };

/** The value of M for the player about to multiply, by the rules alone. */
function minimax(n: bigint, m: bigint, memo = new Map<bigint, Verdict>()): Verdict {
  if (n % m !== 0n) return 'tie';
  if (m === n) return 'loss';
  const known = memo.get(m);
  if (known !== undefined) return known;
  let best: Verdict = 'loss';
  for (const { prime } of factor(n)) {
    const v = FLIP[minimax(n, m * prime, memo)];
    if (RANK[v] > RANK[best]) best = v;
  }
  memo.set(m, best);
  return best;
}

const power = (p: bigint, k: number): string => (k === 1 ? String(p) : `${p}^${k}`);

/** N / M in words, from the factors of N / M. */
function rest(n: bigint, m: bigint): string {
  const parts = factor(n / m).map((f) => power(f.prime, f.exponent));
  return parts.length === 0 ? '1' : parts.join(' × ');
}

/** The reason the best move's explanation gives, from N, M, the value and the move. */
function reasonOf(n: bigint, m: bigint, value: Verdict, move: string): string {
  const primes = factor(n).map((f) => f.prime);
  const full = primes.filter((p) => exponentIn(m, p) === exponentIn(n, p));
  const still = `N / M = ${rest(n, m)}`;
  if (full.length > 0)
    return value === 'win'
      ? `${still} is one prime away: multiply by ${move} and reach N.`
      : `M already holds all of ${full.join(', ')}: multiplying by it again over-fills it, so either side can force a tie, and ${still} is more than one move away.`;
  const left = factor(n / m).map((f) => f.exponent);
  if (left.length === 1) {
    const k = left[0] ?? 0;
    return `${still}: only ${k} multiplication${k === 1 ? '' : 's'} left, all forced, so the parity of ${k} decides: the ${k % 2 === 1 ? 'mover' : 'other player'} makes the last one.`;
  }
  const [a = 0, b = 0] = left;
  if (left.length === 2 && a === b)
    return `${still}: equal exponents, so the other player mirrors every move (p after q, q after p) and makes the last one.`;
  if (left.length === 2 && Math.abs(a - b) === 1)
    return `${still}: exponents one apart, so multiply by the prime with the larger one (${move}), then mirror every reply.`;
  return `${still}: whoever cannot make the last multiplication over-fills a prime first, so neither side can win: a tie.`;
}

/** Checks every field at `p` and every move from it, notes the kind of end or reason in `kinds`, and recurses. */
function walk(
  p: MultiplicationPosition,
  seen: Map<string, MultiplicationPosition>,
  kinds: Set<string>,
): void {
  const key = JSON.stringify(p);
  if (seen.has(key)) return;
  seen.set(key, p);
  expect(play.position.safeParse(p).success).toBe(true);
  const n = BigInt(p.n);
  const m = BigInt(p.m);
  const primes = factor(n);
  const over = n % m !== 0n || m === n;
  // The position's own record of N's primes and what M still lacks (-1: over-filled).
  expect(p.primes).toEqual(primes.map((f) => String(f.prime)));
  expect(p.left).toEqual(primes.map((f) => Math.max(-1, f.exponent - exponentIn(m, f.prime))));
  const other = p.turn === 0 ? 1 : 0;
  expect(play.status(p)).toEqual({
    toMove: p.turn,
    over,
    winner: !over ? null : m === n ? other : 'tie',
  });
  const value = minimax(n, m);
  expect(play.verdict(p)).toBe(m === n ? 'loss' : value);
  expect(play.show(p)).toEqual([
    `N = ${n}`,
    `M = ${m}`,
    ...(over ? [] : [`Still to multiply in: ${rest(n, m)}`]),
  ]);
  const moves = play.moves(p) ?? [];
  if (over) {
    expect(moves).toEqual([]);
    expect(() => play.bestMove(p)).toThrow('The game is over');
    kinds.add(m === n ? 'reached' : 'over-filled');
    return;
  }
  expect(moves).toEqual(
    primes.map(({ prime }) => {
      const next = m * prime;
      const what =
        n % next !== 0n
          ? `over-fills ${prime}: a tie`
          : next === n
            ? 'reaches N and wins'
            : `M becomes ${next}`;
      return { id: String(prime), text: `multiply by ${prime}: ${what}` };
    }),
  );
  const best = play.bestMove(p);
  // The best move is the first prime (ascending) that holds the value, by minimax.
  const holding = primes.find(({ prime }) => FLIP[minimax(n, m * prime)] === value);
  const move = String(holding?.prime ?? primes[0]?.prime);
  expect(best).toEqual({ move, verdict: value, reason: reasonOf(n, m, value, move) });
  kinds.add(
    `${value}: ${best.reason
      .replace(/^N \/ M = [\d^ ×]+(: )?/, '')
      .replace(/\d+/g, '#')
      .slice(0, 20)}`,
  );
  for (const { id } of moves) {
    const next = play.apply(p, id);
    expect(next).toEqual({
      ...p,
      m: String(m * BigInt(id)),
      left: primes.map((f) => Math.max(-1, f.exponent - exponentIn(m * BigInt(id), f.prime))),
      turn: other,
    });
    walk(next, seen, kinds);
  }
}

describe('Multiplication play: every field on every reachable position, against trial division and minimax', () => {
  it('every N from 2 to 200, and N with three or four primes or larger exponents', () => {
    const seen = new Map<string, MultiplicationPosition>();
    const kinds = new Set<string>();
    const ns = [
      ...Array.from({ length: 199 }, (_, i) => i + 2),
      2 ** 4 * 3 ** 3,
      2 ** 5 * 3 ** 4,
      2 * 3 * 5 * 7,
      2 ** 2 * 3 * 5 * 7,
      2 ** 7,
    ];
    for (const n of ns) {
      const params = parseParams(multiplication, { n: String(n), first: 'Alice' });
      const start = play.start(params);
      expect(start).toEqual({
        n: String(n),
        m: '1',
        primes: factor(BigInt(n)).map((f) => String(f.prime)),
        left: factor(BigInt(n)).map((f) => f.exponent),
        turn: 0,
      });
      walk(start, seen, kinds);
    }
    // Every kind of end and of reason turned up.
    expect([...kinds].sort()).toEqual([
      'loss: equal exponents, so ',
      'loss: only # multiplicatio',
      'over-filled',
      'reached',
      'tie: M already holds all ',
      'tie: whoever cannot make ',
      'win: exponents one apart,',
      'win: is one prime away: m',
      'win: only # multiplicatio',
    ]);
  });
});
