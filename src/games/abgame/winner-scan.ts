/**
 * The judge's ABGAME scanner: only the winner, eight cells per step. The judge prints `A` or `B` and nothing
 * else, so this keeps two running totals -- spareA - spareB and the XOR of the contested gaps -- and none of
 * what an explanation needs (the named gaps and the winning move are BoardScanner's, solve.ts). A wins iff
 * spareA > spareB, or they tie and the XOR is not 0 (see solve.ts for why).
 *
 * Why eight cells a step and tables: a 10^8-cell judge board is half characters at random, so a branch per
 * character mispredicts about half the time. Here each step reads two 32-bit words, turns them into one base-3
 * number (0..6560) with four lookups that also refuse any byte that is not a cell, and one table entry says
 * what those eight cells do to the totals. The only data that runs from step to step is two small integers
 * (`state`, `run`), updated with a mask and an add, so the processor can overlap the steps.
 */
import { CHAR_A, CHAR_B, DOT } from './limits.js';

/**
 * Between steps: bit 0 of `state` is 1 while a character waits for its partner, bit 1 is that character's owner
 * (0 for A, 1 for B); `run` counts the dots since the last character (the waiting pair's gap so far).
 */
const OPEN = 1;
const OWNER_B = 2;

/** Cells per step, and the number of different steps (3^8: each cell is 'A', 'B' or '.'). */
const STEP_CELLS = 8;
const PATTERNS = 6561;
/** A half-word lookup of two bytes that are not both cells: any pattern sum holding one is >= PATTERNS. */
const NOT_CELLS = 8192;
/** The inner-pairs field stores spareA - spareB + 6 (the most eight cells can hold either way) to stay >= 0. */
const INNER_BIAS = 6;

/**
 * Bit fields of a step entry, for a base-3 pattern of eight cells:
 * - bits 0-1 and 2-3: the new state is `(state & KEEP) ^ SET`. With a character in the step, the parity of
 *   waiting flips by the step's character count and the owner is the last character's; without, state stays.
 * - bits 4-5: the first character, 0 for none, 1 for A, 2 for B: with the state it picks a crossing entry.
 * - bits 6-9: what `run` becomes -- the dots after the step's last character -- or, with no character, what
 *   it grows by (8).
 * - bits 10-12: dots before the first character, which finish a waiting pair's gap.
 * - bits 13-19 (nothing waiting before the step) and 20-26 (a character waiting): the pairs that open and close
 *   inside the step, as (spareA - spareB + INNER_BIAS) << 3 | XOR of their contested gaps.
 * - bit 31: the step has no character, so `run` keeps growing (the entry is negative: `entry >> 31` is a mask).
 * The hot loop spells these offsets (and the other constants) out as literals: the bundle turns module
 * constants into variables it would load again on every step.
 */
function fillSteps(table: Int32Array): void {
  const bias = (INNER_BIAS << 3) | (INNER_BIAS << 10);
  // All dots: the state stays, `run` grows by 8, and no pair closes inside.
  table[0] = (3 << 2) | (STEP_CELLS << 6) | (1 << 31) | (bias << 13);
  // Each pattern from a smaller one, straight on the packed entries, so building costs little: p = 3q + c is
  // cell c followed by q's cells moved one to the right (q's last cell is '.', as q < 3^7).
  for (let p = 1; p < PATTERNS; p++) {
    const c = p % 3;
    const q = (p - c) / 3;
    const before = table[q] ?? 0;
    if (c === 0) {
      // A dot in front: the first character moves one cell right, the dots after the last one fewer.
      table[p] = before < 0 ? before : before + (1 << 10) - (1 << 6);
      continue;
    }
    const owner = c - 1;
    let entry = (OPEN << 2) | ((owner + 1) << 4);
    if (before < 0) {
      // The only character: it waits, with STEP_CELLS - 1 dots after it.
      table[p] = entry | 1 | (owner << 1) | ((STEP_CELLS - 1) << 6) | (bias << 13);
      continue;
    }
    // A character in front: parity flips, the last character stays (one cell further right). It pairs with q's
    // first character (gap: q's dots before that), and q's pairs shift parity: p's pairs with nothing waiting
    // are that pair plus q's pairs with one waiting; with one waiting (which the front character closes),
    // they are q's pairs with nothing waiting.
    const qFirst = ((before >> 4) & 3) - 1;
    const gap = (before >> 10) & 7;
    const innerNone = (before >> 13) & 127;
    const innerWaiting = (before >> 20) & 127;
    const pair = owner !== qFirst ? gap : (owner === 0 ? gap : -gap) << 3;
    const inner = owner !== qFirst ? innerWaiting ^ pair : innerWaiting + pair;
    entry |= ((before & 1) ^ 1) | (before & 2) | ((((before >> 6) & 15) - 1) << 6);
    table[p] = entry | (inner << 13) | (innerNone << 20);
  }
}

/** Base-3 digit of a cell byte: '.' 0, A 1, B 2 (a dot is 0, so a pattern below 3^7 ends in a dot). */
const DIGIT_BYTES = [DOT, CHAR_A, CHAR_B] as const;

/**
 * Two bytes (first in the low byte) to the base-3 value of their two cells, 0..8, or NOT_CELLS. One table for
 * all four half-words of a step: 128 KB, cheap to build (first touches of memory are slow on small machines).
 */
function buildHalves(): Uint16Array {
  const halves = new Uint16Array(1 << 16).fill(NOT_CELLS);
  DIGIT_BYTES.forEach((low, d0) => {
    DIGIT_BYTES.forEach((high, d1) => (halves[low | (high << 8)] = d0 + 3 * d1));
  });
  return halves;
}

/**
 * The PATTERNS step entries, then 16 crossing entries at CROSSING, indexed by `state | first << 2`: how the gap
 * of a waiting pair that closes on the step's first character counts, as `sign << 1 | contested` (sign +1 for
 * A-A, -1 for B-B, 0 for a contested A-B pair).
 */
const CROSSING = PATTERNS;

function buildSteps(): Int32Array {
  // The hot loop spells these out (see fillSteps); they must be these.
  if (CROSSING !== 6561 || NOT_CELLS !== 8192)
    throw new Error("abgame: the step loop's literals are out of date");
  const table = new Int32Array(CROSSING + 16);
  fillSteps(table);
  for (const owner of [0, 1]) {
    for (const first of [0, 1]) {
      const sign = owner !== first ? 0 : owner === 0 ? 1 : -1;
      table[CROSSING + (OPEN | (owner << 1) | ((first + 1) << 2))] = (sign << 1) | (owner !== first ? 1 : 0);
    }
  }
  return table;
}

type StepLoop = (scanner: Totals, words: Int32Array, w: number, end: number) => number;

interface Totals {
  diff: number;
  xor: number;
  state: number;
  run: number;
}

/**
 * The step loop over the tables, as a closure so they are constants of the loop. From word `w`, eight cells a
 * step while two whole words remain before word `end`; returns the word it stopped at.
 */
function stepLoop(halves: Uint16Array, table: Int32Array): StepLoop {
  return (totals, words, w, end) => {
    let diff = totals.diff;
    let xor = totals.xor;
    let state = totals.state;
    let run = totals.run;
    const start = w;
    for (; w + 2 <= end; w += 2) {
      const low = words[w] ?? 0;
      const high = words[w + 1] ?? 0;
      // The base-3 pattern of the eight cells; NOT_CELLS (8192) or more when any byte is not a cell.
      const pattern =
        (halves[low & 0xffff] ?? 8192) +
        9 * (halves[low >>> 16] ?? 8192) +
        81 * (halves[high & 0xffff] ?? 8192) +
        729 * (halves[high >>> 16] ?? 8192);
      if (pattern >= 6561) break;
      const entry = table[pattern] ?? 0;
      // The pair waiting before the step closes on its first character (if any): gap = run + dots before it.
      const cross = table[6561 + (state | ((entry >> 2) & 12))] ?? 0;
      const gap = (run + ((entry >> 10) & 7)) | 0;
      const inner = (entry >> (13 + 7 * (state & 1))) & 127;
      // `| 0` keeps the sums in 32-bit integers: no overflow checks, no doubles.
      diff = (diff + Math.imul(gap, cross >> 1) + (inner >> 3)) | 0;
      xor ^= (gap & (0 - (cross & 1))) ^ (inner & 7);
      run = ((run & (entry >> 31)) + ((entry >> 6) & 15)) | 0;
      state = (state & ((entry >> 2) & 3)) ^ (entry & 3);
    }
    totals.diff = diff - INNER_BIAS * ((w - start) >> 1);
    totals.xor = xor;
    totals.state = state;
    totals.run = run;
    return w;
  };
}

/**
 * Runs the loop over a few hundred steps of dots, twice, so every line of it has type feedback before it gets
 * hot. Without this, the optimized loop (compiled in the middle of the first long scan) has never seen the code
 * after the loop, gives up when it gets there, and does so again at the end of every block: on a 10^8-cell
 * board that cost more than the scan itself. (One short call is not enough: a function only starts keeping
 * feedback after some calls or some looping.)
 */
function warmedUp(loop: StepLoop): StepLoop {
  const dots = new Int32Array(1024).fill(0x2e2e2e2e);
  // A real scanner, so the loop sees the one object shape it will be given.
  for (let k = 0; k < 2; k++) loop(new WinnerScanner(), dots, 0, dots.length);
  return loop;
}

let steps: StepLoop | undefined;

/** The words of one buffer, cached: the judge scans the same block buffer again and again. */
let wordsOf: Uint8Array | undefined;
let words: Int32Array = new Int32Array(0);
/** Byte index (in the buffer) of the first word. */
let wordHead = 0;

/** Below this many bytes a scan goes cell by cell: setting up the word loop would cost more. */
const WORD_LOOP_MIN = 32;

/** Little-endian hosts only (every platform Node runs on); elsewhere every scan goes cell by cell. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Feeds the cells of one board, in pieces, keeping two totals; then `winner()`. */
export class WinnerScanner implements Totals {
  /** spareA - spareB so far. */
  diff = 0;
  /** XOR of the contested gaps closed so far. */
  xor = 0;
  state = 0;
  run = 0;

  /**
   * Reads `bytes[from, to)` as cells. Returns the index of the first byte that is not 'A', 'B' or '.', or `to`;
   * the cells before it are counted in.
   */
  scan(bytes: Uint8Array, from: number, to: number): number {
    if (to - from < WORD_LOOP_MIN || !LITTLE_ENDIAN) return this.scanBytes(bytes, from, to);
    if (bytes !== wordsOf) {
      wordHead = (4 - (bytes.byteOffset & 3)) & 3;
      words = new Int32Array(bytes.buffer, bytes.byteOffset + wordHead, (bytes.length - wordHead) >> 2);
      wordsOf = bytes;
    }
    // Cell by cell up to a word boundary, then the steps, then cell by cell again (the last few bytes, or the
    // step that held a byte that is not a cell).
    const aligned = Math.min(to, from + ((wordHead - from) & 3));
    const i = this.scanBytes(bytes, from, aligned);
    if (i < aligned) return i;
    steps ??= warmedUp(stepLoop(buildHalves(), buildSteps()));
    const w = steps(this, words, (i - wordHead) >> 2, (to - wordHead) >> 2);
    return this.scanBytes(bytes, wordHead + (w << 2), to);
  }

  /** Cell by cell; returns the index of the first byte that is not a cell, or `to`. */
  private scanBytes(bytes: Uint8Array, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const c = bytes[i] ?? 0;
      if (c === DOT) {
        this.run++;
        continue;
      }
      if (c !== CHAR_A && c !== CHAR_B) return i;
      const owner = c === CHAR_A ? 0 : 1;
      if ((this.state & OPEN) !== 0) {
        const waiting = (this.state & OWNER_B) === 0 ? 0 : 1;
        if (waiting !== owner) this.xor ^= this.run;
        // `-=` rather than adding -run: -0 is a double, and one double in a field slows every later scan.
        else if (owner === 0) this.diff += this.run;
        else this.diff -= this.run;
        this.state = owner << 1;
      } else {
        this.state = OPEN | (owner << 1);
      }
      this.run = 0;
    }
    return to;
  }

  /**
   * spareA - spareB and the XOR of the contested gaps for the board fed so far, an odd last character's gap to
   * the wall counted for its owner.
   */
  totals(): { readonly spareDiff: number; readonly xor: number } {
    let diff = this.diff;
    if ((this.state & OPEN) !== 0) diff += (this.state & OWNER_B) === 0 ? this.run : 0 - this.run;
    return { spareDiff: diff, xor: this.xor };
  }

  /** The winner of the board fed so far: A iff spareA > spareB, or they tie and the XOR is not 0. */
  winner(): 'A' | 'B' {
    const { spareDiff, xor } = this.totals();
    return spareDiff > 0 || (spareDiff === 0 && xor !== 0) ? 'A' : 'B';
  }
}
