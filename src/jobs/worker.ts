/**
 * The consumer side of the solve queue: a BullMQ Worker whose processor only waits on the solver thread pool,
 * so its event loop stays free to renew job locks however long a solve takes. A worker killed mid-job stops
 * renewing its lock; another worker's stalled-job check then puts the job back in the queue.
 */
import { hostname } from 'node:os';
import { UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Config } from '../config.js';
import { InputError, SolveCancelledError, SolveTimeoutError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { parseParams } from '../core/params.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { StoredAnswer } from './answer.js';
import { RedisAnswerCache } from './cache.js';
import type { GameCatalog } from '../games/catalog.js';
import { loadCatalog } from '../load-catalog.js';
import { closeWithin, connectRedis, holdWrites, RedisLink, writesInOrder } from './connection.js';
import { downloadFile, type StagedFile } from './file-input.js';
import { QUICK_GUARD_MS, QuickGuard, solveAndStore } from './solve-step.js';
import { SolvePool } from './thread-pool.js';
import {
  BATCH_JOB_NAME,
  cancelChannel,
  encodeFailure,
  keepCompleted,
  keepFailed,
  queuePrefix,
  SolveBatchData,
  SolveJobData,
  type BatchAnswer,
  type FailureCode,
  type QueueData,
  type QueueResult,
} from './queue.js';

export interface SolveWorkerOptions {
  readonly metrics: Metrics;
  /** Jobs (and solver threads) at once; default WORKER_CONCURRENCY, else the CPU count. */
  readonly concurrency: number;
  readonly catalog?: GameCatalog;
}

export interface SolveWorker {
  readonly worker: Worker<QueueData, QueueResult>;
  readonly concurrency: number;
  /** Stops taking jobs, lets the active ones finish, then closes everything. Idempotent. */
  close(): Promise<void>;
  /** Like close, but ends running solves at once (their jobs are retried elsewhere as stalled). */
  forceClose(): Promise<void>;
}

/** Jobs a worker holds beyond one per solver thread, for quick jobs solved on its main thread. */
const QUICK_SLOTS = 16;

/** Counts free solver threads; waiters are served first come, first served. */
class Semaphore {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}

  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.free++;
    else next();
  }
}

function failureCode(error: unknown): FailureCode | undefined {
  if (error instanceof InputError) return 'bad_input';
  if (error instanceof SolveTimeoutError) return 'timeout';
  if (error instanceof SolveCancelledError) return 'cancelled';
  return undefined;
}

export async function createSolveWorker(
  config: Config,
  logger: Logger,
  options: SolveWorkerOptions,
): Promise<SolveWorker> {
  const url = config.REDIS_URL;
  if (url === undefined)
    throw new InputError('`grundy worker` needs REDIS_URL (e.g. redis://127.0.0.1:6379).', 'REDIS_URL');
  const { metrics, concurrency } = options;
  const catalog = options.catalog ?? (await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE));
  const link = await connectRedis(url, 'worker', logger, config.REDIS_CONNECT_TIMEOUT_MS);
  // In one Redis that holds the queue and the cache, the answer is written to the cache without waiting for it
  // (the job carries it back to the asker anyway): the write goes out on the connection BullMQ completes the job
  // on, just before that, and Redis runs a connection's commands in order, so whoever sees the job completed finds
  // it cached too. Held back until BullMQ has issued the completion too, the two leave in one write.
  // On a cluster (the key may live on another master) or a separate cache Redis, nothing orders the two, so the
  // job completes only once the write is done: an ask that sees the job finished must find the answer cached.
  const storeInOrder = config.CACHE_REDIS_URL === undefined && writesInOrder(link.client);
  const cache =
    config.CACHE_REDIS_URL === undefined
      ? new RedisAnswerCache(link, config.CACHE_TTL_SECONDS, logger, false, () => holdWrites(link.client))
      : new RedisAnswerCache(
          new RedisLink(config.CACHE_REDIS_URL, 'cache', logger, 'CACHE_REDIS_URL'),
          config.CACHE_TTL_SECONDS,
          logger,
          true,
        );
  const subscriber = new RedisLink(url, 'subscriber', logger);
  const pool = new SolvePool({ threads: concurrency, extraGamesModule: catalog.extraGamesModule });

  let closing: Promise<void> | undefined;
  let active = 0;
  const idleWaiters = new Set<() => void>();
  const idle = (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (active === 0) resolve();
      else idleWaiters.add(resolve);
    });

  /** Solves running or waiting in solver threads (quick ones run on this thread and are not counted). */
  let threaded = 0;
  /** Whether the last job fetched was a quick one. */
  let lastQuick = false;
  const quick = new QuickGuard((game, ms) =>
    logger.warn(
      { game: game.id, solveMs: Math.round(ms) },
      `quick ${game.id} solves keep taking over ${QUICK_GUARD_MS} ms; its jobs go to solver threads from now on`,
    ),
  );
  // BullMQ fetches one job per solver thread, as long as the jobs are costly ones. Once a quick job (solved on
  // this thread) comes, it fetches up to QUICK_SLOTS more, until a costly one comes again or the threads are all
  // taken. So at most QUICK_SLOTS costly jobs, fetched in the same burst as quick ones, wait here for a thread.
  const threads = new Semaphore(concurrency);
  const slots = concurrency + QUICK_SLOTS;
  const bull: { worker?: Worker<QueueData, QueueResult> } = {};
  const setSlots = (): void => {
    if (bull.worker !== undefined)
      bull.worker.concurrency = lastQuick && threaded < concurrency ? slots : concurrency;
  };

  const processJob = async (
    job: Job<QueueData, QueueResult>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<QueueResult> => {
    // A job fetched in the instant after a stop signal goes back to the queue for another worker.
    if (closing !== undefined) {
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (job.name === BATCH_JOB_NAME) return solveBatch(job);
    const parsed = SolveJobData.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(encodeFailure('bad_input', 'The job data is not a solve request.'));
    const data = parsed.data;
    // A worker from an older release may not know a new game; retrying lets a newer worker take the job.
    const game = catalog.resolveGame(data.gameId);
    // The asker looked in the cache just before queueing; a retried job may have been answered meanwhile.
    if (job.attemptsStarted > 1) {
      const cached = await cache.get(game, data.key);
      if (cached !== undefined) return cached;
    }
    const store = game.solverVersion === data.solverVersion;
    let params: unknown;
    try {
      params = data.file === undefined ? parseParams(game, data.params) : undefined;
    } catch (error) {
      throw new UnrecoverableError(
        encodeFailure('bad_input', error instanceof Error ? error.message : String(error)),
      );
    }
    if (data.file === undefined && quick.allows(game, params)) {
      if (!lastQuick) {
        lastQuick = true;
        setSlots();
      }
      return solveQuick(job, game, params, data, store);
    }
    lastQuick = false;
    threaded++;
    setSlots();
    // A costly job fetched with a burst of quick ones waits here for a thread; its time limit starts with it.
    await threads.acquire();
    active++;
    const log = logger.child({ jobId: job.id, game: game.id, attempt: job.attemptsStarted });
    log.info('solving');
    let staged: StagedFile | undefined;
    try {
      if (data.file !== undefined) {
        staged = await downloadFile(link.client, data.file.redisKey, data.file.bytes);
        if (staged === undefined)
          throw new UnrecoverableError(
            `The job's input (Redis key ${data.file.redisKey}) is gone or incomplete; the asker must send it again.`,
          );
      }
      if (!store)
        log.warn(
          { asked: data.solverVersion, have: game.solverVersion },
          'solver version differs; answer not cached',
        );
      // The thread validates the params again itself: they travel as they came.
      const answer = await solveAndStore({ pool, cache, metrics }, game, data.params, {
        key: data.key,
        timeoutMs: data.timeoutMs,
        via: 'worker',
        store,
        awaitStore: !storeInOrder,
        signal,
        file: staged?.path,
        onProgress: (fraction) => {
          job.updateProgress(fraction).catch(() => undefined);
        },
      });
      log.info({ solveMs: Math.round(answer.solveMs) }, 'solved');
      return answer;
    } catch (error) {
      throw settleFailure(error, log);
    } finally {
      await staged?.remove().catch((error: unknown) => log.warn({ err: error }, 'removing the input file'));
      threads.release();
      threaded--;
      setSlots();
      leave();
    }
  };

  /**
   * A batch of quick questions (batch.ts): each answered and cached as its own job would be, in order. A
   * question that fails says why in its place (bad input, a time limit: for good; anything else with no code,
   * so its asker asks it again on its own job); the batch itself fails only when it is not a batch at all.
   */
  const solveBatch = async (job: Job<QueueData, QueueResult>): Promise<BatchAnswer> => {
    const parsed = SolveBatchData.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(
        encodeFailure('bad_input', 'The job data is not a batch of solve requests.'),
      );
    if (!lastQuick) {
      lastQuick = true;
      setSlots();
    }
    active++;
    try {
      const batch = await Promise.all(
        parsed.data.batch.map(async (data) => {
          try {
            const { answer, cached } = await solveBatchItem(data, job.attemptsStarted > 1);
            return cached ? { cached: true as const } : { answer };
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const code = failureCode(error);
            if (code === undefined)
              logger.warn({ err: error, jobId: job.id, key: data.key }, 'a question of a batch failed');
            return { failed: code === undefined ? `not answered: ${message}` : encodeFailure(code, message) };
          }
        }),
      );
      if (logger.isLevelEnabled('debug'))
        logger.debug({ jobId: job.id, questions: batch.length }, 'batch answered');
      return { batch };
    } finally {
      leave();
    }
  };

  /**
   * One question of a batch, and whether its answer is in the cache (written before the job completes: see
   * storeInOrder). An error with no failure code means "ask it again on its own".
   */
  const solveBatchItem = async (
    data: SolveJobData,
    retried: boolean,
  ): Promise<{ answer: StoredAnswer; cached: boolean }> => {
    if (data.file !== undefined) throw new Error('a file is never batched');
    let game: AnyGame;
    try {
      game = catalog.resolveGame(data.gameId);
    } catch {
      // An older worker than the asker: its own job may reach a newer one.
      throw new Error(`this worker does not know the game ${data.gameId}`);
    }
    if (retried) {
      const answer = await cache.get(game, data.key);
      if (answer !== undefined) return { answer, cached: true };
    }
    let params: unknown;
    try {
      params = parseParams(game, data.params);
    } catch (error) {
      throw new InputError(error instanceof Error ? error.message : String(error));
    }
    const here = quick.allows(game, params);
    const store = game.solverVersion === data.solverVersion;
    if (!here) await threads.acquire();
    try {
      const answer = await solveAndStore({ pool, cache, metrics }, game, here ? params : data.params, {
        key: data.key,
        timeoutMs: data.timeoutMs,
        via: 'worker',
        store,
        awaitStore: !storeInOrder,
        here: here ? quick : undefined,
      });
      return { answer, cached: store };
    } finally {
      if (!here) threads.release();
    }
  };

  /** A quick job: solved on this thread, logged only at debug level (thousands of them a second). */
  const solveQuick = async (
    job: Job<QueueData, QueueResult>,
    game: AnyGame,
    params: unknown,
    data: SolveJobData,
    store: boolean,
  ): Promise<StoredAnswer> => {
    active++;
    try {
      const answer = await solveAndStore({ pool, cache, metrics }, game, params, {
        key: data.key,
        timeoutMs: data.timeoutMs,
        via: 'worker',
        store,
        awaitStore: !storeInOrder,
        here: quick,
      });
      if (logger.isLevelEnabled('debug'))
        logger.debug({ jobId: job.id, game: game.id, solveMs: answer.solveMs }, 'solved on the main thread');
      return answer;
    } catch (error) {
      throw settleFailure(
        error,
        logger.child({ jobId: job.id, game: game.id, attempt: job.attemptsStarted }),
      );
    } finally {
      leave();
    }
  };

  /** The error BullMQ gets: bad input, a time limit or a cancellation will not go better next time. */
  const settleFailure = (error: unknown, log: Logger): unknown => {
    const code = failureCode(error);
    if (code === undefined) log.warn({ err: error }, 'solve failed; it may be retried');
    else
      log.info(
        { code, reason: error instanceof Error ? error.message : String(error) },
        'solve failed for good',
      );
    if (code !== undefined && error instanceof Error)
      return new UnrecoverableError(encodeFailure(code, error.message));
    return error;
  };

  const leave = (): void => {
    if (--active === 0) {
      for (const wake of idleWaiters) wake();
      idleWaiters.clear();
    }
  };

  const worker = new Worker<QueueData, QueueResult>(config.QUEUE_NAME, processJob, {
    connection: link.client,
    prefix: queuePrefix(config, config.QUEUE_NAME),
    concurrency,
    name: `${hostname()}:${process.pid}`,
    lockDuration: config.JOB_LOCK_MS,
    stalledInterval: config.STALLED_INTERVAL_MS,
    maxStalledCount: 2,
    removeOnComplete: keepCompleted,
    removeOnFail: keepFailed,
    autorun: false,
  });
  bull.worker = worker;
  let lastError = 0;
  worker.on('error', (error) => {
    if (Date.now() - lastError < 60_000) return;
    lastError = Date.now();
    logger.warn({ err: error }, 'worker error');
  });
  worker.on('stalled', (jobId) =>
    logger.warn({ jobId }, 'job stalled (its worker died?); it goes back to the queue'),
  );

  const channel = cancelChannel(config.GRUNDY_PREFIX, config.QUEUE_NAME);
  subscriber.client.on('message', (from: string, jobId: string) => {
    if (from === channel && worker.cancelJob(jobId, 'cancelled: nobody waits for the answer'))
      logger.info({ jobId }, 'job cancelled');
  });
  // Awaited before the worker says it is ready, so that a job it takes can be cancelled from the start.
  const subscribed = subscriber.client.subscribe(channel).then(
    () => undefined,
    (error: unknown) => logger.warn({ err: error }, 'cannot subscribe to cancellations'),
  );

  const closeAll = (force: boolean): Promise<void> => {
    closing ??= (async () => {
      const steps: [string, () => Promise<unknown>][] = [
        // Waits for the active jobs; if Redis is away once they are done, stop waiting for it.
        ['worker', () => closeWithin(worker.close(force), worker, 2_000, idle())],
        ['solver threads', () => pool.close()],
        ['cancel subscriber', () => subscriber.close()],
        ['cache', () => cache.close()],
        ['redis', () => link.close()],
      ];
      for (const [what, step] of steps) {
        try {
          await step();
        } catch (error) {
          logger.warn({ err: error }, `closing ${what}`);
        }
      }
    })();
    return closing;
  };

  worker.run().catch((error: unknown) => logger.error({ err: error }, 'worker stopped'));
  try {
    await worker.waitUntilReady();
    await subscribed;
  } catch (error) {
    await closeAll(true);
    throw link.unavailable(error instanceof Error ? error : undefined);
  }
  return {
    worker,
    concurrency,
    close: () => closeAll(false),
    forceClose: async () => {
      // Ending the threads makes the running jobs fail fast; force-closing BullMQ leaves them to the stalled check.
      await Promise.all([pool.close(), closeAll(true)]);
    },
  };
}
