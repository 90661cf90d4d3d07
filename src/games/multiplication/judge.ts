/** The original format: T, then T lines `N Name`; one line per case: `Alice`, `Bob` or `tie`. */
import type { ByteReader } from '../../core/byte-reader.js';
import { KernelStretches } from '../../core/kernel-stretches.js';
import type { JudgeFormat } from '../../core/game.js';
import { smallestFactorsUpTo } from '../../math/factor.js';
import { multiplicationRunKernel } from './kernel.js';
import { MAX_N, MIN_N, PLAYERS, type Player } from './limits.js';
import type { MultiplicationParams, MultiplicationResult } from './schema.js';
import { MAX_SMALL_N, smallSignature } from './small.js';
import { resultFor, signatureOrSweep, sweptSignature, type Signature } from './solve.js';

export const MAX_TESTS = 10_000;

/** Tests waiting for the sweep before their batch is swept (and the answers after the first of them written). */
const SWEEP_BATCH = 256;

const format = (result: MultiplicationResult): string => result.winner ?? 'tie';

const lineFor = (first: Player, signature: Signature): string =>
  format(resultFor({ n: '', first }, signature));

/**
 * The answers in input order. A test whose N needs the sweep waits, with every answer after it, until
 * SWEEP_BATCH of them are gathered (or `settle`): then their sweeps share passes over the prime table.
 */
class Answers {
  /** The answers from the first waiting test on; a waiting test's is '' until settled. */
  private lines: string[] = [];
  /** The waiting tests: where each one's answer goes, its N, its first player, its sweep bound. */
  private slots: number[] = [];
  private ns: bigint[] = [];
  private firsts: Player[] = [];
  private bounds: number[] = [];

  constructor(private readonly answer: (line: string) => void) {}

  readonly add = (line: string): void => {
    if (this.slots.length === 0) this.answer(line);
    else this.lines.push(line);
  };

  /** Test with a large N (at most 10^18). */
  big(n: bigint, first: Player): void {
    const signature = signatureOrSweep(n);
    if (typeof signature !== 'number') {
      this.add(lineFor(first, signature));
      return;
    }
    this.slots.push(this.lines.length);
    this.lines.push('');
    this.ns.push(n);
    this.firsts.push(first);
    this.bounds.push(signature);
    if (this.slots.length === SWEEP_BATCH) this.settle();
  }

  /** Sweeps the waiting tests and writes every answer held back. */
  settle(): void {
    if (this.slots.length === 0) return;
    const factors = smallestFactorsUpTo(this.ns, this.bounds);
    const lines = this.lines;
    this.slots.forEach((slot, k) => {
      lines[slot] = lineFor(this.firsts[k] ?? 'Alice', sweptSignature(this.ns[k] ?? 0n, factors[k]));
    });
    this.lines = [];
    this.slots = [];
    this.ns = [];
    this.firsts = [];
    this.bounds = [];
    for (const line of lines) this.answer(line);
  }
}

/** 10^18 as tryDigits leaves it: high * 10^9 + low. */
const MAX_HIGH = Number(MAX_N / 1_000_000_000n);

/**
 * Tests `from`.. `t` while each is an N in range and a player's name lying wholly in the block: the plain
 * ones in the kernel (N up to 10^18, those that need a sweep swept together at the end of each call), the
 * rest (a token across a stretch's end, digits the kernel does not read) in a plain function, whose loop V8
 * optimises while it runs (a generator's loop only from its next call, and a contest file is one call).
 * Returns the first test it left unread, for the careful loop.
 */
function quickTests(
  input: ByteReader,
  answers: Answers,
  kernel: KernelStretches,
  from: number,
  t: number,
): number {
  let test = from;
  for (; test <= t; test++) {
    test += kernel.run(input, answers.add, t - test + 1);
    if (test > t) break;
    const { pos, line, lastLine } = input;
    const n = input.tryInt(Number(MIN_N), MAX_SMALL_N);
    if (n >= 0) {
      const first = input.tryWord(PLAYERS);
      if (first !== undefined) {
        answers.add(lineFor(first, smallSignature(n)));
        continue;
      }
    } else if (input.tryDigits()) {
      // A large N: tryInt took no more than 15 digits, or a value above MAX_SMALL_N.
      const { high, low } = input;
      const first = high < MAX_HIGH || (high === MAX_HIGH && low === 0) ? input.tryWord(PLAYERS) : undefined;
      if (first !== undefined && (high > 0 || low > MAX_SMALL_N)) {
        answers.big(BigInt(high) * 1_000_000_000n + BigInt(low), first);
        continue;
      }
    }
    input.pos = pos;
    input.line = line;
    input.lastLine = lastLine;
    break;
  }
  return test;
}

export const multiplicationJudge: JudgeFormat<MultiplicationParams, MultiplicationResult> = {
  async *parse(reader) {
    const t = await reader.int('the number of tests T', 1, MAX_TESTS);
    for (let test = 1; test <= t; test++) {
      const n = await reader.bigint(`N of test ${test}`, MIN_N, MAX_N);
      const first = await reader.word(`the first player of test ${test}`, PLAYERS);
      yield { n: n.toString(), first };
    }
    await reader.expectEnd();
  },
  format,
  *run(input, answer) {
    const t = yield* input.int('the number of tests T', 1, MAX_TESTS);
    const answers = new Answers(answer);
    const kernel = new KernelStretches(multiplicationRunKernel);
    try {
      for (
        let test = quickTests(input, answers, kernel, 1, t);
        test <= t;
        test = quickTests(input, answers, kernel, test + 1, t)
      ) {
        // Test `test` the careful way (a token across a block border, or a mistake to name).
        const small = input.tryInt(Number(MIN_N), MAX_SMALL_N);
        // Stryker disable next-line EqualityOperator: tryInt never returns 0 here (its minimum is 2)
        const n = small >= 0 ? small : yield* input.bigint(`N of test ${test}`, MIN_N, MAX_N);
        const first =
          input.tryWord(PLAYERS) ?? (yield* input.word(`the first player of test ${test}`, PLAYERS));
        // Stryker disable next-line ConditionalExpression: the BigInt path gives every small N the same answer (only slower)
        if (typeof n === 'number') answers.add(lineFor(first, smallSignature(n)));
        else answers.big(n, first);
      }
    } finally {
      // Every test read so far is answered, before a mistake in the input is reported too.
      answers.settle();
    }
    yield* input.expectEnd();
  },
};
