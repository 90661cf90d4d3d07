/**
 * Redis connections, one set of ioredis options per role, as the BullMQ production guide asks:
 * producers fail fast while Redis is away (the caller hears "unavailable" instead of hanging), while workers,
 * QueueEvents and subscribers wait out an outage (`maxRetriesPerRequest: null`, offline queue on).
 * Every role reconnects forever.
 *
 * A Redis Cluster is named by the scheme `redis+cluster://` (or `rediss+cluster://` for TLS) with one or more
 * seed nodes, e.g. `REDIS_URL=redis+cluster://:password@10.0.0.1:7000,10.0.0.2:7000`; the client (ioredis
 * Cluster) finds the other nodes itself. Any other URL is one Redis server, as before.
 */

/** A standalone client or a cluster client: both speak every command Grundy uses. */
export type RedisClient = Redis | Cluster;

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\//i;

/** True when `url` names a Redis Cluster (`redis+cluster://host:port,host:port`). */
export function isClusterUrl(url: string): boolean {
  return CLUSTER_SCHEME.test(url.trim());
}

export interface ClusterTarget {
  readonly nodes: readonly { readonly host: string; readonly port: number }[];
  readonly username?: string;
  readonly password?: string;
  readonly tls: boolean;
}

/** The seed nodes and credentials of a `redis+cluster://` URL; an InputError naming REDIS_URL when malformed. */
export function parseClusterUrl(url: string): ClusterTarget {
  const match = CLUSTER_SCHEME.exec(url.trim());
  if (match === null) throw new InputError(`not a redis+cluster:// URL: ${safeRedisUrl(url)}`, 'REDIS_URL');
  const tls = match[1]?.toLowerCase() === 'rediss';
  let rest = url.trim().slice(match[0].length).replace(/\/+$/, '');
  let username: string | undefined;
  let password: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const auth = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = auth.indexOf(':');
    const user = decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon));
    const pass = colon < 0 ? '' : decodeURIComponent(auth.slice(colon + 1));
    if (user !== '') username = user;
    if (pass !== '') password = pass;
  }
  const nodes = rest.split(',').map((part) => {
    const node = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(part.trim());
    const port = Number(node?.[2]);
    if (node?.[1] === undefined || !(port >= 1 && port <= 65_535))
      throw new InputError(
        `bad cluster node "${part}" in ${safeRedisUrl(url)}: each node is host:port, ` +
          'e.g. redis+cluster://10.0.0.1:7000,10.0.0.2:7000',
        'REDIS_URL',
      );
    return { host: node[1], port };
  });
  return {
    nodes,
    tls,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
  };
}

/** A client for `url` with the options of `role`: ioredis Cluster for `redis+cluster://`, else Redis. */
export function createRedisClient(url: string, options: RoleOptions | ClientOptions): RedisClient {
  if (!isClusterUrl(url)) return new Redis(url, options);
  const target = parseClusterUrl(url);
  const { enableOfflineQueue, enableAutoPipelining, retryStrategy, ...perNode } = options;
  return new Cluster(
    target.nodes.map((node) => ({ ...node })),
    {
      ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      ...(enableAutoPipelining === undefined ? {} : { enableAutoPipelining }),
      clusterRetryStrategy: retryStrategy ?? reconnectDelayMs,
      redisOptions: {
        ...perNode,
        ...(target.username === undefined ? {} : { username: target.username }),
        ...(target.password === undefined ? {} : { password: target.password }),
        ...(target.tls ? { tls: {} } : {}),
      },
    },
  );
}

/** Options for a client outside the roles (the quiz and play stores). */
export interface ClientOptions {
  readonly maxRetriesPerRequest?: number | null;
  readonly enableOfflineQueue?: boolean;
  readonly enableAutoPipelining?: boolean;
  readonly retryStrategy?: (times: number) => number;
  readonly connectionName?: string;
  readonly commandTimeout?: number;
}
import { RedisQueueBackend } from 'bullmq';
import { Cluster, Redis } from 'ioredis';
import { InputError, ServiceUnavailableError } from '../core/errors.js';
import type { Logger } from '../log.js';

export type RedisRole = 'producer' | 'cache' | 'worker' | 'blocking' | 'subscriber';

/** Reconnect delay: 250 ms, doubling, at most 5 s, forever (returning a number never gives up). */
export function reconnectDelayMs(times: number): number {
  return Math.min(250 * 2 ** Math.min(Math.max(times, 1) - 1, 5), 5_000);
}

/** The ioredis options Grundy sets (typed narrowly: ioredis' own option types clash with exactOptionalPropertyTypes). */
export interface RoleOptions {
  readonly maxRetriesPerRequest: number | null;
  readonly enableOfflineQueue?: boolean;
  readonly commandTimeout?: number;
  /** Commands issued in the same tick go out in one write (many jobs at once: far fewer syscalls). */
  readonly enableAutoPipelining?: boolean;
  readonly retryStrategy: (times: number) => number;
  readonly connectionName: string;
}

const roleOptions: Record<
  RedisRole,
  Pick<RoleOptions, 'maxRetriesPerRequest' | 'enableOfflineQueue' | 'commandTimeout' | 'enableAutoPipelining'>
> = {
  producer: { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true },
  // A cache that does not answer within 2 s is treated as a miss, never as a reason to fail a solve.
  cache: {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    enableAutoPipelining: true,
  },
  worker: { maxRetriesPerRequest: null },
  blocking: { maxRetriesPerRequest: null },
  subscriber: { maxRetriesPerRequest: null },
};

export function redisOptionsFor(role: RedisRole): RoleOptions {
  return { ...roleOptions[role], retryStrategy: reconnectDelayMs, connectionName: `grundy:${role}` };
}

/**
 * The connection for BullMQ classes that must own a dedicated blocking connection (QueueEvents): options, so
 * BullMQ opens and closes it, for one Redis; a Cluster client for a cluster (BullMQ cannot open one from
 * options), which its owner must disconnect after closing the QueueEvents.
 */
export function bullBlockingConnection(
  url: string,
): (RoleOptions & { readonly url: string }) | { readonly cluster: Cluster } {
  if (!isClusterUrl(url)) return { url, ...redisOptionsFor('blocking') };
  return { cluster: createRedisClient(url, redisOptionsFor('blocking')) as Cluster };
}

/** The URL with any password replaced, safe for logs and error messages. */
export function safeRedisUrl(url: string): string {
  if (isClusterUrl(url))
    return url
      .trim()
      .replace(/\/\/([^@/]*):([^@/:]+)@/, '//$1:***@')
      .replace(/\/$/, '');
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(an unparsable REDIS_URL)';
  }
}

function errorCode(error: Error | undefined): string {
  if (error === undefined) return 'connection lost';
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : error.message;
}

/** What users (and /healthz) are told about an unreachable Redis: no host names, no ports. */
export const REDIS_UNAVAILABLE_PUBLIC =
  'Grundy’s job queue is unreachable right now; please try again in a minute.';

/** The one message for an unreachable Redis: where, why, and what to do (for operators and logs). */
export function cannotReachMessage(url: string, error: Error | undefined, setting = 'REDIS_URL'): string {
  return (
    `Cannot reach Redis at ${safeRedisUrl(url)} (${errorCode(error)}); is it running? ` +
    `Check ${setting}${setting === 'REDIS_URL' ? ', or unset it to solve everything in one process' : ''}.`
  );
}

/**
 * One ioredis client and what it last heard: errors are logged once per outage (not once per reconnect
 * attempt), and `unavailable()` turns the last one into a ServiceUnavailableError a person can act on.
 */
export class RedisLink {
  readonly client: RedisClient;
  private lastError: Error | undefined;
  private down = false;
  private everReady = false;
  private closing: Promise<void> | undefined;

  constructor(
    readonly url: string,
    readonly role: RedisRole,
    private readonly logger: Logger,
    private readonly setting = 'REDIS_URL',
  ) {
    this.client = createRedisClient(url, redisOptionsFor(role));
    this.client.on('error', (error: Error) => {
      this.lastError = error;
      if (!this.down && this.closing === undefined) {
        this.down = true;
        const fields = { connection: role, redis: safeRedisUrl(url), code: errorCode(error) };
        if (this.everReady) this.logger.warn(fields, 'Redis connection lost; reconnecting');
        else this.logger.debug(fields, 'cannot reach Redis yet; retrying');
      }
    });
    this.client.on('ready', () => {
      if (this.down)
        this.logger.info({ connection: role, redis: safeRedisUrl(url) }, 'Redis connection is back');
      this.everReady = true;
      this.down = false;
      this.lastError = undefined;
    });
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  unavailable(error: Error | undefined = this.lastError): ServiceUnavailableError {
    return new ServiceUnavailableError(cannotReachMessage(this.url, error, this.setting), {
      cause: error,
      publicText: REDIS_UNAVAILABLE_PUBLIC,
    });
  }

  /** Resolves once connected; rejects with a clear ServiceUnavailableError on the first failure or the timeout. */
  waitReady(timeoutMs: number): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        this.client.off('error', onError);
        this.client.off('end', onEnd);
      };
      const onReady = (): void => {
        cleanup();
        resolve();
      };
      const onError = (error: Error): void => {
        cleanup();
        reject(this.unavailable(error));
      };
      const onEnd = (): void => {
        cleanup();
        reject(this.unavailable());
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          this.unavailable(
            Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }),
          ),
        );
      }, timeoutMs);
      this.client.once('ready', onReady);
      this.client.once('error', onError);
      this.client.once('end', onEnd);
    });
  }

  /** Idempotent: QUIT when connected (pending replies arrive first), otherwise just drop the socket. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (this.ready) await this.client.quit();
      } catch {
        // Closing anyway.
      } finally {
        this.client.disconnect();
      }
    })();
    return this.closing;
  }
}

/** A connected link, or a ServiceUnavailableError saying which Redis could not be reached and why. */
export async function connectRedis(
  url: string,
  role: RedisRole,
  logger: Logger,
  timeoutMs: number,
  setting = 'REDIS_URL',
): Promise<RedisLink> {
  const link = new RedisLink(url, role, logger, setting);
  try {
    await link.waitReady(timeoutMs);
    return link;
  } catch (error) {
    await link.close();
    throw error;
  }
}

/**
 * True when every command goes out on one connection to one server, so Redis runs them in the order sent. A
 * Cluster client spreads keys over masters, and a write to one may land after a later write to another.
 */
export function writesInOrder(client: RedisClient): boolean {
  return client instanceof Redis;
}

/**
 * Holds what `client` writes until the commands issued in this tick (its microtasks included) are all there, so
 * they leave in one write: for a client BullMQ shares, which must not use ioredis' auto-pipelining. A Cluster
 * client (one socket per node) is left alone.
 */
export function holdWrites(client: RedisClient): void {
  if (!(client instanceof Redis) || client.status !== 'ready') return;
  const stream = client.stream;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/** True for errors that mean "Redis is not there right now" rather than a bug or bad data. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN)$/.test(code)
  ) {
    return true;
  }
  return /Stream isn't writeable|Connection is closed|enableOfflineQueue|MaxRetriesPerRequest|Command timed out|Reached the max retries/i.test(
    error.message,
  );
}

/**
 * Drops the connections of a BullMQ Queue, QueueEvents or Worker. Needed when Redis is unreachable at shutdown:
 * BullMQ's close() then waits on a QUIT that only a reconnection could answer, and a client that is between
 * reconnect attempts never reports its end, so close() would wait for Redis to come back.
 */
export async function dropBullConnections(target: { getBackend(): unknown }): Promise<void> {
  const backend = target.getBackend();
  if (!(backend instanceof RedisQueueBackend)) return;
  for (const connection of [backend.connection, backend.blockingConnection]) {
    if (connection === undefined) continue;
    try {
      (await connection.client).disconnect();
    } catch {
      // Never connected: nothing to drop.
    }
  }
}

/** Waits for `closing`; if it has not finished `graceMs` after `after` settles, drops the connections. */
export async function closeWithin(
  closing: Promise<unknown>,
  target: { getBackend(): unknown },
  graceMs: number,
  after: Promise<unknown> = Promise.resolve(),
): Promise<'closed' | 'dropped'> {
  let timer: NodeJS.Timeout | undefined;
  const late = after.then(
    () =>
      new Promise<'dropped'>((resolve) => {
        timer = setTimeout(() => resolve('dropped'), graceMs);
      }),
  );
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'dropped') {
    // BullMQ's close() may never settle now (it waits for an 'end' that a dropped client does not emit again);
    // nothing is left running behind it.
    closing.catch(() => undefined);
    await dropBullConnections(target);
  }
  return outcome;
}
