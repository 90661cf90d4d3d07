/**
 * The answer cache, keyed by the canonical key (`<prefix>:v1:<game>:<solverVersion>:<hash>`). Two stores:
 * Redis (shared by every bot and worker; may live in its own database or instance, see docs/scaling.md) and an
 * in-process LRU. Both store JSON text and re-validate it with the game's schemas on every read, and both treat
 * any failure as a miss: the cache can make a solve faster, never make it fail.
 */
import { LRUCache } from 'lru-cache';
import type { AnyGame } from '../core/game.js';
import type { Logger } from '../log.js';
import { decodeAnswerJson, type StoredAnswer } from './answer.js';
import type { RedisLink } from './connection.js';

export interface AnswerCache {
  get(game: AnyGame, key: string): Promise<StoredAnswer | undefined>;
  /** Best effort; never throws. */
  set(key: string, answer: StoredAnswer): Promise<void>;
  close(): Promise<void>;
}

export class RedisAnswerCache implements AnswerCache {
  constructor(
    private readonly link: RedisLink,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    /** True when this cache has its own connection (CACHE_REDIS_URL) and must close it. */
    private readonly ownsLink: boolean,
    /** Called just before each write (a worker batches it with the job's completion, see holdWrites). */
    private readonly beforeWrite: () => void = () => undefined,
  ) {}

  async get(game: AnyGame, key: string): Promise<StoredAnswer | undefined> {
    let text: string | null;
    try {
      text = await this.link.client.get(key);
    } catch (error) {
      this.logger.debug({ err: error, key }, 'cache read failed; treating it as a miss');
      return undefined;
    }
    if (text === null) return undefined;
    const answer = decodeAnswerJson(game, text);
    if (answer === undefined) {
      this.logger.warn({ key }, 'cached answer failed validation; dropping it');
      await this.link.client.del(key).catch(() => undefined);
    }
    return answer;
  }

  async set(key: string, answer: StoredAnswer): Promise<void> {
    try {
      const text = JSON.stringify(answer);
      this.beforeWrite();
      if (this.ttlSeconds === 0) await this.link.client.set(key, text);
      else await this.link.client.set(key, text, 'EX', this.ttlSeconds);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'cache write failed');
    }
  }

  async close(): Promise<void> {
    if (this.ownsLink) await this.link.close();
  }
}

export class MemoryAnswerCache implements AnswerCache {
  private readonly entries: LRUCache<string, string>;

  /** `ttlSeconds` 0: entries leave only when the cache is full (least recently used first). */
  constructor(maxEntries: number, ttlSeconds: number) {
    this.entries = new LRUCache<string, string>(
      ttlSeconds === 0 ? { max: maxEntries } : { max: maxEntries, ttl: ttlSeconds * 1000 },
    );
  }

  get(game: AnyGame, key: string): Promise<StoredAnswer | undefined> {
    const text = this.entries.get(key);
    if (text === undefined) return Promise.resolve(undefined);
    const answer = decodeAnswerJson(game, text);
    if (answer === undefined) this.entries.delete(key);
    return Promise.resolve(answer);
  }

  set(key: string, answer: StoredAnswer): Promise<void> {
    this.entries.set(key, JSON.stringify(answer));
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}
