/** SEAGM for a newcomer: the rules in plain words and one small game played out card by card. */
import type { GameRules } from '../../core/game.js';
import { gcd } from '../../math/gcd.js';
import type { SeagmParams } from './schema.js';

const PLAYERS = ['First player', 'Second player'] as const;

/** The example's cards, and the order they are taken in (an optimal line: the tests check it). */
export const RULES_EXAMPLE = { cards: [2, 6, 3], line: [2, 6, 3] } as const;

/** One sentence per card taken, with g worked out, so the text cannot drift from the line. */
export function narrateLine(cards: readonly number[], line: readonly number[]): string[] {
  let g = 0;
  return line.map((card, i) => {
    const player = PLAYERS[i % 2] ?? '';
    const next = gcd(g, card);
    const last = i === cards.length - 1 ? ' the last card,' : '';
    const step =
      g === 0
        ? `${player} takes${last} ${card}: g becomes ${next}.`
        : `${player} takes${last} ${card}: g = gcd(${g}, ${card}) = ${next}${next === 1 ? `, so the ${player.toLowerCase()} loses.` : next === g ? ', still not 1.' : '.'}`;
    g = next;
    return step;
  });
}

export const seagmRules: GameRules<SeagmParams> = {
  what: 'A card game for two: players take cards from the table in turn, and whoever brings a shared number down to 1 loses.',
  play: [
    'Some cards lie face up on the table, each showing a whole number. The first player moves first, then the players take turns.',
    'A turn is simply taking one card from the table.',
    'Both players keep an eye on one number, g: the greatest common divisor (gcd) of all cards taken so far, by either player: the largest whole number that divides each of them. Before the first card g is 0, and the first card taken sets g to its own value.',
  ],
  winning: [
    'The player whose card makes g equal to 1 loses at once.',
    'If every card has been taken and g never reached 1, the player who should move next has no card and loses.',
    'Grundy also answers a second question: when both players simply pick cards at random, how likely is the first player to win?',
  ],
  terms: [
    { term: 'g', meaning: 'the gcd of the cards taken so far.' },
    {
      term: 'prime of g',
      meaning:
        'a prime number dividing g. A card keeps g above 1 exactly when it shares a prime with g, so Grundy counts, for each prime of g, the cards it divides, and whether that count is odd or even.',
    },
  ],
  example: {
    params: { cards: [...RULES_EXAMPLE.cards] },
    fields: { numbers: '2 6 3' },
    cli: 'seagm 2 6 3',
    setup: 'Three cards: 2, 6 and 3. g starts at 0.',
    steps: narrateLine(RULES_EXAMPLE.cards, RULES_EXAMPLE.line),
    result:
      'The second player wins. Opening with 6 or 3 loses too: the second player answers so that g stays above 1, and the first player is left with the card that makes it 1.',
  },
};
