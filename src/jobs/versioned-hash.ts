/**
 * The storage shape the quiz and play stores share in Redis: one hash per record, `{ v: version, s: JSON }`,
 * written by a compare-and-set Lua script and validated with zod when read back.
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

/**
 * A store's own connection (a Cluster client for a `redis+cluster://` URL): errors surface on the commands that
 * fail, and the client reconnects by itself.
 */
export function openStoreClient(url: string, connectionName: string): RedisClient {
  const client = createRedisClient(url, { maxRetriesPerRequest: 2, connectionName });
  client.on('error', () => undefined);
  return client;
}

/**
 * The key prefix of a store (`<GRUNDY_PREFIX>:<store>`). On a Redis Cluster it is a hash tag, `{<GRUNDY_PREFIX>:<store>}`,
 * because the stores' scripts touch several keys at once and a script's keys must share one slot.
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
