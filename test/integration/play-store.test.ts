/**
 * The play store contract against both adapters (memory, and Redis at 127.0.0.1:6379 or REDIS_URL, each test
 * under its own prefix, deleted afterwards), then what only Redis does: keys that expire with the game.
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { createCatalog } from '../../src/games/catalog.js';
import { ServiceUnavailableError } from '../../src/core/errors.js';
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

describe('MemoryPlayStore', () => {
  const game = (id: string, owner: string) =>
    startSession(magic, parseParams(magic, { rooms: '4' }), { id, owner, first: 'you', now: 0 });

  it('holds at most maxGames: makes room from expired, then finished games, and refuses when all are open', async () => {
    const clock = { t: 0 };
    const store = new MemoryPlayStore({ now: () => clock.t, maxGames: 3, idleSeconds: 60 });
    for (const [id, owner] of [
      ['a', 'ann'],
      ['b', 'bo'],
      ['c', 'cy'],
    ] as const)
      expect(await store.save(game(id, owner), 0, false)).toBe(1);

    const refusal = await store.save(game('d', 'di'), 0, false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceUnavailableError);
    expect((refusal as ServiceUnavailableError).busy).toBe(true);
    expect((refusal as ServiceUnavailableError).publicText).toBe(
      'Grundy is hosting as many games as it can (3) right now. Finish or resign one of yours, or try again later.',
    );
    // A game already held still moves when the store is full.
    expect(await store.save(game('b', 'bo'), 1, false)).toBe(2);

    // A finished game (kept for its review) makes way for a new one, the oldest finished first.
    clock.t = 1_000;
    expect(await store.save(game('a', 'ann'), 1, true)).toBe(2);
    clock.t = 2_000;
    expect(await store.save(game('c', 'cy'), 1, true)).toBe(2);
    expect(await store.save(game('d', 'di'), 0, false)).toBe(1);
    expect((await store.load('a')).session).toBeUndefined();
    expect((await store.load('c')).session?.id).toBe('c');
    expect(await store.openGames('ann')).toEqual([]);
    expect(await store.openGames('di')).toEqual(['d']);

    // Idle games expire and make room too.
    clock.t = 2_000 + 61_000;
    expect(await store.save(game('e', 'ed'), 0, false)).toBe(1);
    expect((await store.load('b')).session).toBeUndefined();
    expect(await store.openGames('bo')).toEqual([]);
    expect(await store.openGames('ed')).toEqual(['e']);
    // The expired went first: the finished game, still within its hour, is kept.
    expect((await store.load('c')).session?.id).toBe('c');
  });
});
