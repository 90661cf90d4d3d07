/**
 * The play contract, for every registered game, on the game's own random instances: random games to the end
 * with every position valid for the stored-position schema, moves listed iff the game goes on, illegal moves
 * refused with InputError, best moves legal, and the same position always giving the same answers.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import type { Difficulty } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { playOf } from '../../src/play/session.js';

const SIZES: readonly Difficulty[] = ['tiny', 'easy'];

describe.each(games.map((g) => [g.id, g] as const))('play contract: %s', (_id, game) => {
  const play = playOf(game);

  it('random games on random instances stay legal, and the short ones end', () => {
    const rng = createRng(2026);
    let played = 0;
    let ended = 0;
    for (const size of SIZES) {
      for (let k = 0; k < 15; k++) {
        const params: unknown = game.params.parse(game.randomInstance(rng, size));
        let position: unknown;
        try {
          position = play.start(params);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
          continue;
        }
        played++;
        for (let ply = 0; ply < 150; ply++) {
          expect(play.position.safeParse(JSON.parse(JSON.stringify(position))).success).toBe(true);
          const status = play.status(position);
          const moves = play.moves(position);
          expect(moves.length === 0).toBe(status.over);
          expect(status.winner === null).toBe(!status.over);
          if (status.over) break;
          expect(new Set(moves.map((m) => m.id)).size).toBe(moves.length);
          expect(() => play.apply(position, 'no such move')).toThrow(InputError);
          const best = play.bestMove(position);
          expect(moves.map((m) => m.id)).toContain(best.move);
          expect(play.bestMove(position)).toEqual(best);
          const move = rng.pick(moves);
          const next = play.apply(position, ` ${move.id.toUpperCase()} `);
          expect(next).toEqual(play.apply(position, move.id));
          expect(play.status(next).toMove).not.toBe(status.toMove);
          position = next;
        }
        if (play.status(position).over) ended++;
      }
    }
    expect(played).toBeGreaterThan(5);
    expect(ended).toBeGreaterThan(0);
  });
});
