/** What every command handler may use: the solve service, logs, metrics, the games, settings, the clock. */
import type { Config } from '../config.js';
import type { AnyGame } from '../core/game.js';
import type { SolveService } from '../jobs/types.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { PlayService } from '../play/service.js';
import type { QuizRunner } from '../quiz/runner.js';
import { DISCORD_CDN_ORIGINS, type AttachmentLimits } from './transport/attachments.js';
import { defaultDeliveryPolicy, type DeliveryPolicy } from './interaction/delivery.js';
import type { QuizPoster } from './interaction/quiz-post.js';
import type { RateLimit } from './interaction/rate-limit.js';
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
  /** Retries of a finished answer's delivery (edit, follow-up, channel post). */
  readonly delivery: DeliveryPolicy;
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
    origins: DISCORD_CDN_ORIGINS,
    timeoutMs: 60_000,
  },
  delivery: defaultDeliveryPolicy,
} as const satisfies BotSettings;

/** Overrides of the settings (tests shorten timings); attachment limits may be given in part. */
export type BotSettingsOverrides = Partial<Omit<BotSettings, 'attachments'>> & {
  readonly attachments?: Partial<AttachmentLimits>;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The one extra attachment origin: a fake Discord's, when DISCORD_API_BASE is on loopback (tests). */
function loopbackApiOrigin(apiBase: string): string[] {
  const url = new URL(apiBase);
  return LOOPBACK_HOSTS.has(url.hostname) ? [url.origin] : [];
}

/**
 * Settings from the config; a loopback API origin is allowed for attachments so a fake Discord can serve them.
 * (What the solve service will queue is deferred at once too: the commands ask the service, `SolveService.route`.)
 */
export function botSettingsFromConfig(config: Config, overrides: BotSettingsOverrides = {}): BotSettings {
  return {
    ...defaultBotSettings,
    tokenTtlMs: config.INTERACTION_TOKEN_TTL_MS,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    ...overrides,
    attachments: {
      ...defaultBotSettings.attachments,
      origins: [...DISCORD_CDN_ORIGINS, ...loopbackApiOrigin(config.DISCORD_API_BASE)],
      ...overrides.attachments,
    },
  };
}

/** Channel quizzes: the runner (state, timers, scoring) and the poster (its channel messages). */
export interface QuizContext {
  readonly runner: QuizRunner;
  readonly poster: QuizPoster;
  /** The pause between a reveal and the next question. */
  readonly breakMs: number;
}

/** Games against Grundy (/play): the service over the play store, and seeds for random positions. */
export interface PlayContext {
  readonly service: PlayService;
  readonly randomSeed: () => number;
}

export interface BotContext {
  readonly service: SolveService;
  readonly quiz: QuizContext;
  readonly play: PlayContext;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly games: readonly AnyGame[];
  readonly settings: BotSettings;
  readonly runs: RunRegistry;
  readonly now: () => number;
  /** Per-user limit on interactions (default: this process's buckets at `settings.rateLimitPerMinute`). */
  readonly rateLimit?: RateLimit;
}
