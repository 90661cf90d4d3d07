/**
 * SEAGM fast solver.
 * (Just over ~400 lines on purpose: the reasoning below and the search it justifies, kept side by side.)
 *
 * Optimal play. Replacing every card by the set of its primes changes nothing: g = gcd of the taken cards,
 * and a card keeps the game alive exactly when it shares a prime with g. So a position is (P, t): P the
 * primes of g, t the cards taken so far (all of them divisible by every prime in P). For a prime p of P,
 * r_p = (cards divisible by p) - t are still on the table. If every r_p is odd the mover wins (any reply
 * leaves the surviving primes even for the opponent); if every r_p is even the mover loses; mixed
 * positions are searched over the prime subsets a remaining card can leave, memoised on (P, t mod 2).
 *
 * Random play is a random permutation; with prob[k] = Pr(gcd of the first k cards > 1), the first
 * player wins with probability sum_k (-1)^(k+1) prob[k]. Inclusion-exclusion over squarefree d gives
 * prob[k] = sum_d -mu(d) C(c_d, k) / C(n, k) (c_d = cards divisible by d), and the alternating sum over k
 * has the closed form S(c) = 1 - (n+1) F(c), F(c) = int_0^1 u^(n-c) (2u-1)^c du, computed by a stable
 * two-sided recurrence (exactly, in fractions, for n <= 100).
 */
import { distinctPrimes } from './factor.js';
import { analyseFast, FastSearch, NO_MOVE, type FastAnalysis } from './fast.js';
import {
  classesByPrime,
  completeTable,
  nonZeroWeights,
  searchPrefix,
  weightsByLargestPrime,
} from './lean.js';
import { rational, toNumber } from '../../math/rational.js';
import { alternatingSumsKernel } from './kernel.js';
import { EXACT_LIMIT, TURN_TABLE_LIMIT, WINNING_LIST_LIMIT } from './limits.js';
import type { SeagmParams, SeagmResult } from './schema.js';

/** Open-addressing map from squarefree d (2 <= d <= 10^9) to how many cards d divides, with omega(d). */
class DivisorCounts {
  private keys: Int32Array;
  private counts: Int32Array;
  private omegas: Int8Array;
  private size = 0;
  private shift: number;

  constructor(capacity = 1024) {
    let cap = 1024;
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression: a smaller first size only means add() grows the map sooner
    while (cap < capacity * 2) cap *= 2;
    this.shift = 32 - Math.log2(cap);
    this.keys = new Int32Array(cap);
    this.counts = new Int32Array(cap);
    this.omegas = new Int8Array(cap);
  }

  private slot(key: number): number {
    const mask = this.keys.length - 1;
    // Fibonacci hashing: the high bits of the product are well mixed, the low ones are not.
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = this.keys[i] ?? 0;
      if (k === key || k === 0) return i;
      // Stryker disable next-line ArithmeticOperator: slot() is the only probe (add, get, grow), so stepping backwards finds every key too
      i = (i + 1) & mask;
    }
  }

  add(key: number, count: number, omega: number): void {
    if (this.size * 2 >= this.keys.length) this.grow();
    const i = this.slot(key);
    if (this.keys[i] === 0) {
      this.keys[i] = key;
      this.omegas[i] = omega;
      this.size++;
    }
    this.counts[i] = (this.counts[i] ?? 0) + count;
  }

  get(key: number): number {
    const i = this.slot(key);
    return this.keys[i] === key ? (this.counts[i] ?? 0) : 0;
  }

  forEach(fn: (key: number, count: number, omega: number) => void): void {
    for (let i = 0; i < this.keys.length; i++) {
      const key = this.keys[i] ?? 0;
      if (key !== 0) fn(key, this.counts[i] ?? 0, this.omegas[i] ?? 0);
    }
  }

  private grow(): void {
    const { keys, counts, omegas } = this;
    this.keys = new Int32Array(keys.length * 2);
    // Stryker disable next-line AssignmentOperator: a larger shift only narrows the first slots tried; slot() probes on and wraps
    this.shift -= 1;
    this.counts = new Int32Array(keys.length * 2);
    this.omegas = new Int8Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] ?? 0;
      if (key !== 0) this.add(key, counts[i] ?? 0, omegas[i] ?? 0);
    }
  }
}

/** A group of cards with the same set of primes. */
interface PrimeClass {
  readonly radical: number;
  readonly primes: readonly number[];
  /** Card values in this class, ascending, with multiplicities. */
  readonly values: readonly number[];
  readonly counts: readonly number[];
}

export interface SeagmAnalysis {
  readonly n: number;
  readonly classes: readonly PrimeClass[];
  readonly byRadical: ReadonlyMap<number, PrimeClass>;
  /** Cards divisible by squarefree d (d = 1 gives n). */
  cardsDivisibleBy(d: number): number;
  readonly divisorCounts: DivisorCounts;
}

export function analyse(cards: readonly number[]): SeagmAnalysis {
  const n = cards.length;
  const multiplicity = new Map<number, number>();
  for (const c of cards) multiplicity.set(c, (multiplicity.get(c) ?? 0) + 1);
  const classMap = new Map<number, { primes: number[]; values: number[]; counts: number[] }>();
  for (const [value, count] of [...multiplicity].sort((a, b) => a[0] - b[0])) {
    const primes = distinctPrimes(value);
    const radical = primes.reduce((a, b) => a * b, 1);
    let cls = classMap.get(radical);
    if (cls === undefined) {
      cls = { primes, values: [], counts: [] };
      classMap.set(radical, cls);
    }
    cls.values.push(value);
    cls.counts.push(count);
  }
  const classes: PrimeClass[] = [...classMap].map(([radical, c]) => ({ radical, ...c }));
  // Stryker disable next-line ArithmeticOperator: only sizes the map up front; add() grows it as needed
  const divisorCounts = new DivisorCounts(classes.length * 4);
  const products = new Float64Array(1 << 10);
  for (const cls of classes) {
    let total = 0;
    for (const c of cls.counts) total += c;
    const k = cls.primes.length;
    // Every squarefree divisor d > 1 of the radical divides each card of the class.
    products[0] = 1;
    for (let mask = 1; mask < 1 << k; mask++) {
      const low = 31 - Math.clz32(mask & -mask);
      products[mask] = (products[mask & (mask - 1)] ?? 1) * (cls.primes[low] ?? 1);
      divisorCounts.add(products[mask] ?? 1, total, popcount(mask));
    }
  }
  return {
    n,
    classes,
    byRadical: new Map(classes.map((c) => [c.radical, c])),
    divisorCounts,
    cardsDivisibleBy: (d) => (d === 1 ? n : divisorCounts.get(d)),
  };
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A move found by the search: the prime set the game moves to (stay = same primes). */
export interface FoundMove {
  readonly primes: readonly number[];
  readonly radical: number;
  readonly stay: boolean;
}

/** Win/lose search over positions (P, t mod 2), memoised. */
export class OptimalSearch {
  private readonly memo = new Map<number, boolean>();
  constructor(private readonly a: SeagmAnalysis) {}

  /** Parity class of prime p when t cards have been taken: true when an odd number of its cards remain. */
  oddRemaining(p: number, t: number): boolean {
    // Stryker disable next-line ArithmeticOperator: c + t has the parity of c - t
    return ((this.a.cardsDivisibleBy(p) - t) & 1) === 1;
  }

  /** Does the player to move win at primes P after t cards were taken? (Empty P: g = 1, already over.) */
  wins(primes: readonly number[], radical: number, t: number): boolean {
    if (primes.length === 0) return true; // the previous mover made g = 1 and lost
    let odd = 0;
    let exhausted = 0;
    // Stryker disable UpdateOperator: exhausted-- never counts above 0, so the reduction is skipped, and an exhausted prime plays as an even one (no card carries it: every move drops it, no stay move is left), with the same verdict; odd-- only skips the all-odd shortcut, whose verdict the search finds anyway
    for (const p of primes) {
      if (this.a.cardsDivisibleBy(p) === t) exhausted++;
      else if (this.oddRemaining(p, t)) odd++;
    }
    // Stryker restore UpdateOperator
    // Stryker disable next-line BlockStatement: without the reduction an exhausted prime plays as an even one (no card carries it: every move drops it, no stay move is left), with the same verdict
    if (exhausted > 0) {
      // A prime with no card left leaves g at the next move whatever is played, so the position plays
      // exactly like the one without it; with no prime left, every card makes g = 1.
      const live = primes.filter((p) => this.a.cardsDivisibleBy(p) > t);
      if (live.length === 0) return false;
      return this.wins(
        live,
        live.reduce((x, y) => x * y, 1),
        t,
      );
    }
    if (odd === primes.length) return true;
    if (odd === 0) return false;
    const key = radical * 2 + (t & 1);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const result = this.findWinningMove(primes, radical, t) !== undefined;
    this.memo.set(key, result);
    return result;
  }

  /** Subsets of P a remaining card can leave, with how many cards leave each (index = bitmask over P). */
  reachable(primes: readonly number[]): { exact: Float64Array; products: Float64Array } {
    const k = primes.length;
    const size = 1 << k;
    const products = new Float64Array(size);
    const exact = new Float64Array(size);
    products[0] = 1;
    exact[0] = this.a.n;
    for (let mask = 1; mask < size; mask++) {
      const low = 31 - Math.clz32(mask & -mask);
      products[mask] = (products[mask & (mask - 1)] ?? 1) * (primes[low] ?? 1);
      exact[mask] = this.a.cardsDivisibleBy(products[mask] ?? 1);
    }
    // Superset Moebius: from "divisible by every prime in mask" to "shares exactly mask with P".
    for (let bit = 1; bit < size; bit <<= 1) {
      for (let mask = 0; mask < size; mask++) {
        if ((mask & bit) === 0) exact[mask] = (exact[mask] ?? 0) - (exact[mask | bit] ?? 0);
      }
    }
    return { exact, products };
  }

  /** A move to a position the opponent loses, or undefined when every move loses. */
  findWinningMove(primes: readonly number[], radical: number, t: number): FoundMove | undefined {
    const k = primes.length;
    const full = (1 << k) - 1;
    const { exact, products } = this.reachable(primes);
    // Cards divisible by all of P that are still on the table: taking one keeps g's primes.
    // Stryker disable next-line ArithmeticOperator: the count is at least t, so c + t is positive with the parity of c - t exactly when c - t is (c = t gives the even 2t)
    const stayLeft = this.a.cardsDivisibleBy(radical) - t;
    if (stayLeft > 0 && (stayLeft & 1) === 1) {
      // Stryker disable next-line ArithmeticOperator: t - 1 has the parity of t + 1 and no count equals it (counts are at least the cards taken), so a prime that t + 1 exhausts plays as an even one, with the same verdict
      if (!this.wins(primes, radical, t + 1)) return { primes, radical, stay: true };
    }
    for (let mask = 1; mask < full; mask++) {
      if ((exact[mask] ?? 0) <= 0) continue;
      const sub: number[] = [];
      for (let i = 0; i < k; i++) if ((mask >> i) & 1) sub.push(primes[i] ?? 0);
      const subRadical = products[mask] ?? 1;
      // Stryker disable next-line ArithmeticOperator: t - 1 has the parity of t + 1 and no count equals it (counts are at least the cards taken), so a prime that t + 1 exhausts plays as an even one, with the same verdict
      if (!this.wins(sub, subRadical, t + 1)) return { primes: sub, radical: subRadical, stay: false };
    }
    return undefined;
  }
}

/** A card value on the table that moves g from primes P (t taken, `taken` the values taken) to `target`. */
export function cardFor(
  a: SeagmAnalysis,
  from: readonly number[],
  target: FoundMove,
  taken: ReadonlyMap<number, number>,
): number | undefined {
  const fromSet = new Set(from);
  for (const cls of a.classes) {
    const shared = cls.primes.filter((p) => fromSet.has(p));
    if (shared.length !== target.primes.length || shared.some((p, i) => p !== target.primes[i])) continue;
    for (let i = 0; i < cls.values.length; i++) {
      const value = cls.values[i] ?? 0;
      if ((cls.counts[i] ?? 0) > (taken.get(value) ?? 0)) return value;
    }
  }
  return undefined;
}

const REFUTATION_LIMIT = 8;

function solveOptimal(
  a: FastAnalysis,
): Pick<SeagmResult, 'firstWins' | 'winningCards' | 'winningCardCount' | 'refutations'> {
  const search = new FastSearch(a);
  const { values, classOf } = a;
  // Card 1 makes g = 1 at once and loses; a card without shared primes wins (every reply makes g = 1, or
  // none is left); any other first card hands the opponent its class's shared primes with one card taken.
  const classWins = new Int8Array(a.classRadical.length).fill(-1);
  const winning: number[] = [];
  let winningCardCount = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? 1;
    // Stryker disable next-line UnaryOperator: classOf has an entry for every value i < values.length; the fallback never applies
    const c = classOf[i] ?? -1;
    let wins: boolean;
    if (value === 1) wins = false;
    else if (c < 0) wins = true;
    else {
      if (classWins[c] === -1) classWins[c] = search.classLoses(c) ? 0 : 1;
      wins = classWins[c] === 1;
    }
    if (wins) {
      winningCardCount++;
      if (winning.length < WINNING_LIST_LIMIT) winning.push(value);
    }
  }
  const refutations: SeagmResult['refutations'] = [];
  if (winningCardCount === 0) {
    // One refutation per set of primes, for the smallest cards of the first few sets.
    // Stryker disable next-line ArrayDeclaration: radicals are numbers; a string in the list never matches one
    const seen: number[] = [];
    for (let i = 0; i < values.length && refutations.length < REFUTATION_LIMIT; i++) {
      let radical = 1;
      // Stryker disable next-line AssignmentOperator: 1/(product of the primes), divided in ascending order, is as unique a key per prime set
      for (let j = a.primeStart[i] ?? 0; j < (a.primeStart[i + 1] ?? 0); j++) radical *= a.primes[j] ?? 1;
      if (seen.includes(radical)) continue;
      seen.push(radical);
      const card = values[i] ?? 1;
      // Stryker disable next-line UnaryOperator: classOf has an entry for every value i < values.length; the fallback never applies
      const c = classOf[i] ?? -1;
      // (c < 0 with card > 1 would be a winning card, and there is none.)
      refutations.push({ card, reply: c < 0 ? null : replyTo(a, search, i, c) });
    }
  }
  return { firstWins: winningCardCount > 0, winningCards: winning, winningCardCount, refutations };
}

/** A card that wins against first card values[i] (class c), or null when the opponent has none to play. */
function replyTo(a: FastAnalysis, search: FastSearch, i: number, c: number): number | null {
  const primes = search.classPrimes(c);
  const k = primes.length;
  // Stryker disable next-line LogicalOperator: the radical only locates the memo bits; 1 is absent from the table, so the top position is just not memoised
  const mask = search.findWinningMove(primes, k, a.classRadical[c] ?? 1, 1, 0);
  // With no safe reply left the opponent still wins: the first player then runs out of moves.
  if (mask === NO_MOVE) return null;
  // A card on the table whose shared primes meet the class's in exactly the primes of `mask`.
  for (let j = 0; j < a.values.length; j++) {
    const left = (a.multiplicity[j] ?? 0) - (j === i ? 1 : 0);
    if (left <= 0) continue;
    let meet = 0;
    for (let q = a.primeStart[j] ?? 0; q < (a.primeStart[j + 1] ?? 0); q++) {
      const at = primes.indexOf(a.primes[q] ?? 0);
      if (at >= 0) meet |= 1 << at;
    }
    if (meet === mask) return a.values[j] ?? null;
  }
  return null;
}

/** w[c] = sum of -mu(d) over squarefree d > 1 dividing exactly c >= 2 cards, for the c where it is not 0. */
export function inclusionExclusionWeights(a: FastAnalysis): { counts: number[]; weights: number[] } {
  const byCount = new Float64Array(a.n + 1);
  const slots = a.table.slots;
  for (let i = 0; i < slots.length; i += 2) {
    if ((slots[i] ?? 0) === 0) continue;
    const packed = slots[i + 1] ?? 0;
    const c = packed >>> 5;
    if (c >= 2) byCount[c] = (byCount[c] ?? 0) + ((packed & 1) === 1 ? 1 : -1);
  }
  return nonZeroWeights(byCount);
}

/**
 * S(c) for every c in 0..n exactly, for small n, as integer numerators over one common denominator (n+1)!.
 * With f(c) = m[c] / (n+1)!, the forward recurrence f(c) = (1 - 2c f(c-1)) / (n - c + 1) becomes
 * m[c] = ((n+1)! - 2c m[c-1]) / (n - c + 1), an exact division (f(c)'s denominator divides (n+1)!/(n-c)!),
 * so no step needs a gcd; S(c) = 1 - (n+1) f(c).
 */
function alternatingSumsExact(n: number): { nums: bigint[]; den: bigint } {
  let den = 1n;
  for (let k = 2n; k <= BigInt(n + 1); k++) den *= k;
  const width = BigInt(n + 1);
  let m = den / width;
  // Stryker disable next-line ArithmeticOperator: S(0) is never read: a count of cards sharing a divisor is at least 1
  const nums: bigint[] = [den - width * m];
  for (let c = 1; c <= n; c++) {
    m = (den - BigInt(2 * c) * m) / BigInt(n - c + 1);
    nums.push(den - width * m);
  }
  return { nums, den };
}

/** The first player's chance under random play: exact (a fraction) up to `exactLimit` cards, else a double. */
function randomChance(
  a: FastAnalysis,
  weighted: { counts: number[]; weights: number[] },
  exactLimit: number,
): Pick<SeagmResult, 'probability' | 'fraction'> {
  const n = a.n;
  const { counts, weights } = weighted;
  const above = n - a.ones; // cards > 1: the chance that the first card alone keeps g > 1, times n
  if (n <= exactLimit) {
    // above/n + sum of w (S(c) - c/n), over the one denominator n (n+1)!, reduced once at the end.
    const s = alternatingSumsExact(n);
    const bigN = BigInt(n);
    let num = BigInt(above) * s.den;
    counts.forEach((c, i) => {
      num += BigInt(weights[i] ?? 0) * (bigN * (s.nums[c] ?? 0n) - BigInt(c) * s.den);
    });
    const exact = rational(num, bigN * s.den);
    return {
      probability: toNumber(exact),
      fraction: { num: exact.num.toString(), den: exact.den.toString() },
    };
  }
  // S(c) for every c in 0..n, in doubles, in the kernel (a cold loop over 10^5 counts, several times faster there).
  const s = alternatingSumsKernel(n);
  let sum = above / n;
  counts.forEach((c, i) => (sum += (weights[i] ?? 0) * ((s[c] ?? 0) - c / n)));
  return { probability: Math.min(1, Math.max(0, sum)), fraction: null };
}

function solveRandom(
  a: FastAnalysis,
  exactLimit: number,
): Pick<SeagmResult, 'probability' | 'fraction' | 'endsOnTurn'> {
  const n = a.n;
  const weighted = inclusionExclusionWeights(a);
  const { counts, weights } = weighted;
  const above = n - a.ones;
  const { probability, fraction } = randomChance(a, weighted, exactLimit);
  // prob[k] = Pr(gcd of the first k cards > 1); the game ends on turn k with prob[k-1] - prob[k].
  const turns = Math.min(n + 1, TURN_TABLE_LIMIT);
  const prob: number[] = [1];
  for (let k = 1; k <= turns; k++) {
    // Stryker disable next-line BlockStatement,ConditionalExpression: for k = n + 1 every count c <= n is below k and skipped, so pk = 0 is pushed anyway
    if (k > n) {
      prob.push(0);
      continue;
    }
    let pk = k === 1 ? above / n : 0;
    if (k >= 2) {
      counts.forEach((c, i) => {
        // Stryker disable next-line ConditionalExpression: for c < k the product below has the factor c - c = 0, and adds nothing
        if (c < k) return;
        let ratio = 1;
        for (let j = 0; j < k; j++) ratio *= (c - j) / (n - j);
        pk += (weights[i] ?? 0) * ratio;
      });
    }
    prob.push(Math.min(1, Math.max(0, pk)));
  }
  const endsOnTurn: number[] = [];
  for (let k = 1; k <= turns; k++)
    endsOnTurn.push(Math.min(1, Math.max(0, (prob[k - 1] ?? 0) - (prob[k] ?? 0))));
  return { probability, fraction, endsOnTurn };
}

/** `exactLimit` (tests only) moves the switch from exact fractions to doubles. */
export function solveSeagm(params: SeagmParams, exactLimit = EXACT_LIMIT): SeagmResult {
  const a = analyseFast(params.cards);
  return {
    n: params.cards.length,
    gcdAll: a.gcdAll,
    ...solveOptimal(a),
    ...solveRandom(a, exactLimit),
  };
}

/**
 * Only what the judge prints, W and P: solveSeagm's firstWins, probability and fraction without its lists
 * (winning cards, refutations, the turn table), stopping at the first winning card, and with the divisor
 * counts taken as lean.ts explains: on 10^5 cards these cost most of the time. `searchBudget` (tests only)
 * sets how many (class, subset) pairs the first table holds (-1: a 64th of them, at least 4096).
 */
export function solveSeagmJudge(
  cards: ArrayLike<number>,
  exactLimit = EXACT_LIMIT,
  // Stryker disable next-line UnaryOperator: only speed: a budget of 1 fills less of the table first, and completeTable the rest
  searchBudget = -1,
): Pick<SeagmResult, 'firstWins' | 'probability' | 'fraction'> {
  // Stryker disable next-line BooleanLiteral: only speed: a table filled whole is emptied by reset below before use
  const a = analyseFast(cards, false);
  const { values, classOf } = a;
  // A card > 1 without shared primes wins at once (every reply makes g = 1, or none is left): no search.
  let firstWins = false;
  // Stryker disable next-line EqualityOperator: one step past the end reads undefined, taken as the card 1, which never wins at once
  for (let i = 0; i < values.length && !firstWins; i++)
    // Stryker disable next-line UnaryOperator: the fallback is never taken: i indexes a card
    firstWins = (values[i] ?? 1) > 1 && (classOf[i] ?? -1) < 0;
  const classes = a.classRadical.length;
  // The table first holds only the d of the classes below upTo (lean.ts), a 64th of the pairs or 4096.
  // Stryker disable next-line all: only speed: any budget leaves the rest of the table to completeTable
  const budget = searchBudget >= 0 ? searchBudget : Math.max(1 << 12, a.subsetTotal >> 6);
  const upTo = firstWins ? 0 : searchPrefix(a, budget);
  // Stryker disable next-line all: only sizes the table up front (it starts empty either way); addSorted grows it as needed
  if (!firstWins) a.table.reset(Math.min(a.subsetTotal, budget, 1 << 20));
  const weights = weightsByLargestPrime(a, classesByPrime(a), firstWins ? undefined : a.table, upTo);
  // Every class holds a card > 1 (its shared primes divide it), and its first card wins unless classLoses.
  const search = new FastSearch(a);
  for (let c = 0; c < classes && !firstWins; c++) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: completing the table earlier or again holds the same entries (completeTable empties it and puts every d in); with all null, everything fit and upTo is past the last class
    if (c === upTo && weights.all !== null) completeTable(a.table, weights.all);
    firstWins = !search.classLoses(c);
  }
  return { firstWins, ...randomChance(a, weights, exactLimit) };
}
