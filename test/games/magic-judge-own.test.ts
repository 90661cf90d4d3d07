/**
 * Boards whose rooms are their own ids (`roomsAreIds`: N up to 2^16 and at most 8 rooms a passage, as the
 * contest's boards): the byte judge joins each passage and looks it up among the pairs seen as it reads it, in
 * the kernel's memory (magic-judge-kernel.test.ts tests the kernel's loop itself). Inputs of several boards, such boards and others mixed, fed whole
 * and in small blocks, must get the token judge's lines, or its error for a bad passage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { magic } from '../../src/games/magic/index.js';
import { roomsAreIds } from '../../src/games/magic/judge.js';
import { runs } from '../support/runs.js';
import { judgeOutput, judgeOutputInBlocks, legacyJudgeOutput } from './judge-harness.js';

interface Board {
  readonly n: number;
  readonly p: number;
  readonly passages: [number, number][];
}

const pairKey = ([a, b]: readonly [number, number]): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Distinct passages among rooms 1..labels, at least `min` of them (and at most `max`). */
const passagesAmong = (labels: number, min: number, max: number) =>
  fc.uniqueArray(
    fc
      .tuple(fc.integer({ min: 1, max: labels }), fc.integer({ min: 1, max: labels }))
      .filter(([a, b]) => a !== b),
    { minLength: min, maxLength: max, selector: pairKey },
  );

/** A board whose rooms are their own ids: N from 3 to 40, at least N/8 passages. */
const ownBoard: fc.Arbitrary<Board> = fc.integer({ min: 3, max: 40 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    p: fc.integer({ min: 0, max: 2 }),
    passages: passagesAmong(n, Math.ceil(n / 8), Math.min(30, (n * (n - 1)) / 2)),
  }),
);

/** A board numbered the other way (more than 8 rooms a passage), its rooms among 1, 2 and the top ones. */
const otherBoard: fc.Arbitrary<Board> = fc
  .record({
    n: fc.integer({ min: 200, max: 70_000 }),
    p: fc.integer({ min: 0, max: 2 }),
    passages: passagesAmong(12, 0, 20),
  })
  .map(({ n, p, passages }) => {
    const place = (label: number): number => (label <= 2 ? label : n - label);
    return { n, p, passages: passages.map(([a, b]): [number, number] => [place(a), place(b)]) };
  });

/**
 * Whitespace between rooms, and how wide a room is written: leading zeros up to 15 characters (the fast path
 * reads them), 16 (the careful one does) or 17 (no reader takes them).
 */
const layout = fc.record({
  spaces: fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n', '  ', ' \n '), { minLength: 1, maxLength: 8 }),
  widths: fc.array(fc.constantFrom(0, 0, 0, 0, 2, 5, 15, 16, 17), { minLength: 1, maxLength: 8 }),
});

/** Stand-ins for a room in a passage: a token no number reads, or the end of the input. */
const TOKENS = new Map([
  [-1, '+1'],
  [-2, '7x'],
  [-3, '-1'],
]);
const END = -4;

function input(boards: readonly Board[], how: { spaces: string[]; widths: number[] }): string {
  let k = 0;
  const next = <T>(list: readonly T[]): T => list[k++ % list.length] as T;
  const room = (r: number): string => TOKENS.get(r) ?? String(r).padStart(next(how.widths), '0');
  let text = String(boards.length);
  for (const { n, p, passages } of boards) {
    text += `\n${n} ${passages.length} ${p}`;
    for (const [a, b] of passages) {
      text += `\n${room(a)}`;
      if (b === END) return text;
      text += `${next(how.spaces)}${room(b)}`;
    }
  }
  return `${text}\n`;
}

const settle = (work: () => Promise<string>): Promise<string> =>
  work().catch((error: unknown) => `error: ${(error as Error).message}`);

/** What the byte judge makes of `text` whole and in blocks of `block` bytes, next to the token judge's. */
async function expectTokenJudge(text: string, block: number): Promise<void> {
  const expected = await settle(() => legacyJudgeOutput(magic, text));
  expect(await settle(() => judgeOutput(magic, text))).toBe(expected);
  expect(await settle(() => judgeOutputInBlocks(magic, text, block))).toBe(expected);
}

/** One bad passage written in place of passage `at` of a board. */
type Fault = 'repeat' | 'flipped repeat' | 'loop' | 'room 0' | 'room N + 1' | 'token' | 'ends early';

function withFault(
  board: Board,
  fault: Fault,
  at: number,
  earlier: number,
  bad: number,
  first: boolean,
): Board {
  const passages = board.passages.map(([a, b]): [number, number] => [a, b]);
  const k = at % passages.length;
  const [a, b] = passages[k] ?? [1, 2];
  const [c, d] = passages[earlier % Math.max(1, k)] ?? [1, 2];
  // A bad room in place of the first room of the passage, or of the second.
  const badRoom = (room: number): [number, number] => (first ? [room, b] : [a, room]);
  const faulty: Record<Fault, [number, number]> = {
    // With k = 0 there is no earlier passage: the board stays as it was.
    repeat: k === 0 ? [a, b] : [c, d],
    'flipped repeat': k === 0 ? [a, b] : [d, c],
    loop: [b, b],
    'room 0': badRoom(0),
    'room N + 1': badRoom(board.n + 1),
    token: badRoom(bad),
    'ends early': [a, END],
  };
  passages[k] = faulty[fault];
  return { ...board, passages };
}

describe('magic judge: boards whose rooms are their own ids', () => {
  it('tells such boards apart: N up to 2^16 and at most 8 rooms a passage', () => {
    expect(roomsAreIds(7_777, 10_000)).toBe(true);
    expect(roomsAreIds(80, 10)).toBe(true);
    expect(roomsAreIds(81, 10)).toBe(false);
    expect(roomsAreIds(65_536, 65_536)).toBe(true);
    expect(roomsAreIds(65_537, 65_536)).toBe(false);
    expect(roomsAreIds(65_536, 1_000_000)).toBe(true);
    expect(roomsAreIds(65_537, 1_000_000)).toBe(false);
    expect(roomsAreIds(2, 0)).toBe(false);
  });

  it('answers as the token judge, such boards and others mixed, whole and in blocks of any size', async () => {
    const board = fc.oneof({ weight: 3, arbitrary: ownBoard }, { weight: 1, arbitrary: otherBoard });
    await fc.assert(
      fc.asyncProperty(
        fc.array(board, { minLength: 1, maxLength: 6 }),
        layout,
        fc.integer({ min: 1, max: 40 }),
        async (boards, how, block) => {
          // The boards drawn as their own-id kind really are (and the others are not).
          expect(boards.map((b) => roomsAreIds(b.n, b.passages.length))).toEqual(
            boards.map((b) => b.n <= 40),
          );
          await expectTokenJudge(input(boards, how), block);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('answers as the token judge when later boards take many more (or fewer) bytes a passage than the first', async () => {
    // After 1,024 passages the kernel is handed only about the bytes the passages left should take, at the bytes
    // a passage has taken so far: a board written wider than the earlier ones runs past that, a narrower one
    // stops short of it. Both must read every passage (with the repeat check across the cut).
    const compact = (n: number): Board => {
      const passages: [number, number][] = [];
      for (let a = 1; a <= n && passages.length < 1_300; a++)
        for (let b = a + 1; b <= n && passages.length < 1_300; b++) passages.push([a, b]);
      return { n, p: 1, passages };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(ownBoard, { minLength: 1, maxLength: 4 }),
        layout,
        fc.integer({ min: 1, max: 4_000 }),
        async (later, how, block) => {
          const first = input([compact(60)], { spaces: [' '], widths: [0] });
          const rest = input(later, how);
          // One file: the compact board, then the later ones in the drawn layout (the counts joined up).
          const text = `${later.length + 1}${first.slice(1, -1)}${rest.slice(String(later.length).length)}`;
          await expectTokenJudge(text, block);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('fails as the token judge on a bad passage: a repeat (either way round), a loop, a bad room', async () => {
    const fault = fc.constantFrom<Fault>(
      'repeat',
      'flipped repeat',
      'loop',
      'room 0',
      'room N + 1',
      'token',
      'ends early',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(ownBoard, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        // One or two faults (two repeats: the first one listed is reported).
        fc.array(
          fc.record({
            fault,
            at: fc.nat(),
            earlier: fc.nat(),
            token: fc.constantFrom(-1, -2, -3),
            first: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 2,
          },
        ),
        layout,
        fc.integer({ min: 1, max: 40 }),
        async (boards, which, faults, how, block) => {
          const t = which % boards.length;
          const start: Board = boards[t] ?? { n: 3, p: 0, passages: [[1, 2]] };
          const bad = faults.reduce(
            (board, { fault: kind, at, earlier, token, first }) =>
              withFault(board, kind, at, earlier, token, first),
            start,
          );
          await expectTokenJudge(input([...boards.slice(0, t), bad, ...boards.slice(t + 1)], how), block);
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('keeps no pair from one board to the next: a pair listed once in each of two boards is no repeat', async () => {
    const board: Board = {
      n: 8,
      p: 1,
      passages: [
        [3, 5],
        [1, 3],
        [8, 2],
        [5, 2],
      ],
    };
    const flipped: Board = {
      n: 8,
      p: 1,
      passages: [
        [5, 3],
        [2, 8],
      ],
    };
    for (let block = 1; block <= 20; block++)
      await expectTokenJudge(input([board, flipped, board], { spaces: [' '], widths: [0] }), block);
    expect(await judgeOutput(magic, input([board, flipped], { spaces: [' '], widths: [0] }))).toBe(
      'First\nSecond\n',
    );
  });
});

describe('magic judge: own-id boards at the limits', () => {
  /** A board of n rooms and m passages: a path from room 1 to room n, then other pairs, rooms near 2^16 among them. */
  function big(n: number, m: number, extra: [number, number][] = []): Board {
    const passages: [number, number][] = [];
    const seen = new Set<string>();
    const add = (pair: [number, number]): void => {
      if (pair[0] !== pair[1] && passages.length < m && !seen.has(pairKey(pair))) {
        seen.add(pairKey(pair));
        passages.push(pair);
      }
    };
    for (let r = 3; r <= n && passages.length < m - 40; r += 1 + (r % 7)) add([r, Math.max(1, r - 7)]);
    for (let k = 0; passages.length < m; k++) add([n - (k % 50), 1 + ((k * 7919) % n)]);
    return { n, p: 1, passages: [...passages.slice(0, m - extra.length), ...extra] };
  }

  it.each([
    ['2^16 rooms, 2^13 passages (own ids)', 65_536, 8_192],
    ['2^16 + 1 rooms (numbered the other way)', 65_537, 8_193],
    ['8 rooms a passage (own ids)', 8_000, 1_000],
    ['just over 8 rooms a passage', 8_001, 1_000],
  ])('%s: the same answer, and the same error for a repeat of rooms near the top', async (_what, n, m) => {
    const board = big(n, m);
    expect(roomsAreIds(n, m)).toBe(n <= 65_536 && n <= 8 * m);
    const how = { spaces: [' '], widths: [0] };
    await expectTokenJudge(input([board, board], how), 1 << 12);
    const repeat = big(n, m, [
      [n, n - 1],
      [1, 2],
      [n - 1, n],
    ]);
    await expectTokenJudge(input([repeat], how), 1 << 12);
  });
});
