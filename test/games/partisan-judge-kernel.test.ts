/**
 * PartisanGame: the kernel's judge loop (partisanRunKernel), which reads and answers the tests whose sets lie
 * within 1..5 with no JavaScript per test. Every pair of such sets against the direct DP (the brute force) over
 * the first piles; large n against the solver; where it stops; the pool of tables growing; and whole files
 * through the byte judge, against the token judge, as one block and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARTISAN_KERNEL_MOVES as SOURCE_MOVES } from '../../scripts/kernel/partisan.js';
import { directTable } from '../../src/games/partisan/brute.js';
import { partisan as game } from '../../src/games/partisan/index.js';
import {
  PARTISAN_KERNEL_MOVES,
  PartisanKernelTables,
  partisanRunKernel,
} from '../../src/games/partisan/kernel.js';
import { runs } from '../support/runs.js';
import {
  expectSameError,
  judgeOutput,
  judgeOutputInBlocks,
  legacyJudgeError,
  legacyJudgeOutput,
} from './judge-harness.js';

const run = (text: string, eof = true, maxTests = 1 << 30, tables = new PartisanKernelTables()) =>
  partisanRunKernel(new TextEncoder().encode(text), eof, maxTests, tables);

/** The moves of a 5-bit mask, ascending. */
const movesOf = (mask: number): number[] => [1, 2, 3, 4, 5].filter((x) => (mask & (1 << (x - 1))) !== 0);
const line = (n: bigint | number, alice: readonly number[], bob: readonly number[]): string =>
  [n, alice.length, ...alice, bob.length, ...bob].join(' ');

describe('partisan: the kernel reads and answers tests with moves within 1..5', () => {
  it('takes the moves its source was assembled for', () => {
    expect(PARTISAN_KERNEL_MOVES).toBe(SOURCE_MOVES);
  });

  it('answers every pair of sets within 1..5 as the direct DP, for n from 0 to 60', () => {
    const lines: string[] = [];
    const expected: string[] = [];
    for (let a = 0; a < 32; a++) {
      for (let b = 0; b < 32; b++) {
        const alice = movesOf(a);
        const bob = movesOf(b);
        const table = directTable({ n: '60', alice, bob });
        for (let n = 0; n <= 60; n += 7) {
          lines.push(line(n, alice, bob));
          expected.push(table.a[n] === 1 ? 'Alice' : 'Bob');
        }
      }
    }
    const tables = new PartisanKernelTables();
    const answers: string[] = [];
    // The pool starts small and grows, so a run may stop early: run on from where it stopped.
    let text = `${lines.join('\n')}\n`;
    while (answers.length < lines.length) {
      const result = run(text, true, 1 << 30, tables);
      answers.push(...result.text.split('\n').filter((x) => x !== ''));
      text = text.slice(result.consumed);
    }
    expect(answers).toEqual(expected);
  });

  it('answers large n as the solver', () => {
    const set = fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), set, set), {
          minLength: 1,
          maxLength: 40,
          size: 'max',
        }),
        (tests) => {
          const text = `${tests.map(([n, a, b]) => line(n, a, b)).join('\n')}\n`;
          const result = run(text);
          expect(result.tests).toBe(tests.length);
          expect(result.consumed).toBe(text.length - 1);
          expect(result.text).toBe(
            tests
              .map(([n, alice, bob]) => format(game.solve({ n: n.toString(), alice, bob }).aliceWins))
              .join('\n'),
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('reads any whitespace between tokens, leading zeros, and counts the newlines', () => {
    const plain = run(`${line(7, [3, 5], [4])}\n`).text;
    expect(run(' \t007\r\n 02\n5 3\f1\v004\n\n')).toEqual({
      tests: 1,
      consumed: 20,
      newlines: 2,
      text: plain,
    });
    expect(run('1000000000000000000 0 0\n').text).toBe('Bob');
  });

  it.each([
    ['1000000000000000001 0 0', 'n above 10^18'],
    ['18446744073709551616 0 0', 'n of 20 digits'],
    ['7 1 6 0', 'a move above 5'],
    ['7 1 0 0', 'a move of 0'],
    ['7 2 3 3 0', 'a move twice'],
    ['7 0 2 1 1', 'a move twice in the second set'],
    ['7 65 1 0', 'more moves than there can be'],
    ['7 0001 1 0', 'a count of four digits'],
    ['-7 0 0', 'a sign'],
    ['7x 0 0', 'a number run into letters'],
    ['7 1 1', 'a set cut short by the next test'],
  ])('stops before %j (%s), after the plain tests before it', (bad) => {
    const text = `3 1 1 1 2\n4 1 2 0\n${bad}\n9 0 0\n`;
    expect(run(text)).toEqual({ tests: 2, consumed: 17, newlines: 1, text: 'Bob\nAlice' });
  });

  it('leaves a token that reaches the end of the bytes unless the input ends there', () => {
    expect(run('4 1 2 0\n5 0 1 1', false)).toEqual({ tests: 1, consumed: 7, newlines: 0, text: 'Alice' });
    expect(run('4 1 2 0\n5 0 1 1', true)).toEqual({
      tests: 2,
      consumed: 15,
      newlines: 1,
      text: 'Alice\nBob',
    });
    expect(run('4 1 2 0\n5 0 1', true).tests).toBe(1);
  });

  it('reads no more than it is asked for', () => {
    expect(run('4 1 2 0\n5 0 1 1\n', true, 1)).toEqual({ tests: 1, consumed: 7, newlines: 0, text: 'Alice' });
    expect(run('4 1 2 0\n', true, 0)).toEqual({ tests: 0, consumed: 0, newlines: 0, text: '' });
  });

  it('keeps its tables between runs, and grows the pool when a table does not fit', () => {
    const tables = new PartisanKernelTables();
    tables.pool = new Uint8Array(4);
    // {1, 2, 3} against {4, 5}: a table longer than 4 positions.
    const first = run(`${line(100, [1, 2, 3], [4, 5])}\n`, true, 10, tables);
    expect(first.tests).toBe(0);
    expect(tables.used).toBe(0);
    expect(tables.pool.length).toBeGreaterThan(4);
    let again = run(`${line(100, [1, 2, 3], [4, 5])}\n`, true, 10, tables);
    while (again.tests === 0) again = run(`${line(100, [1, 2, 3], [4, 5])}\n`, true, 10, tables);
    expect(again.text).toBe(format(game.solve({ n: '100', alice: [1, 2, 3], bob: [4, 5] }).aliceWins));
    const used = tables.used;
    expect(used).toBeGreaterThan(4);
    // The same pair again: its table is kept, nothing is added.
    expect(run(`${line(10n ** 18n, [1, 2, 3], [4, 5])}\n`, true, 10, tables).tests).toBe(1);
    expect(tables.used).toBe(used);
  });

  it('keeps the tables made before the pool grew', () => {
    const tables = new PartisanKernelTables();
    tables.pool = new Uint8Array(8);
    const few = (n: number) => `${line(n, [1, 2], [1])}\n`;
    expect(run(few(3), true, 1, tables).tests).toBe(1);
    expect(tables.used).toBeGreaterThan(0);
    // A longer table: the pool grows (more than once, maybe), with the first table in it.
    const long = `${line(100, [1, 2, 3], [4, 5])}\n`;
    while (run(long, true, 1, tables).tests === 0);
    expect(tables.pool.length).toBeGreaterThan(8);
    const answers = Array.from({ length: 30 }, (_, n) => run(few(n), true, 1, tables).text);
    expect(answers).toEqual(
      Array.from({ length: 30 }, (_, n) =>
        format(game.solve({ n: String(n), alice: [1, 2], bob: [1] }).aliceWins),
      ),
    );
  });
});

function format(aliceWins: boolean): string {
  return aliceWins ? 'Alice' : 'Bob';
}

describe('partisan: the byte judge with the kernel', () => {
  const spaces = fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n ');
  const set = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 6 });
  const test = fc.tuple(
    fc.oneof(fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 10n ** 18n })),
    fc.oneof({ arbitrary: set(5), weight: 4 }, { arbitrary: set(64), weight: 1 }),
    fc.oneof({ arbitrary: set(5), weight: 4 }, { arbitrary: set(64), weight: 1 }),
    spaces,
  );
  type Test = readonly [bigint, readonly number[], readonly number[], string];
  const body = (tests: readonly Test[]): string =>
    tests
      .map(([n, a, b, space]) => `${space}${line(n, a, b).replaceAll(' ', space === '\n' ? ' ' : space)}`)
      .join('');

  it('answers whole files as the token judge, read at once and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(test, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.constantFrom('', '\n'),
        fc.integer({ min: 1, max: 128 }),
        async (tests, end, block) => {
          const input = `${tests.length}${body(tests)}${end}`;
          const expected = await legacyJudgeOutput(game, input);
          expect(await judgeOutput(game, input)).toBe(expected);
          expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('names a mistake after many plain tests as the token judge does, every answer before it written', async () => {
    const tests = fc.sample(test, { numRuns: 300, seed: 9 });
    for (const mistake of ['', '\n7 2 3 3 0', '\n7 1 65 0', '\n1000000000000000001 0 0', '\n7 1']) {
      for (const at of [0, 1, 299]) {
        const input = `${tests.length}${body(tests.slice(0, at))}${mistake}\n`;
        const reference = await legacyJudgeError(game, input);
        expect(String(reference)).toMatch(/^JudgeInputError: line \d+: /);
        const expected = at === 0 ? '' : await legacyJudgeOutput(game, `${at}${body(tests.slice(0, at))}\n`);
        await expectSameError(game, input, reference, [undefined, 1, 13, 100], expected);
      }
    }
  });

  it('refuses a test more than T, read in the kernel or not', async () => {
    for (const extra of ['4 1 2 0', '4 1 40 0']) {
      const input = `3\n${'4 1 2 0\n'.repeat(3)}${extra}\n`;
      const reference = await legacyJudgeError(game, input);
      expect(String(reference)).toMatch(/line 5: expected the end of the input, found "4"/);
      await expectSameError(game, input, reference, [undefined, 1, 13]);
    }
  });

  it('takes a test cut off by the end of a stretch handed to the kernel for an unfinished one', async () => {
    // The kernel is handed 256 bytes at first: here they end inside the move 33 of test 32, after its "3".
    const head = `${'4 1 2 0\n'.repeat(31)}7 0 1 3`;
    const input = `33\n${head}3\n4 1 2 0\n`;
    expect(input.indexOf('3\n4 1 2 0\n', head.length) - '33'.length).toBe(256);
    // Read whole and at its end (as from a file): the stretch ends before the input does.
    expect(await judgeOutput(game, input)).toBe(await legacyJudgeOutput(game, input));
  });
});
