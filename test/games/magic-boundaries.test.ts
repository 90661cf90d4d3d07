/**
 * MAGIC at the limits of its solver, one below and one above, against independent computations: the list
 * caps (8 largest components, 4 winning moves), the switch from exact pair keys to dense room ids
 * (N = 94,906,265), and the optimal line the explanation plays out, checked against the brute force.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { bruteSecuresOptimum, bruteWinningMoves } from '../../src/games/magic/brute.js';
import { magic } from '../../src/games/magic/index.js';
import { PAIR_KEY_LIMIT, type MagicParams } from '../../src/games/magic/schema.js';
import { runs } from '../support/runs.js';
import { fixture } from './magic.fixture.js';

const params = (rooms: bigint | number, passages: [number | string, number | string][], telepoints = 0) =>
  parseParams(magic, { rooms: String(rooms), passages, telepoints });

/** Component sizes by flooding, largest first. */
function sizes(n: number, passages: readonly [number, number][]): number[] {
  const label = Array.from({ length: n + 1 }, (_, i) => i);
  const root = (x: number): number => (label[x] === x ? x : root(label[x] ?? x));
  for (const [a, b] of passages) label[root(a)] = root(b);
  const count = new Map<number, number>();
  for (let r = 1; r <= n; r++) count.set(root(r), (count.get(root(r)) ?? 0) + 1);
  return [...count.values()].sort((x, y) => y - x);
}

describe('magic: the shown lists', () => {
  it.each([7, 8, 9, 12])('lists the 8 largest of %i rooms with no passage', (n) => {
    expect(magic.solve(params(n, [])).largest).toEqual(sizes(n, []).slice(0, 8));
  });

  it.each([
    [
      9,
      [
        [1, 3],
        [3, 4],
        [5, 6],
      ],
    ],
    [
      11,
      [
        [3, 4],
        [4, 5],
        [5, 6],
        [7, 8],
        [9, 10],
      ],
    ],
    [
      20,
      [
        [3, 4],
        [5, 6],
        [7, 8],
        [9, 10],
        [11, 12],
        [13, 14],
        [15, 16],
        [17, 18],
        [19, 20],
        [1, 2],
      ],
    ],
  ] as [number, [number, number][]][])('lists the 8 largest components of %i rooms', (n, passages) => {
    expect(magic.solve(params(n, passages)).largest).toEqual(sizes(n, passages).slice(0, 8));
  });

  it('keeps a later, larger group among the 8 largest once 8 smaller ones are listed', () => {
    // Rooms 1 and 2 alone, six pairs, then a group of four: the four-group is found ninth.
    const passages: [number, number][] = [
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
      [13, 14],
      [15, 16],
      [16, 17],
      [17, 18],
    ];
    expect(magic.solve(params(30, passages)).largest).toEqual(sizes(30, passages).slice(0, 8));
    expect(sizes(30, passages).slice(0, 8)).toEqual([4, 2, 2, 2, 2, 2, 2, 1]);
  });

  it('lists exactly 4 winning moves when more exist (6 rooms, passage 3-4)', () => {
    const p = params(6, [[3, 4]]);
    const moves = magic.solve(p).moves;
    expect(bruteWinningMoves(p).length).toBeGreaterThan(4);
    expect(moves).toHaveLength(4);
    for (const m of moves) expect(bruteSecuresOptimum(p, m.move)).toBe(true);
  });

  it('names at most 4 winning moves, each confirmed by the brute force', () => {
    const counts = new Set<number>();
    fc.assert(
      fc.property(fixture.small, (candidate) => {
        const p = parseParams(magic, candidate);
        const moves = magic.solve(p).moves;
        counts.add(moves.length);
        expect(moves.length).toBeLessThanOrEqual(4);
        for (const m of moves) expect(bruteSecuresOptimum(p, m.move)).toBe(true);
      }),
      { numRuns: runs(300) },
    );
    // The cap is reached, and so are the counts below it.
    if (runs(300) === 300) expect([...counts].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('magic: exact pair keys up to N = 94,906,265, dense room ids beyond', () => {
  it.each([PAIR_KEY_LIMIT - 1n, PAIR_KEY_LIMIT, PAIR_KEY_LIMIT + 1n, 10n ** 18n])(
    'N = %s: a repeated passage near N is refused, distinct passages are kept',
    (n) => {
      const top = n.toString();
      const below = (n - 1n).toString();
      expect(() =>
        params(n, [
          [below, top],
          [1, 3],
          [top, below],
        ]),
      ).toThrow(/twice/);
      const kept: MagicParams = params(n, [
        [below, top],
        [1, top],
        [below, 1],
      ]);
      expect(kept.passages).toHaveLength(3);
      const result = magic.solve(kept);
      // Rooms 1, N-1 and N form one component of 3; everything else is alone.
      expect(result).toMatchObject({ firstSize: 3, secondSize: 1, largest: [3, 1, 1, 1, 1, 1, 1, 1] });
      expect(result.components).toBe((n - 2n).toString());
      expect(result.untouched).toBe((n - 3n - 1n).toString());
    },
  );
});

describe('magic: the line of optimal play in the explanation', () => {
  it('ends with the winner the brute force names, on every tiny board tried', () => {
    fc.assert(
      fc.property(fixture.small, (candidate) => {
        const p = parseParams(magic, candidate);
        const lines = magic.explain(p, magic.solve(p)).details?.[0]?.lines ?? [];
        const last = lines[lines.length - 1] ?? '';
        const walker = /^(First|Second) walks/.exec(last)?.[1];
        const stuck = /^(First|Second) has no passage left/.exec(last)?.[1];
        const winner = walker ?? (stuck === 'First' ? 'Second' : stuck === 'Second' ? 'First' : undefined);
        expect(winner).toBe(magic.brute.solve(p).outcome === 'first' ? 'First' : 'Second');
      }),
      { numRuns: runs(300) },
    );
  });
});
