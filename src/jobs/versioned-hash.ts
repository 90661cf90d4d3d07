/**
 * The storage shape the quiz and play stores share in Redis: one hash per record, `{ v: version, s: JSON }`,
 * written by a compare-and-set Lua script and validated with zod when read back. Each store adds its own keys
 * and steps (timers, leaderboards, open games) to the one shared compare-and-set head.
 */
import { createRedisClient, isClusterUrl, type RedisClient } from './connection.js';
import type { z } from 'zod';

/** The record under `key` and its version (0 when absent); a record that fails `schema` reads as absent. */
export async function readVersionedHash<T>(
  client: RedisClient,
  key: string,
  schema: z.ZodType<T>,
): Promise<{ value: T | undefined; version: number }> {
  const [v, s] = await client.hmget(key, 'v', 's');
  const version = v === null || v === undefined ? 0 : Number(v);
  if (s === null || s === undefined) return { value: undefined, version };
  let json: unknown;
  try {
    json = JSON.parse(s);
  } catch {
    return { value: undefined, version };
  }
  const parsed = schema.safeParse(json);
  return { value: parsed.success ? parsed.data : undefined, version };
}

/** A store's own connection: errors surface on the commands that fail, and the client reconnects by itself. */
export function openStoreClient(url: string, connectionName: string): RedisClient {
  const client = createRedisClient(url, { maxRetriesPerRequest: 2, connectionName });
  client.on('error', () => undefined);
  return client;
}

/**
 * A compare-and-set Lua script: KEYS[1] is the record, ARGV[1] the version the caller read, ARGV[2] the new
 * JSON. A stale version returns -1 and writes nothing; otherwise the record is written with the next version,
 * then the store's own `steps` run (they see the local `version`), all in one atomic script.
 */
export function compareAndSetScript(steps: string): string {
  return `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return -1 end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[2])
${steps.trim()}
return version
`;
}

/** What the quiz and play Redis stores share: reading and compare-and-set writing of records, and closing. */
export abstract class VersionedHashStore {
  private closing: Promise<void> | undefined;

  /** @param client a connected ioredis client; closed by `close()` only when `owned` (the stores' `open`). */
  protected constructor(
    protected readonly client: RedisClient,
    private readonly owned: boolean,
  ) {}

  protected async readRecord<T>(
    key: string,
    schema: z.ZodType<T>,
  ): Promise<{ value: T | undefined; version: number }> {
    return readVersionedHash(this.client, key, schema);
  }

  /**
   * Runs a `compareAndSetScript`: `keys[0]` is the record, `args` start with the expected version and the JSON.
   * Returns the new version, or undefined when another writer got there first.
   */
  protected async writeRecord(
    script: string,
    keys: readonly string[],
    args: readonly [expectedVersion: number, json: string, ...rest: (string | number)[]],
  ): Promise<number | undefined> {
    const version = Number(await this.client.eval(script, keys.length, ...keys, ...args));
    return version > 0 ? version : undefined;
  }

  /** Idempotent; closes the connection only when the store opened it. */
  close(): Promise<void> {
    if (!this.owned) return Promise.resolve();
    this.closing ??= this.client.quit().then(
      () => undefined,
      () => this.client.disconnect(),
    );
    return this.closing;
  }
}

/**
 * The key prefix of a store (`<GRUNDY_PREFIX>:<store>`). On a Redis Cluster (a `redis+cluster://` REDIS_URL) it is
 * a hash tag, `{<GRUNDY_PREFIX>:<store>}`: the stores' scripts touch several keys at once, which must share a slot.
 */
export function storePrefix(
  config: { readonly REDIS_URL?: string | undefined; readonly GRUNDY_PREFIX: string },
  store: string,
): string {
  const prefix = `${config.GRUNDY_PREFIX}:${store}`;
  return config.REDIS_URL !== undefined && isClusterUrl(config.REDIS_URL) && !/\{[^}]+\}/.test(prefix)
    ? `{${prefix}}`
    : prefix;
}
