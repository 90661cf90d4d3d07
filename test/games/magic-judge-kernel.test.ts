/**
 * MAGIC: the kernel's passage loop (magicJoinKernel) and count (magicTallyKernel), which read, join and count
 * the passages of a board whose rooms are their own ids with no JavaScript per passage. Checked against code
 * written here that shares nothing with them: components found by a search over the passages, repeats found by
 * a set of strings. Where the loop stops (before anything it does not read, with the bytes and newlines read up
 * to there), and whole files through the byte judge against the token judge, as one block and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STRETCH } from '../../src/core/kernel-stretches.js';
import { magic as game } from '../../src/games/magic/index.js';
import {
  MAGIC_STRETCH_BYTES,
  magicJoinKernel,
  magicKernelBoard,
  magicTallyKernel,
} from '../../src/games/magic/kernel.js';
import { multiplicationRunKernel } from '../../src/games/multiplication/kernel.js';
import { runs } from '../support/runs.js';
import {
  expectSameError,
  judgeOutput,
  judgeOutputInBlocks,
  judgeUntilError,
  legacyJudgeError,
  legacyJudgeOutput,
} from './judge-harness.js';

type Passage = readonly [number, number];

/** Each room's component (its smallest room), by a search over the passages: rooms 1..n. */
function components(n: number, passages: readonly Passage[]): number[] {
  const next: number[][] = Array.from({ length: n + 1 }, () => []);
  for (const [a, b] of passages) {
    next[a]?.push(b);
    next[b]?.push(a);
  }
  const label = new Array<number>(n + 1).fill(0);
  for (let room = 1; room <= n; room++) {
    if (label[room] !== 0) continue;
    const stack = [room];
    label[room] = room;
    while (stack.length > 0) {
      const at = stack.pop() ?? 0;
      for (const to of next[at] ?? []) {
        if (label[to] === 0) {
          label[to] = room;
          stack.push(to);
        }
      }
    }
  }
  return label;
}

/** The first passage whose two rooms an earlier passage already joined directly (either way round), or -1. */
function firstRepeat(passages: readonly Passage[]): number {
  const seen = new Set<string>();
  for (const [i, [a, b]] of passages.entries()) {
    const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

/** The root reached from `id` along the links (a root holds minus its set's size). */
function rootIn(link: Int32Array, id: number): number {
  let at = id;
  for (let steps = 0; (link[at] ?? -1) >= 0; steps++) {
    if (steps > link.length) throw new Error('the links loop');
    at = link[at] ?? 0;
  }
  return at;
}

const text = (passages: readonly Passage[]): string => passages.map(([a, b]) => `${a} ${b}\n`).join('');

/** One call of the loop over all of `input`, for a board of n rooms and m passages. */
function joinAll(n: number, m: number, input: string, eof = true, max = m, line = 1) {
  const board = magicKernelBoard(n, m);
  const run = magicJoinKernel(board, new TextEncoder().encode(input), eof, max, line);
  return { board, run };
}

const passagesAmong = (n: number, max: number) =>
  fc.array(
    fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })).filter(([a, b]) => a !== b),
    { minLength: 0, maxLength: max, size: 'max' },
  );

describe('magic: the kernel reads, joins and counts a board', () => {
  it('joins random boards into the components a search finds, sizes included, and finds the first repeat', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }).chain((n) => fc.tuple(fc.constant(n), passagesAmong(n, 600))),
        ([n, passages]) => {
          const { board, run } = joinAll(n, passages.length, text(passages));
          expect(run.tests).toBe(passages.length);
          expect(board.read).toBe(passages.length);
          expect(board.repeat).toBe(firstRepeat(passages));
          const label = components(n, passages);
          const size = new Map<number, number>();
          for (let room = 1; room <= n; room++)
            size.set(label[room] ?? 0, (size.get(label[room] ?? 0) ?? 0) + 1);
          // Two rooms share a root exactly when the search put them in one component; the root holds its size.
          const rootOfLabel = new Map<number, number>();
          for (let room = 1; room <= n; room++) {
            const root = rootIn(board.link, room - 1);
            const known = rootOfLabel.get(label[room] ?? 0);
            if (known === undefined) rootOfLabel.set(label[room] ?? 0, root);
            else expect(root).toBe(known);
            expect(-(board.link[root] ?? 0)).toBe(size.get(label[room] ?? 0));
          }
          expect(new Set(rootOfLabel.values()).size).toBe(rootOfLabel.size);
          // The passages as read, and their lines.
          expect([...board.ends]).toEqual(passages.flatMap(([a, b]) => [a - 1, b - 1]));
          expect([...board.lines]).toEqual(passages.map((_, i) => i + 1));
          // The count.
          const sizes = [...size.values()];
          expect(magicTallyKernel(board)).toEqual({
            oddTouched: sizes.filter((s) => s % 2 === 1).length,
            evenTouched: sizes.filter((s) => s % 2 === 0).length,
            pairs: sizes.reduce((sum, s) => sum + (s * (s - 1)) / 2, 0),
          });
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('counts one set of all 2^16 rooms (C(2^16, 2) just below 2^31) and 2^16 sets of one', () => {
    const n = 1 << 16;
    const chain = Array.from({ length: n - 1 }, (_, i): Passage => [i + 1, i + 2]);
    const { board, run } = joinAll(n, chain.length, text(chain));
    expect(run.tests).toBe(n - 1);
    expect(magicTallyKernel(board)).toEqual({ oddTouched: 0, evenTouched: 1, pairs: (n * (n - 1)) / 2 });
    expect(magicTallyKernel(joinAll(n, 0, '').board)).toEqual({ oddTouched: n, evenTouched: 0, pairs: 0 });
  });

  it('finds a repeat among many passages with a nearly full set of keys, and only the first', () => {
    // Every pair of 64 rooms (2,016 passages) in a set of 4,096 slots, then one listed again (either way
    // round), then another.
    const all: Passage[] = [];
    for (let a = 1; a <= 64; a++) for (let b = a + 1; b <= 64; b++) all.push([a, b]);
    const passages: Passage[] = [...all, [40, 7], [1, 2]];
    const { board } = joinAll(64, passages.length, text(passages));
    expect(board.repeat).toBe(all.length);
    expect(joinAll(64, all.length, text(all)).board.repeat).toBe(-1);
  });

  it('reads any whitespace, leading zeros and rooms of up to 15 digits, and counts the newlines', () => {
    // Leading zeros count towards the 15 digits: the third passage's first room has 15, the fourth's 8.
    const input = ' \t1\r\n\n 02\f3\v004\n000000000000005 6\n00000007 1\n';
    const { board, run } = joinAll(9, 4, input);
    expect(run).toEqual({ tests: 4, consumed: input.length - 1, newlines: 4, text: '' });
    expect([...board.ends]).toEqual([0, 1, 2, 3, 4, 5, 6, 0]);
    expect([...board.lines]).toEqual([1, 3, 4, 5]);
  });

  it('numbers lines from the line it is given', () => {
    const { board } = joinAll(9, 2, '\n1 2\n\n3 4\n', true, 2, 40);
    expect([...board.lines]).toEqual([41, 43]);
  });

  it.each([
    ['0 3', 'room 0'],
    ['3 10', 'a room above N'],
    ['3 3', 'a loop'],
    ['0000000000000003 4', 'a room of 16 digits'],
    ['3 0000000000000004', 'a second room of 16 digits'],
    ['+3 4', 'a sign'],
    ['3 -4', 'a sign on the second room'],
    ['3x 4', 'a room run into letters'],
    ['3 4x', 'a second room run into letters'],
    ['3 4\u00c5', 'a byte above ASCII after a room'],
  ])('stops before %j (%s), after the plain passages before it', (bad) => {
    const { board, run } = joinAll(9, 4, `1 2\n5 6\n${bad}\n7 8\n`);
    expect(run).toEqual({ tests: 2, consumed: 7, newlines: 1, text: '' });
    expect(board.read).toBe(2);
  });

  it('leaves a room that reaches the end of the bytes unless the input ends there', () => {
    expect(joinAll(99, 2, '1 2\n3 45', false).run).toEqual({ tests: 1, consumed: 3, newlines: 0, text: '' });
    expect(joinAll(99, 2, '1 2\n3 45', true).run).toEqual({ tests: 2, consumed: 8, newlines: 1, text: '' });
    expect(joinAll(99, 2, '1 2\n34', true).run.tests).toBe(1);
    expect(joinAll(99, 2, '1 2\n34', false).run.tests).toBe(1);
  });

  it('reads no more passages than it is asked for, and goes on from where the board stands', () => {
    const board = magicKernelBoard(9, 3);
    const bytes = new TextEncoder().encode('1 2\n2 3\n3 1\n');
    expect(magicJoinKernel(board, bytes, true, 1, 1)).toEqual({
      tests: 1,
      consumed: 3,
      newlines: 0,
      text: '',
    });
    expect(magicJoinKernel(board, bytes.subarray(3), true, 2, 1)).toEqual({
      tests: 2,
      consumed: 8,
      newlines: 2,
      text: '',
    });
    expect([...board.ends]).toEqual([0, 1, 1, 2, 2, 0]);
    expect([...board.lines]).toEqual([1, 2, 3]);
    expect(-(board.link[rootIn(board.link, 0)] ?? 0)).toBe(3);
  });

  it('keeps the first repeat it found from one call to the next', () => {
    const board = magicKernelBoard(9, 6);
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(magicJoinKernel(board, bytes('1 2\n2 1\n'), true, 2, 1).tests).toBe(2);
    expect(board.repeat).toBe(1);
    expect(magicJoinKernel(board, bytes('3 4\n'), true, 1, 3).tests).toBe(1);
    expect(board.repeat).toBe(1);
    expect(magicJoinKernel(board, bytes('4 3\n5 6\n6 5\n'), true, 3, 4).tests).toBe(3);
    expect(board.repeat).toBe(1);
  });

  it('refuses more than 2^16 rooms, and a stretch longer than the longest', () => {
    expect(() => magicKernelBoard((1 << 16) + 1, 1)).toThrow(/at most 2\^16 rooms/);
    const board = magicKernelBoard(1 << 16, 1);
    expect(() => magicJoinKernel(board, new Uint8Array(MAGIC_STRETCH_BYTES + 1), true, 1, 1)).toThrow(
      /at most 1048576 bytes/,
    );
  });

  it('refuses to go on once another kernel call has used its memory', () => {
    const board = magicKernelBoard(9, 2);
    multiplicationRunKernel(new TextEncoder().encode('6 Alice\n'), true, 1);
    expect(() => magicJoinKernel(board, new TextEncoder().encode('1 2\n'), true, 1, 1)).toThrow(
      /another kernel call/,
    );
    expect(() => magicTallyKernel(board)).toThrow(/another kernel call/);
  });

  it('takes the longest stretch the stretch driver hands out', () => {
    expect(MAGIC_STRETCH_BYTES).toBe(MAX_STRETCH);
    const passages = Array.from({ length: 120_000 }, (_, i): Passage => [
      (i % 60_000) + 1,
      ((i * 7) % 60_000) + 2,
    ]);
    const bytes = new TextEncoder().encode(text(passages)).subarray(0, MAX_STRETCH);
    const board = magicKernelBoard(1 << 16, passages.length);
    const run = magicJoinKernel(board, bytes, false, passages.length, 1);
    expect(run.tests).toBeGreaterThan(60_000);
    expect(run.consumed).toBeLessThanOrEqual(MAX_STRETCH);
  });
});

describe('magic: the byte judge with the kernel', () => {
  const spaces = fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n ');
  /** A board whose rooms are their own ids (N up to 8 rooms a passage), a few repeats and loops among them. */
  const board = fc.integer({ min: 2, max: 60 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      p: fc.integer({ min: 0, max: 2 }),
      passages: fc.array(fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n }), spaces), {
        minLength: Math.ceil(n / 8),
        maxLength: 80,
        size: 'max',
      }),
    }),
  );
  type Board = { n: number; p: number; passages: [number, number, string][] };
  const body = (boards: readonly Board[]): string =>
    boards
      .map(
        ({ n, p, passages }) =>
          `\n${n} ${passages.length} ${p}\n${passages.map(([a, b, s]) => `${a}${s}${b}\n`).join('')}`,
      )
      .join('');
  /** Without loops and repeats: a board the judge answers. */
  const clean = board
    .map((b) => {
      const seen = new Set<string>();
      return {
        ...b,
        passages: b.passages.filter(([a, c]) => {
          const key = `${Math.min(a, c)}-${Math.max(a, c)}`;
          if (a === c || seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      };
    })
    .filter((b) => b.passages.length >= Math.ceil(b.n / 8));

  it('answers whole files as the token judge, read at once and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(clean, { minLength: 1, maxLength: 12, size: 'max' }),
        fc.integer({ min: 1, max: 128 }),
        async (boards, block) => {
          const input = `${boards.length}${body(boards)}`;
          const expected = await legacyJudgeOutput(game, input);
          expect(await judgeOutput(game, input)).toBe(expected);
          expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('fails or answers as the token judge on boards with loops and repeats, read at once and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(board, { minLength: 1, maxLength: 4, size: 'max' }),
        fc.integer({ min: 1, max: 64 }),
        async (boards, block) => {
          const input = `${boards.length}${body(boards)}`;
          const reference = await legacyJudgeError(game, input);
          const accepted = String(reference) === 'Error: the token judge accepted it';
          const expected = accepted ? await legacyJudgeOutput(game, input) : undefined;
          for (const size of [undefined, block]) {
            const { output, error } = await judgeUntilError(game, input, size);
            if (accepted) expect([output, error]).toEqual([expected, undefined]);
            else expect(String(error)).toBe(String(reference));
          }
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('names a mistake after many plain passages as the token judge does, the boards before it answered', async () => {
    const passages: Passage[] = [];
    for (let a = 1; passages.length < 3_000; a++)
      for (let b = a + 1; b <= 90 && passages.length < 3_000; b++) passages.push([a, b]);
    const lines = text(passages).split('\n');
    for (const at of [0, 1, 2_999]) {
      // N no more than 8 rooms a passage, so that the rooms are their own ids (and read in the kernel).
      const n = at < 12 ? 8 : 90;
      // ('2 1' repeats the first passage, "1 2", when there is one.)
      for (const mistake of ['5 5', `3 ${n + 1}`, '0 4', ...(at > 0 ? ['2 1'] : []), '7 x', '']) {
        const listed = [...lines.slice(0, at), ...(mistake === '' ? [] : [mistake])];
        const m = listed.length + (mistake === '' ? 1 : 0);
        const input = `2\n\n3 1 0\n1 3\n\n${n} ${m} 1\n${listed.join('\n')}\n`;
        const reference = await legacyJudgeError(game, input);
        expect(String(reference)).toMatch(/^JudgeInputError: line \d+: /);
        await expectSameError(
          game,
          input,
          reference,
          [undefined, 1, 13, 100, 4096],
          await legacyJudgeOutput(game, '1\n3 1 0\n1 3\n'),
        );
      }
    }
  });

  it('finds a repeat read the careful way of a pair the kernel entered after a collision', async () => {
    // Two pairs of rooms 1..8 whose keys hash to one slot of the 16 a board of 3 passages has: the kernel puts
    // the second in the next slot. Listed again with rooms of 16 digits (which the kernel leaves), it is read
    // in JavaScript, which must probe the slots as the kernel did to find it.
    const slot = ([a, b]: Passage) => Math.imul(((a - 1) << 16) | (b - 1), 0x9e3779b1) >>> 28;
    const pairs: Passage[] = [];
    for (let a = 1; a <= 8; a++) for (let b = a + 1; b <= 8; b++) pairs.push([a, b]);
    const first = pairs.find((p) => pairs.some((q) => q !== p && slot(q) === slot(p))) ?? [0, 0];
    const second = pairs.find((q) => q !== first && slot(q) === slot(first)) ?? [0, 0];
    const long = (room: number) => String(room).padStart(16, '0');
    const input = `1\n8 3 0\n${first[0]} ${first[1]}\n${second[0]} ${second[1]}\n${long(second[1])} ${long(second[0])}\n`;
    const reference = await legacyJudgeError(game, input);
    expect(String(reference)).toMatch(/line 5: .*listed twice \(as passages 2 and 3\)/);
    await expectSameError(game, input, reference, [undefined, 1, 7]);
  });

  it('reads no passage more than M: the next one is the next test, read in the kernel or not', async () => {
    const many = text(Array.from({ length: 40 }, (_, i): Passage => [1, i + 2]));
    for (const m of [7, 39]) {
      const input = `1\n50 ${m} 1\n${many}`;
      const reference = await legacyJudgeError(game, input);
      expect(String(reference)).toMatch(/expected the end of the input/);
      await expectSameError(game, input, reference, [undefined, 1, 13]);
    }
  });

  it('takes a passage cut off by the end of a stretch handed to the kernel for an unfinished one', async () => {
    // The kernel is handed 256 bytes at first: shifted by 0 to 12 spaces, the passages meet its end in every
    // place, within a room and between the two.
    const passages = text(Array.from({ length: 30 }, (_, i): Passage => [i + 10, i + 110]));
    for (let shift = 0; shift <= 12; shift++) {
      const input = `1\n200 30 0\n${' '.repeat(shift)}${passages}`;
      expect(await judgeOutput(game, input)).toBe(await legacyJudgeOutput(game, input));
    }
  });
});
