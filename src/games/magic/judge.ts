/**
 * The original CodeChef MAGIC format: T, then per test `N M P` and M lines `X Y`; output `First` or `Second`.
 * Grundy's limits apply (N up to 10^18, M up to 10^6), and every error names the line it was found on.
 */
import { JudgeInputError } from '../../core/errors.js';
import type { JudgeFormat } from '../../core/game.js';
import type { Token, InputReader } from '../../core/reader.js';
import { quoteInput } from '../../core/text.js';
import {
  checkPassages,
  findDuplicate,
  loopMessage,
  repeatMessage,
  MAX_PASSAGES,
  MAX_ROOMS,
  MAX_TELEPOINTS,
  PAIR_KEY_LIMIT,
  toRoom,
  type MagicParams,
  type MagicResult,
  type Room,
} from './schema.js';

export const MAX_TESTS = 100;

async function* parse(reader: InputReader): AsyncGenerator<MagicParams, void, undefined> {
  const tests = await reader.int('T, the number of tests', 1, MAX_TESTS);
  for (let t = 1; t <= tests; t++) yield await readTest(reader, t);
  await reader.expectEnd();
}

/** One test; a plain async function, as awaits inside an async generator cost noticeably more per token. */
async function readTest(reader: InputReader, t: number): Promise<MagicParams> {
  const n = await reader.bigint(`N, the number of rooms of test ${t}`, 2n, MAX_ROOMS);
  const m = await reader.int(`M, the number of passages of test ${t}`, 0, MAX_PASSAGES);
  const p = await reader.int(`P, the telepoints of test ${t}`, 0, MAX_TELEPOINTS);
  const passages: [Room, Room][] = new Array<[Room, Room]>(m);
  const lines = new Int32Array(m);
  const fail = (index: number | undefined, message: string): never => {
    throw new JudgeInputError(
      index === undefined ? reader.line : (lines[index] ?? reader.line),
      `test ${t}: ${message}`,
    );
  };
  if (n > PAIR_KEY_LIMIT) {
    for (let i = 0; i < m; i++) {
      const x = await readBigRoom(reader, n, t, i);
      lines[i] = reader.line;
      passages[i] = [x, await readBigRoom(reader, n, t, i)];
    }
    // Loops and repeated pairs, with the line that holds them.
    const checked = checkPassages(passages, n, (message, index) => fail(index, message));
    return { rooms: n.toString(), passages: checked ?? fail(undefined, 'bad passages'), p1: p, p2: p };
  }
  // With N^2 below 2^53 the pair itself is an exact key: no room table is needed to find a repeat.
  const limit = Number(n);
  const keys = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const x = reader.tryInt(1, limit) ?? roomOf(await reader.next(), reader, limit, t, i);
    lines[i] = reader.line;
    const y = reader.tryInt(1, limit) ?? roomOf(await reader.next(), reader, limit, t, i);
    if (x === y) fail(i, loopMessage(x, y, i));
    keys[i] = x < y ? x * limit + y : y * limit + x;
    passages[i] = [x, y];
  }
  const repeat = findDuplicate(keys);
  if (repeat !== undefined) {
    const [first, second] = repeat;
    const [a, b] = passages[first] ?? [0, 0];
    fail(second, repeatMessage(a, b, first, second));
  }
  return { rooms: n.toString(), passages, p1: p, p2: p };
}

function roomWhat(n: number | bigint, t: number, i: number): string {
  return `a room of passage ${i + 1} of test ${t} (an integer from 1 to ${n})`;
}

/**
 * A room number from 1 to n (n below 2^53). Parsed here rather than by `reader.int`, whose description string,
 * pattern test and extra await per token would double the time of a 10^6-passage file.
 */
function roomOf(token: Token | undefined, reader: InputReader, n: number, t: number, i: number): number {
  if (token === undefined)
    throw new JudgeInputError(reader.line, `expected ${roomWhat(n, t, i)}, but the input ended`);
  const text = token.text;
  let value = text.length <= 16 ? 0 : Number.NaN;
  for (let k = 0; k < text.length && !Number.isNaN(value); k++) {
    const digit = text.charCodeAt(k) - 48;
    value = digit >= 0 && digit <= 9 ? value * 10 + digit : Number.NaN;
  }
  if (!(value >= 1 && value <= n)) {
    throw new JudgeInputError(token.line, `expected ${roomWhat(n, t, i)}, found "${quoteInput(text)}"`);
  }
  return value;
}

async function readBigRoom(reader: InputReader, n: bigint, t: number, i: number): Promise<Room> {
  const room = toRoom(await reader.bigint(`a room of passage ${i + 1} of test ${t}`, 1n, n));
  if (room === undefined) throw new JudgeInputError(reader.line, `expected ${roomWhat(n, t, i)}`);
  return room;
}

export const magicJudge: JudgeFormat<MagicParams, MagicResult> = {
  parse,
  format: (result) => (result.outcome === 'first' ? 'First' : 'Second'),
};
