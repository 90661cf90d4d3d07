/**
 * The quiz state machine, two ways: direct checks of the pure transitions, and a fast-check model-based run of
 * the whole thing (machine + runner + memory store + fake time) with start, answer, change, time-up (also
 * fired twice, and by two processes at once), stop and restart (a crash, or a second process joining).
 * The model computes expected points with its own copy of the documented formula.
 */
import { createCatalog } from '../../src/games/catalog.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QuizState,
  acknowledge,
  advance,
  answer,
  gradePractice,
  rankScores,
  start,
  stop,
  timeUp,
  type StartInput,
} from '../../src/quiz/machine.js';
import type { ChoiceId, RoundSpec } from '../../src/quiz/question.js';
import { createQuizRunner, type QuizEvent, type QuizRunner } from '../../src/quiz/service.js';
import { MemoryQuizStore } from '../../src/quiz/storage/memory.js';
import { FakeTime, counterRandom, directSolver } from './quiz-fakes.js';

const T0 = Date.UTC(2025, 0, 6, 12, 0, 0);

const spec = (questionId: string, correct: 'first' | 'second', bin = 4): RoundSpec => ({
  questionId,
  parts: [
    { id: 'outcome', choices: ['first', 'second'], correct },
    { id: 'probability', choices: ['p3', 'p4', 'p5', 'p6'], correct: `p${bin}` as 'p4' },
  ],
});

function startInput(overrides: Partial<StartInput> = {}): StartInput {
  return {
    quizId: 'abcd1234',
    channelId: 'c1',
    guildId: 'g1',
    starterId: 'u1',
    gameId: 'seagm',
    difficulty: 'easy',
    roundMs: 20_000,
    breakMs: 5_000,
    rounds: [spec('seagm.e1', 'first'), spec('seagm.e2', 'second')],
    now: T0,
    ...overrides,
  };
}

function started(overrides: Partial<StartInput> = {}): QuizState {
  const step = start(undefined, startInput(overrides));
  if (step.state === undefined) throw new Error('not started');
  return step.state;
}

describe('quiz machine transitions', () => {
  it('starts with the first question and refuses a second start while running', () => {
    const step = start(undefined, startInput());
    expect(step.reply).toEqual({ kind: 'started', quizId: 'abcd1234', rounds: 2, deadline: T0 + 20_000 });
    expect(step.effects.map((e) => e.kind)).toEqual(['question']);
    const again = start(step.state, startInput({ quizId: 'zzzz9999', starterId: 'u2' }));
    expect(again.changed).toBe(false);
    expect(again.reply).toEqual({ kind: 'already-running', quizId: 'abcd1234', starterId: 'u1' });
  });

  it('keeps the latest change with its own time, and a repeated click keeps the first time', () => {
    let s = started();
    const click = (userId: string, choice: 'first' | 'second', at: number) =>
      answer(s, { quizId: 'abcd1234', round: 1, choice, userId, now: at });
    let step = click('u2', 'second', T0 + 1_000);
    expect(step.reply).toMatchObject({ kind: 'accepted', previous: null, part: 'outcome' });
    s = step.state ?? s;
    step = click('u2', 'first', T0 + 10_000);
    expect(step.reply).toMatchObject({ kind: 'accepted', previous: 'second', choice: 'first' });
    s = step.state ?? s;
    step = click('u2', 'first', T0 + 19_000);
    expect(step.changed).toBe(false);
    const up = timeUp(s, T0 + 20_000);
    // 100 + floor(50 * 10 s / 20 s): the time of the change, not of the first click nor of the repeat.
    expect(up.scores).toEqual([{ userId: 'u2', points: 125 }]);
  });

  it('tells late clicks and clicks on old quizzes that the round is closed', () => {
    const s = started();
    expect(
      answer(s, { quizId: 'abcd1234', round: 1, choice: 'first', userId: 'u2', now: T0 + 20_000 }).reply,
    ).toEqual({
      kind: 'closed',
      reason: 'late',
    });
    expect(answer(s, { quizId: 'other000', round: 1, choice: 'first', userId: 'u2', now: T0 }).reply).toEqual(
      {
        kind: 'closed',
        reason: 'ended',
      },
    );
    expect(
      answer(undefined, { quizId: 'abcd1234', round: 1, choice: 'first', userId: 'u2', now: T0 }).reply,
    ).toEqual({
      kind: 'closed',
      reason: 'ended',
    });
    expect(answer(s, { quizId: 'abcd1234', round: 1, choice: 'tie', userId: 'u2', now: T0 }).reply).toEqual({
      kind: 'invalid-choice',
    });
  });

  it('scores a round once however often time-up fires', () => {
    let s = started();
    s = answer(s, { quizId: 'abcd1234', round: 1, choice: 'first', userId: 'u2', now: T0 }).state ?? s;
    expect(timeUp(s, T0 + 19_999).changed).toBe(false);
    const up = timeUp(s, T0 + 20_000);
    expect(up.scores).toEqual([{ userId: 'u2', points: 150 }]);
    expect(up.effects.map((e) => e.kind)).toEqual(['reveal']);
    const again = timeUp(up.state, T0 + 25_000);
    expect(again.changed).toBe(false);
    expect(again.scores).toEqual([]);
    // advance = time-up then the next round when its break is over.
    const later = advance(up.state, T0 + 25_000);
    expect(later.effects.map((e) => e.kind)).toEqual(['question']);
    expect(later.state?.round).toBe(2);
    expect(later.state?.deadline).toBe(T0 + 45_000);
  });

  it('finishes with standings after the last round, and survives a JSON round trip at every step', () => {
    let s = started({ rounds: [spec('seagm.e1', 'first')], breakMs: 0 });
    s = answer(s, { quizId: 'abcd1234', round: 1, choice: 'second', userId: 'u2', now: T0 }).state ?? s;
    s = answer(s, { quizId: 'abcd1234', round: 1, choice: 'p4', userId: 'u2', now: T0 + 10_000 }).state ?? s;
    s = QuizState.parse(JSON.parse(JSON.stringify(s)));
    const end = advance(s, T0 + 20_000);
    expect(end.state?.phase).toBe('finished');
    expect(end.effects.map((e) => e.kind)).toEqual(['reveal', 'standings']);
    expect(end.scores).toEqual([{ userId: 'u2', points: 125 }]);
    expect(end.state?.scores).toEqual([{ userId: 'u2', points: 125, correct: 1, answered: 2 }]);
    const parsed = QuizState.parse(JSON.parse(JSON.stringify(end.state)));
    expect(acknowledge(parsed, parsed.seq).state?.outbox).toEqual([]);
  });

  it('lets the starter or a manager stop, nobody else', () => {
    const s = started();
    expect(stop(s, { userId: 'u9', canManage: false, now: T0 }).reply).toEqual({
      kind: 'not-allowed',
      starterId: 'u1',
    });
    expect(stop(s, { userId: 'u9', canManage: true, now: T0 }).reply).toMatchObject({
      kind: 'stopped',
      roundsPlayed: 0,
    });
    const byStarter = stop(s, { userId: 'u1', canManage: false, now: T0 });
    expect(byStarter.effects).toMatchObject([{ kind: 'standings', reason: 'stopped', stoppedBy: 'u1' }]);
    expect(stop(byStarter.state, { userId: 'u1', canManage: true, now: T0 }).reply).toEqual({
      kind: 'not-running',
    });
  });

  it('ranks equal points and correct answers together', () => {
    const ranks = rankScores([
      { userId: 'b', points: 100, correct: 1, answered: 1 },
      { userId: 'a', points: 150, correct: 1, answered: 2 },
      { userId: 'c', points: 100, correct: 1, answered: 2 },
    ]).map((r) => [r.userId, r.rank]);
    expect(ranks).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
    ]);
  });

  it('grades practice clicks by part', () => {
    const s = spec('seagm.e1', 'second', 5);
    expect(gradePractice(s, 'second')).toEqual({
      part: 'outcome',
      choice: 'second',
      correct: true,
      answer: 'second',
    });
    expect(gradePractice(s, 'p4')).toEqual({
      part: 'probability',
      choice: 'p4',
      correct: false,
      answer: 'p5',
    });
    expect(gradePractice(s, 'tie')).toBeUndefined();
  });
});

// ---------------- model-based ----------------

const CHANNEL = 'c1';
const GUILD = 'g1';
const USERS = ['u1', 'u2', 'u3', 'u4'] as const;

interface ModelQuiz {
  quizId: string;
  starter: string;
  roundMs: number;
  rounds: RoundSpec[];
  round: number;
  phase: 'open' | 'between' | 'finished' | 'stopped';
  deadline: number;
  nextAt: number | null;
  /** `${user}|${part}` -> the latest choice and its time. */
  answers: Map<string, { choice: ChoiceId; at: number }>;
  scores: Map<string, number>;
}

interface Model {
  quiz: ModelQuiz | null;
  board: Map<string, number>;
  questions: number;
  reveals: number;
  standings: number;
}

interface Real {
  time: FakeTime;
  store: MemoryQuizStore;
  runners: { runner: QuizRunner; scope: number }[];
  events: QuizEvent[];
  errors: unknown[];
  breakMs: number;
  random: () => number;
}

/** The documented formula, written out again on purpose. */
function expectedPoints(correct: boolean, at: number, deadline: number, roundMs: number): number {
  return correct ? 100 + Math.floor((50 * Math.min(Math.max(deadline - at, 0), roundMs)) / roundMs) : 0;
}

function isOpenOrBetween(quiz: ModelQuiz | null): quiz is ModelQuiz {
  return quiz !== null && (quiz.phase === 'open' || quiz.phase === 'between');
}

/**
 * Every transition due by time `t`, as the model sees it. Timers fire at their time, or at `from` (the clock
 * when they finally ran) if the process was lagging.
 */
function modelAdvance(model: Model, from: number, t: number, breakMs: number): void {
  const quiz = model.quiz;
  if (quiz === null) return;
  for (;;) {
    if (quiz.phase === 'open' && quiz.deadline <= t) {
      const firedAt = Math.max(quiz.deadline, from);
      const spec = quiz.rounds[quiz.round - 1];
      if (spec === undefined) throw new Error('model lost a round');
      const users = new Set<string>();
      for (const [key, a] of quiz.answers) {
        const [user = '', partId] = key.split('|');
        const part = spec.parts.find((p) => p.id === partId);
        const points = expectedPoints(a.choice === part?.correct, a.at, quiz.deadline, quiz.roundMs);
        users.add(user);
        quiz.scores.set(user, (quiz.scores.get(user) ?? 0) + points);
        if (points > 0) model.board.set(user, (model.board.get(user) ?? 0) + points);
      }
      for (const user of users) if (!quiz.scores.has(user)) quiz.scores.set(user, 0);
      quiz.answers.clear();
      model.reveals++;
      if (quiz.round === quiz.rounds.length) {
        quiz.phase = 'finished';
        model.standings++;
      } else {
        quiz.phase = 'between';
        quiz.nextAt = firedAt + breakMs;
      }
    } else if (quiz.phase === 'between' && quiz.nextAt !== null && quiz.nextAt <= t) {
      quiz.round++;
      quiz.phase = 'open';
      quiz.deadline = Math.max(quiz.nextAt, from) + quiz.roundMs;
      quiz.nextAt = null;
      model.questions++;
    } else {
      return;
    }
  }
}

async function settle(real: Real): Promise<void> {
  for (let i = 0; i < 3; i++) for (const { runner } of real.runners) await runner.idle();
}

function runnerAt(real: Real, pick: number): QuizRunner {
  const entry = real.runners[pick % real.runners.length];
  if (entry === undefined) throw new Error('no runner');
  return entry.runner;
}

function addRunner(real: Real): QuizRunner {
  const clock = real.time.scope();
  const runner = createQuizRunner({
    catalog: createCatalog(),
    store: real.store,
    solver: directSolver(),
    emit: (event) => void real.events.push(event),
    clock,
    random: real.random,
    breakMs: real.breakMs,
    onError: (error) => void real.errors.push(error),
  });
  real.runners.push({ runner, scope: clock.id });
  return runner;
}

async function verify(model: Model, real: Real): Promise<void> {
  await settle(real);
  expect(real.errors).toEqual([]);
  const { state } = await real.store.load(CHANNEL);
  const quiz = model.quiz;
  if (quiz === null) {
    expect(state).toBeUndefined();
  } else {
    expect(state?.quizId).toBe(quiz.quizId);
    expect(state?.phase).toBe(quiz.phase);
    expect(state?.round).toBe(quiz.round);
    expect(new Map(state?.scores.map((row) => [row.userId, row.points]))).toEqual(quiz.scores);
    expect(state?.outbox).toEqual([]);
    // Scores are the sum of what the reveals graded, nothing more.
    const revealed = new Map<string, number>();
    for (const e of real.events) {
      if (e.kind !== 'reveal' || e.quizId !== quiz.quizId) continue;
      for (const r of e.results) revealed.set(r.userId, (revealed.get(r.userId) ?? 0) + r.points);
    }
    expect(revealed).toEqual(quiz.scores);
  }
  const count = (kind: QuizEvent['kind']) => real.events.filter((e) => e.kind === kind).length;
  expect(count('question')).toBe(model.questions);
  expect(count('reveal')).toBe(model.reveals);
  expect(count('standings')).toBe(model.standings);
  const revealKeys = real.events.filter((e) => e.kind === 'reveal').map((e) => `${e.quizId}:${e.round}`);
  expect(new Set(revealKeys).size).toBe(revealKeys.length);
  const board = await real.store.leaderboard({
    scope: 'channel',
    id: CHANNEL,
    period: 'all',
    now: real.time.now(),
  });
  expect(new Map(board.map((r) => [r.userId, r.points]))).toEqual(
    new Map([...model.board].filter(([, p]) => p > 0)),
  );
  const server = await real.store.leaderboard({
    scope: 'server',
    id: GUILD,
    period: 'week',
    now: real.time.now(),
  });
  expect(server.map((r) => r.points)).toEqual(board.map((r) => r.points));
}

type Cmd = fc.AsyncCommand<Model, Real>;

class StartCmd implements Cmd {
  constructor(
    readonly rounds: number,
    readonly seconds: number,
    readonly starter: number,
    readonly via: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const starter = USERS[this.starter] ?? 'u1';
    const reply = await runnerAt(real, this.via).startQuiz({
      channelId: CHANNEL,
      guildId: GUILD,
      userId: starter,
      gameId: 'seagm',
      rounds: this.rounds,
      difficulty: 'easy',
      seconds: this.seconds,
    });
    if (isOpenOrBetween(model.quiz)) {
      expect(reply).toEqual({
        kind: 'already-running',
        quizId: model.quiz.quizId,
        starterId: model.quiz.starter,
      });
    } else {
      expect(reply.kind).toBe('started');
      const { state } = await real.store.load(CHANNEL);
      if (state === undefined || reply.kind !== 'started') throw new Error('no quiz stored');
      expect(state.rounds).toHaveLength(this.rounds);
      model.quiz = {
        quizId: reply.quizId,
        starter,
        roundMs: this.seconds * 1000,
        rounds: state.rounds,
        round: 1,
        phase: 'open',
        deadline: real.time.now() + this.seconds * 1000,
        nextAt: null,
        answers: new Map(),
        scores: new Map(),
      };
      model.questions++;
    }
    await verify(model, real);
  }
  toString = () => `start(${this.rounds} rounds, ${this.seconds} s, by ${this.starter})`;
}

class AnswerCmd implements Cmd {
  constructor(
    readonly user: number,
    readonly part: number,
    readonly choice: number,
    readonly stale: 'no' | 'old-quiz' | 'old-round',
    readonly via: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const userId = USERS[this.user] ?? 'u1';
    const quiz = model.quiz;
    const spec = quiz?.rounds[quiz.round - 1];
    const part = spec?.parts[this.part % spec.parts.length];
    const choice = part?.choices[this.choice % part.choices.length] ?? 'first';
    const quizId = quiz === null || this.stale === 'old-quiz' ? 'zzzz0000' : quiz.quizId;
    const round = (quiz?.round ?? 1) - (this.stale === 'old-round' ? 1 : 0);
    const now = real.time.now();
    const reply = await runnerAt(real, this.via).answer({
      channelId: CHANNEL,
      userId,
      quizId,
      round,
      choice,
    });
    const open = quiz !== null && quiz.phase === 'open' && now < quiz.deadline && part !== undefined;
    if (open && this.stale === 'no') {
      const key = `${userId}|${part.id}`;
      const previous = quiz.answers.get(key);
      expect(reply).toEqual({
        kind: 'accepted',
        round: quiz.round,
        part: part.id,
        choice,
        previous: previous?.choice ?? null,
        deadline: quiz.deadline,
      });
      if (previous?.choice !== choice) quiz.answers.set(key, { choice, at: now });
    } else {
      expect(reply.kind).toBe('closed');
    }
    await verify(model, real);
  }
  toString = () => `answer(u${this.user + 1}, part ${this.part}, choice ${this.choice}, ${this.stale})`;
}

class ChangeCmd implements Cmd {
  /** `repeat`: click the same choice again (the answer and its time must stay as they were). */
  constructor(
    readonly pick: number,
    readonly via: number,
    readonly repeat = false,
  ) {}
  check = (model: Readonly<Model>) => model.quiz?.phase === 'open' && model.quiz.answers.size > 0;
  async run(model: Model, real: Real): Promise<void> {
    const quiz = model.quiz;
    if (quiz === null) throw new Error('unreachable');
    const keys = [...quiz.answers.keys()];
    const key = keys[this.pick % keys.length] ?? '';
    const [userId = '', partId] = key.split('|');
    const part = quiz.rounds[quiz.round - 1]?.parts.find((p) => p.id === partId);
    const old = quiz.answers.get(key);
    const choice = this.repeat ? old?.choice : part?.choices.find((c) => c !== old?.choice);
    if (part === undefined || choice === undefined || old === undefined) throw new Error('nothing to change');
    const now = real.time.now();
    const reply = await runnerAt(real, this.via).answer({
      channelId: CHANNEL,
      userId,
      quizId: quiz.quizId,
      round: quiz.round,
      choice,
    });
    if (now < quiz.deadline) {
      expect(reply).toMatchObject({ kind: 'accepted', previous: old.choice, choice });
      if (!this.repeat) quiz.answers.set(key, { choice, at: now });
    } else {
      expect(reply.kind).toBe('closed');
    }
    await verify(model, real);
  }
  toString = () => `${this.repeat ? 'repeat' : 'change'}(${this.pick})`;
}

class WaitCmd implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const from = real.time.now();
    const target = from + this.ms;
    await real.time.advanceTo(target, () => settle(real));
    modelAdvance(model, from, target, real.breakMs);
    await verify(model, real);
  }
  toString = () => `wait(${this.ms} ms)`;
}

/** The event loop stalls: time moves on but no timer runs yet (clicks in between must be told "late"). */
class LagCmd implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.time.jump(this.ms);
    await verify(model, real);
  }
  toString = () => `lag(${this.ms} ms)`;
}

class TimeUpCmd implements Cmd {
  constructor(readonly fireTwice: boolean) {}
  check = (model: Readonly<Model>) => isOpenOrBetween(model.quiz);
  async run(model: Model, real: Real): Promise<void> {
    const quiz = model.quiz;
    if (!isOpenOrBetween(quiz)) throw new Error('unreachable');
    const from = real.time.now();
    const target = quiz.phase === 'open' ? quiz.deadline : (quiz.nextAt ?? quiz.deadline);
    await real.time.advanceTo(Math.max(target, from), () => settle(real));
    if (this.fireTwice) await Promise.all(real.runners.map(({ runner }) => runner.tick(CHANNEL)));
    modelAdvance(model, from, real.time.now(), real.breakMs);
    await verify(model, real);
  }
  toString = () => `timeUp(${this.fireTwice ? 'fired twice' : 'once'})`;
}

class StopCmd implements Cmd {
  constructor(
    readonly who: 'starter' | 'manager' | 'other',
    readonly via: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const quiz = model.quiz;
    const starter = quiz?.starter ?? 'u1';
    const userId = this.who === 'starter' ? starter : (USERS.find((u) => u !== starter) ?? 'u9');
    const reply = await runnerAt(real, this.via).stop({
      channelId: CHANNEL,
      userId,
      canManage: this.who === 'manager',
    });
    if (!isOpenOrBetween(quiz)) {
      expect(reply).toEqual({ kind: 'not-running' });
    } else if (this.who === 'other') {
      expect(reply).toEqual({ kind: 'not-allowed', starterId: starter });
    } else {
      const roundsPlayed = quiz.phase === 'open' ? quiz.round - 1 : quiz.round;
      expect(reply).toEqual({ kind: 'stopped', quizId: quiz.quizId, roundsPlayed });
      quiz.phase = 'stopped';
      quiz.answers.clear();
      model.standings++;
    }
    await verify(model, real);
  }
  toString = () => `stop(${this.who})`;
}

class RestartCmd implements Cmd {
  constructor(readonly crash: boolean) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    if (this.crash) {
      // The newest process dies: its timers vanish with it, nothing is closed.
      const dead = real.runners.pop();
      if (dead !== undefined) real.time.kill(dead.scope);
    }
    while (real.runners.length >= 2) {
      const oldest = real.runners.shift();
      if (oldest !== undefined) real.time.kill(oldest.scope);
    }
    const runner = addRunner(real);
    await runner.resumeAll();
    await verify(model, real);
  }
  toString = () => (this.crash ? 'restart(crash)' : 'restart(second process joins)');
}

const startCmd = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 10, max: 20 }), fc.nat(3), fc.nat(1))
  .map(([r, s, u, v]) => new StartCmd(r, s, u, v));
const answerCmd = fc
  .tuple(
    fc.nat(3),
    fc.nat(1),
    fc.nat(3),
    fc.constantFrom('no', 'no', 'no', 'no', 'old-quiz', 'old-round'),
    fc.nat(1),
  )
  .map(([u, p, c, stale, v]) => new AnswerCmd(u, p, c, stale, v));
const stopCmd = fc
  .tuple(fc.constantFrom('starter', 'manager', 'other', 'other'), fc.nat(1))
  .map(([who, v]) => new StopCmd(who, v));

// fc.commands picks each arbitrary evenly, so repeats weight the mix towards rounds that get answered.
const commands = [
  startCmd,
  startCmd,
  answerCmd,
  answerCmd,
  answerCmd,
  answerCmd,
  answerCmd,
  fc.tuple(fc.nat(7), fc.nat(1)).map(([p, v]) => new ChangeCmd(p, v)),
  fc.tuple(fc.nat(7), fc.nat(1)).map(([p, v]) => new ChangeCmd(p, v, true)),
  fc.integer({ min: 0, max: 6_000 }).map((ms) => new WaitCmd(ms)),
  fc.integer({ min: 0, max: 6_000 }).map((ms) => new WaitCmd(ms)),
  fc.integer({ min: 1, max: 15_000 }).map((ms) => new LagCmd(ms)),
  fc.boolean().map((twice) => new TimeUpCmd(twice)),
  fc.boolean().map((twice) => new TimeUpCmd(twice)),
  stopCmd,
  fc.boolean().map((crash) => new RestartCmd(crash)),
];

describe('quiz model-based run (start, answer, change, time-up, stop, restart)', () => {
  it('never scores twice, rejects late clicks, and keeps scores equal to the graded answers', async () => {
    const stats = { reveals: 0, points: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 80, size: '+1' }),
        fc.constantFrom(0, 3_000),
        fc.integer({ min: 1, max: 0xffff }),
        async (cmds, breakMs, seed) => {
          const real: Real = {
            time: new FakeTime(T0),
            store: new MemoryQuizStore(),
            runners: [],
            events: [],
            errors: [],
            breakMs,
            random: counterRandom(seed),
          };
          addRunner(real);
          const model: Model = { quiz: null, board: new Map(), questions: 0, reveals: 0, standings: 0 };
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            stats.reveals += model.reveals;
            stats.points += [...model.board.values()].reduce((a, b) => a + b, 0);
          } finally {
            await Promise.all(real.runners.map(({ runner }) => runner.close()));
          }
        },
      ),
      { numRuns: 100 },
    );
    // The runs must actually reach graded rounds, or the checks above prove little.
    expect(stats.reveals).toBeGreaterThan(100);
    expect(stats.points).toBeGreaterThan(0);
  });
});
