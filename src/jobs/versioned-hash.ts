/**
 * The storage shape the quiz and play stores share in Redis: one hash per record, `{ v: version, s: JSON }`,
 * written by a compare-and-set Lua script and validated with zod when read back.
 */
import { Redis } from 'ioredis';
import type { z } from 'zod';

/** The record under `key` and its version (0 when absent); a record that fails `schema` reads as absent. */
export async function readVersionedHash<T>(
  client: Redis,
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
export function openStoreClient(url: string, connectionName: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 2, connectionName });
  client.on('error', () => undefined);
  return client;
}
