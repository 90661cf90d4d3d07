/**
 * PartisanGame by direct DP over every pile size 0..n, exactly as the rules read:
 * A(m) = some x in Alice's set with x <= m and not B(m - x); B likewise. For n up to BRUTE_LIMIT.
 */
import type { BruteForce } from '../../core/game.js';
import { firstRound, REACH } from './first-round.js';
import type { PartisanMove, PartisanParams, PartisanResult } from './schema.js';

export const BRUTE_LIMIT = 100_000;

/** A(m) and B(m) for m = 0..n. */
export function directTable(params: PartisanParams): { a: Uint8Array; b: Uint8Array } {
  const n = Number(params.n);
  const a = new Uint8Array(n + 1);
  const b = new Uint8Array(n + 1);
  for (let m = 0; m <= n; m++) {
    a[m] = params.alice.some((x) => x <= m && b[m - x] === 0) ? 1 : 0;
    b[m] = params.bob.some((y) => y <= m && a[m - y] === 0) ? 1 : 0;
  }
  return { a, b };
}

export const partisanBrute: BruteForce<PartisanParams, PartisanResult, PartisanMove> = {
  limit: `n <= ${BRUTE_LIMIT.toLocaleString('en-US')}`,
  fits: (params) => BigInt(params.n) <= BigInt(BRUTE_LIMIT),
  solve(params) {
    const n = Number(params.n);
    const table = directTable(params);
    const span = Math.min(n, REACH);
    const near = { span, a: table.a.subarray(n - span), b: table.b.subarray(n - span) };
    const width = Math.max(1, ...params.alice, ...params.bob);
    return { n: params.n, ...firstRound(params, near), width, certified: false, searched: 0, cycle: null };
  },
  securesOptimum(params, move) {
    const n = Number(params.n);
    if (!params.alice.includes(move.take) || move.take > n) return false;
    return directTable(params).b[n - move.take] === 0;
  },
};
