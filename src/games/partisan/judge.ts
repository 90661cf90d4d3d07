/**
 * Grundy's PartisanGame format (TopCoder has no stdin format): T, then per test `n k a_1..a_k m b_1..b_m`.
 * Output `Alice` or `Bob`. Grundy's limits apply: n up to 10^18, moves from 1 to 64.
 */
import type { ByteReader, Reading } from '../../core/byte-reader.js';
import { JudgeInputError } from '../../core/errors.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import type { InputReader } from '../../core/reader.js';
import { PartisanKernelTables, partisanRunKernel } from './kernel.js';
import { MAX_MOVE, MAX_N } from './limits.js';
import { OutcomeCache } from './outcome.js';
import type { PartisanParams, PartisanResult } from './schema.js';

function twice(line: number, who: string, test: number, move: number): JudgeInputError {
  return new JudgeInputError(
    line,
    `${who}'s moves in test ${test} must be distinct, but ${move} appears twice`,
  );
}

async function readSet(reader: InputReader, who: string, test: number): Promise<number[]> {
  const count = await reader.int(`the number of ${who}'s moves in test ${test}`, 0, MAX_MOVE);
  const moves = new Set<number>();
  for (let i = 1; i <= count; i++) {
    const move = await reader.int(`${who}'s move ${i} of test ${test}`, 1, MAX_MOVE);
    if (moves.has(move)) throw twice(reader.line, who, test, move);
    moves.add(move);
  }
  return [...moves].sort((x, y) => x - y);
}

/** The same set read from bytes: a bit per move (1..64) finds a repeat, and gives the sorted list; `seen` is scratch. */
function* readMoves(input: ByteReader, who: string, test: number, seen: Uint8Array): Reading<number[]> {
  const count = yield* input.int(`the number of ${who}'s moves in test ${test}`, 0, MAX_MOVE);
  seen.fill(0);
  for (let i = 1; i <= count; i++) {
    const fast = input.tryInt(1, MAX_MOVE);
    // Stryker disable next-line EqualityOperator: tryInt(1, 64) returns -1 or a move from 1 to 64, never 0
    const move = fast >= 0 ? fast : yield* input.int(`${who}'s move ${i} of test ${test}`, 1, MAX_MOVE);
    if (seen[move] === 1) throw twice(input.line, who, test, move);
    seen[move] = 1;
  }
  const moves: number[] = [];
  for (let move = 1; move <= MAX_MOVE; move++) if (seen[move] === 1) moves.push(move);
  return moves;
}

/** n <= MAX_N for n = high * 10^9 + low, as ByteReader.tryDigits leaves it. */
const MAX_HIGH = Number(MAX_N / 10n ** 9n);
const MAX_LOW = Number(MAX_N % 10n ** 9n);

/**
 * A set of moves read into `masks[at]` (moves 1..32) and `masks[at + 1]` (33..64, MAX_MOVE): false when a
 * token is not a count or move lying wholly in the block, or a move repeats (the careful path says which).
 */
function tryMoveMask(input: ByteReader, masks: Int32Array, at: number): boolean {
  const count = input.tryInt(0, MAX_MOVE);
  if (count < 0) return false;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < count; i++) {
    const move = input.tryInt(1, MAX_MOVE);
    if (move < 0) return false;
    const bit = 1 << ((move - 1) & 31);
    if (move <= 32) {
      if ((lo & bit) !== 0) return false;
      lo |= bit;
    } else {
      if ((hi & bit) !== 0) return false;
      hi |= bit;
    }
  }
  masks[at] = lo;
  masks[at + 1] = hi;
  return true;
}

/**
 * One test read and answered in plain code, without a generator or a bigint: the usual case, where every
 * token lies in the block, is valid, and the pair of sets has a table. 1 when Alice wins, 0 when Bob does;
 * -1 with nothing consumed otherwise, and the careful path reads the test again (and names any mistake).
 */
function quickTest(input: ByteReader, outcomes: OutcomeCache, masks: Int32Array): number {
  const { pos, line, lastLine } = input;
  let answer = -1;
  if (
    input.tryDigits() &&
    (input.high < MAX_HIGH || (input.high === MAX_HIGH && input.low <= MAX_LOW)) &&
    tryMoveMask(input, masks, 0) &&
    tryMoveMask(input, masks, 2)
  )
    answer = outcomes.aliceWinsParts(input.high, input.low, masks);
  if (answer < 0) {
    input.pos = pos;
    input.line = line;
    input.lastLine = lastLine;
  }
  return answer;
}

/**
 * Tests `from`..`t`: those with both sets within 1..5 (every test of the contest's limits) read and answered in
 * the kernel (partisanRunKernel), the rest through quickTest, in a plain function, whose loop V8 optimises while
 * it runs (a generator's loop only from its next call, and a contest file is one call). Returns the first test
 * quickTest declined.
 */
function quickTests(
  input: ByteReader,
  outcomes: OutcomeCache,
  masks: Int32Array,
  kernel: KernelStretches,
  answer: (line: string) => void,
  from: number,
  t: number,
): number {
  let test = from;
  for (; test <= t; test++) {
    test += kernel.run(input, answer, t - test + 1);
    if (test > t) break;
    const quick = quickTest(input, outcomes, masks);
    if (quick < 0) break;
    answer(quick === 1 ? 'Alice' : 'Bob');
  }
  return test;
}

const format = (result: PartisanResult): string => (result.aliceWins ? 'Alice' : 'Bob');

export const partisanJudge: JudgeFormat<PartisanParams, PartisanResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, 1_000_000);
    for (let test = 1; test <= t; test++) {
      const n = await reader.bigint(`n of test ${test}`, 0n, MAX_N);
      const alice = await readSet(reader, 'Alice', test);
      const bob = await readSet(reader, 'Bob', test);
      yield { n: n.toString(), alice, bob };
    }
    await reader.expectEnd();
  },
  format,
  *run(input, answer) {
    const t = yield* input.int('the number of tests T', 1, 1_000_000);
    const outcomes = new OutcomeCache();
    const seen = new Uint8Array(MAX_MOVE + 1);
    const masks = new Int32Array(4);
    const tables = new PartisanKernelTables();
    const kernel = new KernelStretches((bytes, eof, most) => partisanRunKernel(bytes, eof, most, tables));
    for (
      let test = quickTests(input, outcomes, masks, kernel, answer, 1, t);
      test <= t;
      test = quickTests(input, outcomes, masks, kernel, answer, test + 1, t)
    ) {
      // Test `test` the careful way (a token across a block border, a pair without a table, or a mistake).
      const n = yield* input.bigint(`n of test ${test}`, 0n, MAX_N);
      const alice = yield* readMoves(input, 'Alice', test, seen);
      const bob = yield* readMoves(input, 'Bob', test, seen);
      answer(outcomes.aliceWins(n, alice, bob) ? 'Alice' : 'Bob');
    }
    yield* input.expectEnd();
  },
};
