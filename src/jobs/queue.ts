/**
 * The producer side of the solve queue (BullMQ): one job per canonical key, so two people asking the same
 * question while it runs share one job, and a caller that leaves is counted out. What the worker side must agree
 * on (job data, job id, failure reasons, the cancel channel, job options) is defined here too.
 * (Longer than ~400 lines on purpose: the producer and the contract its workers share, read together.)
 *
 * Cancellation: each process waiting for a job holds one count in `<prefix>:<queue>:waiters:<jobId>`. When a
 * caller gives up and the count drops to zero, a waiting job is removed and an active one is told to stop over
 * the `<prefix>:<queue>:cancel` channel; its worker ends the solver thread and fails the job as cancelled
 * (never retried). Anyone who joins the job in that instant sees it fail as cancelled, and adds it again.
 */
import type { EventEmitter } from 'node:events';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { QUEUE_BATCH_LIMIT, type Config } from '../config.js';
import {
  InputError,
  ServiceUnavailableError,
  SolveCancelledError,
  SolveTimeoutError,
} from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import { answerProblem, decodeAnswer, type StoredAnswer } from './answer.js';
import { FILE_INPUT_REDIS_MAX_BYTES } from './file-input.js';
import {
  bullBlockingConnection,
  closeWithin,
  isClusterUrl,
  isConnectionError,
  type RedisLink,
} from './connection.js';

export const SolveJobData = z.strictObject({
  gameId: z.string().min(1).max(64),
  solverVersion: z.string().min(1).max(64),
  params: z.unknown(),
  /** The canonical key: where the worker caches the answer. */
  key: z.string().min(1).max(512),
  /** The per-job time limit, chosen by the asker's configuration (JOB_TIMEOUT_MS). */
  timeoutMs: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600 * 1000),
  /** A large input by reference (then `params` is unused): a Redis key holding the bytes (file-input.ts). */
  file: z
    .strictObject({
      redisKey: z.string().min(1).max(512),
      bytes: z.number().int().min(0).max(FILE_INPUT_REDIS_MAX_BYTES),
    })
    .optional(),
});
export type SolveJobData = z.infer<typeof SolveJobData>;

/**
 * A batch: quick questions asked at about the same time, carried to a worker by one job (see batch.ts), since
 * BullMQ's own work per job (its scripts, its events) costs far more than solving such a question. Its name is
 * BATCH_JOB_NAME; the worker answers each question, caches each answer, and returns a BatchAnswer.
 */
export const BATCH_JOB_NAME = 'batch';
export const SolveBatchData = z.strictObject({
  batch: z.array(SolveJobData).min(2).max(QUEUE_BATCH_LIMIT),
});
export type SolveBatchData = z.infer<typeof SolveBatchData>;

/**
 * What a batch job returns: per question, in order, `cached` (the answer is in the cache under the question's
 * key, where the worker put it before completing the job), the answer itself (when it could not be cached: a
 * solver version other than the asker's), or why it failed (a reason as encodeFailure writes it; one with no
 * code is worth asking again on its own). Answers travel through the cache, not the job: a completed job's
 * value goes into BullMQ's event stream, which every asking process reads and Redis keeps (10,000 events).
 */
export const BatchAnswer = z.object({
  batch: z.array(
    z.union([
      z.object({ cached: z.literal(true) }),
      z.object({ answer: z.unknown() }),
      z.object({ failed: z.string() }),
    ]),
  ),
});
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** What a solve queue's jobs carry, and what they return. */
export type QueueData = SolveJobData | SolveBatchData;
export type QueueResult = StoredAnswer | BatchAnswer;

/** BullMQ forbids ':' in custom job ids: the canonical key without its prefix, with ':' written as '.'. */
export function jobIdFor(key: string, prefix: string): string {
  const bare = key.startsWith(`${prefix}:`) ? key.slice(prefix.length + 1) : key;
  return bare.replaceAll(':', '.');
}

/**
 * BullMQ's key prefix for a queue: GRUNDY_PREFIX, and on a Redis Cluster `<GRUNDY_PREFIX>:{<queue>}`, a hash tag
 * that puts every key of the queue in one slot (BullMQ's scripts touch several at once) while different queues,
 * and the cache, spread over the cluster. A GRUNDY_PREFIX that has a hash tag of its own is kept as it is.
 */
export function queuePrefix(config: Pick<Config, 'REDIS_URL' | 'GRUNDY_PREFIX'>, queueName: string): string {
  const prefix = config.GRUNDY_PREFIX;
  if (config.REDIS_URL === undefined || !isClusterUrl(config.REDIS_URL) || /\{[^}]+\}/.test(prefix))
    return prefix;
  return `${prefix}:{${queueName}}`;
}

export function cancelChannel(prefix: string, queueName: string): string {
  return `${prefix}:${queueName}:cancel`;
}

function waitersKey(prefix: string, queueName: string, jobId: string): string {
  return `${prefix}:${queueName}:waiters:${jobId}`;
}

/**
 * Counts a process in (+1) or out (-1) of a job's waiters and returns the new count, in one script: a single
 * command, so it joins the connection's auto-pipeline (a MULTI goes out on its own), and atomic, so the count
 * never lingers without its expiry. A count that reaches zero is deleted.
 */
const WAITERS_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if n <= 0 then redis.call('DEL', KEYS[1]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return n`;

/** The producer connection once `grundyWaiters` (WAITERS_SCRIPT) is defined on it. */
interface WaitersClient {
  grundyWaiters(key: string, delta: number, ttlMs: number): Promise<number>;
}

function withWaitersCommand(client: RedisLink['client']): WaitersClient {
  if (!('grundyWaiters' in client))
    client.defineCommand('grundyWaiters', { numberOfKeys: 1, lua: WAITERS_SCRIPT });
  return client as unknown as WaitersClient;
}

/** Keep a few finished jobs for Bull Board and debugging; the answers themselves live in the cache. */
export const keepCompleted = { age: 3600, count: 1000 } as const;
export const keepFailed = { age: 7 * 24 * 3600, count: 5000 } as const;

export function solveJobOptions(config: Config, jobId: string): JobsOptions {
  return {
    jobId,
    attempts: config.JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: keepCompleted,
    removeOnFail: keepFailed,
  };
}

/**
 * A batch job's options: a fresh id, retried as any job. A finished batch is not kept: its answers are in the
 * cache, question by question, and nobody looks a batch up (Bull Board keeps showing single jobs).
 */
export function batchJobOptions(config: Config, jobId: string): JobsOptions {
  return { ...solveJobOptions(config, jobId), removeOnComplete: true };
}

export type FailureCode = 'bad_input' | 'timeout' | 'cancelled';

/** A failed job's reason carries the kind of failure: `[bad_input] <the message for the user>`. */
export function encodeFailure(code: FailureCode, message: string): string {
  return `[${code}] ${message}`;
}

export function decodeFailure(reason: string): { code: FailureCode | undefined; message: string } {
  const match = /^\[(bad_input|timeout|cancelled)\] ([\s\S]*)$/.exec(reason);
  if (match === null) return { code: undefined, message: reason };
  return { code: match[1] as FailureCode, message: match[2] ?? '' };
}

/** The error a caller gets for a job that failed for good. */
export function errorFromFailure(reason: string, data: SolveJobData, jobId: string): Error {
  const { code, message } = decodeFailure(reason);
  switch (code) {
    case 'bad_input':
      return new InputError(message);
    case 'timeout':
      return new SolveTimeoutError(data.timeoutMs);
    case 'cancelled':
      return new SolveCancelledError();
    case undefined:
      return new Error(`Solve job ${jobId} failed: ${message}`);
  }
}

/** No worker finished the job within JOB_WAIT_MS. */
export class NoWorkerError extends ServiceUnavailableError {
  constructor(waitMs: number) {
    super(
      `No solver worker finished this job within ${Math.round(waitMs / 1000)} s. ` +
        'Is `grundy worker` running against the same REDIS_URL and QUEUE_NAME?',
    );
  }
}

/** How a job ended, as its waiting caller sees it. */
export type Outcome =
  | { readonly kind: 'completed'; readonly value: unknown }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'gone' };

const waitingStates = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children', 'paused']);

export interface SolveQueueOptions {
  /** How often a waiting caller double-checks the job's state, in case an event was missed (default 5 s). */
  readonly pollMs?: number;
}

/** Logs a recurring error (every reconnect attempt of a blocking connection) at most once a minute. */
function throttledWarn(logger: Logger, what: string): (error: Error) => void {
  let last = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    logger.warn({ err: error }, what);
  };
}

export class SolveQueue {
  private closing: Promise<void> | undefined;
  /** QueueEvents also emits `<event>:<jobId>`; BullMQ's listener types only name the plain events. */
  private readonly bus: EventEmitter;

  private constructor(
    readonly queue: Queue<QueueData, QueueResult>,
    private readonly events: QueueEvents,
    /** QueueEvents' own cluster connection, closed after it (BullMQ opens and closes a standalone one). */
    private readonly eventsClient: { disconnect(): void } | undefined,
    private readonly producer: RedisLink,
    private readonly waiters: WaitersClient,
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly pollMs: number,
  ) {
    this.bus = events;
  }

  /** `producer` must be connected; the queue uses it (and does not close it), QueueEvents gets its own. */
  static async open(
    config: Config,
    logger: Logger,
    producer: RedisLink,
    metrics: Metrics,
    options: SolveQueueOptions = {},
  ): Promise<SolveQueue> {
    const prefix = queuePrefix(config, config.QUEUE_NAME);
    const queue = new Queue<QueueData, QueueResult>(config.QUEUE_NAME, {
      connection: producer.client,
      prefix,
    });
    const blocking = bullBlockingConnection(producer.url);
    const eventsClient = 'cluster' in blocking ? blocking.cluster : undefined;
    const events = new QueueEvents(config.QUEUE_NAME, { connection: eventsClient ?? blocking, prefix });
    queue.on('error', throttledWarn(logger, 'solve queue error'));
    events.on('error', throttledWarn(logger, 'queue events error'));
    const solveQueue = new SolveQueue(
      queue,
      events,
      eventsClient,
      producer,
      withWaitersCommand(producer.client),
      config,
      logger,
      metrics,
      options.pollMs ?? 5_000,
    );
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    } catch (error) {
      await solveQueue.close();
      throw producer.unavailable(error instanceof Error ? error : undefined);
    }
    return solveQueue;
  }

  /** Queues (or joins) the job for `data` and waits for its answer; `signal` is the flight's (see SingleFlight). */
  async run(
    game: AnyGame,
    data: SolveJobData,
    signal: AbortSignal,
    progress: (fraction: number) => void,
  ): Promise<StoredAnswer> {
    const { GRUNDY_PREFIX: prefix, QUEUE_NAME: queueName } = this.config;
    const jobId = jobIdFor(data.key, prefix);
    const waiters = waitersKey(prefix, queueName, jobId);
    const deadline = Date.now() + this.config.JOB_WAIT_MS;
    if (!this.producer.ready) throw this.producer.unavailable();
    // Settles true once this process's count is in. A caller may give up before the reply is back (on a
    // cluster the job's events and the count travel on different connections): the count is in all the same,
    // so leaving waits for it, takes it out, and stops the job if nobody else waits.
    let counted: Promise<boolean> | undefined;
    let stopJob = false;
    let answered = false;
    try {
      for (let round = 1; ; round++) {
        // The first round counts this process in while it queues the job: one round trip for both.
        const start = async (): Promise<'added' | 'joined'> => {
          if (round > 1) return this.ensureJob(jobId, data);
          const counting = this.waiters.grundyWaiters(waiters, 1, this.config.JOB_WAIT_MS);
          counted = counting.then(
            () => true,
            () => false,
          );
          const [, how] = await Promise.all([counting, this.ensureJob(jobId, data)]);
          return how;
        };
        const outcome = await this.waitForOutcome(jobId, start, signal, progress, deadline);
        if (outcome.kind === 'completed') {
          const answer = decodeAnswer(game, outcome.value);
          if (answer === undefined) {
            // Usually a worker running another release whose result shape differs (bump solverVersion).
            const problem = answerProblem(game, outcome.value);
            throw new Error(`Solve job ${jobId} returned an answer that fails validation: ${problem ?? '?'}`);
          }
          answered = true;
          return answer;
        }
        const cancelled = outcome.kind === 'gone' || decodeFailure(outcome.reason).code === 'cancelled';
        // Someone else gave up on the job just as we joined it: ask again.
        if (cancelled && round < 3 && !signal.aborted) continue;
        if (outcome.kind === 'gone')
          throw new ServiceUnavailableError('The solve job disappeared from the queue; please ask again.');
        throw errorFromFailure(outcome.reason, data, jobId);
      }
    } catch (error) {
      stopJob = error instanceof NoWorkerError || signal.reason instanceof SolveCancelledError;
      throw error;
    } finally {
      // With the answer in hand nobody needs the count's value: the answer does not wait for it to go.
      const left = counted === undefined ? undefined : this.countOut(counted, waiters);
      if (left !== undefined && !answered && stopJob && (await left) <= 0) {
        await this.cancelJob(jobId).catch((error: unknown) =>
          this.logger.warn({ err: error, jobId }, 'could not cancel job'),
        );
      }
    }
  }

  /**
   * Adds a job under a fresh `jobId` that only this call waits for (a batch: see batch.ts) and waits for how it
   * ends. No waiters count: nobody cancels it, its questions are quick. After JOB_WAIT_MS with no worker
   * finishing it, a job still waiting is dropped and NoWorkerError thrown.
   */
  async runOwn(jobId: string, name: string, data: QueueData, options: JobsOptions): Promise<Outcome> {
    if (!this.producer.ready) throw this.producer.unavailable();
    const deadline = Date.now() + this.config.JOB_WAIT_MS;
    const start = async (): Promise<'added'> => {
      await this.queue.add(name, data, options);
      return 'added';
    };
    try {
      return await this.waitForOutcome(jobId, start, new AbortController().signal, () => undefined, deadline);
    } catch (error) {
      if (error instanceof NoWorkerError)
        await this.cancelJob(jobId).catch((cause: unknown) =>
          this.logger.warn({ err: cause, jobId }, 'could not cancel job'),
        );
      throw error;
    }
  }

  /** Takes this process's count out of `key` once it is in; the count left (1 when unknown, or never in). */
  private async countOut(counted: Promise<boolean>, key: string): Promise<number> {
    if (!(await counted)) return 1;
    return this.waiters
      .grundyWaiters(key, -1, this.config.JOB_WAIT_MS)
      .then(Number)
      .catch(() => 1);
  }

  /**
   * Adds the job unless it is already queued, running or finished well; a finished failure (a timeout, a
   * cancellation, retries used up) is not an answer, so it is replaced. 'added' when this call queued it.
   *
   * Optimistic: whether the job's hash exists and the add itself go out together, in one round trip. BullMQ's
   * add does nothing to a job id that exists (it only emits `duplicated`), so when the job was there already
   * the add was a no-op and its state decides: a failed job is replaced, any other one is joined. (A job added
   * by someone else between the two commands is joined too: our listeners were in place before either.)
   */
  private async ensureJob(jobId: string, data: SolveJobData): Promise<'added' | 'joined'> {
    const options = solveJobOptions(this.config, jobId);
    const [existed] = await Promise.all([
      this.producer.client.exists(this.queue.toKey(jobId)),
      this.queue.add(data.gameId, data, options),
    ]);
    if (existed === 0) {
      this.metrics.jobsQueued.inc({ game: data.gameId });
      return 'added';
    }
    const state = await this.queue.getJobState(jobId);
    if (state !== 'unknown' && state !== 'failed') return 'joined';
    if (state === 'failed') {
      const existing = await this.queue.getJob(jobId);
      await existing?.remove().catch(() => undefined);
    }
    await this.queue.add(data.gameId, data, options);
    this.metrics.jobsQueued.inc({ game: data.gameId });
    return 'added';
  }

  private async stateOf(jobId: string): Promise<Outcome | undefined> {
    // State first: a job read before it finishes would carry no return value yet.
    const state = await this.queue.getJobState(jobId);
    if (state === 'unknown') return { kind: 'gone' };
    if (state !== 'completed' && state !== 'failed') return undefined;
    const job = await this.queue.getJob(jobId);
    if (job === undefined) return { kind: 'gone' };
    return state === 'completed'
      ? { kind: 'completed', value: job.returnvalue }
      : { kind: 'failed', reason: job.failedReason };
  }

  /**
   * Listens for the job's events, then `start`s it (queues or joins it). A job this call added cannot have
   * finished before the listeners were there, so only a joined one is looked at at once; after that the state is
   * looked at every `pollMs` in case an event was missed (QueueEvents reconnecting).
   */
  private waitForOutcome(
    jobId: string,
    start: () => Promise<'added' | 'joined'>,
    signal: AbortSignal,
    progress: (fraction: number) => void,
    deadline: number,
  ): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      let done = false;
      const names = {
        completed: `completed:${jobId}`,
        failed: `failed:${jobId}`,
        removed: `removed:${jobId}`,
        progress: `progress:${jobId}`,
      };
      const finish = (settle: () => void): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        signal.removeEventListener('abort', onAbort);
        this.bus.off(names.completed, onCompleted);
        this.bus.off(names.failed, onFailed);
        this.bus.off(names.removed, onRemoved);
        this.bus.off(names.progress, onProgress);
        settle();
      };
      const onCompleted = (args: { returnvalue: unknown }): void =>
        finish(() => resolve({ kind: 'completed', value: args.returnvalue }));
      const onFailed = (args: { failedReason: string }): void =>
        finish(() => resolve({ kind: 'failed', reason: args.failedReason }));
      const onRemoved = (): void => finish(() => resolve({ kind: 'gone' }));
      const onProgress = (args: { data: unknown }): void => {
        if (typeof args.data === 'number') progress(args.data);
      };
      const onAbort = (): void =>
        finish(() => reject(signal.reason instanceof Error ? signal.reason : new SolveCancelledError()));
      const check = (first: boolean): void => {
        this.stateOf(jobId).then(
          (outcome) => {
            if (outcome !== undefined) finish(() => resolve(outcome));
          },
          (error: unknown) => {
            // The first look must work (Redis is there); later ones may fail during an outage: events resume after it.
            if (first) finish(() => reject(this.unavailable(error)));
          },
        );
      };
      const timer = setTimeout(
        () => finish(() => reject(new NoWorkerError(this.config.JOB_WAIT_MS))),
        Math.max(0, deadline - Date.now()),
      );
      const poll = setInterval(() => check(false), this.pollMs);
      this.bus.on(names.completed, onCompleted);
      this.bus.on(names.failed, onFailed);
      this.bus.on(names.removed, onRemoved);
      this.bus.on(names.progress, onProgress);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      if (done) return;
      start().then(
        (how) => {
          if (how === 'joined') check(true);
        },
        (error: unknown) => finish(() => reject(this.unavailable(error))),
      );
    });
  }

  /** Nobody waits any more: drop a waiting job, or tell the worker running it to stop. */
  private async cancelJob(jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    if (job === undefined) return;
    const state = await job.getState();
    if (waitingStates.has(state)) {
      try {
        await job.remove();
        this.logger.info({ jobId }, 'removed a queued job nobody waits for');
        return;
      } catch {
        // It became active meanwhile: stop it instead.
      }
    } else if (state !== 'active') {
      return;
    }
    await this.producer.client.publish(
      cancelChannel(this.config.GRUNDY_PREFIX, this.config.QUEUE_NAME),
      jobId,
    );
    this.logger.info({ jobId }, 'asked workers to stop a job nobody waits for');
  }

  private unavailable(error: unknown): Error {
    if (!this.producer.ready || isConnectionError(error)) return this.producer.unavailable();
    return error instanceof Error ? error : new Error(String(error));
  }

  /** Runs a Redis operation; connection failures become the clear ServiceUnavailableError. */
  private async redis<T>(operation: () => Promise<T>): Promise<T> {
    if (!this.producer.ready) throw this.producer.unavailable();
    try {
      return await operation();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /** Job counts by state, for health and metrics. */
  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed');
  }

  /** Connected `grundy worker` processes (CLIENT LIST; undefined where the command is not allowed). */
  async workerCount(): Promise<number | undefined> {
    try {
      return (await this.queue.getWorkers()).length;
    } catch {
      return undefined;
    }
  }

  /** Idempotent; each step in its own try. The producer connection belongs to the caller. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await closeWithin(this.events.close(), this.events, this.producer.ready ? 5_000 : 500);
      } catch (error) {
        this.logger.debug({ err: error }, 'closing queue events');
      }
      this.eventsClient?.disconnect();
      try {
        await this.queue.close();
      } catch (error) {
        this.logger.debug({ err: error }, 'closing queue');
      }
    })();
    return this.closing;
  }
}
