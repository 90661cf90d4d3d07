/**
 * Games against Grundy in this process's memory, for running without REDIS_URL (and for unit tests).
 * Sessions go through JSON and the zod schema as they do in Redis; expiry follows the injected clock.
 */
import { PlaySession } from '../session.js';
import { FINISHED_GAME_SECONDS, IDLE_GAME_SECONDS, type PlayStore, type StoredSession } from '../store.js';

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
}

export class MemoryPlayStore implements PlayStore {
  private readonly games = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly idleSeconds: number;

  constructor(options: MemoryPlayStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.idleSeconds = options.idleSeconds ?? IDLE_GAME_SECONDS;
  }

  private live(id: string): Entry | undefined {
    const entry = this.games.get(id);
    if (entry !== undefined && entry.expiresAt <= this.now()) {
      this.games.delete(id);
      return undefined;
    }
    return entry;
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
    const version = current + 1;
    const ttl = over ? FINISHED_GAME_SECONDS : this.idleSeconds;
    this.games.set(session.id, {
      version,
      json: JSON.stringify(PlaySession.parse(session)),
      owner: session.owner,
      open: !over,
      expiresAt: this.now() + ttl * 1000,
    });
    return Promise.resolve(version);
  }

  openGames(owner: string): Promise<string[]> {
    const ids: [string, number][] = [];
    for (const id of [...this.games.keys()]) {
      const entry = this.live(id);
      if (entry !== undefined && entry.open && entry.owner === owner) ids.push([id, entry.expiresAt]);
    }
    return Promise.resolve(ids.sort((a, b) => a[1] - b[1]).map(([id]) => id));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
