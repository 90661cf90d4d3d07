/**
 * PartisanGame at edges the other files pass over: the token judge (parse) against the byte judge, move 64 and
 * unsorted sets in both, where n falls in the period (just before the pre-period ends, at its end, later),
 * and the window's position as it advances. References: direct DP (brute.ts) and the byte judge.
 */
import { describe, expect, it } from 'vitest';
import type { JudgeInputError } from '../../src/core/errors.js';
import { InputReader } from '../../src/core/reader.js';
import { directTable } from '../../src/games/partisan/brute.js';
import { advance, makeRule, startWindow } from '../../src/games/partisan/engine.js';
import { partisan } from '../../src/games/partisan/index.js';
import type { PartisanParams } from '../../src/games/partisan/schema.js';
import { solvePartisan } from '../../src/games/partisan/solve.js';
import { judgeError, judgeOutput, legacyJudgeOutput } from './judge-harness.js';
import { SEARCH } from './partisan.fixture.js';

const params = (n: number | bigint, alice: number[], bob: number[]): PartisanParams => ({
  n: n.toString(),
  alice,
  bob,
});

async function legacyError(input: string): Promise<JudgeInputError> {
  try {
    await legacyJudgeOutput(partisan, input);
  } catch (error) {
    return error as JudgeInputError;
  }
  throw new Error(`the token judge accepted ${JSON.stringify(input)}`);
}

/** Tests in the judge's format, with the answer direct DP gives for each. */
const TESTS: { line: string; n: number; alice: number[]; bob: number[] }[] = [
  { line: '7 2 3 4 1 4', n: 7, alice: [3, 4], bob: [4] },
  // Unsorted sets: the judge sorts them (the one-line strategy reads the smallest and largest move).
  { line: '10 3 4 3 1 2 4 1', n: 10, alice: [1, 3, 4], bob: [1, 4] },
  { line: '130 2 64 1 2 64 63', n: 130, alice: [1, 64], bob: [63, 64] },
  { line: '200 1 64 1 64', n: 200, alice: [64], bob: [64] },
  { line: '191 1 64 1 64', n: 191, alice: [64], bob: [64] },
  { line: '5 0 1 5', n: 5, alice: [], bob: [5] },
  { line: '64 3 33 64 32 0', n: 64, alice: [32, 33, 64], bob: [] },
];

describe('partisan: where n falls in the period', () => {
  // A pre-period of 200 positions (see partisan-boundaries.test.ts).
  const [alice, bob] = [
    [6, 14, 16],
    [5, 13, 24],
  ];

  it('no offset before the pre-period ends; 0 at its end; (n - pre) mod period after', () => {
    const cycle = solvePartisan(params(0, alice, bob), SEARCH).cycle;
    if (cycle === null) throw new Error('no cycle');
    const { preperiod: pre, period } = cycle;
    expect(pre).toBeGreaterThan(0);
    for (const n of [0, pre - 1, pre, pre + 1, pre + period - 1, pre + period, pre + 3 * period + 2]) {
      const result = solvePartisan(params(n, alice, bob), SEARCH);
      expect(result.cycle?.offset, `n = ${n}`).toBe(n < pre ? null : (n - pre) % period);
      const { a } = directTable(params(n, alice, bob));
      expect(result.aliceWins, `n = ${n}`).toBe(a[n] === 1);
    }
  });
});

describe('partisan: the window', () => {
  it('advances its position by the steps taken', () => {
    const rule = makeRule([2, 3], [1]);
    const w = startWindow(rule);
    expect(w.at).toBe(0);
    advance(rule, w, 5);
    expect(w.at).toBe(5);
    advance(rule, w, 0);
    advance(rule, w, 2);
    expect(w.at).toBe(7);
  });
});

// Last in the file: the judges solve with the product's step budget (see partisan.test.ts).
describe('partisan: the token judge and the byte judge', () => {
  const input = `${TESTS.length}\n${TESTS.map((t) => t.line).join('\n')}\n`;
  const expected = TESTS.map(({ n, alice, bob }) => {
    const table = directTable(params(n, alice, bob));
    return table.a[n] === 1 ? 'Alice\n' : 'Bob\n';
  }).join('');

  it('answer every test as direct DP does, with move 64 and unsorted sets', async () => {
    expect(await judgeOutput(partisan, input)).toBe(expected);
    expect(await legacyJudgeOutput(partisan, input)).toBe(expected);
  });

  it('read the same sets: sorted, each move once', async () => {
    const parsed: PartisanParams[] = [];
    for await (const p of partisan.judge.parse(InputReader.fromString(input))) parsed.push(p);
    expect(parsed).toEqual(TESTS.map(({ n, alice, bob }) => params(n, alice, bob)));
  });

  it('name the line of a repeated move and of a move past 64, in either judge', async () => {
    for (const error of [
      await legacyError('2\n7 2 3 4 1 4\n10 2 5 5 1 3\n'),
      await judgeError(partisan, '2\n7 2 3 4 1 4\n10 2 5 5 1 3\n'),
    ]) {
      expect(error.line).toBe(3);
      expect(error.message).toContain("Alice's moves in test 2 must be distinct, but 5 appears twice");
    }
    for (const error of [
      await legacyError('1\n7 1 3 2 64 65\n'),
      await judgeError(partisan, '1\n7 1 3 2 64 65\n'),
    ]) {
      expect(error.message).toMatch(/line 2: .*Bob's move 2 of test 1.*from 1 to 64.*"65"/);
    }
    expect((await legacyError('1\n7 65\n')).message).toContain("the number of Alice's moves in test 1");
    expect((await legacyError('1\n7 0 0\n8\n')).line).toBe(3);
  });
});
