/** The explicit list of games. The bot, the CLI, the workers and the tests all read this one list. */
import type { AnyGame } from '../core/game.js';
import { UnknownGameError } from '../core/errors.js';
import { seagm } from './seagm/index.js';
import { partisan } from './partisan/index.js';
import { abgame } from './abgame/index.js';
import { multiplication } from './multiplication/index.js';
import { magic } from './magic/index.js';
import { octal } from './octal/index.js';

export const games: readonly AnyGame[] = [seagm, multiplication, abgame, partisan, magic, octal];

const byId = new Map<string, AnyGame>(games.map((game) => [game.id, game]));

export function findGame(id: string): AnyGame | undefined {
  return byId.get(id.toLowerCase());
}

export function getGame(id: string): AnyGame {
  const game = findGame(id);
  if (game === undefined)
    throw new UnknownGameError(
      id,
      games.map((g) => g.id),
    );
  return game;
}
