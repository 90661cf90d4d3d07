/**
 * The judge's ABGAME scanner: only the winner, 64 cells at a time. The judge prints `A` or `B` and nothing
 * else, so this keeps two running totals -- spareA - spareB and the XOR of the contested gaps -- and none of
 * what an explanation needs (the named gaps and the winning move are BoardScanner's, solve.ts). A wins iff
 * spareA > spareB, or they tie and the XOR is not 0 (see solve.ts for why).
 *
 * Why 64 cells at a time: a 10^8-cell judge board is half characters at random, so a branch per character
 * mispredicts about half the time. The kernel (abgameScan in scripts/kernel/abgame.ts) takes each block of
 * 64 cells as two bit masks (the characters, the B's) and finds the pairs and their gaps with shifts, carries
 * and popcounts; only the contested pairs, whose gaps are XOR-ed, are visited one by one. (An earlier scanner
 * here took eight cells a step through lookup tables, about 45 instructions a step: some 14% slower.) The edges
 * of each piece, and short pieces, go cell by cell.
 */
import { ABGAME_SCAN_BYTES, abgameScanKernel, type AbgameTotals } from './kernel.js';
import { CHAR_A, CHAR_B, DOT } from './limits.js';

/**
 * Between pieces: bit 0 of `state` is 1 while a character waits for its partner, bit 1 is that character's owner
 * (0 for A, 1 for B); `run` counts the dots since the last character (the waiting pair's gap so far).
 */
const OPEN = 1;
const OWNER_B = 2;

/** Below this many bytes a scan goes cell by cell: a kernel call would cost more. */
const WORD_LOOP_MIN = 32;

/** Feeds the cells of one board, in pieces, keeping two totals; then `winner()`. */
export class WinnerScanner implements AbgameTotals {
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
    if (to - from < WORD_LOOP_MIN) return this.scanBytes(bytes, from, to);
    for (let at = from; at < to; at += ABGAME_SCAN_BYTES) {
      // A piece's whole blocks of 64 cells through the kernel (abgameScan), then cell by cell: the last few
      // bytes, or the block that held a byte that is not a cell.
      const end = Math.min(to, at + ABGAME_SCAN_BYTES);
      const read = abgameScanKernel(bytes.subarray(at, end), this);
      const i = this.scanBytes(bytes, at + read, end);
      if (i < end) return i;
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
