/**
 * The step the solve service (inline) and `grundy worker` share once the cache has missed: solve in a solver
 * thread under the job's time limit, store the answer in the cache, and count it in the metrics.
 */
import { GrundyError } from '../core/errors.js';
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
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((fraction: number) => void) | undefined;
  /** A file streamed to the game's `solveStream` instead of `params` (see file-input.ts). */
  readonly file?: string | undefined;
}

/** The metrics label of a failure: the error's stable code, or 'error' for the unexpected. */
export function failureReason(error: unknown): string {
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
    answer = await deps.pool.run(game.id, params, {
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
  if (options.store) await deps.cache.set(options.key, answer);
  deps.metrics.jobsCompleted.inc({ ...labels, via: options.via });
  deps.metrics.solveDuration.observe({ ...labels, via: options.via }, answer.solveMs / 1000);
  return answer;
}
