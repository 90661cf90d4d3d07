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
import { VersionedHashStore, compareAndSetScript, openStoreClient } from '../../jobs/versioned-hash.js';
import { QuizState } from '../machine.js';
import {
  ENDED_QUIZ_TTL_SECONDS,
  WEEK_BOARD_TTL_SECONDS,
  boardSlice,
  planCommit,
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
const COMMIT = compareAndSetScript(`
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
`);

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

export class RedisQuizStore extends VersionedHashStore implements QuizStore {
  /**
   * @param client a connected ioredis client; closed by `close()` only when `owned` (see `RedisQuizStore.open`).
   */
  constructor(
    client: RedisClient,
    private readonly options: RedisQuizStoreOptions,
    owned = false,
  ) {
    super(client, owned);
  }

  /** A store with its own connection to `url`, closed by `close()`. */
  static open(url: string, options: RedisQuizStoreOptions): RedisQuizStore {
    return new RedisQuizStore(openStoreClient(url, 'grundy:quiz'), options, true);
  }

  /** Every key of the store: `state:<channelId>`, `active`, `lb:<bucket>` under the prefix. */
  private key(...parts: string[]): string {
    return [this.options.prefix, ...parts].join(':');
  }

  async load(channelId: string): Promise<StoredQuiz> {
    const { value, version } = await this.readRecord(this.key('state', channelId), QuizState);
    return { state: value, version };
  }

  async save(
    state: QuizState,
    expectedVersion: number,
    delta?: LeaderboardDelta,
  ): Promise<number | undefined> {
    const commit = planCommit(state, delta);
    return this.writeRecord(
      COMMIT,
      [
        this.key('state', commit.channelId),
        this.key('active'),
        ...commit.buckets.map((b) => this.key('lb', b.name)),
      ],
      [
        expectedVersion,
        commit.json,
        commit.tracked ? '1' : '0',
        commit.wakeAt,
        commit.channelId,
        ENDED_QUIZ_TTL_SECONDS,
        commit.scores.length,
        ...commit.scores.flatMap((s) => [s.userId, s.points]),
        ...commit.buckets.map((b) => (b.weekly ? WEEK_BOARD_TTL_SECONDS : 0)),
      ],
    );
  }

  async listActive(): Promise<ActiveQuiz[]> {
    const reply: unknown = await this.client.zrevrange(this.key('active'), 0, -1, 'WITHSCORES');
    return scorePairs(reply).map(([channelId, at]) => ({ channelId, wakeAt: at }));
  }

  async leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const { bucket, limit } = boardSlice(query);
    const reply: unknown = await this.client.zrevrange(this.key('lb', bucket), 0, limit - 1, 'WITHSCORES');
    return rankRows(scorePairs(reply).map(([userId, points]) => ({ userId, points })));
  }
}
