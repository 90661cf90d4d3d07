/**
 * The only reader of process.env (and of `.env`): every setting, parsed once with zod, with defaults that need
 * no setup.
 */
import { z } from 'zod';
import { InputError } from './core/errors.js';

/** Reading `.env` needs no zod, so the CLI's entry imports it from ./env-file.ts directly. */
export { readEnvironment } from './env-file.js';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');

/** The most questions one queued batch job carries (QUEUE_BATCH_MAX's upper bound; src/jobs/batch.ts). */
export const QUEUE_BATCH_LIMIT = 64;

const intIn = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const ConfigSchema = z.object({
  /**
   * BullMQ + cache Redis; unset = everything in one process. `redis+cluster://host:port,host:port` (seed nodes)
   * names a Redis Cluster (jobs/connection.ts).
   */
  REDIS_URL: optionalText,
  /** Optional separate Redis (or database, e.g. redis://host:6379/1) for the cache, so it may evict. */
  CACHE_REDIS_URL: optionalText,
  /** How long answers stay cached (both drivers); 0 = no expiry (for a cache Redis that evicts, allkeys-lru). */
  CACHE_TTL_SECONDS: intIn(0, 365 * 24 * 3600, 7 * 24 * 3600),
  /** Prefix of every Redis key and the queue (on a Redis Cluster, hash tags are added per queue and store). */
  GRUNDY_PREFIX: z.string().trim().min(1).default('grundy'),
  QUEUE_NAME: z.string().trim().min(1).default('solve'),
  /**
   * Quick questions asked at once go to the workers together, up to this many in one job (src/jobs/batch.ts);
   * 1 sends each in a job of its own.
   */
  QUEUE_BATCH_MAX: intIn(1, QUEUE_BATCH_LIMIT, 32),
  /** Jobs estimated above this many CPU ms go to the queue (when REDIS_URL is set). */
  INLINE_COST_MS: intIn(0, 3_600_000, 100),
  JOB_TIMEOUT_MS: intIn(1_000, 24 * 3600 * 1000, 10 * 60 * 1000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * Costly questions a process may hold waiting for its own solver threads (no REDIS_URL, or a file too big for
   * Redis); one more is refused at once as busy instead of waiting out JOB_TIMEOUT_MS.
   */
  SOLVE_BACKLOG_MAX: intIn(0, 100_000, 64),
  /** Tries per queued job for transient failures (a crashed thread, a lost lock); bad input is never retried. */
  JOB_ATTEMPTS: intIn(1, 20, 3),
  /** How long a caller waits for a queued job (queue time included) before giving up. */
  JOB_WAIT_MS: intIn(1_000, 24 * 3600 * 1000, 15 * 60 * 1000),
  /** A worker's lock on its job; a killed worker's job is retried about this long after its last renewal. */
  JOB_LOCK_MS: intIn(1_000, 3_600_000, 30_000),
  /** How often workers look for jobs whose worker died (stalled jobs). */
  STALLED_INTERVAL_MS: intIn(500, 3_600_000, 30_000),
  /** /healthz turns degraded when jobs wait and no worker has been seen for this long. */
  HEALTH_WORKER_GRACE_MS: intIn(1_000, 3_600_000, 60_000),
  /** Start-up: how long to wait for Redis before failing with a clear message. */
  REDIS_CONNECT_TIMEOUT_MS: intIn(100, 120_000, 5_000),
  /** In-process cache (no REDIS_URL): how many answers to keep. */
  CACHE_MAX_ENTRIES: intIn(1, 1_000_000, 1_000),
  /** Plugin hook: an ES module exporting `games` (GameDefinition[]) that the solve service and workers also serve. */
  GRUNDY_EXTRA_GAMES_MODULE: optionalText,
  /** `grundy worker`: serve Prometheus metrics on this port (unset = off). */
  WORKER_METRICS_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65_535).optional(),
  ),
  BULL_BOARD: flag,
  /** Bull Board's own listener, never the public one; loopback unless credentials are set. */
  ADMIN_HOST: z.string().trim().min(1).default('127.0.0.1'),
  ADMIN_PORT: intIn(0, 65_535, 9090),
  /** Basic-auth credentials for the admin listener (both or neither); required off loopback. Secret. */
  BULL_BOARD_USER: optionalText,
  BULL_BOARD_PASSWORD: optionalText,
  DISCORD_TOKEN: optionalText,
  DISCORD_APPLICATION_ID: optionalText,
  DISCORD_PUBLIC_KEY: optionalText,
  DISCORD_API_BASE: z.string().trim().url().default('https://discord.com/api'),
  /** How long an interaction token may be used (Discord: 15 minutes); shortened in tests. */
  INTERACTION_TOKEN_TTL_MS: intIn(1_000, 15 * 60 * 1000, 15 * 60 * 1000),
  RATE_LIMIT_PER_MINUTE: intIn(0, 10_000, 20),
  /** Reverse proxies in front of `serve`: the API's rate limit reads the client address from X-Forwarded-For. */
  TRUST_PROXY_HOPS: intIn(0, 10, 0),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: intIn(0, 65_535, 8080),
  /** Longest a whole request (headers and body) may take; Discord sends a few kB at once. */
  HTTP_REQUEST_TIMEOUT_MS: intIn(500, 300_000, 10_000),
  /** Longest the request headers may take to arrive. */
  HTTP_HEADERS_TIMEOUT_MS: intIn(500, 300_000, 5_000),
  /** How long an idle keep-alive connection stays open. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intIn(100, 300_000, 5_000),
  /** Open connections at most; further ones are closed at once. */
  HTTP_MAX_CONNECTIONS: intIn(1, 1_000_000, 1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses settings from an environment (process.env by default); a bad value is an InputError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    // An empty value (as in a copied .env.example) means "not set", so the default applies.
    Object.keys(ConfigSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === '' ? [] : [[key, value]];
    }),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    throw new InputError(
      `Bad configuration:\n${z.prettifyError(parsed.error)}\nSee .env.example for every variable.`,
    );
  }
  return parsed.data;
}
