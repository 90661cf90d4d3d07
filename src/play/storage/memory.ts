/**
 * Games against Grundy in this process's memory, for running without REDIS_URL (and for unit tests).
 * Sessions go through JSON and the zod schema as they do in Redis; expiry follows the injected clock.
 *
 * Strangers can start games (each player key holds at most MAX_OPEN_GAMES open ones, but keys are free), so the
 * store holds at most `maxGames`: a new game that finds it full first drops the expired ones, then the finished
 * ones (kept only for their review), oldest first; if every game held is still open, the new one is refused as
 * busy. Each owner's games are indexed, so finding a player's open games never walks everyone's.
 */
import { ServiceUnavailableError } from '../../core/errors.js';
import { PlaySession } from '../session.js';
import { FINISHED_GAME_SECONDS, IDLE_GAME_SECONDS, type PlayStore, type StoredSession } from '../store.js';

/** Games one process holds in memory at most (open and finished). */
export const MEMORY_GAMES_MAX = 10_000;

interface Entry {
  readonly version: number;
  readonly json: string;
  readonly owner: string;
  readonly open: boolean;
  readonly expiresAt: number;
}

export interface MemoryPlayStoreOptions {
  readonly now?: () => number;
  readonly idleSeconds?: number;
  /** Games held at most (default MEMORY_GAMES_MAX). */
  readonly maxGames?: number;
}

export class MemoryPlayStore implements PlayStore {
  private readonly games = new Map<string, Entry>();
  /** Each owner's game ids (open or finished, while held). */
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly now: () => number;
  private readonly idleSeconds: number;
  private readonly maxGames: number;

  constructor(options: MemoryPlayStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.idleSeconds = options.idleSeconds ?? IDLE_GAME_SECONDS;
    this.maxGames = options.maxGames ?? MEMORY_GAMES_MAX;
  }

  private live(id: string): Entry | undefined {
    const entry = this.games.get(id);
    if (entry !== undefined && entry.expiresAt <= this.now()) {
      this.drop(id, entry);
      return undefined;
    }
    return entry;
  }

  private drop(id: string, entry: Entry): void {
    this.games.delete(id);
    const ids = this.byOwner.get(entry.owner);
    ids?.delete(id);
    if (ids?.size === 0) this.byOwner.delete(entry.owner);
  }

  /** Room for one more game: drops the expired, then finished games, oldest first; false if all are open. */
  private makeRoom(): boolean {
    if (this.games.size < this.maxGames) return true;
    const now = this.now();
    const finished: [string, Entry][] = [];
    for (const [id, entry] of [...this.games]) {
      if (entry.expiresAt <= now) this.drop(id, entry);
      else if (!entry.open) finished.push([id, entry]);
    }
    finished.sort((a, b) => a[1].expiresAt - b[1].expiresAt);
    for (const [id, entry] of finished) {
      if (this.games.size < this.maxGames) break;
      this.drop(id, entry);
    }
    return this.games.size < this.maxGames;
  }

  load(id: string): Promise<StoredSession> {
    const entry = this.live(id);
    if (entry === undefined) return Promise.resolve({ session: undefined, version: 0 });
    const parsed = PlaySession.safeParse(JSON.parse(entry.json));
    return Promise.resolve({ session: parsed.success ? parsed.data : undefined, version: entry.version });
  }

  save(session: PlaySession, expectedVersion: number, over: boolean): Promise<number | undefined> {
    const current = this.live(session.id)?.version ?? 0;
    if (current !== expectedVersion) return Promise.resolve(undefined);
    if (current === 0 && !this.makeRoom()) {
      const text = `Grundy is hosting as many games as it can (${this.maxGames.toLocaleString('en-US')}) right now. Finish or resign one of yours, or try again later.`;
      return Promise.reject(new ServiceUnavailableError(text, { publicText: text, busy: true }));
    }
    const version = current + 1;
    const ttl = over ? FINISHED_GAME_SECONDS : this.idleSeconds;
    this.games.set(session.id, {
      version,
      json: JSON.stringify(PlaySession.parse(session)),
      owner: session.owner,
      open: !over,
      expiresAt: this.now() + ttl * 1000,
    });
    const ids = this.byOwner.get(session.owner) ?? new Set<string>();
    ids.add(session.id);
    this.byOwner.set(session.owner, ids);
    return Promise.resolve(version);
  }

  openGames(owner: string): Promise<string[]> {
    const ids: [string, number][] = [];
    for (const id of [...(this.byOwner.get(owner) ?? [])]) {
      const entry = this.live(id);
      if (entry !== undefined && entry.open) ids.push([id, entry.expiresAt]);
    }
    return Promise.resolve(ids.sort((a, b) => a[1] - b[1]).map(([id]) => id));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
