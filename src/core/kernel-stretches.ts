/**
 * Hands stretches of a judge's block to a judge loop in the WebAssembly kernel (src/math/u64-kernel.ts), which
 * reads and answers the plain tests there with no JavaScript per test: a contest file of 10^4 tests is over
 * before V8 has optimised a JavaScript loop over them. The kernel stops before the first test it does not
 * read plainly (a token at the end of the stretch, a value it leaves to JavaScript, a mistake), and the judge
 * reads that one the careful way, with its own messages. (MAGIC's loop reads passages rather than tests: a
 * contest board of 10^4 passages spans many stretches.)
 *
 * Each call copies its stretch into the kernel's memory, so the stretch starts small and grows only while the
 * kernel reads nearly all of it; an input whose tests the kernel leaves to JavaScript costs a few hundred bytes
 * copied per test at first, then a call every MAX_SKIP tests.
 */
import type { ByteReader } from './byte-reader.js';
import type { KernelRun } from '../math/u64-kernel.js';

/**
 * Bytes handed to the kernel at first, and at most. (MAGIC's loop takes up to MAGIC_STRETCH_BYTES at a call, in
 * src/math/u64-kernel.ts: a test holds the two equal.)
 */
const FIRST_STRETCH = 256;
export const MAX_STRETCH = 1 << 20;
/** After calls in a row that read no test, the kernel is asked only every 1, 3, 7, ... up to MAX_SKIP tests. */
const MAX_SKIP = 64;

/**
 * A judge loop of the kernel: tests from the start of `bytes` (the input ends with them when `eof`; `line` is
 * the line there).
 */
export type KernelLoop = (bytes: Uint8Array, eof: boolean, maxTests: number, line: number) => KernelRun;

export class KernelStretches {
  private stretch = FIRST_STRETCH;
  private skip = 0;
  private wait = 0;

  constructor(private readonly loop: KernelLoop) {}

  /**
   * Tests read and answered from the reader's position on, at most `left`; their answers go to `answer` as one
   * text, a line each. The reader is left after the last of them, as its own reads would leave it.
   */
  run(input: ByteReader, answer: (lines: string) => void, left: number): number {
    const run = this.take(input, left);
    if (run === undefined) return 0;
    answer(run.text);
    return run.tests;
  }

  /**
   * What the kernel read from the reader's position on (at most `left` tests), or undefined when it read
   * nothing (or was not asked); the reader is left after the last test read, as its own reads would leave it.
   * `most` caps the bytes handed over (and copied) when the caller knows about how many its tests take.
   */
  // Stryker disable next-line BlockStatement: an empty body asks the kernel for nothing, and JavaScript reads every test alike (speed only)
  take(input: ByteReader, left: number, most = MAX_STRETCH): KernelRun | undefined {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: when the kernel is asked is speed only: JavaScript reads what it leaves, alike
    if (this.wait > 0) {
      // Stryker disable next-line UpdateOperator: speed only (the kernel is not asked again)
      this.wait--;
      return undefined;
    }
    // Stryker disable next-line MethodExpression,ArithmeticOperator: a shorter stretch is speed only; a longer one is cut at the block's end by subarray, and its eof (below) is then false: speed only
    const length = Math.min(input.end - input.pos, this.stretch, most);
    // The input ends with the stretch only when the stretch reaches the end of the last block. (Saying it does
    // not, when it does, only leaves the last test to JavaScript; the other way round reads a cut token whole.)
    const eof = input.eof && input.pos + length === input.end;
    // Stryker disable next-line ArithmeticOperator: a shorter stretch is speed only
    const run = this.loop(input.buf.subarray(input.pos, input.pos + length), eof, left, input.line);
    // Stryker disable next-line ConditionalExpression: true drops the kernel's answers, and JavaScript reads the same tests again (speed only)
    if (run.tests === 0) {
      // Stryker disable next-line all: the stretch's length and the skipping are speed only (see above)
      this.stretch = FIRST_STRETCH;
      // Stryker disable next-line all: speed only
      this.skip = Math.min(MAX_SKIP, 2 * this.skip + 1);
      // Stryker disable next-line all: speed only
      this.wait = this.skip;
      return undefined;
    }
    // Stryker disable next-line all: speed only
    this.skip = 0;
    // A run that read every test asked for keeps its stretch (MAGIC asks for a board's passages at a time);
    // one that read less grows it while it reads nearly all of it.
    // Stryker disable next-line all: speed only (a stretch of any length is read alike, only with more calls)
    if (run.tests < left) {
      // Stryker disable next-line all: speed only (as above)
      this.stretch = 2 * run.consumed >= length ? Math.min(4 * this.stretch, MAX_STRETCH) : FIRST_STRETCH;
    }
    input.pos += run.consumed;
    input.line += run.newlines;
    input.lastLine = input.line;
    return run;
  }
}
