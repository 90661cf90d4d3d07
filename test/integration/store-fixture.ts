/**
 * What the Redis store tests share: an admin connection for looking at keys, a fresh key prefix per test, and
 * clean-up after each test (stores closed, the prefix's keys deleted). Real Redis at 127.0.0.1:6379 or REDIS_URL.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface RedisStoreFixture {
  /** The admin connection (open between beforeAll and afterAll). */
  admin(): Redis;
  /** A new prefix `grundy-test-<uuid>:<kind>`, whose keys are deleted after the test. */
  newPrefix(): string;
  /** Closes `closeable` after the test; returns it. */
  track<T extends { close(): Promise<void> }>(closeable: T): T;
}

/** Registers the hooks in the calling test file. */
export function redisStoreFixture(kind: string): RedisStoreFixture {
  let admin: Redis | undefined;
  const prefixes: string[] = [];
  const closeables: { close(): Promise<void> }[] = [];

  beforeAll(() => {
    admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });

  afterEach(async () => {
    // Last opened first: runners close before the stores they use.
    for (const closeable of closeables.splice(0).reverse()) await closeable.close();
    for (const prefix of prefixes.splice(0)) {
      const keys = await fixture.admin().keys(`${prefix}:*`);
      if (keys.length > 0) await fixture.admin().del(...keys);
    }
  });

  afterAll(async () => {
    await admin?.quit();
  });

  const fixture: RedisStoreFixture = {
    admin() {
      if (admin === undefined) throw new Error('the admin connection opens in beforeAll');
      return admin;
    },
    newPrefix() {
      const prefix = `grundy-test-${randomUUID()}:${kind}`;
      prefixes.push(prefix);
      return prefix;
    },
    track(closeable) {
      closeables.push(closeable);
      return closeable;
    },
  };
  return fixture;
}
