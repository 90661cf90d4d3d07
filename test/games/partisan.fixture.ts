/** Conformance inputs for PartisanGame: small piles (the brute force runs DP up to n), any move sets. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { partisan } from '../../src/games/partisan/index.js';
import type { SolveOptions } from '../../src/games/partisan/solve.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

const moves = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 6, size: 'max' });
type Candidate = { n: string | number | bigint; alice: number[]; bob: number[] };
const sets = fc.oneof(
  fc.record({ alice: moves(5), bob: moves(5) }),
  fc.record({ alice: moves(64), bob: moves(64) }),
  moves(64).map((shared) => ({ alice: shared, bob: [...shared].reverse() })),
);

export const fixture: ConformanceFixture = {
  small: fc
    .tuple(
      fc.oneof(
        fc.integer({ min: 0, max: 300 }).map(String),
        fc.integer({ min: 0, max: 5000 }),
        fc.bigInt({ min: 0n, max: 300n }),
      ),
      sets,
    )
    .map(([n, { alice, bob }]) => ({ n, alice, bob })),
  sizes: [
    { name: 'n', measure: (c: Candidate) => Number(c.n), min: 0, max: 5000, within: 0.01 },
    { name: 'move', measure: (c: Candidate) => Math.max(0, ...c.alice, ...c.bob), min: 0, max: 64 },
    { name: "Alice's set size", measure: (c: Candidate) => c.alice.length, min: 0, max: 6 },
  ],
  wholeResult: wholeResultCheck(partisan, ({ fast, brute, explanation, confirms }) => {
    // Everything but the period search's own record (the brute force searches nothing).
    const { certified: _c, searched: _s, cycle: _cycle, ...seen } = fast;
    const { certified: _bc, searched: _bs, cycle: _bcycle, ...bruteSeen } = brute;
    expect(seen).toEqual(bruteSeen);
    expect(explanation.moves.map((m) => m.move.take)).toEqual(brute.aliceMoves);
    for (const { move } of explanation.moves) expect(confirms(move)).toBe(true);
  }),
  invalid: [
    { fields: { n: '-1' }, mentions: ['n', '0', '10^18', 'e.g. 7'] },
    { fields: { n: '1000000000000000001', alice: '1' }, mentions: ['n', '10^18'] },
    { fields: { n: 'seven' }, mentions: ['n', 'e.g. 7'] },
    { fields: { alice: '3,4' }, mentions: ['n'] },
    { fields: { n: '7', alice: '0' }, mentions: ['alice', '1', '64', '3,4'] },
    { fields: { n: '7', bob: '3 65' }, mentions: ['bob', '1', '64'] },
    { fields: { n: '7', bob: '3,4,3' }, mentions: ['bob', '3', 'twice', 'distinct'] },
    { fields: { n: '7', alice: '3 four' }, mentions: ['alice', 'four', '3,4'] },
    { fields: { n: '7', alice: '2.5' }, mentions: ['alice', '2.5'] },
  ],
  runs: 200,
};

/**
 * The step budget the partisan tests pass where their point is not the budget itself: the product default under
 * `npm test`; 100,000 positions under `npm run mutate` (GRUNDY_MUTATION=1), where a mutant that breaks the cycle
 * search would otherwise run every solve on to the 50 M-position default. Every set these tests solve repeats
 * within a few thousand positions (the random 1..64 sets of seed 701 within 4,265), and their piles stay
 * within direct DP's reach of 100,000 when no period is found.
 */
export const SEARCH: SolveOptions = process.env['GRUNDY_MUTATION'] === '1' ? { stepBudget: 100_000 } : {};
