/**
 * The step the solve service (inline) and `grundy worker` share once the cache has missed: solve in a solver
 * thread under the job's time limit, store the answer in the cache, and count it in the metrics.
 */
import { performance } from 'node:perf_hooks';
import { GrundyError, InputError, isInputError, ServiceUnavailableError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { Metrics } from '../metrics.js';
import type { StoredAnswer } from './answer.js';
import type { AnswerCache } from './cache.js';
import type { SolvePool } from './thread-pool.js';

export interface SolveStepDeps {
  readonly pool: SolvePool;
  readonly cache: AnswerCache;
  readonly metrics: Metrics;
}

export interface SolveStepOptions {
  /** The canonical key the answer is stored under. */
  readonly key: string;
  readonly timeoutMs: number;
  /** The `via` label of the metrics. */
  readonly via: 'inline' | 'worker';
  /** False when the answer must not be cached (a worker whose solver version differs from the asker's). */
  readonly store: boolean;
  /**
   * False to send the cache write without waiting for it (a worker: the job carries the answer back, and the
   * write is ordered before the job's completion on the same connection). Default true.
   */
  readonly awaitStore?: boolean;

  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((fraction: number) => void) | undefined;
  /** A file streamed to the game's `solveStream` instead of `params` (see file-input.ts). */
  readonly file?: string | undefined;
  /**
   * Solve on this thread instead of a solver thread (see solveHere), for a question the guard allows. No time
   * limit or cancellation applies to it (there would be nothing to end but the process).
   */
  readonly here?: QuickGuard | undefined;
}

/**
 * Questions estimated at most this many CPU ms may be solved on the calling thread: the hop to a solver thread
 * (structured clone both ways, a message round trip) costs more than such a solve.
 */
export const QUICK_COST_MS = 2;

/** Solves on this thread that take longer than this show the game's estimate is off (see QuickGuard). */
export const QUICK_GUARD_MS = 25;

/** Solves validated `params` on the calling thread (what solve-thread.ts does, without the thread). */
export function solveHere(game: AnyGame, params: unknown): StoredAnswer {
  try {
    const start = performance.now();
    const result: unknown = game.solve(params, {});
    const explanation = game.explain(params, result);
    return { result, explanation, solveMs: performance.now() - start };
  } catch (error) {
    if (isInputError(error) && !(error instanceof InputError)) throw new InputError(error.message);
    throw error;
  }
}

/** Quick solves in a row over QUICK_GUARD_MS after which a game leaves the quick path. */
const QUICK_STRIKES = 3;

/**
 * Which questions are solved on the calling thread: a small estimate, from a game whose estimates have held so
 * far. Each quick solve is timed; a game whose quick solves take over QUICK_GUARD_MS QUICK_STRIKES times in a row
 * goes to solver threads from then on. (In a row: a first, cold solve or a busy machine makes one slow now and
 * then; an estimate that is off makes them all slow.)
 */
export class QuickGuard {
  private readonly offenders = new Set<string>();
  private readonly strikes = new Map<string, number>();

  /** `onOffender` hears of a game leaving the quick path (for a warning in the log). */
  constructor(private readonly onOffender: (game: AnyGame, ms: number) => void = () => undefined) {}

  /** True when `params` (already validated) of `game` may be solved here. */
  allows(game: AnyGame, params: unknown): boolean {
    if (this.offenders.has(game.id)) return false;
    try {
      return game.estimateCostMs(params) <= QUICK_COST_MS;
    } catch {
      return false;
    }
  }

  /** solveHere, timed. */
  solve(game: AnyGame, params: unknown): StoredAnswer {
    const start = performance.now();
    try {
      return solveHere(game, params);
    } finally {
      this.observe(game, performance.now() - start);
    }
  }

  private observe(game: AnyGame, ms: number): void {
    if (ms <= QUICK_GUARD_MS) {
      if (this.strikes.size > 0) this.strikes.delete(game.id);
      return;
    }
    if (this.offenders.has(game.id)) return;
    const strikes = (this.strikes.get(game.id) ?? 0) + 1;
    this.strikes.set(game.id, strikes);
    if (strikes < QUICK_STRIKES) return;
    this.offenders.add(game.id);
    this.onOffender(game, ms);
  }
}

/** The metrics label of a failure: the error's stable code, or 'error' for the unexpected. */
export function failureReason(error: unknown): string {
  if (error instanceof ServiceUnavailableError && error.busy) return 'busy';
  return error instanceof GrundyError ? error.code : 'error';
}

export async function solveAndStore(
  deps: SolveStepDeps,
  game: AnyGame,
  params: unknown,
  options: SolveStepOptions,
): Promise<StoredAnswer> {
  const labels = { game: game.id };
  deps.metrics.jobsActive.inc(labels);
  let answer: StoredAnswer;
  try {
    answer =
      options.here !== undefined && options.file === undefined
        ? options.here.solve(game, params)
        : await deps.pool.run(game.id, params, {
            timeoutMs: options.timeoutMs,
            signal: options.signal,
            onProgress: options.onProgress,
            file: options.file,
          });
  } catch (error) {
    deps.metrics.jobsFailed.inc({ ...labels, reason: failureReason(error) });
    throw error;
  } finally {
    deps.metrics.jobsActive.dec(labels);
  }
  if (options.store) {
    // set() never throws: a failed write is logged and costs only a later re-solve.
    const stored = deps.cache.set(options.key, answer);
    if (options.awaitStore !== false) await stored;
  }
  deps.metrics.jobsCompleted.inc({ ...labels, via: options.via });
  deps.metrics.solveDuration.observe({ ...labels, via: options.via }, answer.solveMs / 1000);
  return answer;
}
