/** What every command handler may use: the solve service, logs, metrics, the games, settings, the clock. */
import type { Config } from '../config.js';
import type { AnyGame } from '../core/game.js';
import type { SolveService } from '../jobs/types.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { QuizRunner } from '../quiz/service.js';
import { DISCORD_CDN_HOSTS, type AttachmentLimits } from './transport/attachments.js';
import type { QuizPoster } from './interaction/quiz-post.js';
import type { RunRegistry } from './interaction/runs.js';

export interface BotSettings {
  /** How long an interaction token works (Discord: 15 minutes). */
  readonly tokenTtlMs: number;
  /** No answer after this long: send "thinking..." so Discord's 3 s window is never missed. */
  readonly deferAfterMs: number;
  /** Solves estimated above this many ms are deferred at once. */
  readonly deferEstimateMs: number;
  /** First progress edit this long after deferring (it also shows the Cancel button). */
  readonly firstProgressMs: number;
  /** Later progress edits at most this often. */
  readonly progressIntervalMs: number;
  /** Before the token expires, this long ahead, the asker is told the answer will come as a channel post. */
  readonly expiryNoticeMs: number;
  readonly rateLimitPerMinute: number;
  readonly attachments: AttachmentLimits;
}

export const defaultBotSettings = {
  tokenTtlMs: 15 * 60 * 1000,
  deferAfterMs: 2000,
  deferEstimateMs: 1000,
  firstProgressMs: 1000,
  progressIntervalMs: 3000,
  expiryNoticeMs: 30_000,
  rateLimitPerMinute: 20,
  attachments: {
    textBytes: 4 * 1024 * 1024,
    streamBytes: 512 * 1024 * 1024,
    hosts: DISCORD_CDN_HOSTS,
    timeoutMs: 60_000,
  },
} as const satisfies BotSettings;

/**
 * Settings from the config. With REDIS_URL, questions the service will queue (estimate > INLINE_COST_MS) are
 * deferred at once; the API host is allowed for attachments so a fake Discord can serve them.
 */
export function botSettingsFromConfig(config: Config, overrides: Partial<BotSettings> = {}): BotSettings {
  const apiHost = new URL(config.DISCORD_API_BASE).hostname;
  const deferEstimateMs =
    config.REDIS_URL === undefined
      ? defaultBotSettings.deferEstimateMs
      : Math.min(defaultBotSettings.deferEstimateMs, config.INLINE_COST_MS);
  return {
    ...defaultBotSettings,
    deferEstimateMs,
    tokenTtlMs: config.INTERACTION_TOKEN_TTL_MS,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    attachments: { ...defaultBotSettings.attachments, hosts: [...DISCORD_CDN_HOSTS, apiHost] },
    ...overrides,
  };
}

/** Channel quizzes: the runner (state, timers, scoring) and the poster (its channel messages). */
export interface QuizContext {
  readonly runner: QuizRunner;
  readonly poster: QuizPoster;
  /** The pause between a reveal and the next question. */
  readonly breakMs: number;
}

export interface BotContext {
  readonly service: SolveService;
  readonly quiz: QuizContext;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly games: readonly AnyGame[];
  readonly settings: BotSettings;
  readonly runs: RunRegistry;
  readonly now: () => number;
}
