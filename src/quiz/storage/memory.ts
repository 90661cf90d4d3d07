/**
 * Quizzes in this process's memory, for running without REDIS_URL (and for unit tests). States go through
 * JSON and the zod schema exactly as they do in Redis, so anything that survives here survives a restart there.
 * Ended quizzes stay until their channel starts a new one (one small entry per channel).
 */
import { QuizState } from '../machine.js';
import { boardSlice, planCommit, rankRows } from '../store.js';
import type * as Store from '../store.js';

interface Entry {
  readonly version: number;
  readonly json: string;
}

export class MemoryQuizStore implements Store.QuizStore {
  private readonly states = new Map<string, Entry>();
  private readonly active = new Map<string, number>();
  private readonly boards = new Map<string, Map<string, number>>();

  load(channelId: string): Promise<Store.StoredQuiz> {
    const entry = this.states.get(channelId);
    if (entry === undefined) return Promise.resolve({ state: undefined, version: 0 });
    const parsed = QuizState.safeParse(JSON.parse(entry.json));
    return Promise.resolve({ state: parsed.success ? parsed.data : undefined, version: entry.version });
  }

  save(
    state: QuizState,
    expectedVersion: number,
    delta?: Store.LeaderboardDelta,
  ): Promise<number | undefined> {
    const current = this.states.get(state.channelId)?.version ?? 0;
    if (current !== expectedVersion) return Promise.resolve(undefined);
    const commit = planCommit(state, delta);
    const version = current + 1;
    this.states.set(commit.channelId, { version, json: commit.json });
    if (commit.tracked) this.active.set(commit.channelId, commit.wakeAt);
    else this.active.delete(commit.channelId);
    for (const { name } of commit.buckets) {
      const board = this.boards.get(name) ?? new Map<string, number>();
      for (const { userId, points } of commit.scores) board.set(userId, (board.get(userId) ?? 0) + points);
      this.boards.set(name, board);
    }
    return Promise.resolve(version);
  }

  listActive(): Promise<Store.ActiveQuiz[]> {
    return Promise.resolve([...this.active].map(([channelId, at]) => ({ channelId, wakeAt: at })));
  }

  leaderboard(query: Store.LeaderboardQuery): Promise<Store.LeaderboardRow[]> {
    const { bucket, limit } = boardSlice(query);
    const board = this.boards.get(bucket) ?? new Map<string, number>();
    // Same order as Redis ZREVRANGE: points descending, equal points by member descending.
    const rows = [...board]
      .map(([userId, points]) => ({ userId, points }))
      .sort((a, b) => b.points - a.points || (a.userId < b.userId ? 1 : a.userId > b.userId ? -1 : 0))
      .slice(0, limit);
    return Promise.resolve(rankRows(rows));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
