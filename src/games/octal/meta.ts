/** What lists and help texts show of octal without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';

/** The largest heap and the most heaps a game move by move may start with. */
export const MAX_PLAY_HEAP = 100;
export const MAX_PLAY_HEAPS = 12;

export const octalMeta = {
  id: 'octal',
  title: "Octal games — Kayles, Dawson's Kayles, Nim and every code 0.d1d2...dk",
  summary: 'Take tokens from a heap as the octal code allows, maybe splitting it; who cannot move loses.',
  origin: 'the octal games of Guy and Smith (1956), as in Winning Ways',
  playLimit: `at most ${MAX_PLAY_HEAPS} heaps of at most ${MAX_PLAY_HEAP} tokens`,
  examples: [
    {
      cli: 'octal 0.77 --heaps 5,8,13',
      fields: { code: '0.77', heaps: '5,8,13' },
      note: 'Kayles: period 12 from n = 71',
    },
    {
      cli: 'octal 0.07 --heaps 1000000000000000000',
      fields: { code: '0.07', heaps: '1000000000000000000' },
      note: "Dawson's Kayles: period 34, a heap of 10^18",
    },
    {
      cli: 'octal nim --heaps 3,4,5',
      fields: { code: 'nim', heaps: '3,4,5' },
      note: 'Nim: G(n) = n',
    },
  ],
} as const satisfies GameMeta;
