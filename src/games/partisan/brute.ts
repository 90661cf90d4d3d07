/**
 * PartisanGame by direct DP over every pile size 0..n, exactly as the rules read:
 * A(m) = some x in Alice's set with x <= m and not B(m - x); B likewise. For n up to BRUTE_LIMIT.
 * Shares nothing with the solver: its own table, its own first moves, its own replies and one-line strategy.
 */
import type { BruteForce } from '../../core/game.js';
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

/**
 * Bob's one-line strategy, checked by playing it: the smallest s for which "answer every x with s - x" is
 * always a legal Bob move and leaves Alice, after some rounds, a pile below all of her moves.
 */
function bruteConstantSum(params: PartisanParams, n: number): number | null {
  if (params.alice.length === 0 || Math.min(...params.alice) > n) return null;
  for (let s = 2; s <= 128; s++) {
    if (!params.alice.every((x) => params.bob.includes(s - x))) continue;
    // Every round takes exactly s; Alice is stuck at the first pile smaller than each of her moves.
    let pile = n;
    while (pile >= s) pile -= s;
    if (params.alice.every((x) => x > pile)) return s;
  }
  return null;
}

export const partisanBrute: BruteForce<PartisanParams, PartisanResult, PartisanMove> = {
  limit: `n <= ${BRUTE_LIMIT.toLocaleString('en-US')}`,
  fits: (params) => BigInt(params.n) <= BigInt(BRUTE_LIMIT),
  solve(params) {
    const n = Number(params.n);
    const { a, b } = directTable(params);
    const aliceWins = a[n] === 1;
    const legal = params.alice.filter((x) => x <= n);
    const bobSum = aliceWins ? null : bruteConstantSum(params, n);
    const bobReplies: { alice: number; bob: number }[] = [];
    if (!aliceWins) {
      for (const x of legal) {
        // The reply the one-line strategy names when it wins here, else Bob's smallest winning reply.
        const winning = (y: number): boolean => params.bob.includes(y) && x + y <= n && a[n - x - y] === 0;
        const sumReply = bobSum === null ? undefined : bobSum - x;
        const y =
          sumReply !== undefined && winning(sumReply)
            ? sumReply
            : [...params.bob].sort((p, q) => p - q).find(winning);
        if (y !== undefined) bobReplies.push({ alice: x, bob: y });
      }
    }
    return {
      n: params.n,
      aliceWins,
      bobWinsMovingFirst: b[n] === 1,
      aliceMoves: legal.filter((x) => b[n - x] === 0),
      bobReplies,
      bobSum,
      width: Math.max(1, ...params.alice, ...params.bob),
      certified: false,
      searched: 0,
      cycle: null,
    };
  },
  securesOptimum(params, move) {
    const n = Number(params.n);
    if (!params.alice.includes(move.take) || move.take > n) return false;
    return directTable(params).b[n - move.take] === 0;
  },
};
