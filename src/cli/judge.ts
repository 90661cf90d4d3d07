/** `grundy judge <game>`: the original contest input on stdin, the original output on stdout. */
import { readSync } from 'node:fs';
import { ByteReader, drive, streamSource, type ByteSource } from '../core/byte-reader.js';
import { InputError } from '../core/errors.js';
import type { AnyGame, JudgeFormat } from '../core/game.js';
import type { EntryCatalog } from '../load-catalog.js';
import { grundyVersion, parseCommandArgs } from './args.js';
import { write, type CliIo } from './io.js';

/** Output is written in pieces of about this many characters. */
const FLUSH_CHARS = 1 << 16;

/** Collects answer lines and writes them in large pieces, waiting for the stream when it is full. */
class Output {
  private lines: string[] = [];
  private pending = 0;
  constructor(private readonly stdout: NodeJS.WritableStream) {}

  readonly answer = (line: string): void => {
    this.lines.push(line);
    this.pending += line.length + 1;
  };

  /** Writes when enough has gathered (or `force`); a promise when the stream asks to wait. */
  flush(force = false): Promise<void> | undefined {
    if (this.lines.length === 0 || (!force && this.pending < FLUSH_CHARS)) return undefined;
    const text = `${this.lines.join('\n')}\n`;
    this.lines = [];
    this.pending = 0;
    if (this.stdout.write(text)) return undefined;
    return new Promise<void>((resolve) => this.stdout.once('drain', () => resolve()));
  }
}

/**
 * A file descriptor read with readSync (no stream, no event-loop turn per block). When the descriptor turns
 * out to be non-blocking (EAGAIN), reading continues through `fallback()`, the same input as a stream.
 */
function descriptorSource(fd: number, fallback: () => AsyncIterable<string | Uint8Array>): ByteSource {
  let stream: ByteSource | undefined;
  const source: ByteSource = {
    readInto(target, offset, length) {
      try {
        return readSync(fd, target, offset, length, null);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EOF') return 0;
        if (code !== 'EAGAIN') throw error;
        stream = streamSource(fallback());
        delete source.readInto;
        return -1;
      }
    },
    next() {
      stream ??= streamSource(fallback());
      return stream.next();
    },
  };
  return source;
}

function inputSource(io: CliIo): ByteSource {
  const stream = (): AsyncIterable<string | Uint8Array> => io.stdin as AsyncIterable<string | Uint8Array>;
  // The process's own stdin is read with readSync in large blocks; a stream (tests, in-process) as it comes.
  return io.stdinFd === undefined ? streamSource(stream()) : descriptorSource(io.stdinFd, stream);
}

/** A judge that reads bytes (every built-in game): no zod, no await per token. */
async function runBytes(
  io: CliIo,
  run: NonNullable<JudgeFormat<unknown, unknown>['run']>,
  blockBytes: number | undefined,
): Promise<void> {
  const output = new Output(io.stdout);
  const input = new ByteReader(blockBytes);
  await drive(input, run(input, output.answer), inputSource(io), () => output.flush());
  const last = output.flush(true);
  if (last !== undefined) await last;
}

/**
 * A judge that answers all its tests itself (octal: tests that share a code share one table). A note goes to
 * stderr, and any note makes the run fail (exit 1), so scripts notice.
 */
async function runAnswerAll(
  io: CliIo,
  answerAll: NonNullable<JudgeFormat<unknown, unknown>['answerAll']>,
): Promise<number> {
  const { InputReader } = await import('../core/reader.js');
  const output = new Output(io.stdout);
  let test = 0;
  let notes = 0;
  for await (const answer of answerAll(new InputReader(io.stdin as AsyncIterable<string | Uint8Array>))) {
    test++;
    if (answer.note !== undefined) {
      notes++;
      write(io.stderr, `test ${test}: ${answer.note}`);
    }
    output.answer(answer.line);
    const wait = output.flush();
    if (wait !== undefined) await wait;
  }
  const last = output.flush(true);
  if (last !== undefined) await last;
  return notes === 0 ? 0 : 1;
}

/** A judge that reads tokens (plugin games): each test's params go through the game's schema. */
async function runTokens(io: CliIo, game: AnyGame): Promise<void> {
  const [{ InputReader }, { parseParams }] = await Promise.all([
    import('../core/reader.js'),
    import('../core/params.js'),
  ]);
  const output = new Output(io.stdout);
  const reader = new InputReader(io.stdin as AsyncIterable<string | Uint8Array>);
  let test = 0;
  for await (const candidate of game.judge.parse(reader)) {
    test++;
    let params: unknown;
    try {
      params = parseParams(game, candidate);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`test ${test}: ${error.message}`);
      throw error;
    }
    output.answer(game.judge.format(game.solve(params), params));
    const wait = output.flush();
    if (wait !== undefined) await wait;
  }
  const last = output.flush(true);
  if (last !== undefined) await last;
}

export async function runJudge(io: CliIo, catalog: EntryCatalog, args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {}, { positionals: true });
  if (values['version'] === true) {
    write(io.stdout, grundyVersion());
    return 0;
  }
  const [gameId, ...rest] = positionals;
  if (gameId === undefined || values['help'] === true) {
    const game = gameId === undefined ? undefined : catalog.resolveEntry(gameId);
    write(
      io.stdout,
      `Usage: grundy judge <game> < input > output\nReads the original contest input on stdin and writes the original output on stdout.\nGames: ${catalog.entries.map((g) => g.id).join(', ')}${game === undefined ? '' : `\n\n${game.title} (${game.origin})`}`,
    );
    return gameId === undefined && values['help'] !== true ? 2 : 0;
  }
  if (rest.length > 0)
    throw new InputError(`grundy judge takes only the game name, got "${rest.join(' ')}".`);
  const entry = catalog.resolveEntry(gameId);
  const judge = await entry.loadJudge();
  if (judge.run !== undefined) await runBytes(io, judge.run.bind(judge), judge.readBlockBytes);
  else if (judge.answerAll !== undefined) return await runAnswerAll(io, judge.answerAll.bind(judge));
  else await runTokens(io, await entry.load());
  return 0;
}
