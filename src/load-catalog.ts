/**
 * Builds the catalog (src/games/catalog.ts) at a composition root: the built-ins plus the games of an optional
 * extra games module (`GRUNDY_EXTRA_GAMES_MODULE`, a plugin hook: an ES module exporting `games`, an array of
 * GameDefinition). Each module is loaded once per process, so the bot, the workers and the solver threads of
 * one process share one catalog object, and processes started with the same setting agree on one list.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from './core/errors.js';
import type { AnyGame } from './core/game.js';
import { createCatalog, type GameCatalog } from './games/catalog.js';

const requiredFunctions = ['solve', 'explain', 'estimateCostMs', 'outcome'] as const;

function looksLikeGame(value: unknown): value is AnyGame {
  if (typeof value !== 'object' || value === null) return false;
  const game = value as Record<string, unknown>;
  const schemaLike = (schema: unknown): boolean =>
    typeof schema === 'object' &&
    schema !== null &&
    typeof (schema as { safeParse?: unknown }).safeParse === 'function';
  return (
    typeof game['id'] === 'string' &&
    typeof game['solverVersion'] === 'string' &&
    schemaLike(game['params']) &&
    schemaLike(game['result']) &&
    Array.isArray(game['examples']) &&
    requiredFunctions.every((name) => typeof game[name] === 'function')
  );
}

function moduleUrl(spec: string): string {
  if (spec.startsWith('file:')) return spec;
  return pathToFileURL(isAbsolute(spec) ? spec : resolve(process.cwd(), spec)).href;
}

const loaded = new Map<string, Promise<GameCatalog>>();

/** The catalog for a given extra games module (undefined: the built-ins alone); each module is loaded once. */
export function loadCatalog(extraGamesModule: string | undefined): Promise<GameCatalog> {
  const key = extraGamesModule ?? '';
  let catalog = loaded.get(key);
  if (catalog === undefined) {
    catalog =
      extraGamesModule === undefined ? Promise.resolve(createCatalog()) : importExtraGames(extraGamesModule);
    loaded.set(key, catalog);
    catalog.catch(() => loaded.delete(key));
  }
  return catalog;
}

async function importExtraGames(spec: string): Promise<GameCatalog> {
  let mod: { games?: unknown };
  try {
    mod = (await import(moduleUrl(spec))) as { games?: unknown };
  } catch (error) {
    throw new InputError(
      `GRUNDY_EXTRA_GAMES_MODULE: cannot load "${spec}" (${error instanceof Error ? error.message : String(error)}).`,
      'GRUNDY_EXTRA_GAMES_MODULE',
      { cause: error },
    );
  }
  const games = mod.games;
  if (!Array.isArray(games) || !games.every(looksLikeGame)) {
    throw new InputError(
      `GRUNDY_EXTRA_GAMES_MODULE: "${spec}" must export \`games\`, an array of game definitions (see src/core/game.ts).`,
      'GRUNDY_EXTRA_GAMES_MODULE',
    );
  }
  return createCatalog(games, spec);
}
