import { printable } from '../core/printable.js';

/** What a CLI command may touch: its streams and environment, passed in so tests can run it in-process. */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream;
  /**
   * The descriptor behind `stdin` when it is the process's own (0): `grundy judge` then reads it with readSync
   * in large blocks and never creates the stdin stream. Unset in tests that pass a stream.
   */
  readonly stdinFd?: number;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
}

export function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Writes text that may quote user input (a file's bytes, an argument) with its control characters shown as '?'. */
export function writeText(stream: NodeJS.WritableStream, text: string): void {
  write(stream, printable(text));
}
