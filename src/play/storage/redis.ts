/**
 * Games against Grundy in Redis. Keys, under `<prefix>` (default `${GRUNDY_PREFIX}:play`):
 *   <prefix>:game:<id>      hash { v: version, s: session JSON }; expires when idle (or soon after the end)
 *   <prefix>:open:<owner>   sorted set: game id -> when it expires (ms), the owner's open games
 * A save is one Lua script: compare the version, write, set the expiry, update the owner's set.
 * Sessions are validated with zod when read back.
 */
import type { RedisClient } from '../../jobs/connection.js';
import { VersionedHashStore, compareAndSetScript, openStoreClient } from '../../jobs/versioned-hash.js';
import { PlaySession } from '../session.js';
import { FINISHED_GAME_SECONDS, IDLE_GAME_SECONDS, type PlayStore, type StoredSession } from '../store.js';

/** KEYS: game, owner's open set. ARGV: expected version, JSON, TTL s, open (1/0), expires at ms, id, set TTL s. */
const SAVE = compareAndSetScript(`
redis.call('EXPIRE', KEYS[1], ARGV[3])
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6])
else
  redis.call('ZREM', KEYS[2], ARGV[6])
end
redis.call('EXPIRE', KEYS[2], ARGV[7])
`);

export interface RedisPlayStoreOptions {
  /** Key prefix, e.g. `grundy:play`. */
  readonly prefix: string;
  readonly idleSeconds?: number;
  readonly now?: () => number;
}

export class RedisPlayStore extends VersionedHashStore implements PlayStore {
  private readonly idleSeconds: number;
  private readonly now: () => number;

  /** @param client a connected ioredis client; closed by `close()` only when `owned`. */
  constructor(
    client: RedisClient,
    private readonly options: RedisPlayStoreOptions,
    owned = false,
  ) {
    super(client, owned);
    this.idleSeconds = options.idleSeconds ?? IDLE_GAME_SECONDS;
    this.now = options.now ?? Date.now;
  }

  /** A store with its own connection to `url`, closed by `close()`. */
  static open(url: string, options: RedisPlayStoreOptions): RedisPlayStore {
    return new RedisPlayStore(openStoreClient(url, 'grundy:play'), options, true);
  }

  /** Every key of the store: `game:<id>` or `open:<owner>` under the prefix. */
  private key(kind: 'game' | 'open', id: string): string {
    return `${this.options.prefix}:${kind}:${id}`;
  }

  async load(id: string): Promise<StoredSession> {
    const { value, version } = await this.readRecord(this.key('game', id), PlaySession);
    return { session: value, version };
  }

  async save(session: PlaySession, expectedVersion: number, over: boolean): Promise<number | undefined> {
    const ttl = over ? FINISHED_GAME_SECONDS : this.idleSeconds;
    return this.writeRecord(
      SAVE,
      [this.key('game', session.id), this.key('open', session.owner)],
      [
        expectedVersion,
        JSON.stringify(PlaySession.parse(session)),
        ttl,
        over ? '0' : '1',
        this.now() + ttl * 1000,
        session.id,
        this.idleSeconds,
      ],
    );
  }

  async openGames(owner: string): Promise<string[]> {
    const key = this.key('open', owner);
    await this.client.zremrangebyscore(key, '-inf', String(this.now()));
    return this.client.zrange(key, '0', '-1');
  }
}
