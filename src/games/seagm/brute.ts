/**
 * SEAGM by exhaustive search over which cards are gone (a bitmask), exactly as the rules read.
 * Obviously right and exponential: for at most BRUTE_LIMIT cards.
 */
import { add, mul, rational, sub, toNumber, ONE, ZERO, type Rational } from '../../math/rational.js';
import type { BruteForce } from '../../core/game.js';
import {
  TURN_TABLE_LIMIT,
  WINNING_LIST_LIMIT,
  type SeagmMove,
  type SeagmParams,
  type SeagmResult,
} from './schema.js';
import { gcd } from '../../math/gcd.js';

export const BRUTE_LIMIT = 10;

class Brute {
  private readonly winMemo = new Map<number, boolean>();
  private readonly probMemo = new Map<number, Rational>();
  constructor(readonly cards: readonly number[]) {}

  gcdOf(mask: number): number {
    let g = 0;
    for (let i = 0; i < this.cards.length; i++) if ((mask >> i) & 1) g = gcd(g, this.cards[i] ?? 0);
    return g;
  }

  /** The player to move wins, cards in `mask` gone. */
  wins(mask: number): boolean {
    const known = this.winMemo.get(mask);
    if (known !== undefined) return known;
    let win = false;
    for (let i = 0; i < this.cards.length && !win; i++) {
      if ((mask >> i) & 1) continue;
      win = this.moveWins(mask, i);
    }
    this.winMemo.set(mask, win);
    return win;
  }

  /** Taking card i at `mask` wins for the mover. */
  moveWins(mask: number, i: number): boolean {
    const next = mask | (1 << i);
    if (this.gcdOf(next) === 1) return false; // making g = 1 loses
    return !this.wins(next);
  }

  /** Probability that the player to move wins when both pick at random. */
  randomWin(mask: number): Rational {
    const known = this.probMemo.get(mask);
    if (known !== undefined) return known;
    const left: number[] = [];
    for (let i = 0; i < this.cards.length; i++) if (!((mask >> i) & 1)) left.push(i);
    let total = ZERO;
    for (const i of left) {
      const next = mask | (1 << i);
      total = add(total, this.gcdOf(next) === 1 ? ZERO : sub(ONE, this.randomWin(next)));
    }
    const p = left.length === 0 ? ZERO : mul(total, rational(1n, BigInt(left.length)));
    this.probMemo.set(mask, p);
    return p;
  }

  /** Probability that the random game ends on each turn (the k-th move makes g = 1, or no card is left). */
  endDistribution(): number[] {
    const n = this.cards.length;
    const full = (1 << n) - 1;
    // reach[mask]: probability that the first |mask| cards are exactly `mask` and the game is still on.
    const reach = new Float64Array(1 << n);
    reach[0] = 1;
    const dist = new Array<number>(n + 1).fill(0);
    for (let mask = 0; mask <= full; mask++) {
      const p = reach[mask] ?? 0;
      if (p === 0) continue;
      let size = 0;
      for (let i = 0; i < n; i++) if ((mask >> i) & 1) size++;
      if (size === n) {
        dist[n] = (dist[n] ?? 0) + p;
        continue;
      }
      for (let i = 0; i < n; i++) {
        if ((mask >> i) & 1) continue;
        const next = mask | (1 << i);
        const share = p / (n - size);
        if (this.gcdOf(next) === 1) dist[size] = (dist[size] ?? 0) + share;
        else reach[next] = (reach[next] ?? 0) + share;
      }
    }
    return dist.slice(0, TURN_TABLE_LIMIT);
  }
}

function indexOfCard(cards: readonly number[], value: number): number {
  return cards.indexOf(value);
}

export const seagmBrute: BruteForce<SeagmParams, SeagmResult, SeagmMove> = {
  limit: `at most ${BRUTE_LIMIT} cards`,
  fits: (params) => params.cards.length <= BRUTE_LIMIT,
  solve(params) {
    const b = new Brute(params.cards);
    const distinct = [...new Set(params.cards)];
    const winningCards = distinct.filter((v) => b.moveWins(0, indexOfCard(params.cards, v)));
    const refutations: SeagmResult['refutations'] = [];
    if (winningCards.length === 0) {
      for (const v of distinct.slice(0, 8)) {
        const i = indexOfCard(params.cards, v);
        const after = 1 << i;
        if (b.gcdOf(after) === 1) {
          refutations.push({ card: v, reply: null });
          continue;
        }
        let reply: number | null = null;
        for (let j = 0; j < params.cards.length && reply === null; j++) {
          if (j !== i && b.moveWins(after, j)) reply = params.cards[j] ?? null;
        }
        refutations.push({ card: v, reply });
      }
    }
    const exact = b.randomWin(0);
    return {
      n: params.cards.length,
      gcdAll: params.cards.reduce(gcd, 0),
      firstWins: winningCards.length > 0,
      winningCards: winningCards.slice(0, WINNING_LIST_LIMIT),
      winningCardCount: winningCards.length,
      refutations,
      probability: toNumber(exact),
      fraction: { num: exact.num.toString(), den: exact.den.toString() },
      endsOnTurn: b.endDistribution().slice(0, Math.min(params.cards.length + 1, TURN_TABLE_LIMIT)),
    };
  },
  securesOptimum(params, move) {
    const i = indexOfCard(params.cards, move.card);
    if (i < 0) return false;
    return new Brute(params.cards).moveWins(0, i);
  },
};

/** Whether `reply` (a card value) wins for the second player after the first took `first`. */
export function bruteReplyWins(cards: readonly number[], first: number, reply: number): boolean {
  const i = cards.indexOf(first);
  if (i < 0) return false;
  const j = cards.findIndex((v, k) => k !== i && v === reply);
  if (j < 0) return false;
  return new Brute(cards).moveWins(1 << i, j);
}
