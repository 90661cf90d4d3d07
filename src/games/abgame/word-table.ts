/**
 * Tables that let the dense loop take four cells (one 32-bit word) per step with no branch on the cells:
 * on a random board every such branch mispredicts about half the time, which costs more than the work itself.
 *
 * A word's four cells become an 8-bit pattern (2 bits a cell: 0 '.', 1 'A', 2 'B'). Together with the state
 * before the word (0: no character waits for a partner, 1: an A waits, 2: a B waits) it indexes one packed
 * entry saying what the word does to the running totals. `run` is the number of dots since the waiting
 * character; only the first pair closed in a word can have opened before it, so only its gap involves `run`.
 */
import { CODES } from './limits.js';

/**
 * Bit offsets of the fields in an entry. One packed number per entry, rather than one array per field, because
 * every array read costs a bounds check in the hot loop: packing made the loop about twice as fast.
 */
export const Field = {
  /** 2 bits: the state after the word. */
  next: 0,
  /** 1 bit: the word holds no character, so `run` grows by `runAdd` (4) instead of restarting. */
  keepRun: 2,
  /** 3 bits: 4 for a word of dots, else the dots after the word's last character. */
  runAdd: 3,
  /** 3 bits: characters in the word. */
  chars: 6,
  /** 1 bit: the first pair closed in the word opened before it, so its gap is `run` plus `gap1`. */
  run1: 9,
  /** 2 bits: that first pair's dots inside the word. */
  gap1: 10,
  /** 1 bit each: the first pair closed in the word is A-A, B-B, or mixed (contested). */
  a1: 12,
  b1: 13,
  x1: 14,
  /** 2 bits each: the gap of a second pair, opened and closed inside the word, under its kind. */
  a2: 15,
  b2: 17,
  x2: 19,
  /** 2 bits: contested pairs closed in the word. */
  mixed: 21,
  /** 1 bit: the second pair is contested with a non-empty gap. */
  open2: 23,
} as const;

export interface WordTable {
  /** Two cells as 16 bits (first cell in the low byte) -> their 4-bit pattern, or 255 when either is not a cell. */
  readonly half: Uint8Array;
  /** Indexed by `state << 8 | pattern`; fields as in `Field`. */
  readonly entry: Int32Array;
}

const { DOT, CHAR_A, CHAR_B } = CODES;

// Stryker disable next-line BlockStatement: undefined classes leave every half at 255, so every word is read cell by cell, with the same totals
function cellClass(byte: number): number {
  return byte === DOT ? 0 : byte === CHAR_A ? 1 : byte === CHAR_B ? 2 : 3;
}

/** Plays one word from one state through the rules, with `run` kept symbolic, and packs what it did. */
function packEntry(state: number, pattern: number): number {
  let open = state !== 0;
  let code = state - 1;
  let dots = 0;
  let dotsFollowRun = true;
  let closes = 0;
  let chars = 0;
  let mixed = 0;
  let entry = 0;
  for (let j = 0; j < 4; j++) {
    const k = (pattern >>> (2 * j)) & 3;
    if (k === 0) {
      dots++;
      continue;
    }
    if (k === 3) return 0; // never looked up: `half` refuses such words first
    chars++;
    const c = k - 1;
    if (!open) {
      open = true;
      code = c;
      dots = 0;
      dotsFollowRun = false;
      continue;
    }
    open = false;
    closes++;
    const kind = c !== code ? 'x' : c === 0 ? 'a' : 'b';
    if (kind === 'x') mixed++;
    if (closes === 1) {
      entry |= (dotsFollowRun ? 1 : 0) << Field.run1;
      entry |= dots << Field.gap1;
      entry |= 1 << (kind === 'x' ? Field.x1 : kind === 'a' ? Field.a1 : Field.b1);
    } else {
      entry |= dots << (kind === 'x' ? Field.x2 : kind === 'a' ? Field.a2 : Field.b2);
      if (kind === 'x' && dots > 0) entry |= 1 << Field.open2;
    }
    dots = 0;
    // Stryker disable next-line BooleanLiteral: a later pair in the word opens first, which sets it false again before any close reads it
    dotsFollowRun = false;
  }
  entry |= (open ? 1 + code : 0) << Field.next;
  entry |= (chars === 0 ? 1 : 0) << Field.keepRun;
  entry |= (chars === 0 ? 4 : dots) << Field.runAdd;
  entry |= chars << Field.chars;
  entry |= mixed << Field.mixed;
  return entry;
}

function buildWordTable(): WordTable {
  const half = new Uint8Array(1 << 16).fill(255);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: fewer filled halves only send more words to the cell-by-cell path; h = 2^16 writes past the array, ignored
  for (let h = 0; h < 1 << 16; h++) {
    const first = cellClass(h & 255);
    const second = cellClass(h >>> 8);
    if (first < 3 && second < 3) half[h] = first | (second << 2);
  }
  const entry = new Int32Array(3 << 8);
  for (let state = 0; state < 3; state++) {
    for (let pattern = 0; pattern < 256; pattern++) entry[(state << 8) | pattern] = packEntry(state, pattern);
  }
  return { half, entry };
}

let table: WordTable | undefined;

/** Built on first use (about a millisecond); small boards never need it. */
export function wordTable(): WordTable {
  table ??= buildWordTable();
  return table;
}

/** The tables read words in little-endian order, as every platform Node runs on does; checked, not assumed. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
