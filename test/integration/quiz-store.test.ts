/**
 * The Redis quiz store against a real Redis (127.0.0.1:6379 or REDIS_URL), each test under its own prefix,
 * deleted afterwards: compare-and-set, leaderboards by scope and period, and restart-resume with runners.
 * The solver is the game called directly (test/unit/quiz-fakes.ts), not the thread-pool solve service.
 */
import { createCatalog } from '../../src/games/catalog.js';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start, type QuizState } from '../../src/quiz/machine.js';
import type { ChoiceId } from '../../src/quiz/question.js';
import { createQuizRunner, type QuizEvent, type QuizRunner } from '../../src/quiz/service.js';
import { isoWeek } from '../../src/quiz/store.js';
import { RedisQuizStore } from '../../src/quiz/storage/redis.js';
import { FakeTime, counterRandom, directSolver } from '../unit/quiz-fakes.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const T0 = Date.UTC(2025, 0, 8, 12, 0, 0); // a Wednesday, ISO week 2025-W02
const DAY = 24 * 3600 * 1000;

let admin: Redis;
const prefixes: string[] = [];
const stores: RedisQuizStore[] = [];
const runners: QuizRunner[] = [];

beforeAll(() => {
  admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const prefix of prefixes.splice(0)) {
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
  }
});

afterAll(async () => {
  await admin.quit();
});

function newPrefix(): string {
  const prefix = `grundy-test-${randomUUID()}:quiz`;
  prefixes.push(prefix);
  return prefix;
}

/** A new connection each time, as a new process would have. */
function openStore(prefix: string): RedisQuizStore {
  const store = RedisQuizStore.open(REDIS_URL, { prefix });
  stores.push(store);
  return store;
}

function quizState(channelId = 'c1', now = T0): QuizState {
  const step = start(undefined, {
    quizId: 'abcd1234',
    channelId,
    guildId: 'g1',
    starterId: 'u1',
    gameId: 'seagm',
    difficulty: 'easy',
    roundMs: 10_000,
    breakMs: 0,
    rounds: [
      { questionId: 'seagm.e1', parts: [{ id: 'outcome', choices: ['first', 'second'], correct: 'first' }] },
    ],
    now,
  });
  if (step.state === undefined) throw new Error('not started');
  return step.state;
}

describe('RedisQuizStore', () => {
  it('compare-and-set: one writer per version, the state read back as written', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix);
    expect(await store.load('c1')).toEqual({ state: undefined, version: 0 });
    const state = quizState();
    expect(await store.save(state, 0)).toBe(1);
    expect(await store.save(state, 0)).toBeUndefined();
    expect(await store.load('c1')).toEqual({ state, version: 1 });
    // Ten writers racing from the same version: exactly one wins.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => openStore(prefix).save({ ...state, deadline: T0 + i }, 1)),
    );
    expect(results.filter((v) => v === 2)).toHaveLength(1);
    expect(results.filter((v) => v === undefined)).toHaveLength(9);
  });

  it('reads a corrupt or foreign state as absent, keeping its version for the next write', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix);
    await admin.hset(`${prefix}:state:c1`, 'v', '7', 's', '{"schema":99}');
    expect(await store.load('c1')).toEqual({ state: undefined, version: 7 });
    await admin.hset(`${prefix}:state:c2`, 'v', '3', 's', 'not json');
    expect(await store.load('c2')).toEqual({ state: undefined, version: 3 });
    expect(await store.save(quizState(), 7)).toBe(8);
  });

  it('lists active quizzes with their wake-up time; ended ones leave the list and expire', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix);
    const state = quizState();
    await store.save(state, 0);
    await store.save(quizState('c2'), 0);
    expect((await store.listActive()).sort((a, b) => (a.channelId < b.channelId ? -1 : 1))).toEqual([
      { channelId: 'c1', wakeAt: T0 + 10_000 },
      { channelId: 'c2', wakeAt: T0 + 10_000 },
    ]);
    expect(await admin.ttl(`${prefix}:state:c1`)).toBe(-1);
    await store.save({ ...state, phase: 'finished', endedAt: T0, outbox: [] }, 1);
    expect(await store.listActive()).toEqual([{ channelId: 'c2', wakeAt: T0 + 10_000 }]);
    expect(await admin.ttl(`${prefix}:state:c1`)).toBeGreaterThan(3600);
  });

  it('leaderboards by channel and server, all time and by ISO week; weekly boards expire', async () => {
    const prefix = newPrefix();
    const store = openStore(prefix);
    let version = await store.save(quizState('c1'), 0);
    const add = async (channelId: string, guildId: string | null, at: number, scores: [string, number][]) => {
      const state = quizState(channelId);
      const current = (await store.load(channelId)).version;
      version = await store.save(state, current, {
        channelId,
        guildId,
        at,
        scores: scores.map(([userId, points]) => ({ userId, points })),
      });
      expect(version).toBe(current + 1);
    };
    await add('c1', 'g1', T0, [
      ['u1', 150],
      ['u2', 100],
    ]);
    await add('c2', 'g1', T0, [['u2', 120]]);
    await add('c1', 'g1', T0 - 7 * DAY, [['u3', 500]]); // last week
    await add('d1', null, T0, [['u9', 999]]); // a DM: no server board

    const board = (scope: 'channel' | 'server', id: string, period: 'week' | 'all') =>
      store.leaderboard({ scope, id, period, now: T0 });
    expect(await board('channel', 'c1', 'week')).toEqual([
      { userId: 'u1', points: 150, rank: 1 },
      { userId: 'u2', points: 100, rank: 2 },
    ]);
    expect(await board('channel', 'c1', 'all')).toEqual([
      { userId: 'u3', points: 500, rank: 1 },
      { userId: 'u1', points: 150, rank: 2 },
      { userId: 'u2', points: 100, rank: 3 },
    ]);
    expect(await board('server', 'g1', 'week')).toEqual([
      { userId: 'u2', points: 220, rank: 1 },
      { userId: 'u1', points: 150, rank: 2 },
    ]);
    expect((await board('server', 'g1', 'all')).map((r) => r.userId)).toEqual(['u3', 'u2', 'u1']);
    expect(await board('channel', 'd1', 'all')).toEqual([{ userId: 'u9', points: 999, rank: 1 }]);
    expect(
      await store.leaderboard({ scope: 'channel', id: 'c1', period: 'all', now: T0, limit: 1 }),
    ).toHaveLength(1);
    expect(isoWeek(T0)).toBe('2025-W02');
    expect(await admin.ttl(`${prefix}:lb:server:g1:2025-W02`)).toBeGreaterThan(13 * 24 * 3600);
    expect(await admin.ttl(`${prefix}:lb:server:g1:all`)).toBe(-1);
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
    runners.push(runner);
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
    const prefix = newPrefix();
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
    const prefix = newPrefix();
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
