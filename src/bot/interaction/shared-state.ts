/**
 * What several `serve` processes must agree on: which interactions were already seen (replays) and how many
 * interactions each user sent lately (the rate limit). With REDIS_URL
 * it lives in Redis under GRUNDY_PREFIX, on a fail-fast connection of its own; without it, in this process.
 */
import type { Config } from '../../config.js';
import { RedisLink } from '../../jobs/connection.js';
import type { Logger } from '../../log.js';
import { memoryRateLimit, RedisRateLimit, type RateLimit } from './rate-limit.js';
import { MemoryReplayGuard, RedisReplayGuard, type ReplayGuard } from './replay-guard.js';

export interface SharedBotState {
  readonly replays: ReplayGuard;
  readonly rateLimit: RateLimit;
  /** Idempotent. */
  close(): Promise<void>;
}

export async function openSharedBotState(
  config: Config,
  logger: Logger,
  now: () => number,
): Promise<SharedBotState> {
  if (config.REDIS_URL === undefined) {
    return {
      replays: new MemoryReplayGuard(undefined, now),
      rateLimit: memoryRateLimit(config.RATE_LIMIT_PER_MINUTE, now),
      close: () => Promise.resolve(),
    };
  }
  const log = logger.child({ component: 'bot-state' });
  const link = new RedisLink(config.REDIS_URL, 'producer', log);
  try {
    await link.waitReady(config.REDIS_CONNECT_TIMEOUT_MS);
  } catch (error) {
    // Not fatal: each check falls back to this process until Redis answers.
    log.warn({ err: error }, 'shared bot state starts without Redis; it reconnects in the background');
  }
  return {
    replays: new RedisReplayGuard(link.client, config.GRUNDY_PREFIX, log, undefined, now),
    rateLimit: new RedisRateLimit(
      link.client,
      config.GRUNDY_PREFIX,
      config.RATE_LIMIT_PER_MINUTE,
      now,
      (error) => log.warn({ err: error }, 'rate limit fell back to this process (Redis unavailable)'),
    ),
    close: () => link.close(),
  };
}
