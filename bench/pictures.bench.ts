/**
 * Pictures: for each game, drawing the SVG and rasterizing it to PNG (resvg, shipped font) at a typical input
 * (the first example) and a maximal one (the largest input its schema allows, in the shape hardest to draw).
 * The solve itself is not timed here: the game's own bench does that.
 */
import type { AnyGame, Picture } from '../src/core/game.js';
import { createRng } from '../src/core/rng.js';
import { createCatalog } from '../src/games/catalog.js';
import { renderPng } from '../src/render/png.js';
import { budget, timeMedian, type BenchRow } from './harness.js';

/**
 * Drawing and rasterizing should never hold an answer up noticeably: within 1 s for a typical input; a maximal
 * one may take 2 s (MAGIC redoes the solver's union pass over 10^6 passages, still less than the solve).
 */
const BUDGET_MS = { typical: 1000, maximal: 2000 } as const;

const maximal: Record<string, { size: string; make: () => unknown }> = {
  seagm: {
    size: '100,000 random cards up to 10^9',
    make: () => {
      const rng = createRng(7);
      return { cards: Array.from({ length: 100_000 }, () => rng.int(1, 1_000_000_000)) };
    },
  },
  multiplication: {
    size: 'N = 2 × 3 × ... × 47 (15 primes)',
    make: () => ({ n: '614889782588491410', first: 'Bob' }),
  },
  abgame: {
    size: '1,000,000 random cells',
    make: () => {
      const rng = createRng(11);
      return { board: Array.from({ length: 1_000_000 }, () => rng.pick(['A', 'B', '.'])).join('') };
    },
  },
  partisan: {
    size: 'n = 10^18, period 2,508,961',
    make: () => ({ n: '1000000000000000000', alice: [6, 11, 53, 58, 64], bob: [6, 11, 53, 58, 64] }),
  },
  magic: {
    size: '10^18 rooms, 1,000,000 passages',
    make: () => ({
      rooms: '1000000000000000000',
      passages: Array.from({ length: 1_000_000 }, (_, i) => [i + 3, i + 4]),
      p1: 1,
      p2: 0,
    }),
  },
};

/** Times drawing the SVG and rasterizing it, separately, for one solved input. */
async function rows(
  game: AnyGame,
  label: keyof typeof BUDGET_MS,
  size: string,
  raw: unknown,
  repeat: number,
): Promise<BenchRow[]> {
  const params: unknown = game.params.parse(raw);
  const result: unknown = game.solve(params);
  const explanation = game.explain(params, result);
  const draw = (): Picture => {
    const picture = game.picture?.(params, result, explanation) ?? null;
    if (picture === null) throw new Error(`${game.id}: no picture for the ${label} input`);
    return picture;
  };
  const picture = draw();
  const svgMs = await timeMedian(draw, repeat);
  const pngMs = await timeMedian(() => {
    if (renderPng(picture) === null) throw new Error(`${game.id}: the ${label} picture did not rasterize`);
  }, repeat);
  const px = `${picture.width * 2} x ${picture.height * 2} px`;
  return [
    { group: `${game.id} picture`, input: `${label}: draw SVG`, size, timeMs: svgMs, throughput: '' },
    {
      group: `${game.id} picture`,
      input: `${label}: SVG -> PNG (resvg)`,
      size: px,
      timeMs: pngMs,
      throughput: '',
      budget: `${budget(svgMs + pngMs, BUDGET_MS[label])} (draw + PNG)`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const catalog = createCatalog();
  const out: BenchRow[] = [];
  for (const id of ['seagm', 'multiplication', 'abgame', 'partisan', 'magic']) {
    const game = catalog.resolveGame(id);
    const example = game.examples[0];
    out.push(...(await rows(game, 'typical', `example: ${example.cli}`, game.fromFields(example.fields), 7)));
    const max = maximal[id];
    if (max !== undefined) out.push(...(await rows(game, 'maximal', max.size, max.make(), 3)));
  }
  return out;
}
