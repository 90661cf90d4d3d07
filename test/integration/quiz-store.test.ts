/**
 * The quiz store contract against both adapters (memory, and Redis at 127.0.0.1:6379 or REDIS_URL, each test
 * under its own prefix, deleted afterwards), then what only Redis does: unreadable states, key expiry, and
 * restart-resume with runners in two "processes". The solver is the game called directly
 * (test/unit/quiz-fakes.ts), not the thread-pool solve service.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/games/catalog.js';
import type { ChoiceId } from '../../src/quiz/question.js';
import type { QuizEvent } from '../../src/quiz/events.js';
import { createQuizRunner } from '../../src/quiz/runner.js';
import { isoWeek } from '../../src/quiz/store.js';
import { MemoryQuizStore } from '../../src/quiz/storage/memory.js';
import { RedisQuizStore } from '../../src/quiz/storage/redis.js';
import { FakeTime, counterRandom, directSolver } from '../unit/quiz-fakes.js';
import { T0, quizState, quizStoreContract } from './store-contracts.js';
import { REDIS_URL, redisStoreFixture } from './store-fixture.js';

const redis = redisStoreFixture('quiz');

/** A new connection each time, as a new process would have. */
function openStore(prefix: string): RedisQuizStore {
  return redis.track(RedisQuizStore.open(REDIS_URL, { prefix }));
}

quizStoreContract({
  name: 'memory',
  open() {
    const store = new MemoryQuizStore();
    return { store, another: () => store };
  },
});

quizStoreContract({
  name: 'redis',
  open() {
    const prefix = redis.newPrefix();
    return { store: openStore(prefix), another: () => openStore(prefix) };
  },
});

describe('MemoryQuizStore', () => {
  const DAY = 24 * 3600 * 1000;
  const ended = (channelId: string) => ({
    ...quizState(channelId),
    phase: 'finished' as const,
    endedAt: T0,
    outbox: [],
  });
  const points = (channelId: string, at: number, userId = 'u1') => ({
    channelId,
    guildId: 'g1',
    at,
    scores: [{ userId, points: 150 }],
  });

  it('expires as Redis does: ended states after a day, weekly boards two weeks after their last points', async () => {
    let now = T0;
    const store = new MemoryQuizStore({ now: () => now });
    await store.save(quizState('run'), 0);
    await store.save(ended('done'), 0, points('done', T0));
    const board = { scope: 'channel', id: 'done', now: T0 } as const;
    expect(await store.leaderboard({ ...board, period: 'week' })).toEqual([
      { userId: 'u1', points: 150, rank: 1 },
    ]);

    now = T0 + DAY - 1;
    expect((await store.load('done')).version).toBe(1);
    now = T0 + DAY;
    // Gone as a whole, its version too: the channel starts afresh at 0, as after a Redis key expires.
    expect(await store.load('done')).toEqual({ state: undefined, version: 0 });
    expect(await store.save(ended('done'), 1)).toBeUndefined();
    expect(await store.save(quizState('done'), 0)).toBe(1);
    // A running quiz stays however long it runs.
    expect((await store.load('run')).version).toBe(1);

    // Points 10 days in keep the week's board for two weeks from then, not from its first points.
    now = T0 + 10 * DAY;
    await store.save(ended('late'), 0, points('done', T0, 'u2'));
    now = T0 + 24 * DAY - 1;
    expect(await store.leaderboard({ ...board, period: 'week' })).toHaveLength(2);
    now = T0 + 24 * DAY;
    expect(await store.leaderboard({ ...board, period: 'week' })).toEqual([]);
    expect(await store.leaderboard({ ...board, period: 'all' })).toEqual([
      { userId: 'u2', points: 150, rank: 1 },
      { userId: 'u1', points: 150, rank: 1 },
    ]);
  });

  it('sweeps what has expired from memory at a write, at most once a minute', async () => {
    let now = T0;
    const store = new MemoryQuizStore({ now: () => now });
    for (const channelId of ['a', 'b', 'c']) await store.save(ended(channelId), 0, points(channelId, T0));
    now = T0 + 30_000;
    await store.save(ended('x'), 0, points('x', now));
    // 4 states; per channel an all-time and a weekly board, and the server's two.
    expect(store.size).toBe(4 + 8 + 2);
    // A quiz that ends a day before the next sweep is swept by it, at the very moment it expires.
    now = T0 + 13 * DAY;
    await store.save(ended('y'), 0);
    expect(store.size).toBe(1 + 8 + 2);
    now = T0 + 14 * DAY;
    await store.save(quizState('d'), 0);
    // The ended states and the weekly boards of a, b and c are gone; x's and the server's week has 30 s left.
    expect(store.size).toBe(1 + 4 + 1 + 2);
    now = T0 + 14 * DAY + 59_999;
    await store.save(quizState('e'), 0);
    // Expired now, but the last sweep was less than a minute ago.
    expect(store.size).toBe(2 + 4 + 1 + 2);
    now = T0 + 14 * DAY + 60_000;
    await store.save(quizState('f'), 0);
    expect(store.size).toBe(3 + 4 + 1);
    expect(await store.leaderboard({ scope: 'server', id: 'g1', period: 'week', now: T0 })).toEqual([]);
  });
});

describe('RedisQuizStore', () => {
  it('reads a corrupt or foreign state as absent, keeping its version for the next write', async () => {
    const prefix = redis.newPrefix();
    const store = openStore(prefix);
    await redis.admin().hset(`${prefix}:state:c1`, 'v', '7', 's', '{"schema":99}');
    expect(await store.load('c1')).toEqual({ state: undefined, version: 7 });
    await redis.admin().hset(`${prefix}:state:c2`, 'v', '3', 's', 'not json');
    expect(await store.load('c2')).toEqual({ state: undefined, version: 3 });
    expect(await store.save(quizState(), 7)).toBe(8);
  });

  it('active states stay, ended ones expire after a day; weekly boards expire, all-time ones stay', async () => {
    const prefix = redis.newPrefix();
    const store = openStore(prefix);
    const admin = redis.admin();
    const state = quizState();
    await store.save(state, 0);
    expect(await admin.ttl(`${prefix}:state:c1`)).toBe(-1);
    await store.save({ ...state, phase: 'finished', endedAt: T0, outbox: [] }, 1, {
      channelId: 'c1',
      guildId: 'g1',
      at: T0,
      scores: [{ userId: 'u1', points: 150 }],
    });
    expect(await admin.ttl(`${prefix}:state:c1`)).toBeGreaterThan(3600);
    expect(await admin.zrange(`${prefix}:active`, '0', '-1')).toEqual([]);
    expect(isoWeek(T0)).toBe('2025-W02');
    expect(await admin.ttl(`${prefix}:lb:server:g1:2025-W02`)).toBeGreaterThan(13 * 24 * 3600);
    expect(await admin.ttl(`${prefix}:lb:channel:c1:2025-W02`)).toBeGreaterThan(13 * 24 * 3600);
    expect(await admin.ttl(`${prefix}:lb:server:g1:all`)).toBe(-1);
    expect(await admin.zscore(`${prefix}:lb:channel:c1:all`, 'u1')).toBe('150');
    await store.save(quizState('d1'), 0, {
      channelId: 'd1',
      guildId: null,
      at: T0,
      scores: [{ userId: 'u9', points: 1 }],
    });
    expect(await admin.exists(`${prefix}:lb:server:null:all`)).toBe(0);
  });
});

describe('restart-resume on Redis', () => {
  function bootProcess(time: FakeTime, prefix: string) {
    const events: QuizEvent[] = [];
    const errors: unknown[] = [];
    const clock = time.scope();
    const runner = createQuizRunner({
      catalog: createCatalog(),
      store: openStore(prefix),
      solver: directSolver(),
      emit: (e) => void events.push(e),
      clock,
      random: counterRandom(5),
      breakMs: 2_000,
      onError: (e) => void errors.push(e),
    });
    redis.track(runner);
    return { runner, events, errors, scope: clock.id };
  }

  async function startAndAnswer(a: ReturnType<typeof bootProcess>, store: RedisQuizStore) {
    const reply = await a.runner.startQuiz({
      channelId: 'c1',
      guildId: 'g1',
      userId: 'u1',
      gameId: 'seagm',
      rounds: 2,
      difficulty: 'medium',
      seconds: 20,
    });
    if (reply.kind !== 'started') throw new Error(reply.kind);
    await a.runner.idle();
    const { state } = await store.load('c1');
    const right = state?.rounds[0]?.parts[0]?.correct ?? 'first';
    const wrong = right === 'first' ? 'second' : 'first';
    const click = (userId: string, choice: ChoiceId) =>
      a.runner.answer({ channelId: 'c1', userId, quizId: reply.quizId, round: 1, choice });
    expect((await click('u2', right)).kind).toBe('accepted'); // at T0: 150 points
    expect((await click('u3', wrong)).kind).toBe('accepted');
    return { quizId: reply.quizId, click };
  }

  it('a new process resumes the round: revealed once, scored once, late clicks closed', async () => {
    const prefix = redis.newPrefix();
    const time = new FakeTime(T0);
    const a = bootProcess(time, prefix);
    const { quizId } = await startAndAnswer(a, openStore(prefix));
    // Process A dies mid-round: its timers go with it.
    time.kill(a.scope);
    time.jump(5_000);

    const b = bootProcess(time, prefix);
    expect(await b.runner.resumeAll()).toBe(1);
    const beforeDeadline = await b.runner.answer({
      channelId: 'c1',
      userId: 'u4',
      quizId,
      round: 1,
      choice: 'first',
    });
    expect(beforeDeadline.kind).toBe('accepted'); // still before the deadline
    await time.advanceTo(T0 + 20_000, () => b.runner.idle());
    expect(
      await b.runner.answer({ channelId: 'c1', userId: 'u5', quizId, round: 1, choice: 'first' }),
    ).toEqual({
      kind: 'closed',
      reason: 'late',
    });
    // Fire again, from both the new process and a stray tick: nothing more happens.
    await b.runner.tick('c1');
    await b.runner.idle();
    const reveals = b.events.filter((e) => e.kind === 'reveal');
    expect(reveals).toHaveLength(1);
    const reveal = reveals[0];
    if (reveal?.kind !== 'reveal') throw new Error('no reveal');
    expect(reveal.explanation?.reasons.length).toBeGreaterThan(0);
    expect(reveal.results.find((r) => r.userId === 'u2')?.points).toBe(150);
    expect(reveal.results.find((r) => r.userId === 'u3')?.points).toBe(0);
    const board = await openStore(prefix).leaderboard({
      scope: 'channel',
      id: 'c1',
      period: 'all',
      now: time.now(),
    });
    expect(board.find((r) => r.userId === 'u2')?.points).toBe(150);
    expect(b.errors).toEqual([]);

    // The quiz goes on to round 2 after the break and finishes, on process B alone.
    await time.advanceTo(T0 + 60_000, () => b.runner.idle());
    expect(b.events.map((e) => e.kind)).toEqual(['reveal', 'question', 'reveal', 'standings']);
    expect(await openStore(prefix).listActive()).toEqual([]);
  });

  it('two live processes fire the same time-up: one reveal, one score', async () => {
    const prefix = redis.newPrefix();
    const time = new FakeTime(T0);
    const a = bootProcess(time, prefix);
    await startAndAnswer(a, openStore(prefix));
    const b = bootProcess(time, prefix);
    await b.runner.resumeAll();
    await time.advanceTo(T0 + 20_000, async () => {
      await a.runner.idle();
      await b.runner.idle();
    });
    await Promise.all([a.runner.tick('c1'), b.runner.tick('c1'), a.runner.tick('c1')]);
    await a.runner.idle();
    await b.runner.idle();
    const reveals = [...a.events, ...b.events].filter((e) => e.kind === 'reveal');
    expect(reveals).toHaveLength(1);
    const board = await openStore(prefix).leaderboard({
      scope: 'server',
      id: 'g1',
      period: 'week',
      now: time.now(),
    });
    expect(board).toEqual([{ userId: 'u2', points: 150, rank: 1 }]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
