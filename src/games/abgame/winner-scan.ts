/**
 * The judge's ABGAME scanner: only the winner, eight cells per step. The judge prints `A` or `B` and nothing
 * else, so this keeps two running totals -- spareA - spareB and the XOR of the contested gaps -- and none of
 * what an explanation needs (the named gaps and the winning move are BoardScanner's, solve.ts). A wins iff
 * spareA > spareB, or they tie and the XOR is not 0 (see solve.ts for why).
 *
 * Why eight cells a step and tables: a 10^8-cell judge board is half characters at random, so a branch per
 * character mispredicts about half the time. Here each step reads two 32-bit words, turns them into one base-3
 * number (0..6560) with four lookups that also refuse any byte that is not a cell, and one table entry (by
 * that number and the state before the step) says what those eight cells do to the totals, with no branch.
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
 * What a pattern of eight cells is, whatever waits before it, as bit fields (buildSteps turns these into the
 * step table):
 * - bit 0: an odd number of characters; bit 1: the last character's owner (0 for A, 1 for B);
 * - bits 4-5: the first character, 0 for none, 1 for A, 2 for B;
 * - bits 6-9: the dots after the last character or, with no character, 8;
 * - bits 10-12: the dots before the first character;
 * - bits 13-19 (nothing waiting before the pattern) and 20-26 (a character waiting, closed by the first one):
 *   the pairs that open and close inside it, as (spareA - spareB + INNER_BIAS) << 3 | XOR of contested gaps;
 * - bit 31: no character (the value is negative).
 */
function fillPatternFacts(table: Int32Array): void {
  const bias = (INNER_BIAS << 3) | (INNER_BIAS << 10);
  // All dots: no character, and no pair inside.
  table[0] = (STEP_CELLS << 6) | (1 << 31) | (bias << 13);
  // Each pattern from a smaller one, straight on the packed values, so building costs little: p = 3q + c is
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
    let entry = (owner + 1) << 4;
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
 * The step table, indexed by `state << 13 | pattern`: for each state before the step (nothing waiting, an A
 * waiting, a B waiting) and each pattern, everything the step does, in one entry:
 * - bits 0-1: the state after the step (0 when nothing waits, else 1 | owner << 1);
 * - bits 2-5: what `run` becomes (the dots after the step's last character) or, with no character, grows by;
 * - bits 6-8: the dots before the first character, which finish the gap of a pair waiting before the step;
 * - bits 9-12 and 13-15: the pairs that open and close inside the step, as spareA - spareB + INNER_BIAS and the
 *   XOR of their contested gaps;
 * - bit 27: that waiting pair, closed by the first character, is contested; bits 28-29: else it counts +1
 *   (A-A) or -1 (B-B, as two bits 11) to spareA - spareB;
 * - bit 31: the step has no character, so `run` keeps growing (the entry is negative: `entry >> 31` is a mask).
 */
function buildSteps(): Int32Array {
  // The hot loop spells these out; they must be these.
  if (PATTERNS !== 6561 || NOT_CELLS !== 8192)
    throw new Error("abgame: the step loop's literals are out of date");
  const facts = new Int32Array(PATTERNS);
  fillPatternFacts(facts);
  const table = new Int32Array(4 << 13);
  for (const state of [0, OPEN, OPEN | OWNER_B]) {
    const waiting = state & OPEN;
    const owner = state >> 1;
    for (let pattern = 0; pattern < PATTERNS; pattern++) {
      const fact = facts[pattern] ?? 0;
      const inner = (fact >> (waiting === 0 ? 13 : 20)) & 127;
      let entry = ((fact >> 6) & 15) << 2;
      entry |= ((fact >> 10) & 7) << 6;
      entry |= (inner >> 3) << 9;
      entry |= (inner & 7) << 13;
      if (fact < 0) {
        // No character: the state stays.
        table[(state << 13) | pattern] = entry | state | (1 << 31);
        continue;
      }
      const waitingAfter = waiting ^ (fact & 1);
      entry |= waitingAfter === 0 ? 0 : OPEN | (fact & OWNER_B);
      if (waiting === 1) {
        const first = ((fact >> 4) & 3) - 1;
        if (first !== owner) entry |= 1 << 27;
        else entry |= (owner === 0 ? 1 : 3) << 28;
      }
      table[(state << 13) | pattern] = entry;
    }
  }
  return table;
}

/** Scans the stage's words [0, end), eight cells a step, into `totals`; returns the word it stopped at. */
type StepLoop = (totals: Totals, end: number) => number;

interface Totals {
  diff: number;
  xor: number;
  state: number;
  run: number;
}

/**
 * The step loop, as a closure over its tables and the words it reads, so all three are constants of the
 * compiled loop. (A typed array passed in is checked and its memory looked up again on every step: a quarter
 * of the loop's instructions. Copying each piece into one fixed buffer first costs far less.) It stops at
 * `end`, or at the first step holding a byte that is not a cell.
 */
function stepLoop(halves: Uint16Array, table: Int32Array, words: Int32Array): StepLoop {
  return (totals, end) => {
    let diff = totals.diff;
    let xor = totals.xor;
    let state = totals.state;
    let run = totals.run;
    let w = 0;
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
      const entry = table[(state << 13) | pattern] ?? 0;
      // The pair waiting before the step closes on its first character (if any): gap = run + dots before it.
      const gap = (run + ((entry >> 6) & 7)) | 0;
      // `| 0` keeps the sums in 32-bit integers: no overflow checks, no doubles.
      diff = (diff + Math.imul(gap, (entry << 2) >> 30) + ((entry >> 9) & 15)) | 0;
      xor ^= (gap & ((entry << 4) >> 31)) ^ ((entry >> 13) & 7);
      run = ((run & (entry >> 31)) + ((entry >> 2) & 15)) | 0;
      state = entry & 3;
    }
    totals.diff = diff - INNER_BIAS * (w >> 1);
    totals.xor = xor;
    totals.state = state;
    totals.run = run;
    return w;
  };
}

/** Bytes copied into the stage at a time: small enough to stay in the processor's cache. */
const STAGE_BYTES = 1 << 16;

interface Stage {
  readonly bytes: Uint8Array;
  readonly steps: StepLoop;
}

/**
 * The stage and its loop, warmed up: run over a few hundred steps of dots, twice, so every line of it has type
 * feedback before it gets hot. Without this, the optimized loop (compiled in the middle of the first long scan)
 * has never seen the code after the loop, gives up when it gets there, and does so again at the end of every
 * piece: on a 10^8-cell board that cost more than the scan itself. (One short call is not enough: a function
 * only starts keeping feedback after some calls or some looping.)
 */
function buildStage(): Stage {
  const bytes = new Uint8Array(STAGE_BYTES);
  const steps = stepLoop(buildHalves(), buildSteps(), new Int32Array(bytes.buffer));
  bytes.fill(DOT, 0, 4096);
  // A real scanner, so the loop sees the one object shape it will be given.
  for (let k = 0; k < 2; k++) steps(new WinnerScanner(), 1024);
  return { bytes, steps };
}

let stage: Stage | undefined;

/** Below this many bytes a scan goes cell by cell: copying to the stage would cost more. */
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
    stage ??= buildStage();
    const { bytes: staged, steps } = stage;
    for (let at = from; at < to; at += STAGE_BYTES) {
      // A piece into the stage; whole steps through the loop, then cell by cell (the last few bytes, or the
      // step that held a byte that is not a cell).
      const n = Math.min(to - at, STAGE_BYTES);
      staged.set(bytes.subarray(at, at + n));
      const w = steps(this, (n >> 3) << 1);
      const i = this.scanBytes(staged, w << 2, n);
      if (i < n) return at + i;
    }
    return to;
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
        this.state = 0;
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
