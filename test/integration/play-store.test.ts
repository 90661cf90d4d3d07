/**
 * The Redis play store against a real Redis (127.0.0.1:6379 or REDIS_URL), each test under its own prefix,
 * deleted afterwards: compare-and-set, a game surviving a new connection (a restart), open games and expiry.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { createCatalog } from '../../src/games/catalog.js';
import { RedisPlayStore } from '../../src/play/storage/redis.js';
import { PlayService, TooManyGamesError } from '../../src/play/service.js';
import { startSession } from '../../src/play/session.js';

const catalog = createCatalog();
const findGame = (id: string) => catalog.findGame(id);
const getGame = (id: string) => catalog.resolveGame(id);

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
let admin: Redis;
const prefixes: string[] = [];
const stores: RedisPlayStore[] = [];

beforeAll(() => {
  admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const prefix of prefixes.splice(0)) {
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
  }
});

afterAll(async () => {
  await admin.quit();
});

function newPrefix(): string {
  const prefix = `grundy-test-${randomUUID()}:play`;
  prefixes.push(prefix);
  return prefix;
}

function openStore(prefix: string, idleSeconds?: number): RedisPlayStore {
  const store = RedisPlayStore.open(REDIS_URL, {
    prefix,
    ...(idleSeconds === undefined ? {} : { idleSeconds }),
  });
  stores.push(store);
  return store;
}

const magic = getGame('magic');

describe('redis play store', () => {
  it('compare-and-set, and a game read back by a new connection plays on', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix);
    const session = startSession(magic, parseParams(magic, { rooms: '4', passages: [], p1: 1, p2: 1 }), {
      id: 'm1',
      owner: 'ann',
      first: 'you',
      now: 0,
    });
    expect(await store.save(session, 0, false)).toBe(1);
    expect(await store.save(session, 0, false)).toBeUndefined();
    expect(await store.openGames('ann')).toEqual(['m1']);
    const restarted = openStore(prefix);
    const service = new PlayService({ store: restarted, findGame, newId: () => 'unused' });
    const after = await service.move('m1', 'ann', '3-4');
    expect(after.session.moves.map((m) => m.by)).toEqual(['you', 'grundy']);
    expect((await restarted.load('m1')).version).toBe(2);
    expect(await admin.ttl(`${prefix}:game:m1`)).toBeGreaterThan(3600);
  });

  it('a finished game leaves the open list; the limit counts only open games', async () => {
    const prefix = newPrefix();
    let n = 0;
    const service = new PlayService({
      store: openStore(prefix),
      findGame,
      newId: () => `g${++n}`,
      maxOpenGames: 1,
    });
    const params: unknown = parseParams(magic, { rooms: '3', passages: [[1, 2]], p1: 0, p2: 0 });
    const game = await service.start({ game: magic, params, owner: 'bob', first: 'you' });
    await expect(service.start({ game: magic, params, owner: 'bob', first: 'you' })).rejects.toBeInstanceOf(
      TooManyGamesError,
    );
    await service.move(game.id, 'bob', 'walk 2');
    expect(await admin.zrange(`${prefix}:open:bob`, '0', '-1')).toEqual([]);
    expect(await admin.ttl(`${prefix}:game:${game.id}`)).toBeLessThanOrEqual(3600);
    await service.start({ game: magic, params, owner: 'bob', first: 'you' });
  });

  it('idle games expire', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix, 1);
    const session = startSession(magic, parseParams(magic, { rooms: '4' }), {
      id: 'x',
      owner: 'cy',
      first: 'you',
      now: 0,
    });
    await store.save(session, 0, false);
    expect(await admin.ttl(`${prefix}:game:x`)).toBe(1);
    await admin.pexpire(`${prefix}:game:x`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await store.load('x')).session).toBeUndefined();
  });
});
