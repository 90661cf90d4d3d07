/**
 * The one thing the bot and the CLI call: validate -> canonical key -> cache -> solve -> cache -> answer.
 * Cheap solves run inline in this process's solver threads; costly ones (estimateCostMs > INLINE_COST_MS) go to
 * the BullMQ queue when REDIS_URL is set, as a job whose id is the canonical key. Without REDIS_URL everything
 * runs in this process: solver threads and an in-memory LRU cache, no setup needed.
 * Identical questions asked at once in one process share one run (SingleFlight); across processes they share
 * one queued job.
 */
import { availableParallelism } from 'node:os';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import type { Config } from '../config.js';
import { canonicalKey } from '../core/canonical.js';
import { GrundyError, ServiceUnavailableError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { parseParams } from '../core/params.js';
import type { Logger } from '../log.js';
import { createMetrics, type Metrics } from '../metrics.js';
import type { StoredAnswer } from './answer.js';
import { MemoryAnswerCache, RedisAnswerCache, type AnswerCache } from './cache.js';
import type { GameCatalog } from '../games/catalog.js';
import { loadCatalog } from '../load-catalog.js';
import { connectRedis, RedisLink } from './connection.js';
import { SolvePool } from './thread-pool.js';
import { SolveQueue } from './queue.js';
import { SingleFlight } from './single-flight.js';
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
  const pool = new SolvePool({
    threads: config.WORKER_CONCURRENCY ?? availableParallelism(),
    extraGamesModule: catalog.extraGamesModule,
  });
  const log = logger.child({ component: 'solve-service' });
  if (config.REDIS_URL === undefined) {
    const cache = new MemoryAnswerCache(config.CACHE_MAX_ENTRIES, config.CACHE_TTL_SECONDS);
    log.debug('solving in-process (no REDIS_URL)');
    return new Service(config, log, metrics, catalog, pool, cache, undefined);
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
    return new Service(config, log, metrics, catalog, pool, cache, { queue, producer });
  } catch (error) {
    await cache?.close().catch(() => undefined);
    await producer.close();
    await pool.close();
    throw error;
  }
}

function failureReason(error: unknown): string {
  return error instanceof GrundyError ? error.code : 'error';
}

class Service implements SolveService {
  private readonly flights = new SingleFlight<StoredAnswer>();
  private closing: Promise<void> | undefined;
  private readonly queueGauge: string | undefined;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly catalog: GameCatalog,
    private readonly pool: SolvePool,
    private readonly cache: AnswerCache,
    private readonly redis: { readonly queue: SolveQueue; readonly producer: RedisLink } | undefined,
  ) {
    this.queueGauge = redis === undefined ? undefined : this.registerQueueGauge(redis.queue);
  }

  get queues(): readonly Queue[] {
    return this.redis === undefined ? [] : [this.redis.queue.queue];
  }

  async solve(gameId: string, candidate: unknown, options: SolveOptions = {}): Promise<SolveAnswer> {
    if (this.closing !== undefined) throw new ServiceUnavailableError('The solve service is shutting down.');
    const game = this.catalog.resolveGame(gameId);
    const params: unknown = parseParams(game, candidate);
    const key = canonicalKey(game.id, game.solverVersion, params, this.config.GRUNDY_PREFIX);
    const labels = { game: game.id };
    const cached = await this.cache.get(game, key);
    if (cached !== undefined) {
      this.metrics.cacheHits.inc(labels);
      return this.answer(game, params, key, cached, 'cache');
    }
    this.metrics.cacheMisses.inc(labels);
    const via: Via =
      this.redis !== undefined && game.estimateCostMs(params) > this.config.INLINE_COST_MS
        ? 'queue'
        : 'inline';
    const answer = await this.flights.run(
      `${via}:${key}`,
      (signal, progress) => this.fresh(game, params, key, via, signal, progress),
      { signal: options.signal, onProgress: options.onProgress },
    );
    return this.answer(game, params, key, answer, via);
  }

  /** One run shared by everyone asking `key` now; counted once in the metrics. */
  private async fresh(
    game: AnyGame,
    params: unknown,
    key: string,
    via: Via,
    signal: AbortSignal,
    progress: (fraction: number) => void,
  ): Promise<StoredAnswer> {
    const labels = { game: game.id };
    try {
      let answer: StoredAnswer;
      if (via === 'queue' && this.redis !== undefined) {
        const data = {
          gameId: game.id,
          solverVersion: game.solverVersion,
          params,
          key,
          timeoutMs: this.config.JOB_TIMEOUT_MS,
        };
        answer = await this.redis.queue.run(game, data, signal, progress);
      } else {
        this.metrics.jobsActive.inc(labels);
        // A progress channel costs a third of a tiny solve's overhead; only long solves report progress anyway.
        const onProgress = game.estimateCostMs(params) >= PROGRESS_MIN_COST_MS ? progress : undefined;
        try {
          answer = await this.pool.run(game.id, params, {
            timeoutMs: this.config.JOB_TIMEOUT_MS,
            signal,
            onProgress,
          });
        } finally {
          this.metrics.jobsActive.dec(labels);
        }
        await this.cache.set(key, answer);
      }
      this.metrics.jobsCompleted.inc({ ...labels, via });
      this.metrics.solveDuration.observe({ ...labels, via }, answer.solveMs / 1000);
      return answer;
    } catch (error) {
      this.metrics.jobsFailed.inc({ ...labels, reason: failureReason(error) });
      if (!(error instanceof GrundyError))
        this.logger.error({ err: error, game: game.id, key, via }, 'solve failed');
      throw error;
    }
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
    };
  }

  async health(): Promise<HealthReport> {
    if (this.redis === undefined) return { ok: this.closing === undefined, redis: 'not configured' };
    const { producer, queue } = this.redis;
    if (!producer.ready) return { ok: false, redis: 'down', detail: producer.unavailable().message };
    try {
      const [counts, workers] = await Promise.all([queue.counts(), queue.workerCount()]);
      const waiting = (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0) + (counts['delayed'] ?? 0);
      const workerText = workers === undefined ? 'workers unknown' : `${workers} worker connection(s)`;
      return {
        ok: true,
        redis: 'up',
        detail: `${workerText}; ${waiting} job(s) waiting, ${counts['active'] ?? 0} active`,
      };
    } catch (error) {
      return {
        ok: false,
        redis: 'down',
        detail: producer.unavailable(error instanceof Error ? error : undefined).message,
      };
    }
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
        ['solver threads', () => this.pool.close()],
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
