/** Prometheus metrics (prom-client), one registry per process, served by `grundy serve` at /metrics. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly jobsQueued: Counter<'game'>;
  readonly jobsActive: Gauge<'game'>;
  readonly jobsCompleted: Counter<'game' | 'via'>;
  readonly jobsFailed: Counter<'game' | 'reason'>;
  readonly solveDuration: Histogram<'game' | 'via'>;
  readonly cacheHits: Counter<'game'>;
  readonly cacheMisses: Counter<'game'>;
  readonly interactions: Counter<'kind' | 'outcome'>;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'grundy_' });
  const registers = [registry];
  return {
    registry,
    jobsQueued: new Counter({
      name: 'grundy_jobs_queued_total',
      help: 'Questions put on the queue (a batch of quick ones counts each of its questions)',
      labelNames: ['game'],
      registers,
    }),
    jobsActive: new Gauge({
      name: 'grundy_jobs_active',
      help: 'Solves running now',
      labelNames: ['game'],
      registers,
    }),
    jobsCompleted: new Counter({
      name: 'grundy_jobs_completed_total',
      help: 'Solves that finished with an answer',
      labelNames: ['game', 'via'],
      registers,
    }),
    jobsFailed: new Counter({
      name: 'grundy_jobs_failed_total',
      help: 'Solves that failed (reason: bad_input, timeout, cancelled, unavailable, busy: refused while the solver threads were full, error)',
      labelNames: ['game', 'reason'],
      registers,
    }),
    solveDuration: new Histogram({
      name: 'grundy_solve_duration_seconds',
      help: 'Solver wall time per game',
      labelNames: ['game', 'via'],
      buckets: [0.001, 0.005, 0.02, 0.1, 0.25, 0.5, 1, 2, 5, 15, 60, 300],
      registers,
    }),
    cacheHits: new Counter({
      name: 'grundy_cache_hits_total',
      help: 'Answers served from the cache',
      labelNames: ['game'],
      registers,
    }),
    cacheMisses: new Counter({
      name: 'grundy_cache_misses_total',
      help: 'Cache look-ups that missed',
      labelNames: ['game'],
      registers,
    }),
    interactions: new Counter({
      name: 'grundy_interactions_total',
      help: 'Discord interactions handled',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
  };
}
