/**
 * Games against Grundy in Redis. Keys, under `<prefix>` (default `${GRUNDY_PREFIX}:play`):
 *   <prefix>:game:<id>      hash { v: version, s: session JSON }; expires when idle (or soon after the end)
 *   <prefix>:open:<owner>   sorted set: game id -> when it expires (ms), the owner's open games
 * A save is one Lua script: compare the version, write, set the expiry, update the owner's set.
 * Sessions are validated with zod when read back.
 */
import type { RedisClient } from '../../jobs/connection.js';
import { openStoreClient, readVersionedHash } from '../../jobs/versioned-hash.js';
import { PlaySession } from '../session.js';
import { FINISHED_GAME_SECONDS, IDLE_GAME_SECONDS, type PlayStore, type StoredSession } from '../store.js';

/** KEYS: game, owner's open set. ARGV: expected version, JSON, TTL s, open (1/0), expires at ms, id, set TTL s. */
const SAVE = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return -1 end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6])
else
  redis.call('ZREM', KEYS[2], ARGV[6])
end
redis.call('EXPIRE', KEYS[2], ARGV[7])
return version
`;

export interface RedisPlayStoreOptions {
  /** Key prefix, e.g. `grundy:play`. */
  readonly prefix: string;
  readonly idleSeconds?: number;
  readonly now?: () => number;
}

export class RedisPlayStore implements PlayStore {
  private closing: Promise<void> | undefined;
  private readonly idleSeconds: number;
  private readonly now: () => number;

  /** @param client a connected ioredis client; closed by `close()` only when `owned`. */
  constructor(
    private readonly client: RedisClient,
    private readonly options: RedisPlayStoreOptions,
    private readonly owned = false,
  ) {
    this.idleSeconds = options.idleSeconds ?? IDLE_GAME_SECONDS;
    this.now = options.now ?? Date.now;
  }

  /** A store with its own connection to `url`, closed by `close()`. */
  static open(url: string, options: RedisPlayStoreOptions): RedisPlayStore {
    const client = openStoreClient(url, 'grundy:play');
    return new RedisPlayStore(client, options, true);
  }

  private gameKey(id: string): string {
    return `${this.options.prefix}:game:${id}`;
  }

  private openKey(owner: string): string {
    return `${this.options.prefix}:open:${owner}`;
  }

  async load(id: string): Promise<StoredSession> {
    const { value, version } = await readVersionedHash(this.client, this.gameKey(id), PlaySession);
    return { session: value, version };
  }

  async save(session: PlaySession, expectedVersion: number, over: boolean): Promise<number | undefined> {
    const ttl = over ? FINISHED_GAME_SECONDS : this.idleSeconds;
    const result = await this.client.eval(
      SAVE,
      2,
      this.gameKey(session.id),
      this.openKey(session.owner),
      expectedVersion,
      JSON.stringify(PlaySession.parse(session)),
      ttl,
      over ? '0' : '1',
      this.now() + ttl * 1000,
      session.id,
      this.idleSeconds,
    );
    const version = Number(result);
    return version > 0 ? version : undefined;
  }

  async openGames(owner: string): Promise<string[]> {
    const key = this.openKey(owner);
    await this.client.zremrangebyscore(key, '-inf', String(this.now()));
    return this.client.zrange(key, '0', '-1');
  }

  close(): Promise<void> {
    if (!this.owned) return Promise.resolve();
    this.closing ??= this.client.quit().then(
      () => undefined,
      () => this.client.disconnect(),
    );
    return this.closing;
  }
}
