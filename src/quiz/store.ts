/**
 * Where quizzes live between clicks and across restarts: one state per channel with a version for
 * compare-and-set (two processes can never both commit the same time-up), the channels that still need a
 * timer, and the leaderboards. Implementations: src/quiz/storage/memory.ts (no Redis) and src/quiz/storage/redis.ts.
 */
import { QuizState, isTracked, wakeAt, type ScoreDelta } from './machine.js';

export interface StoredQuiz {
  /** Undefined when the channel has no quiz (or its stored state could not be read; it may be overwritten). */
  readonly state: QuizState | undefined;
  /** 0 when nothing is stored. Pass it back to `save`. */
  readonly version: number;
}

/** Points to add for one committed transition; goes to the channel's and the server's boards, all-time and weekly. */
export interface LeaderboardDelta {
  readonly channelId: string;
  /** Null outside a server (no server board). */
  readonly guildId: string | null;
  /** When the points were won: picks the weekly bucket. */
  readonly at: number;
  readonly scores: readonly ScoreDelta[];
}

export type LeaderboardScope = 'channel' | 'server';
export type LeaderboardPeriod = 'week' | 'all';

export interface LeaderboardQuery {
  readonly scope: LeaderboardScope;
  /** The channel id or the server (guild) id. */
  readonly id: string;
  readonly period: LeaderboardPeriod;
  /** Picks the weekly bucket. */
  readonly now: number;
  /** Default 10, at most 100. */
  readonly limit?: number;
}

export interface LeaderboardRow {
  readonly userId: string;
  readonly points: number;
  /** Equal points share a rank. */
  readonly rank: number;
}

export interface ActiveQuiz {
  readonly channelId: string;
  /** When its timer should fire (0 when only effects wait for delivery). */
  readonly wakeAt: number;
}

export interface QuizStore {
  load(channelId: string): Promise<StoredQuiz>;
  /**
   * Compare-and-set: writes `state` if the stored version is still `expectedVersion`, together with the
   * leaderboard points of `delta` (all or nothing). Returns the new version, or undefined when another writer
   * got there first (reload and retry).
   */
  save(state: QuizState, expectedVersion: number, delta?: LeaderboardDelta): Promise<number | undefined>;
  /** Quizzes to re-arm after a restart: active ones and ones with undelivered effects. */
  listActive(): Promise<ActiveQuiz[]>;
  leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]>;
  /** Idempotent; closes only what the store itself opened. */
  close(): Promise<void>;
}

/** How long a finished or stopped quiz's state is kept (late clicks still get "closed", not "unknown"). */
export const ENDED_QUIZ_TTL_SECONDS = 24 * 3600;
/** Weekly boards outlive their week by a week, so last week's can still be shown on Monday. */
export const WEEK_BOARD_TTL_SECONDS = 14 * 24 * 3600;

/** The ISO 8601 week of a UTC time, e.g. `2025-W03` (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(ms: number): string {
  const date = new Date(ms);
  const day = (date.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * 24 * 3600 * 1000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The leaderboard buckets one delta goes to, as `<scope>:<id>:<all | week>` names. */
export function leaderboardBuckets(delta: LeaderboardDelta): { name: string; weekly: boolean }[] {
  const week = isoWeek(delta.at);
  const owners: [LeaderboardScope, string][] = [['channel', delta.channelId]];
  if (delta.guildId !== null) owners.push(['server', delta.guildId]);
  return owners.flatMap(([scope, id]) => [
    { name: `${scope}:${id}:all`, weekly: false },
    { name: `${scope}:${id}:${week}`, weekly: true },
  ]);
}

/** Which board a query reads (a bucket name as in `leaderboardBuckets`) and how many rows, 1..100. */
export function boardSlice(query: LeaderboardQuery): { bucket: string; limit: number } {
  return {
    bucket: `${query.scope}:${query.id}:${query.period === 'all' ? 'all' : isoWeek(query.now)}`,
    limit: Math.min(Math.max(Math.trunc(query.limit ?? 10), 1), 100),
  };
}

/** What one `save` writes, worked out once for every store. */
export interface QuizCommit {
  readonly channelId: string;
  /** The state as validated JSON. */
  readonly json: string;
  /** Whether the channel keeps a timer (active, or effects still to deliver), and when it fires (0: none). */
  readonly tracked: boolean;
  readonly wakeAt: number;
  /** The boards the points go to (none without points) and the points each of them gets. */
  readonly buckets: readonly { readonly name: string; readonly weekly: boolean }[];
  readonly scores: readonly ScoreDelta[];
}

export function planCommit(state: QuizState, delta: LeaderboardDelta | undefined): QuizCommit {
  const scored = delta !== undefined && delta.scores.length > 0;
  return {
    channelId: state.channelId,
    json: JSON.stringify(QuizState.parse(state)),
    tracked: isTracked(state),
    wakeAt: wakeAt(state) ?? 0,
    buckets: scored ? leaderboardBuckets(delta) : [],
    scores: scored ? delta.scores : [],
  };
}

/** Ranks rows already sorted by points, highest first. */
export function rankRows(rows: readonly { userId: string; points: number }[]): LeaderboardRow[] {
  const ranked: LeaderboardRow[] = [];
  rows.forEach((row, i) => {
    const prev = ranked[i - 1];
    ranked.push({ ...row, rank: prev !== undefined && prev.points === row.points ? prev.rank : i + 1 });
  });
  return ranked;
}
