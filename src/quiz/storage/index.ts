/** Picks the quiz store the way the solve service picks its driver: Redis with REDIS_URL, memory without. */
import type { Config } from '../../config.js';
import { storePrefix } from '../../jobs/versioned-hash.js';
import type { QuizStore } from '../store.js';
import { MemoryQuizStore } from './memory.js';
import { RedisQuizStore } from './redis.js';

export { MemoryQuizStore, RedisQuizStore };

/** Keys go under `${GRUNDY_PREFIX}:quiz` (`{${GRUNDY_PREFIX}:quiz}` on a Redis Cluster: see storePrefix). The store owns its connection: close it on shutdown. */
export function createQuizStore(config: Pick<Config, 'REDIS_URL' | 'GRUNDY_PREFIX'>): QuizStore {
  return config.REDIS_URL === undefined
    ? new MemoryQuizStore()
    : RedisQuizStore.open(config.REDIS_URL, { prefix: storePrefix(config, 'quiz') });
}
