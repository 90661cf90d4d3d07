import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError, UnknownGameError } from '../../src/core/errors.js';
import { loadCatalog } from '../../src/load-catalog.js';
import { builtInGames as games, createCatalog } from '../../src/games/catalog.js';

const fixture = fileURLToPath(new URL('../support/slow-game.js', import.meta.url));

describe('game catalog (registry + extra games module)', () => {
  it('serves the registry alone by default', async () => {
    const catalog = await loadCatalog(undefined);
    expect(catalog.games).toEqual(games);
    expect(catalog.resolveGame('SEAGM').id).toBe('seagm');
    expect(() => catalog.resolveGame('chess')).toThrow(UnknownGameError);
  });

  it('adds the games of an extra games module', async () => {
    const catalog = await loadCatalog(fixture);
    expect(catalog.resolveGame('slow').title).toBe('Slow (test fixture)');
    expect(catalog.resolveGame('seagm').id).toBe('seagm');
  });

  it('names the setting when the module is missing or malformed, or a game id is taken', async () => {
    await expect(loadCatalog('/nonexistent/games.js')).rejects.toThrow(
      /^GRUNDY_EXTRA_GAMES_MODULE: cannot load/,
    );
    const notGames = fileURLToPath(new URL('./games-catalog.test.ts', import.meta.url));
    await expect(loadCatalog(notGames)).rejects.toBeInstanceOf(InputError);
    const seagm = games.find((game) => game.id === 'seagm');
    expect(() => createCatalog(seagm === undefined ? [] : [seagm])).toThrow(
      'the game id "seagm" is already taken',
    );
  });
});
