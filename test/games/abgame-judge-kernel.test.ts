/**
 * ABGAME: the kernel's judge loop (abgameRunKernel), which reads and answers boards with no JavaScript per
 * board. Its winners against the brute force (every board up to 8 cells) and the solver; where it stops (before
 * anything it does not read, with the bytes and newlines read up to there); and whole files through the byte
 * judge, against the token judge, as one block and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moverWins } from '../../src/games/abgame/brute.js';
import { abgame as game } from '../../src/games/abgame/index.js';
import { abgameRunKernel } from '../../src/games/abgame/kernel.js';
import { runs } from '../support/runs.js';
import {
  expectSameError,
  judgeError,
  judgeOutput,
  judgeOutputInBlocks,
  legacyJudgeError,
  legacyJudgeOutput,
} from './judge-harness.js';

const run = (text: string, eof = true, maxBoards = 1 << 30) =>
  abgameRunKernel(new TextEncoder().encode(text), eof, maxBoards);

/** Every board of `length` cells. */
function boardsOf(length: number): string[] {
  let boards = [''];
  for (let i = 0; i < length; i++) boards = boards.flatMap((b) => [`${b}.`, `${b}A`, `${b}B`]);
  return boards;
}

const board = (max: number) =>
  fc
    .array(fc.constantFrom('.', '.', 'A', 'B'), { minLength: 1, maxLength: max, size: 'max' })
    .map((cells) => cells.join(''));

describe('abgame: the kernel reads and answers boards', () => {
  it('answers every board of 1 to 8 cells as the brute force', () => {
    for (let length = 1; length <= 8; length++) {
      const boards = boardsOf(length);
      const result = run(boards.join('\n'));
      expect(result.tests).toBe(boards.length);
      expect(result.text.split('\n')).toEqual(boards.map((b) => (moverWins(b, 'A') ? 'A' : 'B')));
    }
  });

  it('answers random boards as the solver', () => {
    fc.assert(
      fc.property(fc.array(board(300), { minLength: 1, maxLength: 30, size: 'max' }), (boards) => {
        const text = `${boards.join('\n')}\n`;
        const result = run(text);
        expect(result).toEqual({
          tests: boards.length,
          consumed: text.length - 1,
          newlines: boards.length - 1,
          text: boards.map((b) => game.solve({ board: b }).winner).join('\n'),
        });
      }),
      { numRuns: runs(200) },
    );
  });

  it('reads any whitespace between boards and counts the newlines in it', () => {
    expect(run(' \tA.B\r\n\n A..B\t\f\vA..B.A..B\r\n')).toEqual({
      tests: 3,
      consumed: 25,
      newlines: 2,
      text: 'A\nA\nB',
    });
  });

  it.each([
    ['A.xB', 'a letter that is not a cell'],
    ['a..b', 'cells in lower case'],
    ['A.\u00c5', 'a byte above ASCII'],
    ['#', 'no cell at all'],
  ])('stops before %j (%s), after the boards before it', (bad) => {
    expect(run(`A.B\nB..A\n${bad}\nA.B\n`)).toEqual({ tests: 2, consumed: 8, newlines: 1, text: 'A\nA' });
  });

  it('leaves a board that reaches the end of the bytes unless the input ends there', () => {
    expect(run('A.B\nA..B', false)).toEqual({ tests: 1, consumed: 3, newlines: 0, text: 'A' });
    expect(run('A.B\nA..B', true)).toEqual({ tests: 2, consumed: 8, newlines: 1, text: 'A\nA' });
    expect(run('A.B\n', false)).toEqual({ tests: 1, consumed: 3, newlines: 0, text: 'A' });
    expect(run('A.B\n  ', true).tests).toBe(1);
    expect(run('', true).tests).toBe(0);
  });

  it('reads no more than it is asked for', () => {
    expect(run('A.B\nB..A\nA\n', true, 2)).toEqual({ tests: 2, consumed: 8, newlines: 1, text: 'A\nA' });
    expect(run('A.B\n', true, 0)).toEqual({ tests: 0, consumed: 0, newlines: 0, text: '' });
  });
});

describe('abgame: the byte judge with the kernel', () => {
  const spaces = fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n ', '\n\n');
  const entry = fc.tuple(spaces, board(200));
  const body = (boards: readonly (readonly [string, string])[]): string =>
    boards.map(([space, b]) => `${space}${b}`).join('');

  it('answers whole files as the token judge, read at once and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.constantFrom('', '\n', ' \r\n'),
        fc.integer({ min: 1, max: 128 }),
        async (boards, end, block) => {
          const input = `${boards.length}${body(boards)}${end}`;
          const expected = await legacyJudgeOutput(game, input);
          expect(await judgeOutput(game, input)).toBe(expected);
          expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('names a mistake after many boards as the token judge does, every answer before it written', async () => {
    const boards = fc.sample(entry, { numRuns: 300, seed: 5 });
    for (const mistake of ['', '\nA.x.B', '\nA.B\u00e9', '\n#']) {
      for (const at of [0, 1, 299]) {
        const input = `${boards.length}${body(boards.slice(0, at))}${mistake}\n`;
        const reference = await legacyJudgeError(game, input);
        expect(String(reference)).toMatch(/^JudgeInputError: line \d+: /);
        const expected = at === 0 ? '' : await legacyJudgeOutput(game, `${at}${body(boards.slice(0, at))}\n`);
        await expectSameError(game, input, reference, [undefined, 1, 13, 100], expected);
      }
    }
  });

  it('refuses a board more than T, read in the kernel or not', async () => {
    for (const extra of ['A..B', `A${'.'.repeat(300)}B`]) {
      const input = `3\n${'A.B\n'.repeat(3)}${extra}\n`;
      const reference = await legacyJudgeError(game, input);
      expect(String(reference)).toMatch(/line 5: expected the end of the input, found "A/);
      await expectSameError(game, input, reference, [undefined, 1, 13]);
    }
  });

  it('takes a board cut off by the end of a stretch handed to the kernel for an unfinished one', async () => {
    // The kernel is handed 256 bytes at first: a bad cell inside them, and one after them, in a board they cut.
    const input = `3\n${'A'.repeat(200)}\n${'.'.repeat(50)}x\nA\n`;
    expect(input.indexOf('x') - '3'.length).toBeLessThan(256);
    const cut = `3\n${'A'.repeat(200)}\n${'.'.repeat(60)}A.x\nA\n`;
    expect(cut.indexOf('x') - '3'.length).toBeGreaterThan(256);
    for (const text of [input, cut]) {
      const reference = await legacyJudgeError(game, text);
      expect(String(reference)).toMatch(/line 3: board 2: cell \d+ holds "x"/);
      // Read whole and at its end (as from a file): the stretch ends before the input does.
      expect(String(await judgeError(game, text))).toBe(String(reference));
    }
  });
});
