/**
 * Every game's picture: drawn for random small inputs, random instances of every difficulty and the largest
 * inputs the schemas allow, always within the size and element caps, deterministic, and a valid PNG of the
 * promised size once rasterized.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, Difficulty, Picture } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { MAX_BOARD_CELLS } from '../../src/games/abgame/schema.js';
import { DRAWN_CELLS } from '../../src/games/abgame/picture.js';
import { MAX_PASSAGES, MAX_TELEPOINTS } from '../../src/games/magic/schema.js';
import { MAX_CARDS, MAX_VALUE } from '../../src/games/seagm/schema.js';
import { MAX_HEAP, MAX_HEAPS } from '../../src/games/octal/schema.js';
import { renderPng, renderPngAsync } from '../../src/render/png.js';
import { colors, escapeXml, PICTURE_LIMITS, SvgBuilder, textWidth, wrapText } from '../../src/render/svg.js';
import { fixture as abgameFixture } from '../games/abgame.fixture.js';
import { fixture as magicFixture } from '../games/magic.fixture.js';
import { fixture as octalFixture } from '../games/octal.fixture.js';
import { fixture as multiplicationFixture } from '../games/multiplication.fixture.js';
import { fixture as partisanFixture } from '../games/partisan.fixture.js';
import { fixture as seagmFixture } from '../games/seagm.fixture.js';

const { maxWidth, maxHeight, scale, maxElements } = PICTURE_LIMITS;

const small: Record<string, fc.Arbitrary<unknown>> = {
  seagm: seagmFixture.small,
  multiplication: multiplicationFixture.small,
  abgame: abgameFixture.small,
  partisan: partisanFixture.small,
  magic: magicFixture.small,
  octal: octalFixture.small,
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The largest inputs each schema allows, in the shapes that stress a picture most. */
const maximal: Record<string, readonly (readonly [string, () => unknown])[]> = {
  seagm: [
    [
      `${MAX_CARDS} random cards up to 10^9`,
      () => {
        const rng = createRng(7);
        return { cards: Array.from({ length: MAX_CARDS }, () => rng.int(1, MAX_VALUE)) };
      },
    ],
    [
      `${MAX_CARDS} cards sharing nine primes`,
      () => ({ cards: Array.from({ length: MAX_CARDS }, (_, i) => 223_092_870 * (1 + (i % 4))) }),
    ],
    [`${MAX_CARDS} cards of 1`, () => ({ cards: Array.from({ length: MAX_CARDS }, () => 1) })],
  ],
  multiplication: [
    ['N = 10^18', () => ({ n: '1000000000000000000', first: 'Alice' })],
    ['N = 2^59 (the largest exponent)', () => ({ n: String(2n ** 59n), first: 'Bob' })],
    ['the first 15 primes (the most primes)', () => ({ n: '614889782588491410', first: 'Bob' })],
    ['a prime near 10^18', () => ({ n: '999999999999999989', first: 'Alice' })],
  ],
  abgame: [
    [
      `${MAX_BOARD_CELLS} random cells`,
      () => {
        const rng = createRng(11);
        return { board: Array.from({ length: MAX_BOARD_CELLS }, () => rng.pick(['A', 'B', '.'])).join('') };
      },
    ],
    [
      `the longest board drawn cell by cell (${DRAWN_CELLS})`,
      () => ({ board: 'AB.'.repeat(40).slice(0, DRAWN_CELLS) }),
    ],
    [`one A and ${MAX_BOARD_CELLS - 1} dots`, () => ({ board: `A${'.'.repeat(MAX_BOARD_CELLS - 1)}` })],
  ],
  partisan: [
    [
      'n = 10^18, both with every move 1..64',
      () => ({ n: '1000000000000000000', alice: range(1, 64), bob: range(1, 64) }),
    ],
    [
      'n = 10^18, a period of 2,508,961',
      () => ({ n: '1000000000000000000', alice: [6, 11, 53, 58, 64], bob: [6, 11, 53, 58, 64] }),
    ],
    ['n = 10^18, Alice without moves', () => ({ n: '1000000000000000000', alice: [], bob: range(1, 64) })],
  ],
  magic: [
    [
      `10^18 rooms, ${MAX_PASSAGES} passages in a chain`,
      () => ({
        rooms: '1000000000000000000',
        passages: Array.from({ length: MAX_PASSAGES }, (_, i) => [i + 3, i + 4]),
        p1: MAX_TELEPOINTS,
        p2: 0,
      }),
    ],
    [
      '10^18 rooms, 100,000 passages in many small components',
      () => ({
        rooms: '1000000000000000000',
        passages: Array.from({ length: 100_000 }, (_, i) => [2 * i + 3, 2 * i + 4]),
        telepoints: 1,
      }),
    ],
    ['rooms 1 and 2 joined', () => ({ rooms: '2', passages: [[1, 2]] })],
  ],
  octal: [
    [
      `Dawson's Kayles, ${MAX_HEAPS} heaps of 10^18`,
      () => ({ code: '0.07', heaps: Array.from({ length: MAX_HEAPS }, () => String(MAX_HEAP)) }),
    ],
    [
      `0.156 (pre-period 3,479, period 349), ${MAX_HEAPS} heaps up to 10^18`,
      () => ({
        code: '0.156',
        heaps: Array.from({ length: MAX_HEAPS }, (_, i) => String(MAX_HEAP - BigInt(i * 97))),
      }),
    ],
    [
      `Nim, ${MAX_HEAPS} heaps of 10^18`,
      () => ({ code: 'nim', heaps: Array.from({ length: MAX_HEAPS }, () => String(MAX_HEAP)) }),
    ],
    [
      '0.16 without a proven period, heaps up to G(0..1,000)',
      () => ({
        code: '0.16',
        heaps: Array.from({ length: MAX_HEAPS }, (_, i) => String(1000 - i)),
        search: 1000,
      }),
    ],
  ],
};

function pictureOf(game: AnyGame, raw: unknown): Picture | null {
  const params: unknown = game.params.parse(raw);
  const result: unknown = game.solve(params);
  if (game.picture === undefined) throw new Error(`${game.id} has no picture`);
  return game.picture(params, result, game.explain(params, result));
}

function expectWithinCap(picture: Picture | null): asserts picture is Picture {
  expect(picture).not.toBeNull();
  if (picture === null) return;
  expect(picture.width).toBeGreaterThan(0);
  expect(picture.height).toBeGreaterThan(0);
  expect(picture.width).toBeLessThanOrEqual(maxWidth);
  expect(picture.height).toBeLessThanOrEqual(maxHeight);
  expect(picture.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(picture.svg).toContain(`width="${picture.width}" height="${picture.height}"`);
  const elements = picture.svg.match(/<(?!\/)/g)?.length ?? 0;
  expect(elements).toBeLessThanOrEqual(maxElements + 1);
  expect(picture.svg).not.toMatch(/NaN|undefined|Infinity/);
  expect(picture.alt.length).toBeGreaterThan(10);
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function expectValidPng(picture: Picture): void {
  const png = renderPng(picture);
  expect(png).not.toBeNull();
  if (png === null) return;
  const size = pngSize(png);
  expect(size).toEqual({ width: picture.width * scale, height: picture.height * scale });
  expect(size.width).toBeLessThanOrEqual(1600);
  expect(size.height).toBeLessThanOrEqual(1200);
}

const difficulties: readonly Difficulty[] = ['tiny', 'easy', 'medium', 'hard'];

describe.each(games.map((game) => [game.id, game] as const))('picture: %s', (id, game) => {
  it('has a picture', () => {
    expect(typeof game.picture).toBe('function');
  });

  it('draws random small inputs within the caps, the same SVG every time', () => {
    const arbitrary = small[id];
    if (arbitrary === undefined) throw new Error(`no small inputs for ${id}`);
    fc.assert(
      fc.property(arbitrary, (candidate) => {
        const parsed = game.params.safeParse(candidate);
        fc.pre(parsed.success);
        const picture = pictureOf(game, candidate);
        expectWithinCap(picture);
        expect(pictureOf(game, candidate)).toEqual(picture);
      }),
      { numRuns: 60 },
    );
  });

  it.each(difficulties)('renders random %s instances to valid PNGs', (difficulty) => {
    for (const seed of [1, 2]) {
      const picture = pictureOf(game, game.randomInstance(createRng(seed), difficulty));
      expectWithinCap(picture);
      expectValidPng(picture);
    }
  });

  it.each(maximal[id] ?? [])('renders the maximal input "%s" within the caps', (_name, make) => {
    const raw = make();
    const picture = pictureOf(game, raw);
    expectWithinCap(picture);
    expectValidPng(picture);
    expect(pictureOf(game, raw)?.svg).toBe(picture.svg);
  });

  it('renders every example', () => {
    for (const example of game.examples) {
      const picture = pictureOf(game, game.fromFields(example.fields));
      expectWithinCap(picture);
      expectValidPng(picture);
    }
  });
});

/** Centred bold labels (not the numbers inside circles) as boxes, and the filled circles, from a picture's SVG. */
function labelsAndCircles(svg: string) {
  const num = (tag: string, name: string) => Number(new RegExp(`${name}="([-0-9.]+)"`).exec(tag)?.[1]);
  const labels = [...svg.matchAll(/<text [^>]*font-weight="bold"[^>]*>([^<]*)<\/text>/g)]
    .filter((m) => m[0].includes('text-anchor="middle"') && !m[0].includes(`fill="${colors.card}"`))
    .map((m) => {
      const w = textWidth(m[1] ?? '', num(m[0], 'font-size'));
      const x = num(m[0], 'x');
      const y = num(m[0], 'y');
      return {
        text: m[1],
        left: x - w / 2,
        right: x + w / 2,
        top: y - num(m[0], 'font-size'),
        bottom: y + 3,
      };
    });
  const circles = [...svg.matchAll(/<circle [^>]*fill="#[0-9a-f]+"[^>]*\/>/g)].map((m) => ({
    x: num(m[0], 'cx'),
    y: num(m[0], 'cy'),
    r: num(m[0], 'r'),
  }));
  return { labels, circles };
}

describe('MAGIC labels', () => {
  it('never overlap a component circle or each other (magicians, the build, the teleport)', () => {
    const game = games.find((g) => g.id === 'magic');
    if (game === undefined) throw new Error('no magic game');
    const inputs = [
      { rooms: 4, passages: [[3, 4]], p1: 1, p2: 1 },
      {
        rooms: 1_000_000,
        passages: [
          [1, 3],
          [3, 5],
          [7, 8],
          [9, 10],
          [11, 12],
        ],
        p1: 2,
        p2: 1,
      },
    ];
    const check = (candidate: unknown) => {
      const picture = pictureOf(game, candidate);
      expectWithinCap(picture);
      const { labels, circles } = labelsAndCircles(picture.svg);
      for (const l of labels) {
        for (const c of circles) {
          const nx = Math.max(l.left, Math.min(c.x, l.right));
          const ny = Math.max(l.top, Math.min(c.y, l.bottom));
          expect(Math.hypot(nx - c.x, ny - c.y), `"${l.text}" on a circle`).toBeGreaterThanOrEqual(c.r);
        }
        for (const o of labels) {
          if (o === l) continue;
          const apart = l.right <= o.left || o.right <= l.left || l.bottom <= o.top || o.bottom <= l.top;
          expect(apart, `"${l.text}" on "${o.text}"`).toBe(true);
        }
      }
    };
    for (const input of inputs) check(input);
    fc.assert(
      fc.property(magicFixture.small, (candidate) => {
        fc.pre(game.params.safeParse(candidate).success);
        check(candidate);
      }),
      { numRuns: 150 },
    );
  });
});

describe('ABGAME boards', () => {
  it(`draws boards up to ${DRAWN_CELLS} cells cell by cell, and longer ones as the summary strip`, () => {
    const game = games.find((g) => g.id === 'abgame');
    if (game === undefined) throw new Error('no abgame');
    const board = (length: number) => 'AB..A.B.'.repeat(20).slice(0, length);
    expect(pictureOf(game, { board: board(DRAWN_CELLS) })?.alt).toContain('drawn with its pairs');
    expect(pictureOf(game, { board: board(DRAWN_CELLS + 1) })?.alt).not.toContain('drawn with its pairs');
  });
});

const tiny: Picture = {
  svg: new SvgBuilder(100).text(10, 20, 'Aa').finish(40, 'a word')?.svg ?? '',
  width: 100,
  height: 40,
  alt: 'a word',
};

describe.each([
  ['renderPng (this thread)', (picture: Picture) => Promise.resolve(renderPng(picture))],
  ['renderPngAsync (the pool)', renderPngAsync],
] as const)('%s', (_name, render) => {
  it('draws text with the shipped font (not blank)', async () => {
    const withText = await render(tiny);
    const blank = await render({ ...tiny, svg: new SvgBuilder(100).finish(40, 'nothing')?.svg ?? '' });
    expect(withText).not.toBeNull();
    expect(blank).not.toBeNull();
    expect(withText).not.toEqual(blank);
  });

  it.each([
    ['over the width cap', { ...tiny, width: maxWidth + 1 }],
    ['over the height cap', { ...tiny, height: maxHeight + 1 }],
    [
      'an SVG that says it is larger than it claims',
      { ...tiny, svg: tiny.svg.replace('width="100"', 'width="5000"') },
    ],
    ['not SVG at all', { ...tiny, svg: 'this is not an image' }],
    ['no size', { ...tiny, width: 0 }],
  ])('returns null, never throws, for %s', async (_name, picture) => {
    expect(await render(picture)).toBeNull();
  });
});

it('both renderers make the same PNG, byte for byte', async () => {
  const sync = renderPng(tiny);
  expect(sync).not.toBeNull();
  expect(Buffer.from((await renderPngAsync(tiny)) ?? []).equals(Buffer.from(sync ?? []))).toBe(true);
});

describe('the SVG builder', () => {
  it('escapes text', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&lt;a &amp; &quot;b&quot; &#39;c&#39;&gt;');
    const picture = new SvgBuilder(100).text(0, 10, '</svg><script>').finish(20, 'x');
    expect(picture?.svg).toContain('&lt;/svg&gt;&lt;script&gt;');
  });

  it('wraps text to the width it is given', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 14, 120);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe('one two three four five six seven eight nine ten');
  });

  it('refuses a picture over the element cap or the size cap', () => {
    const crowded = new SvgBuilder(100);
    for (let i = 0; i < maxElements; i++) crowded.circle(1, 1, 1);
    expect(crowded.finish(40, 'crowded')).toBeNull();
    expect(new SvgBuilder(maxWidth + 1).finish(40, 'wide')).toBeNull();
    expect(new SvgBuilder(100).finish(maxHeight + 1, 'tall')).toBeNull();
  });
});
