/**
 * Start-up: a command loads only what it uses. The static import graph (what loads before any code runs) of
 * the CLI's entry and of each game's judge is read from the sources; the lazy `import()`s of run.ts and the
 * catalog entries are the only ways in to the rest. Also: the light entries say what the catalog says.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtInGames } from '../../src/games/catalog.js';
import { builtInEntries } from '../../src/games/entries.js';
import { loadEntries } from '../../src/load-catalog.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every file and package a module pulls in through static imports (type-only imports load nothing). */
function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(src, entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)';/gms)) {
      const [, typeOnly, spec] = m;
      if (typeOnly !== undefined || spec === undefined) continue;
      if (spec.startsWith('.')) pending.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else if (!spec.startsWith('node:')) packages.add(spec);
    }
  }
  return { files: [...files].map((f) => relative(src, f)).sort(), packages: [...packages].sort() };
}

/** A judge's solver module where it is not the game's solve.ts: ABGAME's judge needs only the winner. */
const JUDGE_SOLVER: Readonly<Record<string, string>> = { abgame: 'winner-scan.ts' };

const heavy = ['zod', 'discord.js', 'bullmq', 'ioredis', 'pino', 'piscina', '@resvg/resvg-js', 'prom-client'];

describe('what a command loads before it runs', () => {
  it('the entry (bin -> cli/main) loads no package and no game, only the catalog entries', () => {
    const { files, packages } = staticClosure('cli/main.ts');
    expect(packages).toEqual([]);
    expect(
      files.filter((f) => f.startsWith('games/') && !/\/(meta|limits)\.ts$|^games\/entries\.ts$/.test(f)),
    ).toEqual([]);
    expect(files).toContain('games/entries.ts');
    expect(files).not.toContain('games/catalog.ts');
    expect(files).not.toContain('config.ts');
  });

  it.each(builtInEntries.map((entry) => entry.id))(
    'grundy judge %s loads its own judge and solver only: no zod, no other game, no pictures',
    (id) => {
      const verb = staticClosure('cli/judge.ts');
      const judge = staticClosure(`games/${id}/judge.ts`);
      for (const { packages } of [verb, judge]) expect(packages.filter((p) => heavy.includes(p))).toEqual([]);
      expect(judge.files.filter((f) => f.startsWith('games/') && !f.startsWith(`games/${id}/`))).toEqual([]);
      expect(judge.files.filter((f) => /\/(index|schema|explain|picture|play|brute)\.ts$/.test(f))).toEqual(
        [],
      );
      expect(verb.files.filter((f) => f.startsWith('games/'))).toEqual([]);
      expect(verb.files).toContain('core/byte-reader.ts');
      expect(judge.files).toContain(`games/${id}/${JUDGE_SOLVER[id] ?? 'solve.ts'}`);
    },
  );

  it.each(builtInEntries.map((entry) => entry.id))(
    'grundy rules %s loads the rules as data: no zod, no game',
    (id) => {
      const verb = staticClosure('cli/rules.ts');
      const rules = staticClosure(`games/${id}/rules.ts`);
      for (const { packages } of [verb, rules]) expect(packages.filter((p) => heavy.includes(p))).toEqual([]);
      expect(verb.files.filter((f) => f.startsWith('games/'))).toEqual([]);
      expect(rules.files.filter((f) => f.startsWith('games/') && !f.startsWith(`games/${id}/`))).toEqual([]);
    },
  );

  it('grundy solve, explain and play with no game, --help or --version load no game and no package', () => {
    const usage = staticClosure('cli/usage.ts');
    expect(usage.packages).toEqual([]);
    expect(usage.files.filter((f) => f.startsWith('games/'))).toEqual([]);
    const run = readFileSync(join(src, 'cli/run.ts'), 'utf8');
    // The verbs' own modules (which import zod through the games' params) load only once a game is named.
    expect(run).toMatch(
      /answerBareVerb\(io, gameId, \(\) => solveUsage\(verb, entries\)\)[\s\S]*import\('\.\/solve\.js'\)/,
    );
    expect(run).toMatch(
      /answerBareVerb\(io, gameId, \(\) => playUsage\(entries\)\)[\s\S]*import\('\.\/play\.js'\)/,
    );
  });

  it('sees through to zod where it is (the check above can fail)', () => {
    expect(staticClosure('games/seagm/index.ts').packages).toContain('zod');
    expect(staticClosure('games/catalog.ts').files).toContain('games/magic/picture.ts');
  });
});

describe('the light catalog entries', () => {
  it('list the catalog games in order, with the same metadata, and load the same objects', async () => {
    expect(builtInEntries.map((e) => e.id)).toEqual(builtInGames.map((g) => g.id));
    for (const [i, entry] of builtInEntries.entries()) {
      const game = builtInGames[i];
      expect({ ...entry, load: 0, loadJudge: 0, loadRules: 0 }).toEqual({
        id: game?.id,
        title: game?.title,
        summary: game?.summary,
        origin: game?.origin,
        examples: game?.examples,
        ...(game?.play === undefined ? {} : { playLimit: game.play.limit }),
        load: 0,
        loadJudge: 0,
        loadRules: 0,
      });
      expect(await entry.load()).toBe(game);
      expect(await entry.loadJudge()).toBe(game?.judge);
      expect(await entry.loadRules()).toBe(game?.rules);
    }
  });

  it('resolve ids as the catalog does, and take plugin games from the extra games module', async () => {
    const entries = await loadEntries(undefined);
    expect(entries.resolveEntry(' SEAGM ').id).toBe('seagm');
    expect(() => entries.resolveEntry('chess')).toThrow(
      'Unknown game "chess". Known games: seagm, multiplication, abgame, partisan, magic, octal.',
    );
    const plugin = fileURLToPath(new URL('../support/slow-game.js', import.meta.url));
    const withPlugin = await loadEntries(plugin);
    expect(withPlugin.entries.map((e) => e.id).slice(0, builtInEntries.length)).toEqual(
      builtInEntries.map((e) => e.id),
    );
    expect((await withPlugin.resolveEntry('slow').load()).title).toBe('Slow (test fixture)');
  });
});
