/**
 * PartisanGame move by move (`play.ts`), every field a user sees, against a win/lose table filled here from the
 * rules (a player with no take that fits loses): the moves and their words, the pile after a take, the status,
 * the shown lines, the verdict for either player to move, and the best move with its reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { partisan } from '../../src/games/partisan/index.js';
import { partisanPlay as play, type PartisanPosition } from '../../src/games/partisan/play.js';

const position = (n: number | string, alice: number[], bob: number[], turn: 0 | 1 = 0): PartisanPosition => ({
  n: String(n),
  alice,
  bob,
  turn,
});

/** a[m]: the mover wins at m with `mine` against `theirs`; b[m] the same with the sets swapped. */
function table(
  mine: readonly number[],
  theirs: readonly number[],
  last: number,
): { a: boolean[]; b: boolean[] } {
  const a: boolean[] = [];
  const b: boolean[] = [];
  for (let m = 0; m <= last; m++) {
    a.push(mine.some((x) => x <= m && !b[m - x]));
    b.push(theirs.some((x) => x <= m && !a[m - x]));
  }
  return { a, b };
}

describe('PartisanGame move by move', () => {
  it('moves, their words and the pile after each, for the player whose turn it is', () => {
    const alice = position(7, [3, 4, 9], [1]);
    expect(play.moves(alice)).toEqual([
      { id: '3', text: 'take 3: 4 stones left' },
      { id: '4', text: 'take 4: 3 stones left' },
    ]);
    expect(play.moves({ ...alice, turn: 1 })).toEqual([{ id: '1', text: 'take 1: 6 stones left' }]);
    expect(play.apply(alice, '4')).toEqual(position(3, [3, 4, 9], [1], 1));
    expect(play.apply({ ...alice, turn: 1 }, '1')).toEqual(position(6, [3, 4, 9], [1], 0));
    expect(() => play.apply(alice, '9')).toThrow('"9" is not a legal move here. Legal moves: "3", "4".');
    expect(play.moves(position(9, [3, 4, 9], [1]))).toHaveLength(3);
    expect(play.show(alice)).toEqual(['Pile: 7 stones', 'Alice may take: 3 4 9', 'Bob may take: 1']);
    expect(play.show(position(7, [], [1, 2]))).toEqual([
      'Pile: 7 stones',
      'Alice may take: none',
      'Bob may take: 1 2',
    ]);
  });

  it('status: whoever has no take that fits has lost', () => {
    expect(play.status(position(2, [3], [1], 0))).toEqual({ toMove: 0, over: true, winner: 1 });
    expect(play.status(position(2, [1], [3], 1))).toEqual({ toMove: 1, over: true, winner: 0 });
    expect(play.status(position(3, [3], [1], 0))).toEqual({ toMove: 0, over: false, winner: null });
  });

  it('best moves with their reasons: a winning take, and a lost pile with the reply that beats a take', () => {
    // Alice {4}, Bob {5}: Alice wins at 4 (Bob cannot take 5 from 0).
    const win = play.bestMove(position(4, [4], [5]));
    expect(win.move).toBe('4');
    expect(win.verdict).toBe('win');
    expect(win.reason).toMatch(
      /^Take 4: 0 stones are left with the opponent to move, a lost pile for them \((.+)\)\.$/,
    );
    // At 9 Alice takes 4 and leaves 5, where Bob takes 5 and leaves Alice 0: lost.
    const loss = play.bestMove(position(9, [4], [5]));
    expect(loss.move).toBe('4');
    expect(loss.verdict).toBe('loss');
    expect(loss.reason).toMatch(
      /^Every take leaves the opponent a pile they win \(e\.g\. take 4 is answered by take 5\); (.+)\.$/,
    );
    // The reason names where the pattern comes from: a proven period, or the table up to the pile.
    const solved = partisan.solve(parseParams(partisan, { n: '9', alice: [4], bob: [5] }));
    const source =
      solved.cycle === null
        ? 'read off the table of every pile size up to it'
        : `the win/lose pattern repeats with period ${solved.cycle.period} from pile ${solved.cycle.preperiod} on`;
    expect(loss.reason.endsWith(`; ${source}.`)).toBe(true);
    const huge = play.bestMove(position('1000000000000000000', [4], [5]));
    expect(huge.reason).toContain('the win/lose pattern repeats with period 9 from pile 0 on');
    expect(() => play.bestMove(position(2, [3], [1]))).toThrow('The game is over: there is no move to make.');
  });

  it('starts at the asked pile with Alice to move', () => {
    expect(play.start(parseParams(partisan, { n: '12', alice: [4, 3], bob: [] }))).toEqual(
      position(12, [3, 4], [], 0),
    );
  });

  it('random positions: moves, the pile after each, verdict and best move against the table', () => {
    const set = fc
      .uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4, size: 'max' })
      .map((s) => s.sort((x, y) => x - y));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        set,
        set,
        fc.constantFrom<0 | 1>(0, 1),
        (n, alice, bob, turn) => {
          const p = position(n, alice, bob, turn);
          const mine = turn === 0 ? alice : bob;
          const theirs = turn === 0 ? bob : alice;
          const { a, b } = table(mine, theirs, n);
          const fits = mine.filter((x) => x <= n);
          expect(play.moves(p)).toEqual(
            fits.map((x) => ({ id: String(x), text: `take ${x}: ${n - x} stones left` })),
          );
          for (const x of fits)
            expect(play.apply(p, String(x))).toEqual(position(n - x, alice, bob, turn === 0 ? 1 : 0));
          expect(play.verdict(p)).toBe(a[n] ? 'win' : 'loss');
          expect(play.status(p)).toEqual(
            fits.length === 0
              ? { toMove: turn, over: true, winner: turn === 0 ? 1 : 0 }
              : { toMove: turn, over: false, winner: null },
          );
          if (fits.length === 0) return;
          const best = play.bestMove(p);
          expect(best.verdict).toBe(a[n] ? 'win' : 'loss');
          if (a[n]) {
            expect(b[n - Number(best.move)], `take ${best.move} leaves a lost pile`).toBe(false);
            expect(
              best.reason.startsWith(`Take ${best.move}: ${n - Number(best.move)} stones are left`),
            ).toBe(true);
          } else {
            expect(best.move).toBe(String(fits[0]));
            expect(best.reason.startsWith('Every take leaves the opponent a pile they win (e.g. take ')).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
