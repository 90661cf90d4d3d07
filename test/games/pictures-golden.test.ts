/**
 * What users see, pinned: each game's picture for fixed inputs chosen to reach every kind of drawing (win, loss,
 * tie, every highlighted move kind, few and many rows, summarised rows, the largest inputs the schemas allow),
 * compared byte for byte with the SVG and alt text kept in `test/pictures/golden/` (see
 * `test/support/picture-golden.ts`; each was rendered to PNG and looked at before it was kept). The facts a
 * picture shows are checked independently elsewhere (`test/unit/pictures.test.ts` and the explanation tests);
 * this file holds them still, so a change to a drawing is a reviewed change.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { builtInGames } from '../../src/games/catalog.js';
import { DRAWN_CELLS } from '../../src/games/abgame/picture.js';
import { partisan } from '../../src/games/partisan/index.js';
import { solvePartisan } from '../../src/games/partisan/solve.js';
import { drawPicture, expectGolden } from '../support/picture-golden.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A deterministic spread of values (a linear congruential walk), for long inputs without long literals. */
function spread(count: number, max: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return 1 + (x % max);
  });
}

type Cases = readonly (readonly [name: string, params: unknown])[];

const cases: Record<string, Cases> = {
  seagm: [
    // More than 12 values: the reply's row marks only the primes it carries.
    ['thirteen-values', { cards: [6, 12, 10, 20, 40, 7, 49, 343, 35, 175, 210, 420, 840] }],
    // 16 prime patterns over 2, 3, 5, 7: one group is hidden and counted.
    [
      'hidden-group',
      {
        cards: [
          210, 224, 225, 240, 245, 250, 256, 280, 315, 320, 343, 375, 405, 420, 441, 512, 625, 875, 1225,
          2401, 3125,
        ],
      },
    ],
    // Opening 30 answered by 42: one card divisible by 3 and two by 2 are left (mixed parity).
    ['left-one-card', { cards: [30, 30, 35, 35, 42, 70] }],
    // A long prime (300,007) among five columns; counts of 1,000 in narrow columns.
    ['long-prime-columns', { cards: Array.from({ length: 13 }, (_, k) => 63_001_470 * (k + 1)) }],
    ['thousand-of-a-kind', { cards: Array.from({ length: 1000 }, (_, i) => 223_092_870 * (1 + (i % 4))) }],
    ['sample-2-6-3', { cards: [2, 6, 3] }],
    ['one-prime-card', { cards: [19] }],
    ['only-ones', { cards: [1, 1, 1] }],
    ['one-and-primes', { cards: [1, 19, 22, 28, 30] }],
    ['all-share-six', { cards: [6, 12, 18, 30] }],
    ['three-cards-one-prime', { cards: [4, 13, 20] }],
    ['refuted-two-primes', { cards: [6, 10, 15] }],
    ['refuted-four-cards', { cards: [6, 35, 10, 21] }],
    ['refuted-squares', { cards: [2, 4, 3, 9] }],
    ['ten-cards', { cards: [4, 10, 16, 24, 26, 31, 35, 63, 80, 89] }],
    ['repeats', { cards: [2, 2, 9, 16, 20, 21, 27] }],
    ['thirty-values', { cards: range(1, 30) }],
    [
      'sixteen-large',
      { cards: [48, 82, 119, 223, 258, 329, 417, 459, 489, 684, 754, 830, 869, 888, 891, 998] },
    ],
    ['fifteen-large', { cards: [5, 109, 114, 207, 309, 368, 378, 442, 546, 552, 612, 677, 731, 872, 950] }],
    ['nine-primes-shared', { cards: Array.from({ length: 40 }, (_, i) => 223_092_870 * (1 + (i % 4))) }],
    ['150-cards', { cards: spread(150, 1_000_000_000, 7) }],
    ['card-one-refuted', { cards: [4, 1, 18] }],
    ['left-after-both-mixed', { cards: [12, 29, 15, 29, 30, 39, 6, 6] }],
    ['eight-rows', { cards: range(2, 9) }],
    ['nine-rows', { cards: range(2, 10) }],
    ['twelve-values', { cards: range(2, 13) }],
    ['101-small-cards', { cards: spread(101, 60, 3) }],
  ],
  multiplication: [
    // 2^20 * 3: one long bar beside a short one; ten distinct primes; 2^13 * 100000007 (24 px cells).
    ['n-3145728', { n: '3145728', first: 'Alice' }],
    ['ten-primes', { n: '6469693230', first: 'Alice' }],
    ['n-819200057344', { n: '819200057344', first: 'Bob' }],
    ['n-2-alice', { n: '2', first: 'Alice' }],
    ['n-21-alice', { n: '21', first: 'Alice' }],
    ['n-22-bob', { n: '22', first: 'Bob' }],
    ['n-91-alice', { n: '91', first: 'Alice' }],
    ['n-232-alice', { n: '232', first: 'Alice' }],
    ['n-2401-alice', { n: '2401', first: 'Alice' }],
    ['n-4900-bob', { n: '4900', first: 'Bob' }],
    ['n-1031-squared', { n: '1062961', first: 'Alice' }],
    ['n-36-alice', { n: '36', first: 'Alice' }],
    ['n-72-bob', { n: '72', first: 'Bob' }],
    ['six-primes', { n: '30030', first: 'Alice' }],
    ['seven-primes', { n: '510510', first: 'Bob' }],
    ['eleven-primes', { n: '200560490130', first: 'Alice' }],
    ['n-10-18', { n: '1000000000000000000', first: 'Alice' }],
    ['n-2-59', { n: String(2n ** 59n), first: 'Bob' }],
    ['fifteen-primes', { n: '614889782588491410', first: 'Bob' }],
    ['prime-near-10-18', { n: '999999999999999989', first: 'Alice' }],
  ],
  abgame: [
    // Row layout at its thresholds: one row up to 36 cells, cell numbers while cells are 16 px or wider.
    ['thirty-one-cells', { board: `A${'.'.repeat(29)}B` }],
    ['thirty-three-cells', { board: `A.B${'.'.repeat(30)}` }],
    ['thirty-six-cells', { board: `A${'.'.repeat(34)}B` }],
    // Past 90 cells only the summary is drawn; a gap of 4,096 needs 13 binary digits.
    ['ninety-one-cells', { board: `A${'.'.repeat(90)}` }],
    ['gap-4096', { board: `A${'.'.repeat(4096)}B` }],
    ['tiny-baa', { board: 'BAA.AB.' }],
    ['tiny-aab', { board: 'AAB..A' }],
    ['b-gap-a', { board: 'B...A' }],
    ['eleven-cells', { board: 'BAA.AB.B...' }],
    ['twenty-cells', { board: 'B...B..A..B.A..BA...' }],
    ['medium-b', { board: 'B.BB...AA....BB.B..A.B..B......A..A..' }],
    ['medium-dot', { board: '.A...BA....A.B....A.B.......A..ABB....' }],
    ['all-dots', { board: '.........' }],
    ['b-spare-moves', { board: 'B.....' }],
    [
      'b-more-spare-long',
      { board: '.A..A..............A..A...........B..........A........B...B..A.B.BAB..' },
    ],
    ['move-onto-next-row', { board: '......A.....AB..A..BBB........A.....AA.A........' }],
    ['only-a', { board: 'A' }],
    ['a-then-dots', { board: `A${'.'.repeat(300)}` }],
    ['longest-drawn', { board: 'AB.'.repeat(40).slice(0, DRAWN_CELLS) }],
    ['one-past-drawn', { board: 'A..B.'.repeat(40).slice(0, DRAWN_CELLS + 1) }],
    [
      'long-random',
      {
        board: spread(2_000, 9, 5)
          .map((v) => (v === 1 ? 'A' : v === 2 ? 'B' : '.'))
          .join(''),
      },
    ],
  ],
  partisan: [
    ['alice-no-moves', { n: '49', alice: [], bob: [2] }],
    ['n-48', { n: '48', alice: [2], bob: [1, 2, 3, 5] }],
    ['n-47', { n: '47', alice: [2, 3, 4, 5], bob: [3, 4, 5] }],
    ['n-10', { n: '10', alice: [1], bob: [3] }],
    ['n-9', { n: '9', alice: [2], bob: [3] }],
    ['n-8', { n: '8', alice: [2, 3], bob: [1, 2] }],
    ['n-0', { n: '0', alice: [1], bob: [1] }],
    ['huge-same-seven', { n: '488174111950987908', alice: [7], bob: [7] }],
    ['huge-same-twenty', { n: '897321926359192786', alice: [20], bob: [20] }],
    ['huge-every-move', { n: '1000000000000000000', alice: range(1, 64), bob: range(1, 64) }],
    ['long-period', { n: '1000000000000000000', alice: [6, 11, 53, 58, 64], bob: [6, 11, 53, 58, 64] }],
    ['huge-preperiod', { n: '1000000000000000000', alice: [2, 3, 4, 5], bob: [3, 4, 5] }],
    ['huge-bob-wins', { n: '1000000000000000000', alice: [1], bob: [1] }],
    ['many-rings', { n: '200', alice: range(1, 40), bob: [1, 2] }],
    ['bob-wide', { n: '150', alice: [7, 9], bob: range(1, 64) }],
    ['huge-alice-none', { n: '1000000000000000000', alice: [], bob: range(1, 64) }],
  ],
  magic: [
    ['four-rooms-no-passages', { rooms: '4', passages: [], p1: 2, p2: 1 }],
    ['three-rooms-one-passage', { rooms: '3', passages: [[1, 3]], p1: 2, p2: 1 }],
    ['two-rooms', { rooms: '2', passages: [], p1: 1, p2: 1 }],
    [
      'six-rooms',
      {
        rooms: '6',
        passages: [
          [2, 4],
          [3, 5],
          [5, 6],
        ],
        p1: 1,
        p2: 1,
      },
    ],
    [
      'five-rooms',
      {
        rooms: '5',
        passages: [
          [1, 3],
          [2, 5],
        ],
        p1: 1,
        p2: 2,
      },
    ],
    [
      'ten-rooms',
      {
        rooms: '10',
        passages: [
          [1, 4],
          [3, 10],
          [5, 9],
          [9, 10],
        ],
        p1: 2,
        p2: 2,
      },
    ],
    [
      'eleven-rooms-no-telepoints',
      {
        rooms: '11',
        passages: [
          [3, 4],
          [3, 6],
          [4, 6],
          [4, 10],
          [6, 7],
          [6, 8],
          [6, 9],
          [6, 11],
          [7, 8],
          [8, 11],
        ],
        p1: 0,
        p2: 0,
      },
    ],
    [
      'thirteen-rooms',
      {
        rooms: '13',
        passages: [
          [1, 4],
          [1, 6],
          [2, 10],
          [3, 12],
          [4, 5],
          [4, 8],
          [4, 12],
          [5, 7],
          [9, 12],
        ],
        p1: 2,
        p2: 0,
      },
    ],
    ['joined-pair', { rooms: '2', passages: [[1, 2]] }],
    [
      'big-chain',
      {
        rooms: '1000000000000000000',
        passages: Array.from({ length: 500 }, (_, i) => [i + 3, i + 4]),
        p1: 3,
        p2: 0,
      },
    ],
    // First joins 1 and 2 and teleports to the other group: the dashed arc over the circles.
    ['teleport-four-rooms', { rooms: '4', passages: [[3, 4]], p1: 2, p2: 1 }],
    [
      'teleport-eight-rooms',
      {
        rooms: '8',
        passages: [
          [2, 6],
          [3, 8],
          [4, 5],
          [5, 6],
          [5, 7],
        ],
        p1: 2,
        p2: 1,
      },
    ],
    // A group of exactly three rooms is listed in full; of four, the first rooms and "...".
    [
      'three-room-group',
      {
        rooms: '7',
        passages: [
          [3, 4],
          [4, 5],
          [6, 7],
        ],
        p1: 1,
        p2: 0,
      },
    ],
    [
      'four-room-group',
      {
        rooms: '7',
        passages: [
          [3, 4],
          [4, 5],
          [5, 6],
        ],
        p1: 0,
        p2: 1,
      },
    ],
    // Counting starts at exactly 10,000 rooms (10.0k) and drops the decimal at exactly 100,000 (100k).
    [
      'ten-thousand-chain',
      { rooms: '10002', passages: Array.from({ length: 9_999 }, (_, i) => [i + 3, i + 4]), p1: 1, p2: 0 },
    ],
    [
      'hundred-thousand-chain',
      { rooms: '100002', passages: Array.from({ length: 99_999 }, (_, i) => [i + 3, i + 4]), p1: 0, p2: 0 },
    ],
    // Components counted in thousands: 12.0k and 150k rooms.
    [
      'twelve-thousand-chain',
      { rooms: '20000', passages: Array.from({ length: 11_999 }, (_, i) => [i + 3, i + 4]), p1: 1, p2: 0 },
    ],
    [
      'hundred-fifty-thousand-chain',
      { rooms: '200000', passages: Array.from({ length: 149_999 }, (_, i) => [i + 3, i + 4]), p1: 1, p2: 1 },
    ],
    [
      'big-many-components',
      {
        rooms: '1000000000000000000',
        passages: Array.from({ length: 400 }, (_, i) => [2 * i + 3, 2 * i + 4]),
        telepoints: 1,
      },
    ],
  ],
  octal: [
    ['kayles-5-8-13', { code: '0.77', heaps: ['5', '8', '13'] }],
    ['kayles-losing', { code: '0.77', heaps: ['1', '1'] }],
    ['dawson-huge', { code: '0.07', heaps: ['1000000000000000000', '999999999999999999'] }],
    ['code-05', { code: '0.5', heaps: ['14'], search: 1000 }],
    ['code-0125', { code: '0.125', heaps: ['2', '30'], search: 1000 }],
    ['code-022', { code: '0.22', heaps: ['24', '20'], search: 1000 }],
    ['code-003', { code: '0.03', heaps: ['2'] }],
    ['code-0755', { code: '0.755', heaps: ['1', '30', '22'] }],
    ['code-0156', { code: '0.156', heaps: ['1000000000000000000', '3478'] }],
    ['nim', { code: 'nim', heaps: ['3', '5', '6'] }],
    ['nim-huge', { code: 'nim', heaps: ['1000000000000000000', '12345678901234567'] }],
    ['unproven-016', { code: '0.16', heaps: ['1000', '999', '5'], search: 1000 }],
    ['beyond-table-016', { code: '0.16', heaps: ['1000000000000000000'], search: 1000 }],
    // More than six heaps: counted in the header, the first six ringed.
    ['kayles-eight-heaps', { code: '0.77', heaps: ['1', '2', '3', '4', '5', '6', '7', '9'] }],
    // The last heap read directly (n0 + p - 1 = 82) and the first read through the period (83 -> 71).
    ['kayles-82-83', { code: '0.77', heaps: ['82', '83'] }],
    // Pre-period and period longer than four rows: the rows holding the start, the period's start and the heaps.
    ['code-0156-spread', { code: '0.156', heaps: ['45', '1000', '3000', '3500', '3478', '100000'] }],
    // A heap of a million needs G up to 524,288, where 0.16's period 149,459 from 105,351 is proven; its place
    // lies past the values kept, so it is named in words rather than ringed.
    ['code-016-million', { code: '0.16', heaps: ['1000000', '7'], search: 1000 }],
  ],
};

/** Longer inputs from each game's own random instances, fixed seeds (also pins that they stay the same). */
const randomCases = (game: AnyGame): Cases =>
  [1, 2].map((seed) => [`random-hard-${seed}`, game.randomInstance(createRng(seed), 'hard')] as const);

describe.each(builtInGames.map((game) => [game.id, game] as const))('golden pictures: %s', (id, game) => {
  const own = cases[id];
  if (own === undefined) throw new Error(`no golden cases for ${id}`);
  it.each([...own, ...randomCases(game)])('%s', async (name, params) => {
    const picture = drawPicture(game, params);
    // Nothing drawn past the card's edges (2^59's 59 cells once ran off its right side).
    for (const rect of picture.svg.matchAll(
      /<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"/g,
    )) {
      const [x, y, w, h] = rect.slice(1).map(Number) as [number, number, number, number];
      expect(x >= 0 && y >= 0 && x + w <= picture.width && y + h <= picture.height, rect[0]).toBe(true);
    }
    await expectGolden(`${id}-${name}`, picture);
  });
});

describe('golden pictures: PartisanGame read directly, with no cycle proven', () => {
  // A search budget too small for the period of {6, 11, 53, 58, 64} (its cycle is long): the solver reads the
  // pile directly from the positions it searched, and the picture draws the strips from 0 on, with no brackets.
  const direct = (n: string) => {
    const params = partisan.params.parse({ n, alice: [6, 11, 53, 58, 64], bob: [6, 11, 53, 58, 64] });
    const result = solvePartisan(params, { stepBudget: 40_000 });
    expect(result.cycle).toBeNull();
    const picture = partisan.picture!(params, result, partisan.explain(params, result));
    if (picture === null) throw new Error('no picture');
    return picture;
  };
  it.each([
    ['direct-70', '70'],
    ['direct-9000', '9000'],
  ])('%s', async (name, n) => {
    await expectGolden(`partisan-${name}`, direct(n));
  });
});
