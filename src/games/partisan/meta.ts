/** What lists and help texts show of partisan without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';

export const partisanMeta = {
  id: 'partisan',
  title: 'PartisanGame — a subtraction game with different moves for each player',
  summary:
    'Alice and Bob take stones from one pile, each from their own set of moves; who cannot move loses.',
  origin: 'TopCoder SRM 701, Division I Level One (PartisanGame)',
  playLimit: 'any pile and sets the solver takes',
  examples: [
    {
      cli: 'partisan 7 --alice 3,4 --bob 4',
      fields: { n: '7', alice: '3,4', bob: '4' },
      note: 'TopCoder example 0: Alice takes 4',
    },
    {
      cli: 'partisan 999999999 --alice 4 --bob 5',
      fields: { n: '999999999', alice: '4', bob: '5' },
      note: 'period 9: Bob answers x with 9 - x',
    },
    {
      cli: 'partisan 1000000000000000000 --alice 6,11,53,58,64 --bob 6,11,53,58,64',
      fields: { n: '1000000000000000000', alice: '6,11,53,58,64', bob: '6,11,53,58,64' },
      note: 'a proven period of 2,508,961',
    },
  ],
} as const satisfies GameMeta;
