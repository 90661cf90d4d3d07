/**
 * Whitespace-separated tokens from a stream of text, with the line each token came from.
 * Judges read the original contest formats through this, so big inputs stream and errors name a line.
 */
import { JudgeInputError } from './errors.js';
import { quoteInput } from './text.js';

export interface Token {
  readonly text: string;
  readonly line: number;
}

/**
 * The longest token a reader accepts (characters). The longest real token is an ABGAME board of 10^6 cells;
 * a longer run without whitespace (e.g. a stream of NUL bytes) is refused before it can exhaust memory.
 */
export const MAX_TOKEN_CHARS = 1 << 20;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 11 || code === 12;
}

export class InputReader {
  private readonly chunks: AsyncIterator<string | Uint8Array>;
  private readonly decoder = new TextDecoder('utf-8');
  private buf = '';
  private pos = 0;
  private ended = false;
  private lineNo = 1;
  private peeked: Token | undefined;
  private lastLine = 1;

  constructor(source: AsyncIterable<string | Uint8Array> | Iterable<string>) {
    this.chunks = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : fromSync(source);
  }

  static fromString(text: string): InputReader {
    return new InputReader([text]);
  }

  /** The line the reader has reached (1-based). */
  get line(): number {
    return this.peeked?.line ?? this.lineNo;
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done === true) {
      this.ended = true;
      return false;
    }
    const chunk =
      typeof next.value === 'string' ? next.value : this.decoder.decode(next.value, { stream: true });
    this.buf = this.pos < this.buf.length ? this.buf.slice(this.pos) + chunk : chunk;
    this.pos = 0;
    return true;
  }

  /** The next token, or undefined at the end of the input. */
  async next(): Promise<Token | undefined> {
    if (this.peeked !== undefined) {
      const token = this.peeked;
      this.peeked = undefined;
      return token;
    }
    const token = await this.scan();
    if (token !== undefined) this.lastLine = token.line;
    return token;
  }

  private async scan(): Promise<Token | undefined> {
    for (;;) {
      while (this.pos < this.buf.length) {
        const code = this.buf.charCodeAt(this.pos);
        if (!isSpace(code)) break;
        if (code === 10) this.lineNo++;
        this.pos++;
      }
      if (this.pos < this.buf.length) break;
      if (!(await this.fill())) return undefined;
    }
    const line = this.lineNo;
    let start = this.pos;
    let text = '';
    for (;;) {
      while (this.pos < this.buf.length && !isSpace(this.buf.charCodeAt(this.pos))) this.pos++;
      if (this.pos < this.buf.length) break;
      text += this.buf.slice(start, this.pos);
      if (text.length > MAX_TOKEN_CHARS) throw tooLongToken(text, line);
      this.buf = '';
      this.pos = 0;
      start = 0;
      if (!(await this.fill())) return { text, line };
    }
    text += this.buf.slice(start, this.pos);
    if (text.length > MAX_TOKEN_CHARS) throw tooLongToken(text, line);
    return { text, line };
  }

  async peek(): Promise<Token | undefined> {
    this.peeked ??= await this.next();
    return this.peeked;
  }

  /** The next token, or a JudgeInputError saying what was expected when the input has ended. */
  async expect(what: string): Promise<Token> {
    const token = await this.next();
    if (token === undefined)
      throw new JudgeInputError(this.lastLine, `expected ${what}, but the input ended`);
    return token;
  }

  /** A decimal integer in [min, max] (safe-integer range). */
  int(what: string, min: number, max: number): Promise<number> | number {
    // Fast path: a plain in-range number wholly inside the buffer is read without slicing or awaiting.
    return this.tryInt(min, max) ?? this.intSlow(what, min, max);
  }

  /**
   * Synchronously reads a plain decimal integer in [min, max] when one lies wholly inside the buffered text;
   * undefined (nothing consumed) when that cannot be decided here: then call `int` for the careful path.
   * Hot judge loops use it to avoid an await and an error description per token.
   */
  tryInt(min: number, max: number): number | undefined {
    if (this.peeked !== undefined) return undefined;
    const buf = this.buf;
    const len = buf.length;
    let pos = this.pos;
    let line = this.lineNo;
    while (pos < len) {
      const code = buf.charCodeAt(pos);
      if (code === 10) line++;
      else if (!isSpace(code)) break;
      pos++;
    }
    let value = 0;
    const start = pos;
    while (pos < len) {
      const code = buf.charCodeAt(pos);
      if (code < 48 || code > 57) break;
      value = value * 10 + (code - 48);
      pos++;
    }
    // Leave anything unusual (end of buffer, signs, junk, too long, out of range) to the careful path.
    if (pos >= len || pos === start || pos - start > 15 || !isSpace(buf.charCodeAt(pos))) return undefined;
    if (value < min || value > max) return undefined;
    this.pos = pos;
    this.lineNo = line;
    this.lastLine = line;
    return value;
  }

  private async intSlow(what: string, min: number, max: number): Promise<number> {
    return intOfToken(await this.expect(integerWanted(what, min, max)), what, min, max);
  }

  /** A decimal integer in [min, max] of any size. */
  async bigint(what: string, min: bigint, max: bigint): Promise<bigint> {
    return bigintOfToken(await this.expect(integerWanted(what, min, max)), what, min, max);
  }

  /** One of the given words, exactly. */
  async word<const W extends string>(what: string, allowed: readonly W[]): Promise<W> {
    const wanted = wordWanted(what, allowed);
    return wordOfToken(await this.expect(wanted), wanted, allowed);
  }

  /** Fails unless only whitespace remains. */
  async expectEnd(): Promise<void> {
    const token = await this.next();
    if (token !== undefined) {
      throw new JudgeInputError(
        token.line,
        `expected the end of the input, found "${quoteInput(token.text)}"`,
      );
    }
  }
}

async function* fromSync(source: Iterable<string>): AsyncGenerator<string> {
  for (const chunk of source) yield await Promise.resolve(chunk);
}

// Reading a token as a value, and the error when it is not one (shared with the byte reader, word for word).

/** What is expected of an integer token: "n (an integer from 1 to 100)". */
export function integerWanted(what: string, min: number | bigint, max: number | bigint): string {
  return `${what} (an integer from ${min} to ${max})`;
}

function notWanted(token: Token, wanted: string): JudgeInputError {
  return new JudgeInputError(token.line, `expected ${wanted}, found "${quoteInput(token.text)}"`);
}

/**
 * The text without the leading zeros of its digits (a sign kept, one digit left): "007" is 7 whatever its
 * width, so the digit limits below count only the digits that matter.
 */
function significant(text: string): string {
  const from = text.startsWith('+') || text.startsWith('-') ? 1 : 0;
  let k = from;
  while (k < text.length - 1 && text.charCodeAt(k) === 48) k++;
  return k === from ? text : text.slice(0, from) + text.slice(k);
}

/** The token as a safe integer in [min, max], or the error saying what was expected and what was found. */
export function intOfToken(token: Token, what: string, min: number, max: number): number {
  const text = significant(token.text);
  const value = /^[+-]?\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw notWanted(token, integerWanted(what, min, max));
  return value;
}

/** The token as an integer in [min, max] of any size, or the error saying what was expected and found. */
export function bigintOfToken(token: Token, what: string, min: bigint, max: bigint): bigint {
  const text = significant(token.text);
  const value = /^[+-]?\d{1,40}$/.test(text) ? BigInt(text) : undefined;
  if (value === undefined || value < min || value > max)
    throw notWanted(token, integerWanted(what, min, max));
  return value;
}

/** What is expected of a word token: `side ("first" or "second")`. */
export function wordWanted(what: string, allowed: readonly string[]): string {
  return `${what} (${allowed.map((w) => `"${w}"`).join(' or ')})`;
}

/** The token if it is one of `allowed` exactly, else the error saying `wanted` (from wordWanted) and what was found. */
export function wordOfToken<const W extends string>(token: Token, wanted: string, allowed: readonly W[]): W {
  const found = allowed.find((w) => w === token.text);
  if (found === undefined) throw notWanted(token, wanted);
  return found;
}

/** The error for a token longer than MAX_TOKEN_CHARS (shared with the byte reader). */
export function tooLongToken(text: string, line: number): JudgeInputError {
  return new JudgeInputError(
    line,
    `found a token of more than ${MAX_TOKEN_CHARS.toLocaleString('en-US')} characters without a space or ` +
      `line break ("${quoteInput(text)}"); no input has tokens that long (the longest, an ABGAME board, ` +
      `has at most 1,000,000 cells)`,
  );
}
