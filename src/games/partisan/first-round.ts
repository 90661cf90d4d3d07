/** What the first moves look like near n, from A and B at the positions just below n (shared by solve and brute). */
import type { PartisanParams, PartisanResult } from './schema.js';

/** Alice's move plus Bob's answer can reach this far below n. */
export const REACH = 128;

/**
 * A and B at positions n - span .. n: `a[i]` is A(n - span + i). `span` is min(n, REACH), so every position a
 * first move and its answer can reach is inside.
 */
export interface NearValues {
  readonly span: number;
  readonly a: Uint8Array;
  readonly b: Uint8Array;
}

export type FirstRound = Pick<
  PartisanResult,
  'aliceWins' | 'bobWinsMovingFirst' | 'aliceMoves' | 'bobReplies' | 'bobSum'
>;

/**
 * The smallest s such that every Alice move x has s - x among Bob's moves and n mod s is below Alice's
 * smallest move; then "answer x with s - x" keeps the pile at n mod s (mod s) until Alice cannot move.
 * Null when there is none or when Alice cannot move at all (nothing to answer).
 */
export function constantSumReply(alice: readonly number[], bob: readonly number[], n: bigint): number | null {
  const smallest = alice[0];
  const largest = alice[alice.length - 1];
  // Stryker disable next-line LogicalOperator,ConditionalExpression: the first and last move are undefined together (both tests are there for the types)
  if (smallest === undefined || largest === undefined) return null;
  // Stryker disable next-line EqualityOperator: at n = smallest, n mod s = n for every s > largest, never below smallest, so the loop gives null too
  if (n < BigInt(smallest)) return null;
  const bobSet = new Set(bob);
  for (let s = largest + 1; s <= largest + 64; s++) {
    if (n % BigInt(s) >= BigInt(smallest)) continue;
    if (alice.every((x) => bobSet.has(s - x))) return s;
  }
  return null;
}

export function firstRound(params: PartisanParams, near: NearValues): FirstRound {
  const { span, a, b } = near;
  const n = BigInt(params.n);
  const at = (values: Uint8Array, below: number): boolean => values[span - below] === 1;
  const aliceWins = at(a, 0);
  const legal = params.alice.filter((x) => BigInt(x) <= n);
  const aliceMoves = legal.filter((x) => !at(b, x));
  const bobSum = aliceWins ? null : constantSumReply(params.alice, params.bob, n);
  const bobReplies: { alice: number; bob: number }[] = [];
  if (!aliceWins) {
    for (const x of legal) {
      // Prefer the one-line strategy's reply, so the table and the rule agree.
      const candidates = bobSum === null ? params.bob : [bobSum - x, ...params.bob];
      // Stryker disable next-line ConditionalExpression: Alice loses, so each legal x has a winning y with x + y <= n; the sets are sorted and the sum reply s - x has x + (s - x) = s <= n, so `find` meets a legal y before any past n
      const y = candidates.find((y) => BigInt(x + y) <= n && !at(a, x + y));
      // Stryker disable next-line ConditionalExpression: Alice loses here, so every legal move of hers has a winning answer and y is always found
      if (y !== undefined) bobReplies.push({ alice: x, bob: y });
    }
  }
  return { aliceWins, bobWinsMovingFirst: at(b, 0), aliceMoves, bobReplies, bobSum };
}
