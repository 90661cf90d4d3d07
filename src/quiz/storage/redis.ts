/**
 * Quizzes in Redis. Keys, under `<prefix>` (default `${GRUNDY_PREFIX}:quiz`, a {hash tag} on a
 * Redis Cluster so every key of a commit shares a slot):
 *   <prefix>:state:<channelId>   hash { v: version, s: state JSON }; ended quizzes expire after a day
 *   <prefix>:active              sorted set: channelId -> when its timer fires (re-armed by resumeAll)
 *   <prefix>:lb:<scope>:<id>:all | :<ISO week>   sorted sets: userId -> points; weekly ones expire
 * A commit is one Lua script: compare the version, write the state, update the active set and add the
 * leaderboard points, all or nothing. States are validated with zod when read back.
 */
import type { RedisClient } from '../../jobs/connection.js';
import { openStoreClient, readVersionedHash } from '../../jobs/versioned-hash.js';
import { QuizState, isTracked, wakeAt } from '../machine.js';
import {
  ENDED_QUIZ_TTL_SECONDS,
  WEEK_BOARD_TTL_SECONDS,
  clampLimit,
  leaderboardBucket,
  leaderboardBuckets,
  rankRows,
  type ActiveQuiz,
  type LeaderboardDelta,
  type LeaderboardQuery,
  type LeaderboardRow,
  type QuizStore,
  type StoredQuiz,
} from '../store.js';

/**
 * KEYS: state, active set, then one key per leaderboard bucket.
 * ARGV: expected version, state JSON, tracked (1/0), wakeAt, channelId, ended TTL, member count n,
 *       n (member, points) pairs, then one TTL per leaderboard key (0 = none).
 */
const COMMIT = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return -1 end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[2])
if ARGV[3] == '1' then
  redis.call('PERSIST', KEYS[1])
  redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
else
  redis.call('EXPIRE', KEYS[1], ARGV[6])
  redis.call('ZREM', KEYS[2], ARGV[5])
end
local n = tonumber(ARGV[7])
local ttlAt = 8 + 2 * n
for k = 3, #KEYS do
  for m = 0, n - 1 do
    redis.call('ZINCRBY', KEYS[k], ARGV[9 + 2 * m], ARGV[8 + 2 * m])
  end
  local ttl = tonumber(ARGV[ttlAt + k - 3])
  if ttl > 0 then redis.call('EXPIRE', KEYS[k], ttl) end
end
return version
`;

/** WITHSCORES replies: flat `[member, score, ...]` (RESP2) or `[[member, score], ...]` (RESP3). */
function scorePairs(reply: unknown): [string, number][] {
  if (!Array.isArray(reply)) return [];
  const items: unknown[] = reply;
  if (items.every((item) => Array.isArray(item))) {
    return items.map((item) => {
      const [member, score] = item as unknown[];
      return [String(member), Number(score)];
    });
  }
  const pairs: [string, number][] = [];
  for (let i = 0; i + 1 < items.length; i += 2) pairs.push([String(items[i]), Number(items[i + 1])]);
  return pairs;
}

export interface RedisQuizStoreOptions {
  /** Key prefix, e.g. `grundy:quiz` (`${GRUNDY_PREFIX}:quiz`). */
  readonly prefix: string;
}

export class RedisQuizStore implements QuizStore {
  private closing: Promise<void> | undefined;

  /**
   * @param client a connected ioredis client; closed by `close()` only when `owned` (see `RedisQuizStore.open`).
   */
  constructor(
    private readonly client: RedisClient,
    private readonly options: RedisQuizStoreOptions,
    private readonly owned = false,
  ) {}

  /** A store with its own connection to `url`, closed by `close()`. */
  static open(url: string, options: RedisQuizStoreOptions): RedisQuizStore {
    const client = openStoreClient(url, 'grundy:quiz');
    return new RedisQuizStore(client, options, true);
  }

  private stateKey(channelId: string): string {
    return `${this.options.prefix}:state:${channelId}`;
  }

  private get activeKey(): string {
    return `${this.options.prefix}:active`;
  }

  private boardKey(bucket: string): string {
    return `${this.options.prefix}:lb:${bucket}`;
  }

  async load(channelId: string): Promise<StoredQuiz> {
    const { value, version } = await readVersionedHash(this.client, this.stateKey(channelId), QuizState);
    return { state: value, version };
  }

  async save(
    state: QuizState,
    expectedVersion: number,
    delta?: LeaderboardDelta,
  ): Promise<number | undefined> {
    const json = JSON.stringify(QuizState.parse(state));
    const tracked = isTracked(state);
    const buckets = delta === undefined || delta.scores.length === 0 ? [] : leaderboardBuckets(delta);
    const scores = delta?.scores ?? [];
    const keys = [
      this.stateKey(state.channelId),
      this.activeKey,
      ...buckets.map((b) => this.boardKey(b.name)),
    ];
    const args: (string | number)[] = [
      expectedVersion,
      json,
      tracked ? '1' : '0',
      wakeAt(state) ?? 0,
      state.channelId,
      ENDED_QUIZ_TTL_SECONDS,
      buckets.length === 0 ? 0 : scores.length,
      ...(buckets.length === 0 ? [] : scores.flatMap((s) => [s.userId, s.points])),
      ...buckets.map((b) => (b.weekly ? WEEK_BOARD_TTL_SECONDS : 0)),
    ];
    const result = await this.client.eval(COMMIT, keys.length, ...keys, ...args);
    const version = Number(result);
    return version > 0 ? version : undefined;
  }

  async listActive(): Promise<ActiveQuiz[]> {
    const reply: unknown = await this.client.zrevrange(this.activeKey, 0, -1, 'WITHSCORES');
    return scorePairs(reply).map(([channelId, at]) => ({ channelId, wakeAt: at }));
  }

  async leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const flat = await this.client.zrevrange(
      this.boardKey(leaderboardBucket(query)),
      0,
      clampLimit(query.limit) - 1,
      'WITHSCORES',
    );
    const rows: { userId: string; points: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2)
      rows.push({ userId: flat[i] ?? '', points: Number(flat[i + 1]) });
    return rankRows(rows);
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
