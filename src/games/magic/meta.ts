/** What lists and help texts show of magic without loading the game: loaded by the catalog's entries. */
import type { GameMeta } from '../../core/game.js';

export const PLAY_MAX_ROOMS = 10;

export const magicMeta = {
  id: 'magic',
  title: 'Two Magicians',
  summary: 'A chase on a map: two magicians add passages between rooms; whoever can walk to the other wins.',
  origin: 'CodeChef MAGIC, "Two Magicians" (August Long Challenge 2012)',
  playLimit: `at most ${PLAY_MAX_ROOMS} rooms`,
  examples: [
    {
      cli: 'magic 4 --passages 3-4 --telepoints 1',
      fields: { rooms: '4', passages: '3-4', telepoints: 1 },
      note: 'The fourth official sample: First wins.',
    },
    {
      cli: 'magic 4 --telepoints 1',
      fields: { rooms: '4', telepoints: 1 },
      note: 'The third official sample: Second wins.',
    },
    {
      cli: 'magic 6 --p1 1 --p2 0',
      fields: { rooms: '6', p1: 1, p2: 0 },
      note: 'Unequal telepoints: only First may teleport.',
    },
    {
      cli: 'magic 1000000000000000000 --passages "1-3 2-4 5-6"',
      fields: { rooms: '1000000000000000000', passages: '1-3 2-4 5-6' },
      note: 'A huge board: untouched rooms are counted, never stored.',
    },
  ],
} as const satisfies GameMeta;
