/**
 * The play store contract against both adapters (memory, and Redis at 127.0.0.1:6379 or REDIS_URL, each test
 * under its own prefix, deleted afterwards), then what only Redis does: keys that expire with the game.
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { createCatalog } from '../../src/games/catalog.js';
import { MemoryPlayStore } from '../../src/play/storage/memory.js';
import { RedisPlayStore } from '../../src/play/storage/redis.js';
import { startSession } from '../../src/play/session.js';
import { playStoreContract, type PlayStoreOptions } from './store-contracts.js';
import { REDIS_URL, redisStoreFixture } from './store-fixture.js';

const redis = redisStoreFixture('play');
const magic = createCatalog().resolveGame('magic');

function openStore(prefix: string, options: Partial<PlayStoreOptions> = {}): RedisPlayStore {
  return redis.track(RedisPlayStore.open(REDIS_URL, { prefix, ...options }));
}

playStoreContract({
  name: 'memory',
  open(options) {
    const store = new MemoryPlayStore(options);
    return { store, another: () => store };
  },
});

playStoreContract({
  name: 'redis',
  open(options) {
    const prefix = redis.newPrefix();
    return { store: openStore(prefix, options), another: () => openStore(prefix, options) };
  },
});

describe('RedisPlayStore', () => {
  it('a game key lives a day while open, an hour once finished, and goes when idle', async () => {
    const prefix = redis.newPrefix();
    const admin = redis.admin();
    const session = startSession(magic, parseParams(magic, { rooms: '4' }), {
      id: 'x',
      owner: 'cy',
      first: 'you',
      now: 0,
    });
    const store = openStore(prefix);
    expect(await store.save(session, 0, false)).toBe(1);
    expect(await admin.ttl(`${prefix}:game:x`)).toBeGreaterThan(3600);
    expect(await admin.zrange(`${prefix}:open:cy`, '0', '-1')).toEqual(['x']);
    expect(await store.save(session, 1, true)).toBe(2);
    expect(await admin.ttl(`${prefix}:game:x`)).toBeLessThanOrEqual(3600);
    expect(await admin.zrange(`${prefix}:open:cy`, '0', '-1')).toEqual([]);

    const idle = openStore(prefix, { idleSeconds: 1 });
    expect(await idle.save({ ...session, id: 'y' }, 0, false)).toBe(1);
    expect(await admin.ttl(`${prefix}:game:y`)).toBe(1);
    await admin.pexpire(`${prefix}:game:y`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await idle.load('y')).session).toBeUndefined();
  });
});
