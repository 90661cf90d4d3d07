/** Octal games for a newcomer: what a code means, how to play, and one small game of Kayles played out. */
import type { GameRules } from '../../core/game.js';
import { DEFAULT_SEARCH } from './limits.js';
import type { OctalParams } from './schema.js';

export const octalRules: GameRules<OctalParams> = {
  what: "A game of heaps of tokens for two players: each turn you take tokens from one heap, as the game's code allows, perhaps splitting what is left into two heaps; whoever cannot move loses.",
  play: [
    'There are some heaps of tokens. On your turn you pick one heap and take some tokens from it.',
    'The code 0.d1d2d3... says how: digit d1 is about taking 1 token, d2 about taking 2, and so on. Each digit is a sum of 1 (you may take the whole heap), 2 (you may leave one smaller heap) and 4 (you may split what is left into two heaps, neither empty); 0 means that amount may never be taken.',
    "Kayles is 0.77: the heaps are rows, and you take 1 or 2 neighbouring tokens from anywhere in a row, which may split it in two. Dawson's Kayles is 0.07, and Nim, where you take any number, is written nim.",
  ],
  winning: ['The player who cannot move on their turn loses: whoever makes the last move wins.'],
  terms: [
    {
      term: 'Grundy value G(n)',
      meaning:
        'a number for a heap of n tokens: the smallest number that is not the value of a position one move away (the mex). A heap with G(n) = 0 is lost for the player to move.',
    },
    {
      term: 'XOR (^)',
      meaning:
        'several heaps are worth the XOR of their values (binary addition without carries); two heaps split off a heap are worth G(a) ^ G(b). The player to move wins exactly when the XOR is not 0.',
    },
    {
      term: 'pre-period and period',
      meaning:
        'from some heap size n0 on, the values repeat with a fixed length p: G(n + p) = G(n). Grundy proves this from finitely many values (the octal periodicity theorem), so huge heaps need only their place in the period.',
    },
  ],
  example: {
    params: { code: '0.77', heaps: ['4'], search: DEFAULT_SEARCH },
    fields: { code: '0.77', heaps: '4' },
    cli: 'octal 0.77 --heaps 4',
    setup: 'Kayles (0.77) with one row of 4 tokens: G(4) = 1, not 0, so the first player should win.',
    steps: [
      'First player takes the 2 middle tokens, leaving two heaps of 1 (worth G(1) ^ G(1) = 1 ^ 1 = 0).',
      'Second player takes one of them: one heap of 1 is left.',
      'First player takes the last token.',
    ],
    result:
      'Second player cannot move, so the first player wins: leaving two equal heaps was the winning move.',
  },
};
