/**
 * What the docs, the help and the deployment files say is checked against what the code does: figures are
 * derived from the code here, and the Docker health check is run against a real `grundy serve`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config.js';
import type { GameDefinition } from '../../src/core/game.js';
import { paramsFromFields } from '../../src/core/params.js';
import { builtInGames as games, createCatalog } from '../../src/games/catalog.js';
import { GrundyProcess } from '../support/grundy-process.js';

const root = new URL('../../', import.meta.url);
const getGame = (id: string) => createCatalog().resolveGame(id);
const read = (name: string): string => readFileSync(new URL(name, root), 'utf8');
const figure = (n: number): string => n.toLocaleString('en-US');

describe('docs/scaling.md', () => {
  const scaling = read('docs/scaling.md');
  const inlineDefault = ConfigSchema.shape.INLINE_COST_MS.parse(undefined);

  it('gives the INLINE_COST_MS default the code has', () => {
    const claimed = [...scaling.matchAll(/default of (\d+)/g)].map((m) => Number(m[1]));
    expect(claimed).toEqual([inlineDefault]);
  });

  it("gives the largest SEAGM hands solved inline, from the game's own cost estimate", () => {
    const seagm = getGame('seagm') as GameDefinition<{ cards: number[] }, unknown, unknown>;
    const cost = (n: number, value: number): number =>
      seagm.estimateCostMs?.({ cards: Array.from({ length: n }, () => value) }) ?? 0;
    const largestInline = (value: number): number => {
      let lo = 1;
      let hi = 100_000;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (cost(mid, value) <= inlineDefault) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    expect(scaling).toContain(`up to ${figure(largestInline(1_000_000))} small cards`);
    expect(scaling).toContain(`or ${figure(largestInline(1_000_000_000))} cards with large values`);
  });
});

describe('help examples', () => {
  const partisan = getGame('partisan');
  it.each(partisan.examples.filter((e) => /takes \d+/.test(e.note)))(
    'partisan $cli: the move its note names is a winning move of the solver',
    (example) => {
      const taken = Number(/takes (\d+)/.exec(example.note)?.[1]);
      const params: unknown = paramsFromFields(partisan, example.fields);
      const result = partisan.solve(params) as { aliceWins: boolean; aliceMoves: number[] };
      expect(result.aliceWins).toBe(true);
      expect(result.aliceMoves).toContain(taken);
      expect(partisan.explain(params, result).headline).toContain(`takes ${taken}`);
    },
  );

  it('every example of every game solves', () => {
    for (const game of games) {
      for (const example of game.examples) {
        const params: unknown = paramsFromFields(game, example.fields);
        expect(() => {
          game.solve(params);
        }).not.toThrow();
      }
    }
  });
});

describe('deployment files', () => {
  const dockerfile = read('Dockerfile');
  const compose = read('deploy/docker-compose.yml');

  it('the Compose bot publishes and listens on the same PORT', () => {
    expect(compose).toContain(`- '\${PORT:-8080}:\${PORT:-8080}'`);
    expect(compose).toMatch(/^ {6}PORT: '\$\{PORT:-8080\}'$/m);
    expect(compose).not.toMatch(/:8080'$/m);
  });

  it('.dockerignore keeps node_modules, dist, .git and .env out, and lets in all the Dockerfile copies', () => {
    const rules = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    // Docker applies the last matching rule; this file is an allow-list after "*".
    expect(rules[0]).toBe('*');
    const allowed = new Set(rules.filter((r) => r.startsWith('!')).map((r) => r.slice(1)));
    for (const excluded of ['node_modules', 'dist', '.git', '.env', 'test'])
      expect(allowed.has(excluded)).toBe(false);
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      (m[1] ?? '').split(/\s+/),
    );
    expect(copied.length).toBeGreaterThan(0);
    for (const source of copied) expect(allowed, source).toContain(source.replace(/\/$/, ''));
  });

  it('says what tini does, and solvers are threads', () => {
    expect(dockerfile).not.toMatch(/reaps solver child processes/);
    expect(dockerfile).toMatch(/Solvers are worker threads/);
  });

  describe('the HEALTHCHECK against a real grundy serve', () => {
    const command = /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    let serve: GrundyProcess | undefined;
    afterAll(() => serve?.kill());
    const check = (port: string) => {
      const [program, ...args] = JSON.parse(command ?? '[]') as string[];
      expect(program).toBe('node');
      return spawnSync(process.execPath, args, { env: { PORT: port }, timeout: 10_000 }).status;
    };

    it('is healthy while serve runs, unhealthy when it does not', async () => {
      expect(command).toBeDefined();
      serve = new GrundyProcess('serve', { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' });
      const url = new URL(await serve.ready());
      expect(check(url.port)).toBe(0);
      // What the README says about a bot without DISCORD_PUBLIC_KEY.
      const refused = await fetch(`${url.origin}/interactions`, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(503);
      expect(read('README.md').replace(/\s+/g, ' ')).toContain(
        '`POST /interactions` answers 503 until `DISCORD_PUBLIC_KEY` is set',
      );
      await serve.kill();
      expect(check(url.port)).toBe(1);
    });
  });
});
