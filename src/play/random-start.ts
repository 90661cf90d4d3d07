/**
 * `/play difficulty:`: a random instance that is won for the player who moves first, small enough to play
 * move by move. Instances come from the game's own generator; deterministic for a given generator state.
 */
import { InputError } from '../core/errors.js';
import type { AnyGame, Difficulty } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { playOf } from './session.js';

export const PLAY_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type PlayDifficulty = (typeof PLAY_DIFFICULTIES)[number];

/** The generator's sizes to try, hardest first: play positions must stay small enough to list their moves. */
const SIZES: Record<PlayDifficulty, readonly Difficulty[]> = {
  easy: ['tiny'],
  medium: ['easy', 'tiny'],
  hard: ['medium', 'easy', 'tiny'],
};

const TRIES = 200;

/** Params whose start position is a win for the first mover, or InputError if none turned up. */
export function randomWonStart(game: AnyGame, rng: Rng, difficulty: PlayDifficulty): unknown {
  const play = playOf(game);
  for (const size of SIZES[difficulty]) {
    for (let i = 0; i < TRIES; i++) {
      const params: unknown = game.params.parse(game.randomInstance(rng, size));
      let position: unknown;
      try {
        position = play.start(params);
      } catch (error) {
        if (error instanceof InputError) continue; // too big to play: draw again
        throw error;
      }
      if (!play.status(position).over && play.verdict(position) === 'win') return params;
    }
  }
  throw new InputError(
    `No ${difficulty} ${game.title} position won for you turned up; try another difficulty.`,
  );
}
