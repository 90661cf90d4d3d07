/**
 * The solver thread (a piscina worker), used by both drivers: params in, `{ result, explanation, solveMs }` out,
 * progress posted on a MessagePort. Solvers are synchronous and CPU-bound; running them here keeps the event
 * loop of the bot and of `grundy worker` free, so BullMQ locks are renewed and a time limit can end the thread.
 */
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'piscina';
import { InputError, isInputError } from '../core/errors.js';
import type { StreamedSolve } from '../core/game.js';
import { parseParams } from '../core/params.js';
import type { StoredAnswer } from './answer.js';
import { loadCatalog } from '../load-catalog.js';

export interface SolveTask {
  readonly gameId: string;
  readonly params: unknown;
  /** A file to stream to the game's `solveStream` instead of `params` (see file-input.ts). */
  readonly file?: string;
  /** Receives progress fractions in [0, 1], at most every PROGRESS_EVERY_MS. */
  readonly progress?: MessagePort;
}

/** Input errors travel as data: error classes do not survive the trip between threads. */
export type SolveOutcome =
  | { readonly ok: true; readonly answer: StoredAnswer }
  | { readonly ok: false; readonly code: 'bad_input'; readonly message: string };

export interface SolveThreadData {
  readonly extraGamesModule?: string;
}

const PROGRESS_EVERY_MS = 200;

export default async function solveInThread(task: SolveTask): Promise<SolveOutcome> {
  const data = (workerData ?? {}) as SolveThreadData;
  try {
    const catalog = await loadCatalog(data.extraGamesModule);
    const game = catalog.resolveGame(task.gameId);
    const port = task.progress;
    let lastPost = Number.NEGATIVE_INFINITY;
    const onProgress = (fraction: number): void => {
      const now = performance.now();
      if (port === undefined || now - lastPost < PROGRESS_EVERY_MS || !Number.isFinite(fraction)) return;
      lastPost = now;
      port.postMessage(Math.min(1, Math.max(0, fraction)));
    };
    const start = performance.now();
    if (task.file !== undefined) {
      if (game.solveStream === undefined) throw new InputError(`${game.id} does not read files.`);
      const streamed: StreamedSolve<unknown, unknown> = await game.solveStream(createReadStream(task.file), {
        onProgress,
      });
      const answer: StoredAnswer = {
        result: streamed.result,
        explanation: streamed.explanation,
        inputSummary: streamed.inputSummary,
        solveMs: performance.now() - start,
      };
      return { ok: true, answer };
    }
    const params: unknown = parseParams(game, task.params);
    const result: unknown = game.solve(params, { onProgress });
    const explanation = game.explain(params, result);
    return { ok: true, answer: { result, explanation, solveMs: performance.now() - start } };
  } catch (error) {
    if (isInputError(error)) return { ok: false, code: 'bad_input', message: error.message };
    throw error;
  } finally {
    task.progress?.close();
  }
}
