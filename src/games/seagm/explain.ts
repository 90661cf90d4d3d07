/** SEAGM explanations as data: the winning first card or every card's refutation, and the random-play odds. */
import type { Explanation, KeyFact } from '../../core/game.js';
import { distinctPrimes } from './factor.js';
import type { SeagmMove, SeagmParams, SeagmResult } from './schema.js';
import { gcd } from '../../math/gcd.js';

const MOVES_SHOWN = 5;

function cardsDivisibleBy(cards: readonly number[], p: number): number {
  let count = 0;
  for (const c of cards) if (c % p === 0) count++;
  return count;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

export function formatProbability(result: SeagmResult): string {
  const decimal = result.probability.toFixed(4);
  if (result.fraction === null) return decimal;
  // A whole number (always 0 or 1 here) reads as itself: "1", not "1/1" or "1 (1.0000)".
  const { num, den } = result.fraction;
  return den === '1' ? num : `${num}/${den} (${decimal})`;
}

function primeFacts(cards: readonly number[], primes: readonly number[]): string {
  return primes
    .map((p) => {
      const count = cardsDivisibleBy(cards, p);
      return `${p}: ${plural(count, 'card')} (${count % 2 === 0 ? 'even' : 'odd'})`;
    })
    .join(', ');
}

function optimalReasons(params: SeagmParams, result: SeagmResult): string[] {
  const { cards } = params;
  const n = cards.length;
  if (result.gcdAll > 1) {
    return [
      `Every card is a multiple of ${result.gcdAll}, so g can never become 1: all ${n} cards get played, and the player facing the empty table loses.`,
      `${n} is ${n % 2 === 1 ? 'odd, so the first player makes the last move' : 'even, so the second player makes the last move'}.`,
    ];
  }
  const reasons = [
    'A card keeps the game alive exactly when it shares a prime with g, and the primes of g can only disappear; so count, for each prime of g, the cards it divides.',
  ];
  if (result.firstWins) {
    const card = result.winningCards[0] ?? 0;
    const primes = distinctPrimes(card);
    const counts = primes.map((p) => cardsDivisibleBy(cards, p));
    reasons.push(`Take ${card}: g becomes ${card}, whose primes divide ${primeFacts(cards, primes)}.`);
    if (counts.every((c) => c % 2 === 1)) {
      reasons.push(
        'Each of these primes divides an odd number of cards, so after your card an even number of each is left. Whatever your opponent takes, every prime that survives then has an odd number left: you can always answer without making g = 1, and your opponent is the one who runs out of safe cards.',
      );
    } else {
      reasons.push(
        'The primes of g split into odd and even counts; searching every prime set a reply can leave shows that each reply of your opponent can be answered the same way, until your opponent runs out of safe cards.',
      );
    }
  } else {
    reasons.push(
      'For a first card whose primes all divide an odd number of cards you would win, but here every first card leaves the second player a reply that hands back a losing position.',
    );
    for (const r of result.refutations.slice(0, 3)) {
      if (r.reply === null) {
        reasons.push(
          r.card === 1
            ? 'Taking 1 makes g = 1 at once, which loses.'
            : `After ${r.card} the second player can only run the first player out of safe cards.`,
        );
      } else {
        reasons.push(refutationReason(cards, r.card, r.reply));
      }
    }
  }
  return reasons;
}

/** Why the reply to a first card wins, in counts a student can check. */
function refutationReason(cards: readonly number[], card: number, reply: number): string {
  const g = gcd(card, reply);
  const primes = distinctPrimes(g);
  const left = primes.map((p) => ({ p, left: cardsDivisibleBy(cards, p) - 2 }));
  const opening = `If you open with ${card}, the reply ${reply} makes g = ${g}`;
  if (left.every((l) => l.left === 0)) {
    return `${opening}, and no card left on the table shares a prime with it: whatever you take makes g = 1.`;
  }
  const counts = left.map((l) => `${plural(l.left, 'card')} divisible by ${l.p}`).join(', ');
  return left.every((l) => l.left % 2 === 0)
    ? `${opening}; ${counts} remain — an even number for every prime of g, so each card you play can be answered and you run out of safe cards first.`
    : `${opening}; ${counts} remain, and every way on from there is lost for you (the solver checks them all).`;
}

function turnLines(result: SeagmResult): string[] {
  return result.endsOnTurn.map((p, i) => {
    const turn = i + 1;
    const loser = turn % 2 === 1 ? 'first' : 'second';
    const what = turn === result.n + 1 ? 'no card is left' : 'g becomes 1';
    return `turn ${turn}: ${what} with probability ${p.toFixed(4)}, the ${loser} player loses`;
  });
}

/** The short answer's why: counts a student can check on the cards. */
function briefLines(params: SeagmParams, result: SeagmResult): string[] {
  const { cards } = params;
  const n = cards.length;
  if (result.gcdAll > 1) {
    return [
      `Every card is a multiple of ${result.gcdAll}, so g never becomes 1 and all ${plural(n, 'card')} get played.`,
      `${n.toLocaleString('en-US')} is ${n % 2 === 1 ? 'odd: the first player takes the last card, and the second has none' : 'even: the second player takes the last card, and the first has none'}.`,
    ];
  }
  const lines = ['A card keeps g above 1 only if it shares a prime with g.'];
  if (result.firstWins) {
    const card = result.winningCards[0] ?? 0;
    const primes = distinctPrimes(card);
    const counts = primes.map((p) => cardsDivisibleBy(cards, p));
    lines.push(`After ${card}, g = ${card}; cards divisible by its primes: ${primeFacts(cards, primes)}.`);
    lines.push(
      counts.every((c) => c % 2 === 1)
        ? 'Odd counts: after your card an even number of each is left, so you can answer every card and your opponent runs out of safe cards first.'
        : 'Every reply of your opponent can be answered the same way (the solver checks them all), until your opponent runs out of safe cards.',
    );
  } else {
    lines.push(
      'Whatever you open with, your opponent has a reply that keeps g above 1 and leaves you to make it 1.',
    );
  }
  return lines;
}

/** The refutation that matters most: the answer to the first card that is not a 1. */
function mainRefutation(params: SeagmParams, result: SeagmResult): string | undefined {
  if (result.firstWins) return undefined;
  if (result.gcdAll > 1) return 'All cards get played, and the second player takes the last one.';
  const chosen = result.refutations.find((r) => r.reply !== null) ?? result.refutations[0];
  if (chosen === undefined) return undefined;
  if (chosen.reply === null) {
    return chosen.card === 1
      ? 'Taking 1 makes g = 1 at once.'
      : `After ${chosen.card} the second player runs you out of safe cards.`;
  }
  return refutationReason(params.cards, chosen.card, chosen.reply);
}

export function explainSeagm(params: SeagmParams, result: SeagmResult): Explanation<SeagmMove> {
  const n = params.cards.length;
  const moves = result.winningCards.slice(0, MOVES_SHOWN).map((card) => ({
    text: `Take ${card} first.`,
    move: { card },
  }));
  const headline = result.firstWins
    ? `First player wins with perfect play, opening with ${result.winningCards[0]}; random play: the first player wins with probability ${formatProbability(result)}.`
    : `Second player wins with perfect play; random play: the first player wins with probability ${formatProbability(result)}.`;
  const refuted = result.refutations
    .map((r) => (r.reply === null ? `${r.card} (loses by itself)` : `${r.card} -> ${r.reply}`))
    .join(', ');
  const facts: KeyFact[] = [
    { label: 'Cards', value: n.toLocaleString('en-US') },
    { label: 'gcd of all cards', value: String(result.gcdAll) },
    { label: 'Perfect play', value: result.firstWins ? 'first player wins' : 'second player wins' },
    {
      label: 'Winning first cards',
      value: result.firstWins
        ? `${result.winningCardCount} distinct value${result.winningCardCount === 1 ? '' : 's'}: ${result.winningCards.join(', ')}${result.winningCardCount > result.winningCards.length ? ', ...' : ''}`
        : 'none',
    },
    { label: 'Random play, first player wins', value: formatProbability(result) },
  ];
  const randomReason =
    'With random play the cards come in a random order; the game ends at the first card that makes g = 1, and the first player wins when that happens on an even turn (or when no card is left for the second player).';
  const refutation = mainRefutation(params, result);
  const explanation: Explanation<SeagmMove> = {
    outcome: result.firstWins ? 'first' : 'second',
    winner: result.firstWins ? 'First player' : 'Second player',
    headline,
    moves,
    reasons: [...optimalReasons(params, result), randomReason],
    facts,
    brief: briefLines(params, result),
    details: [{ title: 'Random play: when the game ends', lines: turnLines(result) }],
  };
  return result.firstWins
    ? explanation
    : {
        ...explanation,
        whyNoMove: `Every first card has an answer (first card -> winning reply): ${refuted}.`,
        ...(refutation === undefined ? {} : { refutation }),
      };
}
