/**
 * SEAGM explanations (`explain.ts`), every field a user sees, against figures computed here: each card's primes
 * by trial division, the cards each prime divides by a plain recount, the verdict, the winning first cards and
 * the exact random-play fraction by the brute force's search over every order, and each refutation's reply
 * confirmed by it. The wording is the explanation's; every number in it is computed here or by the brute force,
 * independently of the solver (whose result is what the explanation is given, as for a user).
 */
import { describe, expect, it } from 'vitest';
import type { Explanation, KeyFact } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { BRUTE_LIMIT, bruteReplyWins, seagmBrute } from '../../src/games/seagm/brute.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmMove, SeagmParams, SeagmResult } from '../../src/games/seagm/schema.js';
import { multisets } from './play-walk.js';
import { gcd, primesOf } from './seagm.reference.js';

const fmt = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

const divisible = (cards: readonly number[], p: number): number => cards.filter((c) => c % p === 0).length;

const primeFacts = (cards: readonly number[], card: number): string =>
  primesOf(card)
    .map((p) => {
      const c = divisible(cards, p);
      return `${p}: ${plural(c, 'card')} (${c % 2 === 0 ? 'even' : 'odd'})`;
    })
    .join(', ');

/** The verdict, the winning first cards (all of them) and the exact chance, independently of the solver. */
interface Truth {
  readonly firstWins: boolean;
  readonly winning: readonly number[];
  readonly num: string;
  readonly den: string;
}

/** By the brute force (at most 10 cards). */
function bruteTruth(cards: readonly number[]): Truth {
  const b = seagmBrute.solve({ cards: [...cards] });
  const { num, den } = b.fraction ?? { num: '?', den: '?' };
  const winning = [...new Set(cards)].filter((card) =>
    seagmBrute.securesOptimum({ cards: [...cards] }, { card }),
  );
  return { firstWins: winning.length > 0, winning, num, den };
}

/** When every card shares a prime, g never reaches 1: all n cards are played, the last mover wins. */
function parityTruth(cards: readonly number[]): Truth {
  const first = cards.length % 2 === 1;
  return { firstWins: first, winning: first ? [...new Set(cards)] : [], num: first ? '1' : '0', den: '1' };
}

function refutationReason(cards: readonly number[], card: number, reply: number): string {
  const g = gcd(card, reply);
  const left = primesOf(g).map((p) => ({ p, left: divisible(cards, p) - 2 }));
  const opening = `If you open with ${card}, the reply ${reply} makes g = ${g}`;
  if (left.every((l) => l.left === 0))
    return `${opening}, and no card left on the table shares a prime with it: whatever you take makes g = 1.`;
  const counts = left.map((l) => `${plural(l.left, 'card')} divisible by ${l.p}`).join(', ');
  return left.every((l) => l.left % 2 === 0)
    ? `${opening}; ${counts} remain — an even number for every prime of g, so each card you play can be answered and you run out of safe cards first.`
    : `${opening}; ${counts} remain, and every way on from there is lost for you (the solver checks them all).`;
}

/** The whole explanation of `cards`, from `truth`, the recounts here, and the refutations and turn table given. */
function expected(cards: readonly number[], truth: Truth, result: SeagmResult): Explanation<SeagmMove> {
  const n = cards.length;
  const g = cards.reduce(gcd, 0);
  const decimal = (Number(truth.num) / Number(truth.den)).toFixed(4);
  // Exact fractions up to 100 cards (EXACT_LIMIT), whole ones read as themselves.
  const chance = n > 100 ? decimal : truth.den === '1' ? truth.num : `${truth.num}/${truth.den} (${decimal})`;
  const shownWins = truth.winning.slice(0, 20);
  const best = truth.winning[0] ?? -1;
  const { refutations } = result;
  const nullReply = (card: number, short: boolean): string =>
    card === 1
      ? short
        ? 'Taking 1 makes g = 1 at once.'
        : 'Taking 1 makes g = 1 at once, which loses.'
      : short
        ? `After ${card} the second player runs you out of safe cards.`
        : `After ${card} the second player can only run the first player out of safe cards.`;
  const allOdd = primesOf(best).every((p) => divisible(cards, p) % 2 === 1);
  const reasons: string[] =
    g > 1
      ? [
          `Every card is a multiple of ${g}, so g can never become 1: all ${n} cards get played, and the player facing the empty table loses.`,
          `${n} is ${n % 2 === 1 ? 'odd, so the first player makes the last move' : 'even, so the second player makes the last move'}.`,
        ]
      : [
          'A card keeps the game alive exactly when it shares a prime with g, and the primes of g can only disappear; so count, for each prime of g, the cards it divides.',
          ...(truth.firstWins
            ? [
                `Take ${best}: g becomes ${best}, whose primes divide ${primeFacts(cards, best)}.`,
                allOdd
                  ? 'Each of these primes divides an odd number of cards, so after your card an even number of each is left. Whatever your opponent takes, every prime that survives then has an odd number left: you can always answer without making g = 1, and your opponent is the one who runs out of safe cards.'
                  : 'The primes of g split into odd and even counts; searching every prime set a reply can leave shows that each reply of your opponent can be answered the same way, until your opponent runs out of safe cards.',
              ]
            : [
                'For a first card whose primes all divide an odd number of cards you would win, but here every first card leaves the second player a reply that hands back a losing position.',
                ...refutations
                  .slice(0, 3)
                  .map((r) =>
                    r.reply === null ? nullReply(r.card, false) : refutationReason(cards, r.card, r.reply),
                  ),
              ]),
        ];
  const brief: string[] =
    g > 1
      ? [
          `Every card is a multiple of ${g}, so g never becomes 1 and all ${plural(n, 'card')} get played.`,
          `${fmt(n)} is ${n % 2 === 1 ? 'odd: the first player takes the last card, and the second has none' : 'even: the second player takes the last card, and the first has none'}.`,
        ]
      : [
          'A card keeps g above 1 only if it shares a prime with g.',
          ...(truth.firstWins
            ? [
                `After ${best}, g = ${best}; cards divisible by its primes: ${primeFacts(cards, best)}.`,
                allOdd
                  ? 'Odd counts: after your card an even number of each is left, so you can answer every card and your opponent runs out of safe cards first.'
                  : 'Every reply of your opponent can be answered the same way (the solver checks them all), until your opponent runs out of safe cards.',
              ]
            : [
                'Whatever you open with, your opponent has a reply that keeps g above 1 and leaves you to make it 1.',
              ]),
        ];
  const facts: KeyFact[] = [
    { label: 'Cards', value: fmt(n) },
    { label: 'gcd of all cards', value: String(g) },
    { label: 'Perfect play', value: truth.firstWins ? 'first player wins' : 'second player wins' },
    {
      label: 'Winning first cards',
      value: truth.firstWins
        ? `${truth.winning.length} distinct value${truth.winning.length === 1 ? '' : 's'}: ${shownWins.join(', ')}${truth.winning.length > 20 ? ', ...' : ''}`
        : 'none',
    },
    { label: 'Random play, first player wins', value: chance },
  ];
  const turns = result.endsOnTurn.map((p, i) => {
    const turn = i + 1;
    return `turn ${turn}: ${turn === n + 1 ? 'no card is left' : 'g becomes 1'} with probability ${p.toFixed(4)}, the ${turn % 2 === 1 ? 'first' : 'second'} player loses`;
  });
  const whole: Explanation<SeagmMove> = {
    outcome: truth.firstWins ? 'first' : 'second',
    winner: truth.firstWins ? 'First player' : 'Second player',
    headline: truth.firstWins
      ? `First player wins with perfect play, opening with ${best}; random play: the first player wins with probability ${chance}.`
      : `Second player wins with perfect play; random play: the first player wins with probability ${chance}.`,
    moves: truth.winning.slice(0, 5).map((card) => ({ text: `Take ${card} first.`, move: { card } })),
    reasons: [
      ...reasons,
      'With random play the cards come in a random order; the game ends at the first card that makes g = 1, and the first player wins when that happens on an even turn (or when no card is left for the second player).',
    ],
    facts,
    brief,
    details: [{ title: 'Random play: when the game ends', lines: turns }],
  };
  if (truth.firstWins) return whole;
  const named = refutations.find((r) => r.reply !== null) ?? refutations[0];
  const refutation =
    g > 1
      ? 'All cards get played, and the second player takes the last one.'
      : named === undefined
        ? undefined
        : named.reply === null
          ? nullReply(named.card, true)
          : refutationReason(cards, named.card, named.reply);
  const listed = refutations.map((r) =>
    r.reply === null ? `${r.card} (loses by itself)` : `${r.card} -> ${r.reply}`,
  );
  return {
    ...whole,
    whyNoMove: `Every first card has an answer (first card -> winning reply): ${listed.join(', ')}.`,
    ...(refutation === undefined ? {} : { refutation }),
  };
}

const params = (cards: readonly number[]): SeagmParams => parseParams(seagm, { cards: [...cards] });

/** The worded refutations' branches: the first three in the reasons, the first with a reply as the refutation. */
function refutationTags(cards: readonly number[], refutations: SeagmResult['refutations']): string[] {
  const worded = new Set(refutations.slice(0, 3));
  const main = refutations.find((r) => r.reply !== null);
  if (main !== undefined) worded.add(main);
  const tags: string[] = [];
  for (const r of worded) {
    if (r.reply === null) tags.push(r.card === 1 ? 'one' : 'stuck');
    else {
      const left = primesOf(gcd(r.card, r.reply)).map((q) => divisible(cards, q) - 2);
      if (left.every((l) => l === 0)) tags.push('none-left');
      else {
        if (left.includes(0)) tags.push('some-left');
        if (left.some((l) => l % 2 === 0)) tags.push('some-even');
        tags.push(left.every((l) => l % 2 === 0) ? 'even-left' : 'searched');
      }
    }
  }
  return tags;
}

/**
 * Explains `cards` as a user gets it, checks every field, and returns which branches it took. A lost position
 * is also explained with every other winning reply (by the brute force) to its first refuted card: the
 * explanation must word any true refutation right, not only the one the solver happens to pick.
 */
function check(
  cards: readonly number[],
  truthOf: (cards: readonly number[]) => Truth = bruteTruth,
): string[] {
  const p = params(cards);
  const result = seagm.solve(p);
  const truth = truthOf(p.cards);
  // The refutations the explanation prints: cards on the table, each reply confirmed by the brute force; a card
  // without a reply is 1 (g = 1 at once) or a card after which the first player is lost anyway.
  // (Past the brute force's limit every card shares a prime: any reply keeps g above 1, parity decides.)
  const small = p.cards.length <= BRUTE_LIMIT;
  for (const { card, reply } of result.refutations) {
    expect(p.cards).toContain(card);
    if (reply !== null)
      expect(small ? bruteReplyWins(p.cards, card, reply) : p.cards.includes(reply)).toBe(true);
    else if (card !== 1) expect(small && seagmBrute.securesOptimum(p, { card })).toBe(false);
  }
  expect(seagm.explain(p, result)).toStrictEqual(expected(p.cards, truth, result));
  const g = p.cards.reduce(gcd, 0);
  const tags = [
    truth.firstWins ? 'first' : 'second',
    g > 1 ? 'gcd' : 'open',
    truth.den === '1' ? 'whole' : 'fraction',
  ];
  if (truth.firstWins && g === 1) {
    const odd = primesOf(truth.winning[0] ?? 1).every((q) => divisible(p.cards, q) % 2 === 1);
    tags.push(odd ? 'all-odd' : 'mixed');
  }
  if (!truth.firstWins && g === 1) {
    tags.push(...refutationTags(p.cards, result.refutations));
    const k = result.refutations.findIndex((r) => r.reply !== null);
    const first = result.refutations[k];
    for (const reply of new Set(p.cards)) {
      if (first === undefined || reply === first.reply || !bruteReplyWins(p.cards, first.card, reply))
        continue;
      const refutations = result.refutations.map((r, i) => (i === k ? { card: first.card, reply } : r));
      const other = { ...result, refutations };
      expect(seagm.explain(p, other)).toStrictEqual(expected(p.cards, truth, other));
      tags.push(...refutationTags(p.cards, refutations));
    }
  }
  if (result.winningCardCount > 5) tags.push('capped');
  if (result.endsOnTurn.length === p.cards.length + 1) tags.push('last-turn');
  return tags;
}

/** Every multiset of `size` values from `values`, ascending. */
describe('SEAGM explanations, every field against the brute force and the recounts', () => {
  it('every multiset of up to 4 cards from 1, 2, 3, 4, 5, 6, 10, 15, 30 (the main branches of the wording)', () => {
    const values = [1, 2, 3, 4, 5, 6, 10, 15, 30];
    const seen = new Set<string>();
    for (let size = 1; size <= 4; size++)
      for (const cards of multisets(values, size)) for (const t of check(cards)) seen.add(t);
    expect([...seen].sort()).toEqual(
      [
        'first',
        'second',
        'gcd',
        'open',
        'whole',
        'fraction',
        'all-odd',
        'mixed',
        'one',
        'none-left',
        'last-turn',
      ].sort(),
    );
  });

  it('chosen positions: six or more winning first cards, long refutation lists, ten cards, other true replies', () => {
    const cases = [
      [2, 3, 5, 7, 11, 13, 17, 19, 23, 29],
      [6, 10, 15, 22, 28],
      [93, 81, 30, 54, 63, 86, 46, 57],
      [5, 45, 34, 2, 28, 46],
      [1, 2, 3, 4],
      [2, 6, 3],
      [1, 1, 2, 3, 5, 7, 11, 13, 17, 19],
      [6, 10, 15, 30, 42, 70, 105, 210, 4, 9],
      // Lost, with other true replies to the first refuted card: g's primes with even counts left, some left
      // with none, and mixed counts (found by the brute force over the multisets of five cards).
      [1, 2, 2, 2, 2],
      [1, 6, 6, 10, 10],
      [1, 6, 6, 6, 10],
    ];
    const seen = new Set<string>();
    for (const cards of cases) for (const t of check(cards)) seen.add(t);
    expect(
      [...seen]
        .filter((t) => ['capped', 'even-left', 'some-left', 'some-even', 'searched'].includes(t))
        .sort(),
    ).toEqual(['capped', 'even-left', 'searched', 'some-even', 'some-left']);
  });

  it('every card sharing a prime: parity decides, with more than 20 winning values and beyond exact fractions', () => {
    for (const n of [1, 2, 9, 10, 21, 22])
      check(
        Array.from({ length: n }, (_, i) => 2 * (i + 1)),
        parityTruth,
      );
    for (const n of [101, 102])
      check(
        Array.from({ length: n }, (_, i) => 3 * (i + 1)),
        parityTruth,
      );
    check(
      Array.from({ length: 1001 }, () => 7),
      parityTruth,
    );
  });
});
