/** What lists and help texts show of seagm without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';

export const PLAY_MAX_CARDS = 200;

export const seagmMeta = {
  id: 'seagm',
  title: 'SEAGM — the gcd game',
  summary: 'A card game: take cards in turn; whoever makes the gcd of all cards taken so far 1 loses.',
  origin: 'CodeChef SEAGM (May Challenge 2014)',
  playLimit: `at most ${PLAY_MAX_CARDS} cards`,
  examples: [
    { cli: 'seagm 2 6 3', fields: { numbers: '2 6 3' }, note: 'second player wins; random play 1/3' },
    { cli: 'seagm 6 10 15 22 28', fields: { numbers: '6 10 15 22 28' }, note: 'an official sample' },
    { cli: 'seagm 2 4 8 16 32', fields: { numbers: '2 4 8 16 32' }, note: 'gcd of all > 1: parity decides' },
  ],
} as const satisfies GameMeta;
