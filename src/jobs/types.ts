/** The one thing the bot calls: params in, a (possibly cached) result out. Two drivers implement it. */
import type { Queue } from 'bullmq';
import type { Explanation } from '../core/game.js';

export interface SolveOptions {
  /** Progress of a long solve, a fraction in [0, 1]; called at most every few hundred ms. */
  readonly onProgress?: (fraction: number) => void;
  /** Aborting stops waiting; a queued job nobody else waits for is removed or its worker told to stop. */
  readonly signal?: AbortSignal;
}

export interface SolveAnswer {
  readonly gameId: string;
  /** The validated, normalised params. */
  readonly params: unknown;
  readonly result: unknown;
  readonly explanation: Explanation<unknown>;
  /** The canonical key: cache key and job id. */
  readonly key: string;
  readonly fromCache: boolean;
  /** Solver time in ms (as measured where it ran; for a cache hit, the original solve time). */
  readonly solveMs: number;
  /** Where it ran: 'inline' (in-process thread pool), 'queue' (a worker process) or 'cache'. */
  readonly via: 'inline' | 'queue' | 'cache';
  /** For a file input: what it held, for people (the game's StreamedSolve.inputSummary). */
  readonly inputSummary?: string;
}

export interface HealthReport {
  readonly ok: boolean;
  readonly redis: 'up' | 'down' | 'not configured';
  readonly detail?: string;
  /** Why the service is degraded though Redis is up (e.g. jobs waiting and no worker seen). */
  readonly degraded?: string;
}

export interface SolveService {
  /** Validates `params` (throws InputError with a user-facing message), then cache -> inline or queue. */
  solve(gameId: string, params: unknown, options?: SolveOptions): Promise<SolveAnswer>;
  /**
   * Where a question of this estimated cost would run when not cached: 'queue' (a worker, later) or 'inline'
   * (this process's solver threads). Callers decide from it whether to tell the user to wait.
   */
  route(estimateMs: number): 'inline' | 'queue';
  /**
   * What this question would be told right now if asked (and not cached): the busy text when it would need a
   * place among this process's own costly solver threads and they are all taken with SOLVE_BACKLOG_MAX waiting
   * (a run of the same question already under way is joined, never refused), else undefined. A hint for
   * callers that would otherwise accept the question first (the API's 202); solve still decides.
   */
  busyFor?(gameId: string, params: unknown): string | undefined;
  /**
   * Like solve, for an input read as a stream of bytes by the game's `solveStream` (an attachment): the bytes
   * are kept in a temporary file (or a Redis key for a worker), the cache key is a hash of them, and the job
   * time limit, cancellation and metrics apply as for any solve. `params` of the answer is undefined.
   */
  solveFile(gameId: string, chunks: AsyncIterable<Uint8Array>, options?: SolveOptions): Promise<SolveAnswer>;
  health(): Promise<HealthReport>;
  /**
   * A cached answer by its params hash (the end of `SolveAnswer.key`), never solving: for buttons that show
   * more of an answer already given. Undefined when it is not (or no longer) cached.
   */
  cachedAnswer?(gameId: string, hash: string): Promise<SolveAnswer | undefined>;
  /** The BullMQ queues behind the service (empty or absent without Redis), e.g. for Bull Board. */
  readonly queues?: readonly Queue[];
  /** Idempotent. */
  close(): Promise<void>;
}
