/**
 * Where games against Grundy live between moves and across restarts: one session per game id with a version
 * for compare-and-set (two clicks can never both move), and each player's open games. Idle games expire;
 * finished ones stay a little while for their review. Implementations: src/play/storage/memory.ts (no Redis)
 * and src/play/storage/redis.ts.
 */
import type { PlaySession } from './session.js';

/** A game nobody has touched for this long is dropped. */
export const IDLE_GAME_SECONDS = 24 * 60 * 60;
/** A finished game stays this long, so its review can still be shown. */
export const FINISHED_GAME_SECONDS = 60 * 60;
/** Open games per player; a new one needs an old one finished, resigned or expired. */
export const MAX_OPEN_GAMES = 3;

export interface StoredSession {
  /** Undefined when there is no such game (never was, expired, or unreadable). */
  readonly session: PlaySession | undefined;
  /** 0 when nothing is stored. Pass it back to `save`. */
  readonly version: number;
}

export interface PlayStore {
  load(id: string): Promise<StoredSession>;
  /**
   * Compare-and-set: writes `session` if the stored version is still `expectedVersion`, keeps the owner's
   * list of open games up to date (`over` takes it off), and sets its expiry. Returns the new version, or
   * undefined when another writer got there first.
   */
  save(session: PlaySession, expectedVersion: number, over: boolean): Promise<number | undefined>;
  /** Ids of the owner's open (unfinished, unexpired) games, oldest first. */
  openGames(owner: string): Promise<string[]>;
  close(): Promise<void>;
}
