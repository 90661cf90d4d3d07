/**
 * The one catalog of games. The built-ins are listed here explicitly (no folder scanning); plugin games from
 * GRUNDY_EXTRA_GAMES_MODULE join them in src/load-catalog.ts. The composition roots (`grundy serve`, `grundy
 * worker`, the CLI) build one catalog and hand it to everything: slash commands, CLI verbs, the judge, the solve
 * service and its workers, the solver threads (which rebuild it from `extraGamesModule`) and the quiz.
 */
import type { AnyGame } from '../core/game.js';
import { InputError, UnknownGameError } from '../core/errors.js';
import { seagm } from './seagm/index.js';
import { partisan } from './partisan/index.js';
import { abgame } from './abgame/index.js';
import { multiplication } from './multiplication/index.js';
import { magic } from './magic/index.js';
import { octal } from './octal/index.js';

export const builtInGames: readonly AnyGame[] = [seagm, multiplication, abgame, partisan, magic, octal];

export interface GameCatalog {
  /** Built-ins first, then plugin games, in their module's order. */
  readonly games: readonly AnyGame[];
  /** The plugin module the extra games came from, so solver threads can load the same catalog. */
  readonly extraGamesModule: string | undefined;
  findGame(id: string): AnyGame | undefined;
  /** Throws UnknownGameError (an InputError naming the known games). */
  resolveGame(id: string): AnyGame;
}

/** The built-ins plus `extra` (from `extraGamesModule`); a plugin id that is already taken is refused. */
export function createCatalog(extra: readonly AnyGame[] = [], extraGamesModule?: string): GameCatalog {
  const all = [...builtInGames, ...extra];
  const byId = new Map<string, AnyGame>();
  for (const game of all) {
    if (byId.has(game.id)) {
      throw new InputError(
        `GRUNDY_EXTRA_GAMES_MODULE: the game id "${game.id}" is already taken.`,
        'GRUNDY_EXTRA_GAMES_MODULE',
      );
    }
    byId.set(game.id, game);
  }
  const findGame = (id: string): AnyGame | undefined => byId.get(id.trim().toLowerCase());
  return {
    games: all,
    extraGamesModule,
    findGame,
    resolveGame(id) {
      const game = findGame(id);
      if (game === undefined) throw new UnknownGameError(id, [...byId.keys()]);
      return game;
    },
  };
}
