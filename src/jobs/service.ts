/**
 * The one thing the bot and the CLI call: validate -> canonical key -> cache -> solve -> cache -> answer.
 * Cheap solves run inline in this process's solver threads; costly ones (estimateCostMs > INLINE_COST_MS) go to
 * the BullMQ queue when REDIS_URL is set, as a job whose id is the canonical key. Without REDIS_URL everything
 * runs in this process: solver threads and an in-memory LRU cache, no setup needed.
 * The solver threads form two lanes of their own (SolverLanes): quick questions never wait behind costly ones,
 * which without Redis run in this process too (a stranger's two hard octal codes must not hold up everyone's
 * `/seagm 2 6 3` for minutes).
 * Identical questions asked at once in one process share one run (SingleFlight); across processes they share
 * one queued job. A file (an attachment for a game's `solveStream`) takes the same road by reference: see
 * file-input.ts for where its bytes wait and how big they may be.
 */
import { availableParallelism } from 'node:os';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import type { Config } from '../config.js';
import { canonicalKey, keyFromHash } from '../core/canonical.js';
import { GrundyError, InputError, ServiceUnavailableError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { parseParams } from '../core/params.js';
import type { Logger } from '../log.js';
import { createMetrics, type Metrics } from '../metrics.js';
import type { StoredAnswer } from './answer.js';
import { MemoryAnswerCache, RedisAnswerCache, type AnswerCache } from './cache.js';
import type { GameCatalog } from '../games/catalog.js';
import { loadCatalog } from '../load-catalog.js';
import { connectRedis, RedisLink } from './connection.js';
import {
  FILE_INPUT_REDIS_MAX_BYTES,
  inputKey,
  stageFile,
  uploadFile,
  type StagedFile,
} from './file-input.js';
import { failureReason, QUICK_COST_MS, solveAndStore } from './solve-step.js';
import { busyState, SolvePool } from './thread-pool.js';
import { SolveQueue } from './queue.js';
import { SolveBatcher } from './batch.js';
import { SingleFlight } from './single-flight.js';
import { WorkerWatch } from './worker-watch.js';
import type { HealthReport, SolveAnswer, SolveOptions, SolveService } from './types.js';

export interface SolveServiceDeps {
  /** Where to count; a private registry without default metrics when omitted. */
  readonly metrics?: Metrics;
  /** The games served; default: the registry plus GRUNDY_EXTRA_GAMES_MODULE. */
  readonly catalog?: GameCatalog;
  /** How often a caller waiting on a queued job double-checks its state (default 5 s). */
  readonly pollMs?: number;
}

type Via = 'inline' | 'queue';

/** Solves estimated below this report no progress (the solver thread would not post any within it). */
const PROGRESS_MIN_COST_MS = 100;

/** Chooses the driver by REDIS_URL. With Redis down it fails at once with a ServiceUnavailableError saying so. */
export async function createSolveService(
  config: Config,
  logger: Logger,
  deps: SolveServiceDeps = {},
): Promise<SolveService> {
  const metrics = deps.metrics ?? createMetrics({ defaultMetrics: false });
  const catalog = deps.catalog ?? (await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE));
  const laneOptions = {
    threads: config.WORKER_CONCURRENCY ?? availableParallelism(),
    extraGamesModule: catalog.extraGamesModule,
  };
  // Each lane starts its threads on first use: with Redis the costly lane serves only files too big for it.
  // Only costly questions may be refused as busy: quick ones wait, briefly.
  const lanes: SolverLanes = {
    quick: new SolvePool(laneOptions),
    costly: new SolvePool({ ...laneOptions, maxWaiting: config.SOLVE_BACKLOG_MAX, busyText: costlyBusyText }),
  };
  const log = logger.child({ component: 'solve-service' });
  if (config.REDIS_URL === undefined) {
    const cache = new MemoryAnswerCache(config.CACHE_MAX_ENTRIES, config.CACHE_TTL_SECONDS);
    log.debug('solving in-process (no REDIS_URL)');
    return new Service(config, log, metrics, catalog, lanes, cache, undefined);
  }
  const producer = await connectRedis(config.REDIS_URL, 'producer', log, config.REDIS_CONNECT_TIMEOUT_MS);
  let cache: RedisAnswerCache | undefined;
  try {
    cache =
      config.CACHE_REDIS_URL === undefined
        ? new RedisAnswerCache(producer, config.CACHE_TTL_SECONDS, log, false)
        : new RedisAnswerCache(
            new RedisLink(config.CACHE_REDIS_URL, 'cache', log, 'CACHE_REDIS_URL'),
            config.CACHE_TTL_SECONDS,
            log,
            true,
          );
    const queue = await SolveQueue.open(
      config,
      log,
      producer,
      metrics,
      deps.pollMs === undefined ? {} : { pollMs: deps.pollMs },
    );
    const batcher = new SolveBatcher(queue, config, metrics, cache);
    return new Service(config, log, metrics, catalog, lanes, cache, { queue, producer, batcher });
  } catch (error) {
    await cache?.close().catch(() => undefined);
    await producer.close();
    await Promise.all([lanes.quick.close(), lanes.costly.close()]);
    throw error;
  }
}

/** One run per question and route in this process (SingleFlight's key). */
function flightKey(via: Via, key: string): string {
  return `${via}:${key}`;
}

function costlyBusyText(threads: number, maxWaiting: number): string {
  const state = busyState(threads, maxWaiting, ' for big questions', 'big question');
  return `Grundy is busy: ${state}. Ask again in a few minutes; small questions are still answered at once.`;
}

/**
 * Solver threads in two lanes, each with up to WORKER_CONCURRENCY (or one per core) threads: `quick` for
 * questions estimated at most INLINE_COST_MS, `costly` for the rest and for files, at most SOLVE_BACKLOG_MAX of
 * them waiting (one more is refused as busy). The threads of both may run at once; the system shares the cores
 * between them, so a quick answer takes longer while costly ones run, but never waits for them to end.
 */
interface SolverLanes {
  readonly quick: SolvePool;
  readonly costly: SolvePool;
}

class Service implements SolveService {
  private readonly flights = new SingleFlight<StoredAnswer>();
  private closing: Promise<void> | undefined;
  /** When noteBusy last logged (ms since the epoch). */
  private busySaidAt = Number.NEGATIVE_INFINITY;
  private readonly queueGauge: string | undefined;
  private readonly workerWatch: WorkerWatch;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly catalog: GameCatalog,
    private readonly lanes: SolverLanes,
    private readonly cache: AnswerCache,
    private readonly redis:
      | { readonly queue: SolveQueue; readonly producer: RedisLink; readonly batcher: SolveBatcher }
      | undefined,
  ) {
    this.queueGauge = redis === undefined ? undefined : this.registerQueueGauge(redis.queue);
    this.workerWatch = new WorkerWatch(config.HEALTH_WORKER_GRACE_MS);
  }

  get queues(): readonly Queue[] {
    return this.redis === undefined ? [] : [this.redis.queue.queue];
  }

  async solve(gameId: string, candidate: unknown, options: SolveOptions = {}): Promise<SolveAnswer> {
    if (this.closing !== undefined) throw new ServiceUnavailableError('The solve service is shutting down.');
    const game = this.catalog.resolveGame(gameId);
    const params: unknown = parseParams(game, candidate);
    const key = canonicalKey(game.id, game.solverVersion, params, this.config.GRUNDY_PREFIX);
    const cached = await this.lookup(game, key);
    if (cached !== undefined) return this.answer(game, params, key, cached, 'cache');
    const estimateMs = game.estimateCostMs(params);
    const via: Via = this.route(estimateMs);
    const answer = await this.flights.run(
      flightKey(via, key),
      (signal, progress) => this.fresh(game, { params, estimateMs }, key, via, signal, progress),
      { signal: options.signal, onProgress: options.onProgress },
    );
    return this.answer(game, params, key, answer, via);
  }

  async solveFile(
    gameId: string,
    chunks: AsyncIterable<Uint8Array>,
    options: SolveOptions = {},
  ): Promise<SolveAnswer> {
    if (this.closing !== undefined) throw new ServiceUnavailableError('The solve service is shutting down.');
    const game = this.catalog.resolveGame(gameId);
    if (game.solveStream === undefined)
      throw new InputError(`${game.id} does not read its input from a file.`);
    const staged = await stageFile(chunks);
    try {
      const key = keyFromHash(game.id, game.solverVersion, staged.hash, this.config.GRUNDY_PREFIX);
      const cached = await this.lookup(game, key);
      if (cached !== undefined) return this.answer(game, undefined, key, cached, 'cache');
      // Larger files than Redis carries for a worker are solved here (file-input.ts).
      const via: Via =
        staged.bytes <= FILE_INPUT_REDIS_MAX_BYTES ? this.route(Number.POSITIVE_INFINITY) : 'inline';
      // Each asker has its own temporary file, so runs are shared across processes (one job) but not here.
      const answer = await this.flights.run(
        `${via}:${key}:${staged.path}`,
        (signal, progress) => this.fresh(game, { file: staged }, key, via, signal, progress),
        { signal: options.signal, onProgress: options.onProgress },
      );
      return this.answer(game, undefined, key, answer, via);
    } finally {
      await staged
        .remove()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'removing an input file'));
    }
  }

  /** Busy refusals, told to the operator at most once a minute (each is counted: jobs failed, reason busy). */
  private noteBusy(): void {
    const now = Date.now();
    if (now - this.busySaidAt < 60_000) return;
    this.busySaidAt = now;
    this.logger.warn(
      { backlogMax: this.config.SOLVE_BACKLOG_MAX },
      'refusing big questions as busy: the costly solver threads are all taken and SOLVE_BACKLOG_MAX wait ' +
        '(set REDIS_URL and run `grundy worker` processes to take more)',
    );
  }

  /** The cached answer for `key`, counted as a hit or a miss. */
  private async lookup(game: AnyGame, key: string): Promise<StoredAnswer | undefined> {
    const cached = await this.cache.get(game, key);
    (cached === undefined ? this.metrics.cacheMisses : this.metrics.cacheHits).inc({ game: game.id });
    return cached;
  }

  busyFor(gameId: string, candidate: unknown): string | undefined {
    const busy = this.lanes.costly.busyText();
    if (busy === undefined || this.closing !== undefined) return undefined;
    try {
      const game = this.catalog.resolveGame(gameId);
      const params: unknown = parseParams(game, candidate);
      const estimateMs = game.estimateCostMs(params);
      if (this.route(estimateMs) === 'queue' || this.laneFor(estimateMs) !== this.lanes.costly)
        return undefined;
      const key = canonicalKey(game.id, game.solverVersion, params, this.config.GRUNDY_PREFIX);
      return this.flights.has(flightKey('inline', key)) ? undefined : busy;
    } catch {
      return undefined; // solve says what is wrong with the question
    }
  }

  /** The lane of this process's solver threads that a question of this cost runs in here. */
  private laneFor(estimateMs: number): SolvePool {
    return estimateMs > this.config.INLINE_COST_MS ? this.lanes.costly : this.lanes.quick;
  }

  route(estimateMs: number): Via {
    return this.redis !== undefined && estimateMs > this.config.INLINE_COST_MS ? 'queue' : 'inline';
  }

  /** One run shared by everyone asking `key` now; counted once in the metrics. */
  private async fresh(
    game: AnyGame,
    input: { readonly params: unknown; readonly estimateMs: number } | { readonly file: StagedFile },
    key: string,
    via: Via,
    signal: AbortSignal,
    progress: (fraction: number) => void,
  ): Promise<StoredAnswer> {
    const labels = { game: game.id };
    const params = 'params' in input ? input.params : undefined;
    const file = 'file' in input ? input.file : undefined;
    if (via === 'inline' || this.redis === undefined) {
      // A progress channel costs a third of a tiny solve's overhead; only long solves report progress anyway.
      // A file is costly whatever its size: it is not read until a solver thread streams it.
      const estimateMs = 'estimateMs' in input ? input.estimateMs : Number.POSITIVE_INFINITY;
      const onProgress = estimateMs >= PROGRESS_MIN_COST_MS ? progress : undefined;
      const lane = this.laneFor(estimateMs);
      try {
        const step = { pool: lane, cache: this.cache, metrics: this.metrics };
        return await solveAndStore(step, game, params, {
          file: file?.path,
          key,
          timeoutMs: this.config.JOB_TIMEOUT_MS,
          via: 'inline',
          store: true,
          signal,
          onProgress,
        });
      } catch (error) {
        if (error instanceof ServiceUnavailableError && error.busy) this.noteBusy();
        else if (!(error instanceof GrundyError))
          this.logger.error({ err: error, game: game.id, key, via }, 'solve failed');
        throw error;
      }
    }
    // Queued: the worker solves, stores and counts its part (solve-step.ts); this process counts the wait.
    const client = this.redis.producer.client;
    const redisKey = file === undefined ? undefined : inputKey(this.config.GRUNDY_PREFIX, file.hash);
    try {
      if (file !== undefined && redisKey !== undefined)
        await uploadFile(client, redisKey, file, this.config.JOB_WAIT_MS);
      const data = {
        gameId: game.id,
        solverVersion: game.solverVersion,
        params: file === undefined ? params : null,
        key,
        timeoutMs: this.config.JOB_TIMEOUT_MS,
        ...(file === undefined || redisKey === undefined ? {} : { file: { redisKey, bytes: file.bytes } }),
      };
      // A question the worker answers at once may share a job with others asked at the same moment (batch.ts).
      const quick = 'estimateMs' in input && input.estimateMs <= QUICK_COST_MS;
      const answer = await (quick ? this.redis.batcher : this.redis.queue).run(game, data, signal, progress);
      this.metrics.jobsCompleted.inc({ ...labels, via });
      this.metrics.solveDuration.observe({ ...labels, via }, answer.solveMs / 1000);
      return answer;
    } catch (error) {
      this.metrics.jobsFailed.inc({ ...labels, reason: failureReason(error) });
      if (!(error instanceof GrundyError))
        this.logger.error({ err: error, game: game.id, key, via }, 'solve failed');
      throw error;
    } finally {
      if (redisKey !== undefined)
        await client
          .del(redisKey)
          .catch((error: unknown) => this.logger.warn({ err: error }, 'removing an input key'));
    }
  }

  async cachedAnswer(gameId: string, hash: string): Promise<SolveAnswer | undefined> {
    if (this.closing !== undefined || !/^[0-9a-f]{40}$/.test(hash)) return undefined;
    const game = this.catalog.games.find((g) => g.id === gameId);
    if (game === undefined) return undefined;
    const key = keyFromHash(game.id, game.solverVersion, hash, this.config.GRUNDY_PREFIX);
    const stored = await this.cache.get(game, key);
    return stored === undefined ? undefined : this.answer(game, undefined, key, stored, 'cache');
  }

  private answer(
    game: AnyGame,
    params: unknown,
    key: string,
    stored: StoredAnswer,
    via: SolveAnswer['via'],
  ): SolveAnswer {
    return {
      gameId: game.id,
      params,
      result: stored.result,
      explanation: stored.explanation,
      key,
      fromCache: via === 'cache',
      solveMs: stored.solveMs,
      via,
      ...(stored.inputSummary === undefined ? {} : { inputSummary: stored.inputSummary }),
    };
  }

  async health(): Promise<HealthReport> {
    if (this.redis === undefined) return { ok: this.closing === undefined, redis: 'not configured' };
    const { producer, queue } = this.redis;
    if (!producer.ready) return this.redisDown(producer.unavailable());
    try {
      const [counts, workers] = await Promise.all([queue.counts(), queue.workerCount()]);
      const waiting = (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0) + (counts['delayed'] ?? 0);
      const workerText = workers === undefined ? 'workers unknown' : `${workers} worker connection(s)`;
      const degraded = this.workerWatch.observe(workers, waiting);
      return {
        ok: degraded === undefined,
        redis: 'up',
        detail: `${workerText}; ${waiting} job(s) waiting, ${counts['active'] ?? 0} active`,
        ...(degraded === undefined ? {} : { degraded }),
      };
    } catch (error) {
      return this.redisDown(producer.unavailable(error instanceof Error ? error : undefined));
    }
  }

  /** Health says Redis is down without where it is (the log says where). */
  private redisDown(error: ServiceUnavailableError): HealthReport {
    this.logger.warn({ reason: error.message }, 'health check: Redis is unreachable');
    return { ok: false, redis: 'down', detail: error.publicText ?? 'Redis is unreachable' };
  }

  /** `grundy_queue_jobs{state}`, read from Redis at scrape time (skipped if the registry already has one). */
  private registerQueueGauge(queue: SolveQueue): string | undefined {
    const name = 'grundy_queue_jobs';
    const registry = this.metrics.registry;
    if (registry.getSingleMetric(name) !== undefined) return undefined;
    const states = ['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'];
    new Gauge({
      name,
      help: 'Solve jobs in the queue by state (read from Redis when scraped)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        try {
          const counts = await queue.counts();
          for (const state of states) this.set({ state }, counts[state] ?? 0);
        } catch {
          // Redis away: keep the last values; the health check says why.
        }
      },
    });
    return name;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const steps: [string, () => Promise<unknown>][] = [
        [
          'flights',
          () => this.flights.abortAll(new ServiceUnavailableError('The solve service is shutting down.')),
        ],
        ['queue', () => this.redis?.queue.close() ?? Promise.resolve()],
        ['solver threads', () => Promise.all([this.lanes.quick.close(), this.lanes.costly.close()])],
        ['cache', () => this.cache.close()],
        ['redis', () => this.redis?.producer.close() ?? Promise.resolve()],
      ];
      for (const [what, step] of steps) {
        try {
          await step();
        } catch (error) {
          this.logger.warn({ err: error }, `closing ${what}`);
        }
      }
      if (this.queueGauge !== undefined) this.metrics.registry.removeSingleMetric(this.queueGauge);
    })();
    return this.closing;
  }
}
