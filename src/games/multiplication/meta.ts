/** What lists and help texts show of multiplication without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';

export const multiplicationMeta = {
  id: 'multiplication',
  title: 'The Multiplication Game',
  summary:
    'A number race: from 1, multiply by primes of N in turn; hitting N exactly wins, overshooting ties.',
  origin: 'Kattis multiplicationgame (ICPC Rocky Mountain Regional 2017)',
  playLimit: 'any N the solver takes (up to 10^18)',
  examples: [
    {
      cli: 'multiplication 40 Bob',
      fields: { n: '40', first: 'Bob' },
      note: '40 = 2^3 × 5: a tie (official sample)',
    },
    {
      cli: 'multiplication 50 Alice',
      fields: { n: '50', first: 'Alice' },
      note: '2 × 5^2: Alice opens with 5',
    },
    { cli: 'multiplication 36 Alice', fields: { n: '36', first: 'Alice' }, note: '2^2 × 3^2: Bob mirrors' },
    {
      cli: 'multiplication 999999866000004473 Bob',
      fields: { n: '999999866000004473', first: 'Bob' },
      note: 'two primes near 10^9: Alice mirrors',
    },
  ],
} as const satisfies GameMeta;
