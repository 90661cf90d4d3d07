/**
 * Quizzes in this process's memory, for running without REDIS_URL (and for unit tests). States go through
 * JSON and the zod schema exactly as they do in Redis, so anything that survives here survives a restart there.
 * Expiry follows Redis's (and the injected clock): a finished or stopped quiz's state goes a day after it ended
 * (ENDED_QUIZ_TTL_SECONDS), a weekly board two weeks after its last points (WEEK_BOARD_TTL_SECONDS); running
 * quizzes and all-time boards stay. What has expired reads as absent at once and is swept from memory at most
 * once a minute, so a process that runs for months holds only the quizzes and boards still in use.
 */
import { QuizState } from '../machine.js';
import {
  ENDED_QUIZ_TTL_SECONDS,
  WEEK_BOARD_TTL_SECONDS,
  boardSlice,
  planCommit,
  rankRows,
} from '../store.js';
import type * as Store from '../store.js';

interface Entry {
  readonly version: number;
  readonly json: string;
  /** When it goes (ms); Infinity while the quiz runs. */
  readonly expiresAt: number;
}

interface Board {
  readonly scores: Map<string, number>;
  /** When it goes (ms); Infinity for an all-time board. */
  expiresAt: number;
}

/** Expired states and boards are swept from memory at most this often (ms). */
const SWEEP_EVERY_MS = 60_000;

export interface MemoryQuizStoreOptions {
  readonly now?: () => number;
}

/** `map`'s value for `key` unless it has expired by `now` (then it is dropped). */
function live<T extends { readonly expiresAt: number }>(
  map: Map<string, T>,
  key: string,
  now: number,
): T | undefined {
  const held = map.get(key);
  if (held === undefined || held.expiresAt > now) return held;
  map.delete(key);
  return undefined;
}

export class MemoryQuizStore implements Store.QuizStore {
  private readonly states = new Map<string, Entry>();
  private readonly active = new Map<string, number>();
  private readonly boards = new Map<string, Board>();
  private readonly now: () => number;
  private sweptAt: number;

  constructor(options: MemoryQuizStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweptAt = this.now();
  }

  /** States and boards held in memory, expired ones not yet swept included (for tests). */
  get size(): number {
    return this.states.size + this.boards.size;
  }

  /** Drops what has expired, at most once a minute. */
  private sweep(): void {
    const now = this.now();
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const map of [this.states, this.boards])
      for (const [key, held] of map) if (held.expiresAt <= now) map.delete(key);
  }

  load(channelId: string): Promise<Store.StoredQuiz> {
    const entry = live(this.states, channelId, this.now());
    if (entry === undefined) return Promise.resolve({ state: undefined, version: 0 });
    const parsed = QuizState.safeParse(JSON.parse(entry.json));
    return Promise.resolve({ state: parsed.success ? parsed.data : undefined, version: entry.version });
  }

  save(
    state: QuizState,
    expectedVersion: number,
    delta?: Store.LeaderboardDelta,
  ): Promise<number | undefined> {
    this.sweep();
    const current = live(this.states, state.channelId, this.now())?.version ?? 0;
    if (current !== expectedVersion) return Promise.resolve(undefined);
    const commit = planCommit(state, delta);
    const version = current + 1;
    const now = this.now();
    const expiresAt = commit.tracked ? Infinity : now + ENDED_QUIZ_TTL_SECONDS * 1000;
    this.states.set(commit.channelId, { version, json: commit.json, expiresAt });
    if (commit.tracked) this.active.set(commit.channelId, commit.wakeAt);
    else this.active.delete(commit.channelId);
    for (const { name, weekly } of commit.buckets) {
      const board = live(this.boards, name, now) ?? {
        scores: new Map<string, number>(),
        expiresAt: Infinity,
      };
      for (const { userId, points } of commit.scores)
        board.scores.set(userId, (board.scores.get(userId) ?? 0) + points);
      if (weekly) board.expiresAt = now + WEEK_BOARD_TTL_SECONDS * 1000;
      this.boards.set(name, board);
    }
    return Promise.resolve(version);
  }

  listActive(): Promise<Store.ActiveQuiz[]> {
    return Promise.resolve([...this.active].map(([channelId, at]) => ({ channelId, wakeAt: at })));
  }

  leaderboard(query: Store.LeaderboardQuery): Promise<Store.LeaderboardRow[]> {
    const { bucket, limit } = boardSlice(query);
    const scores = live(this.boards, bucket, this.now())?.scores ?? new Map<string, number>();
    // Same order as Redis ZREVRANGE: points descending, equal points by member descending.
    const rows = [...scores]
      .map(([userId, points]) => ({ userId, points }))
      .sort((a, b) => b.points - a.points || (a.userId < b.userId ? 1 : a.userId > b.userId ? -1 : 0))
      .slice(0, limit);
    return Promise.resolve(rankRows(rows));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
