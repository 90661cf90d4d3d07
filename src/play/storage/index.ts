/** Picks the play store the way the quiz does: Redis with REDIS_URL, memory without. */
import type { Config } from '../../config.js';
import { storePrefix } from '../../jobs/versioned-hash.js';
import type { PlayStore } from '../store.js';
import { MemoryPlayStore } from './memory.js';
import { RedisPlayStore } from './redis.js';

export { MemoryPlayStore, RedisPlayStore };

/** Keys go under `${GRUNDY_PREFIX}:play` (`{${GRUNDY_PREFIX}:play}` on a Redis Cluster: see storePrefix). The store owns its connection: close it on shutdown. */
export function createPlayStore(config: Pick<Config, 'REDIS_URL' | 'GRUNDY_PREFIX'>): PlayStore {
  return config.REDIS_URL === undefined
    ? new MemoryPlayStore()
    : RedisPlayStore.open(config.REDIS_URL, { prefix: storePrefix(config, 'play') });
}
