/**
 * Runs solvers off the main thread: a piscina pool of solve-thread workers, shared by the in-process driver,
 * the bot's inline path and `grundy worker`. A time limit or a cancellation ends the thread that runs the
 * task (piscina terminates it), which is the only way to stop a synchronous solver.
 */
import { existsSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import {
  GrundyError,
  InputError,
  ServiceUnavailableError,
  SolveCancelledError,
  SolveTimeoutError,
} from '../core/errors.js';
import type { StoredAnswer } from './answer.js';
import type { SolveOutcome, SolveTask, SolveThreadData } from './solve-thread.js';

/**
 * The built thread file (CommonJS: solve-thread-entry.cts says why), which loads solve-thread.js. src/jobs and
 * dist/jobs both sit two levels under the repository root, so this names it whether this module runs compiled
 * or from TypeScript sources (vitest, tsx).
 */
export const solveThreadUrl = new URL('../../dist/jobs/solve-thread-entry.cjs', import.meta.url);

export interface SolvePoolOptions {
  /** Most threads running at once; more tasks wait in the pool's queue. */
  readonly threads: number;
  readonly extraGamesModule?: string | undefined;
  /** Threads idle this long are ended (one is kept). */
  readonly idleTimeoutMs?: number;
  /**
   * Most tasks that may wait for a thread, beyond the ones running; one more is refused at once as busy
   * (ServiceUnavailableError), rather than waiting for a time limit counted from its ask. Default: no limit.
   */
  readonly maxWaiting?: number;
  /** What a refused task is told (default: a plain "busy, ask again"). */
  readonly busyText?: (threads: number, maxWaiting: number) => string;
}

/** "its one solver thread is taken" / "all 4 of its solver threads are taken, and 2 more questions are waiting". */
export function busyState(threads: number, maxWaiting: number, what: string, noun = 'question'): string {
  const taken =
    threads === 1
      ? `its one solver thread${what} is taken`
      : `all ${threads} of its solver threads${what} are taken`;
  if (maxWaiting === 0) return taken;
  return `${taken}, and ${maxWaiting} more ${noun}${maxWaiting === 1 ? ' is' : 's are'} waiting`;
}

function defaultBusyText(threads: number, maxWaiting: number): string {
  return `Grundy is busy: ${busyState(threads, maxWaiting, '')}. Ask again in a few minutes.`;
}

export interface PoolRunOptions {
  /** Wall time from the call to the end of the solve; a thread still running then is ended. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((fraction: number) => void) | undefined;
  /** A file streamed to the game's `solveStream` instead of `params` (see file-input.ts). */
  readonly file?: string | undefined;
}

export class SolvePool {
  private pool: Piscina<SolveTask, SolveOutcome> | undefined;
  private closed = false;
  /** Tasks running or waiting for a thread. */
  private taken = 0;

  constructor(private readonly options: SolvePoolOptions) {}

  /** Most threads running at once (at least one). */
  private get threads(): number {
    return Math.max(1, this.options.threads);
  }

  private start(): Piscina<SolveTask, SolveOutcome> {
    if (this.pool !== undefined) return this.pool;
    const filename = fileURLToPath(solveThreadUrl);
    if (!existsSync(filename)) {
      throw new ServiceUnavailableError(
        `The solver thread file ${filename} is missing; run \`npm run build\` first.`,
      );
    }
    const workerData: SolveThreadData =
      this.options.extraGamesModule === undefined ? {} : { extraGamesModule: this.options.extraGamesModule };
    this.pool = new Piscina<SolveTask, SolveOutcome>({
      filename,
      minThreads: 1,
      maxThreads: this.threads,
      idleTimeout: this.options.idleTimeoutMs ?? 60_000,
      workerData,
    });
    return this.pool;
  }

  /** The busy text a task would get if run now (threads all taken and maxWaiting waiting), else undefined. */
  busyText(): string | undefined {
    const threads = this.threads;
    const maxWaiting = this.options.maxWaiting ?? Number.POSITIVE_INFINITY;
    if (this.taken < threads + maxWaiting) return undefined;
    return (this.options.busyText ?? defaultBusyText)(threads, maxWaiting);
  }

  /** The answer, or InputError / SolveTimeoutError / SolveCancelledError / ServiceUnavailableError / Error. */
  async run(gameId: string, params: unknown, options: PoolRunOptions): Promise<StoredAnswer> {
    if (this.closed) throw new ServiceUnavailableError('The solver pool is shutting down.');
    const busy = this.busyText();
    if (busy !== undefined) throw new ServiceUnavailableError(busy, { publicText: busy, busy: true });
    const pool = this.start();
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(new SolveTimeoutError(options.timeoutMs)), options.timeoutMs);
    const signal =
      options.signal === undefined ? limit.signal : AbortSignal.any([options.signal, limit.signal]);
    const onProgress = options.onProgress;
    const channel = onProgress === undefined ? undefined : new MessageChannel();
    channel?.port1.on('message', (fraction: number) => onProgress?.(fraction));
    const task: SolveTask =
      options.file === undefined ? { gameId, params } : { gameId, params, file: options.file };
    this.taken++;
    try {
      const outcome = await pool.run(
        channel === undefined ? task : { ...task, progress: channel.port2 },
        channel === undefined ? { signal } : { signal, transferList: [channel.port2] },
      );
      if (!outcome.ok) throw new InputError(outcome.message);
      return outcome.answer;
    } catch (error) {
      if (error instanceof InputError) throw error;
      if (limit.signal.aborted) throw new SolveTimeoutError(options.timeoutMs);
      if (options.signal?.aborted === true) {
        const reason: unknown = options.signal.reason;
        throw reason instanceof GrundyError ? reason : new SolveCancelledError();
      }
      if (this.closed) throw new ServiceUnavailableError('The solver pool is shutting down.');
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`The solver thread failed: ${message}`, { cause: error });
    } finally {
      this.taken--;
      clearTimeout(timer);
      channel?.port1.close();
    }
  }

  /** Idempotent; running solves are ended (callers get ServiceUnavailableError). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    if (pool !== undefined) await pool.destroy();
  }
}
