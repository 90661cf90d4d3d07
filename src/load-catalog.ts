/**
 * Builds the catalog (src/games/catalog.ts) at a composition root: the built-ins plus the games of an optional
 * extra games module (`GRUNDY_EXTRA_GAMES_MODULE`, a plugin hook: an ES module exporting `games`, an array of
 * GameDefinition). Each module is loaded once per process, so the bot, the workers and the solver threads of
 * one process share one catalog object, and processes started with the same setting agree on one list.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError, UnknownGameError } from './core/errors.js';
import type { AnyGame } from './core/game.js';
import type { GameCatalog } from './games/catalog.js';
import { builtInEntries, entryOf, type GameEntry } from './games/entries.js';

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
    Array.isArray(game['outcomes']) &&
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
    // The catalog module imports every game: it is loaded here, on first use, never by a light command.
    catalog =
      extraGamesModule === undefined
        ? import('./games/catalog.js').then(({ createCatalog }) => createCatalog())
        : importExtraGames(extraGamesModule);
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
  const { createCatalog } = await import('./games/catalog.js');
  return createCatalog(games, spec);
}

/** The catalog as light entries (./games/entries.ts): what the CLI's light commands use. */
export interface EntryCatalog {
  /** Built-ins first, then plugin games, as in GameCatalog. */
  readonly entries: readonly GameEntry[];
  /** Throws UnknownGameError (an InputError naming the known games). */
  resolveEntry(id: string): GameEntry;
}

/**
 * The entries for a given extra games module: the built-ins alone load nothing; with a plugin module, the
 * whole catalog is loaded (as loadCatalog does, with its checks) and the plugin's games join as entries.
 */
export async function loadEntries(extraGamesModule: string | undefined): Promise<EntryCatalog> {
  let entries = builtInEntries;
  if (extraGamesModule !== undefined) {
    const builtIn = new Map(builtInEntries.map((entry) => [entry.id, entry]));
    entries = (await loadCatalog(extraGamesModule)).games.map(
      (game) => builtIn.get(game.id) ?? entryOf(game),
    );
  }
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    entries,
    resolveEntry(id) {
      const entry = byId.get(id.trim().toLowerCase());
      if (entry === undefined) throw new UnknownGameError(id, [...byId.keys()]);
      return entry;
    },
  };
}
