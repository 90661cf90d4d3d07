/**
 * Octal codes as people type them, and their canonical form.
 *
 * Accepted: `0.d1d2...dk` or `.d1d2...dk` with octal digits (0-7), at most MAX_DIGITS after the point; `nim`,
 * or a run of 3s ending in `...` (`0.333...`), for Nim, which has no finite code. Canonical form: `0.` and the
 * digits up to the last non-zero one (a trailing 0 allows no move, so `0.770` is Kayles, `0.77`), `0.0` for
 * the game without moves, and `nim`. Any octal digit is allowed in any place: each of its three bits is a
 * separate permission, and every combination is a legal game.
 */
import { quoteInput } from '../../core/text.js';

export const MAX_DIGITS = 32;
export const NIM = 'nim';
export const CODE_EXAMPLE = "0.77 (Kayles), .07 (Dawson's Kayles), 0.3 or nim";

/** A code read: the canonical text, and the digits d1..dk with dk the last non-zero one (k = 0: no moves). */
export interface OctalCode {
  readonly code: string;
  /** d1..dk; empty for Nim (unbounded) and for `0.0`. */
  readonly digits: readonly number[];
  readonly nim: boolean;
}

const FORM = `an octal code 0.d1d2...dk or .d1d2...dk with 1 to ${MAX_DIGITS} octal digits (0-7) after the point, or nim; e.g. ${CODE_EXAMPLE}`;

export class OctalCodeError extends Error {}

/** Reads a code; throws OctalCodeError with a message naming what was wrong, the allowed form and an example. */
export function readOctalCode(raw: string): OctalCode {
  const text = raw.trim().toLowerCase();
  const fail = (what: string): never => {
    throw new OctalCodeError(`code ${what}; code must be ${FORM}`);
  };
  if (text === '') fail('is empty');
  if (text === NIM || /^0?\.3+(\.\.\.|\u2026)$/.test(text)) return { code: NIM, digits: [], nim: true };
  if (/(\.\.\.|\u2026)$/.test(text))
    fail(`"${quoteInput(raw.trim())}" repeats forever, which only Nim (0.333...) may`);
  const point = text.indexOf('.');
  if (point < 0) fail(`"${quoteInput(raw.trim())}" has no point (write 0.77 or .77, not 77)`);
  const whole = text.slice(0, point);
  const digits = text.slice(point + 1);
  if (whole !== '' && whole !== '0') {
    fail(
      `"${quoteInput(raw.trim())}" has "${quoteInput(whole)}" before the point, but only 0 may stand there (a move must take at least one token)`,
    );
  }
  if (digits === '') fail(`"${quoteInput(raw.trim())}" has no digits after the point`);
  const bad = /[^0-7]/.exec(digits);
  if (bad !== null) {
    const c = bad[0];
    fail(
      /[89]/.test(c)
        ? `"${quoteInput(raw.trim())}" has the digit ${c}, which is not an octal digit`
        : `"${quoteInput(raw.trim())}" has "${quoteInput(c)}" after the point, where only octal digits 0-7 may stand`,
    );
  }
  if (digits.length > MAX_DIGITS) {
    fail(`"${quoteInput(raw.trim())}" has ${digits.length} digits after the point, more than ${MAX_DIGITS}`);
  }
  const kept = digits.replace(/0+$/, '');
  return {
    code: kept === '' ? '0.0' : `0.${kept}`,
    digits: [...kept].map((d) => d.charCodeAt(0) - 48),
    nim: false,
  };
}

/** What d_i allows, in words ("take 2 leaving nothing or one heap"). */
export function describeDigit(i: number, d: number): string {
  const leaves: string[] = [];
  if (d & 1) leaves.push('nothing');
  if (d & 2) leaves.push('one heap');
  if (d & 4) leaves.push('two heaps');
  const last = leaves.pop();
  const list = leaves.length === 0 ? (last ?? '') : `${leaves.join(', ')} or ${last ?? ''}`;
  return `take ${i} leaving ${list}`;
}

/** The moves of a code in words, one clause per non-zero digit. */
export function describeCode(code: OctalCode): string {
  if (code.nim) return 'take any number of tokens from one heap (Nim)';
  const parts = code.digits.flatMap((d, i) => (d === 0 ? [] : [describeDigit(i + 1, d)]));
  return parts.length === 0 ? 'no moves at all' : parts.join('; ');
}
