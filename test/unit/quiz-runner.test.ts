/** The runner on the memory store and fake time: delivery after a crash, practice, input errors, retries. */
import { createCatalog } from '../../src/games/catalog.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError, UnknownGameError } from '../../src/core/errors.js';
import type { AnyGame } from '../../src/core/game.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams } from '../../src/games/seagm/schema.js';
import { mixSeed, pickQuestion } from '../../src/quiz/question.js';
import {
  createQuizRunner,
  type QuizEvent,
  type QuizRunner,
  type QuizRunnerOptions,
} from '../../src/quiz/service.js';
import type { QuizStore } from '../../src/quiz/store.js';
import { MemoryQuizStore } from '../../src/quiz/storage/memory.js';
import { FakeTime, counterRandom, directSolver } from './quiz-fakes.js';

const T0 = Date.UTC(2025, 0, 6, 12, 0, 0);
const started: QuizRunner[] = [];

function runner(time: FakeTime, overrides: Partial<QuizRunnerOptions> & Pick<QuizRunnerOptions, 'store'>) {
  const events: QuizEvent[] = [];
  const errors: unknown[] = [];
  const clock = time.scope();
  const r = createQuizRunner({
    catalog: createCatalog(),
    solver: directSolver(),
    emit: (e) => void events.push(e),
    clock,
    random: counterRandom(11),
    breakMs: 0,
    onError: (e) => void errors.push(e),
    ...overrides,
  });
  started.push(r);
  return { runner: r, events, errors, scope: clock.id };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.close()));
});

const channel = { channelId: 'c1', guildId: 'g1' } as const;

describe('quiz runner', () => {
  it('solves every question before posting the first', async () => {
    const time = new FakeTime(T0);
    const solver = directSolver();
    let callsAtFirstPost = -1;
    const { runner: r } = runner(time, {
      store: new MemoryQuizStore(),
      solver,
      emit: (e) => {
        if (e.kind === 'question' && callsAtFirstPost < 0) callsAtFirstPost = solver.calls;
      },
    });
    await r.startQuiz({
      ...channel,
      userId: 'u1',
      gameId: 'seagm',
      rounds: 4,
      difficulty: 'medium',
      seconds: 10,
    });
    await r.idle();
    expect(callsAtFirstPost).toBeGreaterThanOrEqual(4);
  });

  it('delivers a reveal committed by a process that died before posting it, once', async () => {
    const time = new FakeTime(T0);
    const store = new MemoryQuizStore();
    const hung: QuizEvent[] = [];
    const a = runner(time, {
      store,
      // The process dies while posting the reveal: the promise never settles.
      emit: (e) => (e.kind === 'reveal' ? new Promise<void>(() => void hung.push(e)) : undefined),
    });
    await a.runner.startQuiz({ ...channel, userId: 'u1', gameId: 'seagm', rounds: 1, seconds: 10 });
    await a.runner.idle();
    const { state } = await store.load('c1');
    const correct = state?.rounds[0]?.parts[0]?.correct ?? 'first';
    await a.runner.answer({
      channelId: 'c1',
      userId: 'u2',
      quizId: state?.quizId ?? '',
      round: 1,
      choice: correct,
    });
    await time.advanceTo(T0 + 10_000, () => Promise.resolve());
    await vi.waitFor(() => expect(hung).toHaveLength(1));
    time.kill(a.scope);
    started.splice(started.indexOf(a.runner), 1);

    const b = runner(time, { store });
    expect(await b.runner.resumeAll()).toBe(1);
    await b.runner.idle();
    expect(b.events.map((e) => e.kind)).toEqual(['reveal', 'standings']);
    const reveal = b.events[0];
    expect(reveal?.kind === 'reveal' && reveal.explanation !== null).toBe(true);
    expect((await store.load('c1')).state?.outbox).toEqual([]);
    expect(await store.listActive()).toEqual([]);
    const board = await store.leaderboard({ scope: 'channel', id: 'c1', period: 'all', now: time.now() });
    expect(board).toEqual([{ userId: 'u2', points: 150, rank: 1 }]);
  });

  it('keeps going when posting fails, and says so through onError', async () => {
    const time = new FakeTime(T0);
    const { runner: r, errors } = runner(time, {
      store: new MemoryQuizStore(),
      emit: () => {
        throw new Error('Missing Access');
      },
    });
    await r.startQuiz({ ...channel, userId: 'u1', gameId: 'seagm', rounds: 2, seconds: 10 });
    await time.advanceTo(T0 + 60_000, () => r.idle());
    expect(errors.length).toBe(5); // question, reveal, question, reveal, standings
    expect(await r.stop({ channelId: 'c1', userId: 'u1', canManage: false })).toEqual({
      kind: 'not-running',
    });
  });

  it('retries a timer tick when the store fails', async () => {
    const time = new FakeTime(T0);
    const memory = new MemoryQuizStore();
    let failLoads = 0;
    const flaky: QuizStore = {
      load: (id) => (failLoads-- > 0 ? Promise.reject(new Error('ECONNRESET')) : memory.load(id)),
      save: (s, v, d) => memory.save(s, v, d),
      listActive: () => memory.listActive(),
      leaderboard: (q) => memory.leaderboard(q),
      close: () => memory.close(),
    };
    const { runner: r, errors, events } = runner(time, { store: flaky, retryMs: 1_000 });
    await r.startQuiz({ ...channel, userId: 'u1', gameId: 'seagm', rounds: 1, seconds: 10 });
    await r.idle();
    failLoads = 1;
    await time.advanceTo(T0 + 10_000, () => r.idle());
    expect(errors).toHaveLength(1);
    expect(events.map((e) => e.kind)).toEqual(['question']);
    await time.advanceTo(T0 + 11_000, () => r.idle());
    expect(events.map((e) => e.kind)).toEqual(['question', 'reveal', 'standings']);
  });

  it('rejects bad options with the allowed ranges, and unknown games by name', async () => {
    const { runner: r } = runner(new FakeTime(T0), { store: new MemoryQuizStore() });
    await expect(r.startQuiz({ ...channel, userId: 'u1', rounds: 21 })).rejects.toThrow(/rounds 1-20/);
    await expect(r.startQuiz({ ...channel, userId: 'u1', seconds: 5 })).rejects.toBeInstanceOf(InputError);
    await expect(r.startQuiz({ ...channel, userId: 'u1', gameId: 'chess' })).rejects.toBeInstanceOf(
      UnknownGameError,
    );
    await expect(
      r.leaderboard({ scope: 'server', period: 'all', channelId: 'dm1', guildId: null }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('refuses a second quiz in the same channel', async () => {
    const { runner: r } = runner(new FakeTime(T0), { store: new MemoryQuizStore() });
    const first = await r.startQuiz({ ...channel, userId: 'u1', gameId: 'seagm', rounds: 1, seconds: 10 });
    const second = await r.startQuiz({ ...channel, userId: 'u2', gameId: 'seagm', rounds: 1, seconds: 10 });
    expect(first.kind).toBe('started');
    expect(second).toEqual({
      kind: 'already-running',
      quizId: first.kind === 'started' ? first.quizId : '',
      starterId: 'u1',
    });
  });

  it('runs practice: a question, instant feedback with the explanation, a next button', async () => {
    const { runner: r } = runner(new FakeTime(T0), { store: new MemoryQuizStore() });
    const practice = await r.practice({ userId: 'u1', gameId: 'seagm', difficulty: 'medium' });
    expect(practice.question.gameId).toBe('seagm');
    const outcomeRow = practice.buttons[0] ?? [];
    expect(outcomeRow.map((b) => b.label)).toEqual(['First player wins', 'Second player wins']);
    const press = await r.pressButton({
      customId: outcomeRow[0]?.customId ?? '',
      channelId: 'c1',
      userId: 'u1',
    });
    if (press.kind !== 'practice-feedback') throw new Error(press.kind);
    const params = practice.question.params as { cards: number[] };
    const firstWins = seagm.solve(params).firstWins;
    expect(press.feedback.grade).toEqual({
      part: 'outcome',
      choice: 'first',
      correct: firstWins,
      answer: firstWins ? 'first' : 'second',
    });
    expect(press.feedback.explanation.reasons.length).toBeGreaterThan(0);
    const next = await r.pressButton({
      customId: press.feedback.next.customId,
      channelId: 'c1',
      userId: 'u1',
    });
    expect(next.kind).toBe('practice-question');
    expect(await r.pressButton({ customId: 'solve:again', channelId: 'c1', userId: 'u1' })).toEqual({
      kind: 'unknown-button',
    });
  });

  it('grades a practice answer from the id alone (another process, after a restart)', async () => {
    const a = runner(new FakeTime(T0), { store: new MemoryQuizStore() });
    const b = runner(new FakeTime(T0), { store: new MemoryQuizStore() });
    const practice = await a.runner.practice({ userId: 'u1', gameId: 'seagm', difficulty: 'hard' });
    const button = practice.buttons[1]?.[2];
    const feedback = await b.runner.practiceAnswer({
      userId: 'u1',
      questionId: practice.question.id,
      choice: button?.choice ?? 'p0',
    });
    expect(feedback.question).toEqual(practice.question);
    expect(feedback.grade.part).toBe('probability');
  });
});

describe('pickQuestion', () => {
  it('skips candidates the game itself rejects', async () => {
    let calls = 0;
    const broken: AnyGame = {
      ...seagm,
      randomInstance: (rng, difficulty) =>
        ++calls % 2 === 1 ? { cards: [0] } : seagm.randomInstance(rng, difficulty),
    };
    const ref = await pickQuestion(
      broken,
      'easy',
      mixSeed(1, 2),
      (p) => seagm.outcome(seagm.solve(p as SeagmParams), p as SeagmParams),
      50,
    );
    expect(ref.gameId).toBe('seagm');
    const allBroken: AnyGame = { ...seagm, randomInstance: () => ({ cards: [0] }) };
    await expect(pickQuestion(allBroken, 'easy', 1, () => 'first', 3)).rejects.toBeInstanceOf(InputError);
  });
});
