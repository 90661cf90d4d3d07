/** MAGIC for a newcomer: the rules in plain words and one small game played out. */
import type { GameRules } from '../../core/game.js';
import type { MagicParams } from './schema.js';

/** The official sample 4: four rooms, one passage 3-4, one telepoint each. The tests replay its line. */
export const RULES_EXAMPLE = { rooms: 4, passages: [[3, 4]] as [number, number][], telepoints: 1 } as const;

export const magicRules: GameRules<MagicParams> = {
  what: 'A chase on a growing map for two magicians: each turn one adds a passage between two rooms, and whoever can walk to the other magician wins.',
  play: [
    'There are N rooms, numbered 1 to N, and some passages, each joining two rooms. The first magician stands in room 1, the second in room 2. Each holds the same number of telepoints (one-use tickets to jump anywhere).',
    'The first magician moves first; then they take turns. A turn has three parts, in order:',
    '1. Walk along passages as far as you like. If you reach the other magician, you win at once.',
    '2. Build one new passage between any two rooms not yet directly joined; this is compulsory. If every pair of rooms is already joined, you cannot build and you lose.',
    '3. Optionally, spend one telepoint to jump to any room.',
  ],
  winning: [
    'You win by walking to the other magician. So if the two magicians are ever connected by passages at the start of your turn, you win.',
    'You lose if you must build and no pair of rooms is left to join. Building the passage that connects you to your rival usually loses too, since the rival walks over on the next turn, unless you teleport away at once.',
  ],
  terms: [
    {
      term: 'group',
      meaning:
        'rooms that can reach each other along passages (a connected component). A room with no passage is a group of one. Groups are odd or even by their number of rooms.',
    },
    {
      term: 'spare passages',
      meaning:
        'passages that can still be built inside a group. Building one changes no group, so it works like passing the turn.',
    },
    {
      term: 'the endgame',
      meaning:
        'nobody wants to join the two magicians; so the game ends when the rooms form two fully joined groups, one per magician: whoever must build then loses. The fight is over whether those two groups end up odd or even.',
    },
  ],
  example: {
    params: {
      rooms: String(RULES_EXAMPLE.rooms),
      passages: RULES_EXAMPLE.passages.map(([a, b]) => [a, b] as [number, number]),
      p1: RULES_EXAMPLE.telepoints,
      p2: RULES_EXAMPLE.telepoints,
    },
    fields: { rooms: '4', passages: '3-4', telepoints: 1 },
    cli: 'magic --rooms 4 --passages 3-4 --telepoints 1',
    setup:
      'Four rooms, one passage 3-4, one telepoint each. First is alone in room 1, Second alone in room 2; rooms 3 and 4 form a group of two.',
    steps: [
      'First cannot reach Second, so he builds passage 1-2 and at once teleports to room 3. (Without the teleport, Second would walk from room 2 to room 1 and win.)',
      'Now rooms 1 and 2 are one fully joined group, and rooms 3 and 4 another. Second cannot reach First. Every pair not yet joined (1-3, 1-4, 2-3, 2-4) links the two groups, but he must build one: say 1-3.',
      'First walks from room 3 to room 1 and on to room 2: he reaches Second and wins. (A teleport would not have saved Second: wherever he jumps, all rooms are now connected.)',
    ],
    result:
      'First wins: he left Second facing two complete groups, where any passage Second builds lets First walk over.',
  },
};
