/**
 * Contest input at memory speed: bytes in large blocks, parsed synchronously, numbers straight from the
 * buffer. A judge is a generator over a ByteReader: every read is plain synchronous code, and the generator
 * yields only when a token runs into the end of the block, so the driver (`driveJudge`) can fetch the next
 * block -- from a file descriptor with readSync (src/cli/judge.ts), or from any async stream -- and resume it. Between blocks
 * nothing is awaited, and memory stays bounded by the block size (plus one token of at most MAX_TOKEN_CHARS).
 *
 * Errors are the InputReader's (./reader.ts), word for word: the line a token starts on, what was expected and
 * what was found; "the input ended" names the line of the last token read.
 */
import { JudgeInputError } from './errors.js';
import {
  MAX_TOKEN_CHARS,
  bigintOfToken,
  intOfToken,
  integerWanted,
  tooLongToken,
  wordOfToken,
  wordWanted,
  type Token,
} from './reader.js';
import { quoteInput } from './text.js';

/** A judge's read step: yields (nothing) whenever it needs the next block, returns its value at the end. */
export type Reading<T> = Generator<void, T, void>;

/** Where blocks come from: a file descriptor read synchronously, or an async stream of chunks. */
export interface ByteSource {
  /** Reads straight into `target` from `offset`; 0 at the end. Undefined when the source is async only. */
  readInto?(target: Uint8Array, offset: number, length: number): number;
  /** The next chunk, or undefined at the end. */
  next(): Promise<Uint8Array | undefined>;
}

/** Bytes per block read from a file descriptor, unless the reader is given its own (`new ByteReader(n)`). */
export const BLOCK_BYTES = 1 << 20;

const EMPTY = new Uint8Array(0);
const utf8 = new TextDecoder('utf-8');

/** 1 for the six ASCII whitespace bytes (as InputReader), else 0. */
const SPACE = new Uint8Array(256);
for (const code of [9, 10, 11, 12, 13, 32]) SPACE[code] = 1;

export function isSpaceByte(code: number): boolean {
  return SPACE[code] === 1;
}

const NOT_FOUND = -1;

export class ByteReader {
  /** The current block; bytes [pos, end) are unread. */
  buf: Uint8Array = EMPTY;
  pos = 0;
  end = 0;
  /** True once the source has ended: the bytes in the block are all that is left. */
  eof = false;
  /** The line of the byte at `pos` (1-based). */
  line = 1;
  /** The line of the last token read, for "the input ended" messages. */
  lastLine = 1;
  private own: Uint8Array = EMPTY;

  /**
   * `blockBytes`: how much one `fill` asks a file descriptor for. A judge whose pass over each block is cheap
   * reads smaller blocks (JudgeFormat.readBlockBytes), so each is still in the processor's cache when scanned.
   */
  constructor(private readonly blockBytes = BLOCK_BYTES) {}

  /** A reader over all of `bytes` (tests, short texts). */
  static of(bytes: Uint8Array | string): ByteReader {
    const reader = new ByteReader();
    const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    reader.buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    reader.end = reader.buf.length;
    reader.eof = true;
    return reader;
  }

  /** Appends a chunk after the unread bytes. */
  push(chunk: Uint8Array): void {
    const tail = this.end - this.pos;
    if (tail === 0) {
      this.buf = chunk;
      this.pos = 0;
      this.end = chunk.length;
      return;
    }
    const joined = Buffer.allocUnsafe(tail + chunk.length);
    joined.set(this.buf.subarray(this.pos, this.end), 0);
    joined.set(chunk, tail);
    this.buf = joined;
    this.pos = 0;
    this.end = joined.length;
  }

  /** Reads the next block from `source`; sets `eof` when it has ended. Synchronous when it can be. */
  fill(source: ByteSource): Promise<void> | undefined {
    if (this.eof) return undefined;
    if (source.readInto !== undefined) {
      const tail = this.end - this.pos;
      if (this.own.length < tail + this.blockBytes) this.own = Buffer.allocUnsafe(tail + this.blockBytes);
      if (tail > 0 && this.buf === this.own) this.own.copyWithin(0, this.pos, this.end);
      else if (tail > 0) this.own.set(this.buf.subarray(this.pos, this.end), 0);
      this.buf = this.own;
      this.pos = 0;
      this.end = tail;
      const count = source.readInto(this.own, tail, this.own.length - tail);
      // A negative count: the source went over to its async form; the unread bytes stay where they are.
      if (count < 0) return this.fill(source);
      if (count === 0) this.eof = true;
      this.end += count;
      return undefined;
    }
    return source.next().then((chunk) => {
      if (chunk === undefined) this.eof = true;
      else this.push(chunk);
    });
  }

  /** The index of the next `byte` in [from, end), or -1; a native scan (memchr) when the block is a Buffer. */
  find(byte: number, from: number): number {
    const buf = this.buf;
    const end = this.end;
    const at = Buffer.isBuffer(buf) ? buf.indexOf(byte, from) : buf.subarray(0, end).indexOf(byte, from);
    return at >= 0 && at < end ? at : -1;
  }

  /**
   * Skips whitespace, counting lines. True when a token starts at `pos`; false when the block ran out
   * (at `eof`: the input has no further token).
   */
  skipSpace(): boolean {
    const buf = this.buf;
    const end = this.end;
    let pos = this.pos;
    let line = this.line;
    while (pos < end) {
      const code = buf[pos] ?? 0;
      if (SPACE[code] === 0) break;
      if (code === 10) line++;
      pos++;
    }
    this.pos = pos;
    this.line = line;
    return pos < end;
  }

  /**
   * A plain decimal integer in [min, max] (min >= 0, at most 15 digits) lying wholly inside the block, read
   * without a string or an await; -1 (nothing consumed) when that cannot be decided here: then use `int`.
   */
  tryInt(min: number, max: number): number {
    const buf = this.buf;
    const end = this.end;
    let pos = this.pos;
    let line = this.line;
    while (pos < end) {
      const code = buf[pos] ?? 0;
      if (SPACE[code] === 0) break;
      if (code === 10) line++;
      pos++;
    }
    const start = pos;
    let value = 0;
    while (pos < end) {
      const digit = (buf[pos] ?? 0) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      pos++;
    }
    if (pos === start || pos - start > 15) return NOT_FOUND;
    if (pos < end ? SPACE[buf[pos] ?? 0] === 0 : !this.eof) return NOT_FOUND;
    if (value < min || value > max) return NOT_FOUND;
    this.pos = pos;
    this.line = line;
    this.lastLine = line;
    return value;
  }

  /** The next token, or undefined at the end of the input; a token longer than MAX_TOKEN_CHARS is an error. */
  *token(): Reading<Token | undefined> {
    while (!this.skipSpace()) {
      if (this.eof) return undefined;
      yield;
    }
    const line = this.line;
    let decoder: InstanceType<typeof TextDecoder> | undefined;
    let text = '';
    for (;;) {
      const buf = this.buf;
      const end = this.end;
      let pos = this.pos;
      while (pos < end && SPACE[buf[pos] ?? 0] === 0) pos++;
      if (pos < end || this.eof) {
        const piece = buf.subarray(this.pos, pos);
        text = decoder === undefined ? utf8.decode(piece) : text + decoder.decode(piece);
        this.pos = pos;
        if (text.length > MAX_TOKEN_CHARS) throw tooLongToken(text, line);
        this.lastLine = line;
        return { text, line };
      }
      // The token runs on into the next block: keep its text so far (a string, never the raw blocks).
      decoder ??= new TextDecoder('utf-8');
      text += decoder.decode(buf.subarray(this.pos, end), { stream: true });
      this.pos = end;
      if (text.length > MAX_TOKEN_CHARS) throw tooLongToken(text, line);
      yield;
    }
  }

  /** The next token, or a JudgeInputError saying what was expected when the input has ended. */
  *expect(what: string): Reading<Token> {
    const token = yield* this.token();
    if (token === undefined)
      throw new JudgeInputError(this.lastLine, `expected ${what}, but the input ended`);
    return token;
  }

  /** A decimal integer in [min, max] (safe-integer range); the careful path behind `tryInt`. */
  *int(what: string, min: number, max: number): Reading<number> {
    const fast = min >= 0 ? this.tryInt(min, max) : NOT_FOUND;
    if (fast !== NOT_FOUND) return fast;
    return intOfToken(yield* this.expect(integerWanted(what, min, max)), what, min, max);
  }

  /**
   * A plain decimal integer in [min, max] of up to 19 digits lying wholly inside the block, as a bigint;
   * undefined (nothing consumed) when that cannot be decided here: then use `bigint`.
   */
  tryBigint(min: bigint, max: bigint): bigint | undefined {
    const { pos, line, lastLine } = this;
    if (!this.tryDigits()) return undefined;
    const value = BigInt(this.high) * 1_000_000_000n + BigInt(this.low);
    if (value >= min && value <= max) return value;
    // Out of range: nothing consumed, and `bigint` names the token in its message.
    this.pos = pos;
    this.line = line;
    this.lastLine = lastLine;
    return undefined;
  }

  /** Set by `tryDigits`: the number it read is high * 10^9 + low, with low < 10^9 (both exact doubles). */
  high = 0;
  low = 0;

  /**
   * A plain decimal integer of 1 to 19 digits lying wholly inside the block, left in `high` and `low` without
   * a bigint; false (nothing consumed) when that cannot be decided here. No range check: the caller compares
   * `high` and `low` with its own limits, and reads the token again with `bigint` when they do not fit.
   */
  tryDigits(): boolean {
    // Same blank/digit scan as tryInt, written out on purpose: speed (inlined inner loop, no call per byte).
    const buf = this.buf;
    const end = this.end;
    let pos = this.pos;
    let line = this.line;
    while (pos < end) {
      const code = buf[pos] ?? 0;
      if (SPACE[code] === 0) break;
      if (code === 10) line++;
      pos++;
    }
    const start = pos;
    while (pos < end) {
      const digit = (buf[pos] ?? 0) - 48;
      if (digit < 0 || digit > 9) break;
      pos++;
    }
    const length = pos - start;
    if (length === 0 || length > 19) return false;
    if (pos < end ? SPACE[buf[pos] ?? 0] === 0 : !this.eof) return false;
    const split = Math.max(start, pos - 9);
    let high = 0;
    let low = 0;
    for (let k = start; k < split; k++) high = high * 10 + (buf[k] ?? 48) - 48;
    for (let k = split; k < pos; k++) low = low * 10 + (buf[k] ?? 48) - 48;
    this.high = high;
    this.low = low;
    this.pos = pos;
    this.line = line;
    this.lastLine = line;
    return true;
  }

  /** A decimal integer in [min, max] of any size. */
  *bigint(what: string, min: bigint, max: bigint): Reading<bigint> {
    const fast = this.tryBigint(min, max);
    if (fast !== undefined) return fast;
    return bigintOfToken(yield* this.expect(integerWanted(what, min, max)), what, min, max);
  }

  /**
   * One of the `allowed` words lying wholly inside the block, matched byte by byte (no string, no decoding);
   * undefined when that cannot be decided here (then use `word`): the blanks before it may be skipped, the
   * token is left unread.
   */
  tryWord<const W extends string>(allowed: readonly W[]): W | undefined {
    if (!this.skipSpace()) return undefined;
    const buf = this.buf;
    const end = this.end;
    const start = this.pos;
    let pos = start;
    while (pos < end && SPACE[buf[pos] ?? 0] === 0) pos++;
    if (pos === end && !this.eof) return undefined;
    const length = pos - start;
    for (const word of allowed) {
      if (word.length !== length) continue;
      // An ASCII word is its own UTF-8; a token with any other byte decodes to other text (or U+FFFD).
      let k = 0;
      for (; k < length; k++) {
        const unit = word.charCodeAt(k);
        if (unit > 127 || unit !== buf[start + k]) break;
      }
      if (k < length) continue;
      this.pos = pos;
      this.lastLine = this.line;
      return word;
    }
    return undefined;
  }

  /** One of the given words, exactly. */
  *word<const W extends string>(what: string, allowed: readonly W[]): Reading<W> {
    const fast = this.tryWord(allowed);
    if (fast !== undefined) return fast;
    const wanted = wordWanted(what, allowed);
    return wordOfToken(yield* this.expect(wanted), wanted, allowed);
  }

  /** Fails unless only whitespace remains. */
  *expectEnd(): Reading<void> {
    const token = yield* this.token();
    if (token !== undefined) {
      throw new JudgeInputError(
        token.line,
        `expected the end of the input, found "${quoteInput(token.text)}"`,
      );
    }
  }
}

/** Runs a reading to its end, fetching blocks from `source` whenever it asks. */
export async function drive<T>(
  reader: ByteReader,
  reading: Reading<T>,
  source: ByteSource,
  between?: () => Promise<void> | undefined,
): Promise<T> {
  for (;;) {
    const step = reading.next();
    if (step.done === true) return step.value;
    if (between !== undefined) {
      const wait = between();
      if (wait !== undefined) await wait;
    }
    const wait = reader.fill(source);
    if (wait !== undefined) await wait;
  }
}

/** Runs a reading over a whole input held in memory (tests, short texts). */
export function readAll<T>(input: Uint8Array | string, read: (reader: ByteReader) => Reading<T>): T {
  const reader = ByteReader.of(input);
  const step = read(reader).next();
  if (step.done !== true) throw new Error('a reading asked for more input after the end');
  return step.value;
}

/** Chunks of an async iterable (a stream) as a ByteSource; strings are encoded as UTF-8. */
export function streamSource(chunks: AsyncIterable<string | Uint8Array>): ByteSource {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return {
    async next() {
      for (;;) {
        const step = await iterator.next();
        if (step.done === true) return undefined;
        const chunk = typeof step.value === 'string' ? encoder.encode(step.value) : step.value;
        if (chunk.length > 0) return chunk;
      }
    },
  };
}
