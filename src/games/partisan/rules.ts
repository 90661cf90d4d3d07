/** PartisanGame for a newcomer: the rules in plain words and one small game played out. */
import type { GameRules } from '../../core/game.js';
import type { PartisanParams } from './schema.js';

/** The example pile and sets, and the stones taken in order, Alice first (checked by the tests). */
export const RULES_EXAMPLE = { n: 8, alice: [2, 3], bob: [1], line: [2, 1, 2, 1, 2] } as const;

/** One sentence per turn, with the pile after it, so the text cannot drift from the line. */
export function narrateLine(
  n: number,
  line: readonly number[],
  alice: readonly number[],
  bob: readonly number[],
): string[] {
  let pile = n;
  const steps = line.map((take, i) => {
    pile -= take;
    return `${i % 2 === 0 ? 'Alice' : 'Bob'} takes ${take}: ${pile} stone${pile === 1 ? '' : 's'} left.`;
  });
  const next = line.length % 2 === 0 ? 'Alice' : 'Bob';
  const smallest = Math.min(...(next === 'Alice' ? alice : bob));
  steps.push(`${next} cannot take ${smallest} from ${pile}, so ${next} loses.`);
  return steps;
}

/** B(m) for m = 0..n as W/L, straight from the rule (the example is tiny). */
function bobStrip(n: number, alice: readonly number[], bob: readonly number[]): string[] {
  const a: boolean[] = [];
  const b: boolean[] = [];
  for (let m = 0; m <= n; m++) {
    a.push(alice.some((x) => x <= m && b[m - x] === false));
    b.push(bob.some((y) => y <= m && a[m - y] === false));
  }
  return b.map((win) => (win ? 'W' : 'L'));
}

const strip = bobStrip(RULES_EXAMPLE.n, RULES_EXAMPLE.alice, RULES_EXAMPLE.bob);
const losing = strip.flatMap((wl, m) => (wl === 'L' ? [m] : []));

export const partisanRules: GameRules<PartisanParams> = {
  what: 'A pile game for two: Alice and Bob take turns removing stones from one pile, each allowed only their own amounts, and whoever cannot move loses.',
  play: [
    'There is one pile of n stones. Alice has her own list of amounts she may take (say 2 or 3), Bob his own (say only 1).',
    'Alice moves first, then they take turns. A turn is removing exactly one of your allowed amounts, and there must be that many stones left on the pile.',
  ],
  winning: ['A player who cannot remove any of their amounts on their turn loses.'],
  terms: [
    {
      term: 'W and L',
      meaning:
        'W marks a pile size where the player to move wins, L one where they lose. A(m) is W or L for Alice to move at m stones, B(m) the same for Bob.',
    },
    {
      term: 'the rule behind the table',
      meaning:
        'A(m) is W exactly when Alice can take an amount that leaves Bob at an L pile; B(m) likewise. Filling in m = 0, 1, 2, ... gives two strips of W and L.',
    },
    {
      term: 'period',
      meaning:
        'after some start (the pre-period) the strips repeat forever with a fixed length, the period; so a huge n only needs its place within one period.',
    },
  ],
  example: {
    params: { n: String(RULES_EXAMPLE.n), alice: [...RULES_EXAMPLE.alice], bob: [...RULES_EXAMPLE.bob] },
    fields: { n: '8', alice: '2,3', bob: '1' },
    cli: 'partisan 8 --alice 2,3 --bob 1',
    setup: `A pile of 8 stones. Alice may take 2 or 3 stones, Bob only 1. For Bob to move, the piles ${losing.slice(0, -1).join(', ')} and ${losing.at(-1) ?? ''} are L (B reads ${strip.join(' ')} for 0 to ${RULES_EXAMPLE.n}).`,
    steps: narrateLine(RULES_EXAMPLE.n, RULES_EXAMPLE.line, RULES_EXAMPLE.alice, RULES_EXAMPLE.bob),
    result:
      'Alice wins by always leaving Bob a pile where B is L (6, then 3, then 0). Taking 3 first would leave 5, where B is W: Bob takes 1, and from 4 stones every line ends with Alice stuck.',
  },
};
