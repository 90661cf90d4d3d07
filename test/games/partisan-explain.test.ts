/**
 * PartisanGame explanations, fact by fact, against direct DP (brute.ts): the W/L rows of the details, the
 * period and where n falls, the headline's moves, Bob's one-line strategy and what the pile stays at, and
 * which parts appear at all (why no move, the refutation, the pre-period rows).
 */
import { describe, expect, it } from 'vitest';
import { directTable, partisanBrute } from '../../src/games/partisan/brute.js';
import { partisan } from '../../src/games/partisan/index.js';
import type { PartisanParams, PartisanResult } from '../../src/games/partisan/schema.js';
import { solvePartisan } from '../../src/games/partisan/solve.js';
import { SEARCH } from './partisan.fixture.js';

const params = (n: number, alice: number[], bob: number[]): PartisanParams => ({
  n: n.toString(),
  alice,
  bob,
});
const fmt = (value: number): string => value.toLocaleString('en-US');
const letter = (win: boolean): string => (win ? 'W' : 'L');

function explained(p: PartisanParams) {
  const result: PartisanResult = partisan.solve(p, SEARCH);
  return { result, explanation: partisan.explain(p, result) };
}

/** All 32 subsets of {1..5}. */
const smallSets: number[][] = Array.from({ length: 32 }, (_, mask) =>
  [1, 2, 3, 4, 5].filter((_, i) => (mask >> i) & 1),
);

/** Sets with a known shape of period (see partisan-boundaries.test.ts): pre-period 0, 200, 201; period 9, 6, 602. */
const shaped: [number[], number[]][] = [
  [[4], [5]],
  [
    [1, 2, 3, 4, 5],
    [1, 2, 3, 4, 5],
  ],
  [
    [6, 14, 16],
    [5, 13, 24],
  ],
  [
    [13, 20, 27, 29, 31, 47, 48, 54],
    [19, 22, 33, 36, 40, 42, 45, 46, 51, 53, 54],
  ],
  [
    [14, 38, 52],
    [14, 38, 52],
  ],
];

/** The rows of a details block, read back: consecutive positions from `first`, 50 a row, letters as DP says. */
function expectRows(
  lines: readonly string[],
  first: number,
  count: number,
  a: Uint8Array,
  b: Uint8Array,
): void {
  expect(lines).toHaveLength(Math.ceil(count / 50));
  let next = first;
  for (const line of lines) {
    const match = /^([\d,]+)\.\.([\d,]+) {2}A ([WL]+) {2}B ([WL]+)$/.exec(line);
    if (match === null) throw new Error(`not a row: ${line}`);
    const [from, to] = [Number(match[1]?.replaceAll(',', '')), Number(match[2]?.replaceAll(',', ''))];
    expect(from).toBe(next);
    expect(to - from + 1).toBe(Math.min(50, first + count - from));
    const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(match[3]).toBe(range.map((m) => letter(a[m] === 1)).join(''));
    expect(match[4]).toBe(range.map((m) => letter(b[m] === 1)).join(''));
    next = to + 1;
  }
  expect(next).toBe(first + count);
}

describe('partisan explanations: the period and where n falls, against direct DP', () => {
  it.each(shaped)('%j vs %j', (alice, bob) => {
    const cycle = explained(params(0, alice, bob)).result.cycle;
    if (cycle === null) throw new Error('no cycle');
    const { preperiod: pre, period } = cycle;
    const { a, b } = directTable(params(pre + 2 * period + 2, alice, bob));
    for (const n of [...(pre > 0 ? [0, pre - 1] : []), pre, pre + 1, pre + period + 1]) {
      const { result, explanation } = explained(params(n, alice, bob));
      const text = explanation.reasons.join(' ');
      const fact = (label: string) => explanation.facts.find((f) => f.label === label)?.value;
      expect(fact('Pre-period')).toBe(fmt(pre));
      expect(fact('Period')).toBe(fmt(period));
      expect(text).toContain(`from position ${fmt(pre)} on, with period ${fmt(period)}`);
      // The pattern over one period, cut at 200 and then marked as cut.
      const shownA = Array.from(a.subarray(pre, pre + Math.min(period, 200)), (v) => letter(v === 1)).join(
        '',
      );
      expect(text).toContain(
        `reads ${shownA}${period > 200 ? `... (first 200 of ${fmt(period)} shown)` : '.'}`,
      );
      if (n < pre) {
        expect(text).toContain(`in the pre-period (positions 0 to ${fmt(pre - 1)})`);
        expect(fact("n's place")).toBe('in the pre-period');
        expect(explanation.brief?.[1]).toContain('before the repeating part');
      } else {
        const offset = (n - pre) % period;
        expect(text).toContain(`${fmt(offset)} places into the period`);
        expect(text).toContain(`so A(n) = A(${fmt(pre + offset)}) = ${letter(a[pre + offset] === 1)}`);
        expect(fact("n's place")).toBe(`${fmt(offset)} into the period`);
        expect(explanation.brief?.[1]).toContain(`${fmt(n)} sits ${fmt(offset)} places into that repeat`);
      }
      expect(fact('A(n), Alice to move')).toBe(letter(a[n] === 1));
      expect(fact('B(n), if Bob moved first')).toBe(letter(b[n] === 1));
      expect(result.aliceWins).toBe(a[n] === 1);
      // The details: the period's rows, then the pre-period's when there is one, each cut at 200.
      const details = explanation.details ?? [];
      expect(details).toHaveLength(pre > 0 ? 2 : 1);
      const [body, head] = details;
      expect(body?.title).toContain(`positions ${fmt(pre)} to ${fmt(pre + period - 1)}`);
      expect(body?.title.includes('shown')).toBe(period > 200);
      expectRows(body?.lines ?? [], pre, Math.min(period, 200), a, b);
      if (head !== undefined) {
        expect(head.title).toContain(`positions 0 to ${fmt(pre - 1)}`);
        expect(head.title.includes('shown')).toBe(pre > 200);
        expectRows(head.lines, 0, Math.min(pre, 200), a, b);
      }
    }
  });

  it('says "the position below m" for a window of 1 and "the k positions" otherwise', () => {
    expect(explained(params(7, [1], [1])).explanation.reasons.join(' ')).toContain('at the position below m');
    expect(explained(params(7, [1], [2])).explanation.reasons.join(' ')).toContain(
      'at the 2 positions below m',
    );
  });

  it('explains a result computed without a period: directly (brute force) or past the step budget', () => {
    const p = params(40, [6, 11], [5, 9]);
    const direct = partisan.explain(p, partisanBrute.solve(p));
    expect(direct.reasons.join(' ')).toContain('for every pile size from 0 to 40');
    expect(direct.facts.find((f) => f.label === "n's place")?.value).toBe('computed directly');
    expect(direct.details).toEqual([]);
    expect(direct.brief?.[1]).toContain('worked out for every pile up to 40');
    const budgeted = partisan.explain(p, solvePartisan(p, { stepBudget: 50 }));
    expect(budgeted.reasons.join(' ')).toContain('within the step budget of 50 positions');
    expect(budgeted.details).toEqual([]);
    for (const explanation of [direct, budgeted]) {
      expect(explanation.facts.find((f) => f.label === 'Pre-period')?.value).toBe('not certified');
      expect(explanation.facts.find((f) => f.label === 'Period')?.value).toBe('not certified');
    }
  });
});

describe('partisan explanations: the headline and the first move, against direct DP', () => {
  it('every pair of sets within 1..5, piles 0, 4, 5 and 97', () => {
    for (const alice of smallSets) {
      for (const bob of smallSets) {
        for (const n of [0, 4, 5, 97]) {
          const p = params(n, alice, bob);
          const { result, explanation } = explained(p);
          const brute = partisanBrute.solve(p);
          const { a, b } = directTable(p);
          const moves = alice.filter((x) => x <= n && b[n - x] === 0);
          const where = `n = ${n}, alice {${alice.join(',')}}, bob {${bob.join(',')}}`;
          expect([where, explanation.outcome, explanation.winner]).toEqual(
            a[n] === 1 ? [where, 'first', 'Alice'] : [where, 'second', 'Bob'],
          );
          expect(explanation.moves.map((m) => m.move.take)).toEqual(moves);
          for (const { text, move } of explanation.moves)
            expect(text).toContain(`leaving ${n - move.take} stones`);
          const [first, ...others] = moves;
          if (first !== undefined) {
            expect(explanation.headline).toBe(
              `Alice wins with ${n} stones: she takes ${first}${others.length > 0 ? ` (or ${others.join(', ')})` : ''}.`,
            );
            const step = `Alice takes ${first}: B(${n - first}) = L, so Bob, now to move, loses.`;
            expect(explanation.reasons.at(-1)).toBe(step);
            expect(explanation.brief?.[2]).toBe(step);
            expect(explanation.whyNoMove).toBeUndefined();
            expect(explanation.refutation).toBeUndefined();
            continue;
          }
          const legal = alice.filter((x) => x <= n);
          expect(explanation.whyNoMove, where).toBeDefined();
          expect(explanation.refutation, where).toBeDefined();
          expect(explanation.reasons.join(' ')).not.toContain('Alice takes');
          if (legal.length === 0) {
            expect(explanation.headline).toBe(`Bob wins with ${n} stones: Alice cannot move.`);
            expect(explanation.brief?.[2]).toBe('Alice has no legal move.');
            expect(explanation.whyNoMove).toContain(alice.length === 0 ? 'no moves at all' : 'cannot move');
          } else if (brute.bobSum !== null) {
            const s = brute.bobSum;
            expect(explanation.headline).toBe(
              `Bob wins with ${n} stones: he answers each move x of Alice's with ${s} - x.`,
            );
            expect(explanation.whyNoMove).toContain(`the pile stays ${n % s} more than a multiple of ${s}`);
            expect(explanation.refutation).toContain(
              `stays ${n % s === 0 ? 'a multiple' : `${n % s} more than a multiple`} of ${s}`,
            );
          } else {
            expect(explanation.headline).toBe(
              `Bob wins with ${n} stones: every move of Alice's has a winning answer.`,
            );
            const reply = brute.bobReplies[0];
            expect(explanation.refutation).toBe(
              `If Alice takes ${reply?.alice}, Bob takes ${reply?.bob} and leaves her a pile where A = L.`,
            );
          }
          if (legal.length > 0) {
            const pairs = result.bobReplies.map((r) => `${r.alice} -> ${r.bob}`).join(', ');
            expect(explanation.whyNoMove).toContain(pairs);
            const reply = result.bobReplies[0];
            expect(explanation.brief?.[2]).toContain(
              `Alice takes ${reply?.alice}, Bob answers ${reply?.bob}`,
            );
          }
        }
      }
    }
  });
});

describe('partisan explanations: the key facts and a last short row', () => {
  it('lists the pile and both sets, "none" for an empty one', () => {
    const { explanation } = explained(params(1234, [], [3, 4]));
    expect(explanation.facts.slice(0, 3)).toEqual([
      { label: 'Pile', value: '1,234' },
      { label: "Alice's moves", value: 'none' },
      { label: "Bob's moves", value: '{3, 4}' },
    ]);
  });

  it('{33} vs {33}: period 66 in rows of 50 and 16, the pattern not marked as cut', () => {
    const { explanation } = explained(params(100, [33], [33]));
    const { a, b } = directTable(params(200, [33], [33]));
    expect(explanation.details?.[0]?.title).toContain('positions 0 to 65');
    expectRows(explanation.details?.[0]?.lines ?? [], 0, 66, a, b);
    const pattern = Array.from(a.subarray(0, 66), (v) => letter(v === 1)).join('');
    expect(explanation.reasons.join(' ')).toContain(`reads ${pattern}. n = 100`);
  });
});
