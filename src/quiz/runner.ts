/**
 * The quiz runner: the pure machine (machine.ts) + a QuizStore + a solver + a clock, for one bot process.
 * Several processes may share one Redis store: every transition is a compare-and-set, so a time-up is
 * committed (and scored, and revealed) by exactly one of them.
 *
 * ## Wiring it (the Discord adapter)
 * ```ts
 * const runner = createQuizRunner({ store, solver: solveService, emit: (event) => postToChannel(event) });
 * await runner.resumeAll();                       // after login: re-arm timers of quizzes that were running
 * // /quiz start [game] [rounds] [difficulty] [seconds]   (defer first: questions are solved before posting)
 * const reply = await runner.startQuiz({ channelId, guildId, userId, gameId, rounds, difficulty, seconds });
 * // button click (customId starts with "quiz:" or "quizp:"): reply ephemerally with the result
 * const res = await runner.pressButton({ customId, channelId, userId });
 * // /quiz stop
 * await runner.stop({ channelId, userId, canManage: member.permissions.has('ManageMessages') });
 * // /quiz leaderboard [scope] [period]
 * await runner.leaderboard({ scope, period, channelId, guildId });
 * // /quiz practice [game] [difficulty]: an ephemeral message with `question` and `buttons`
 * await runner.practice({ userId, gameId, difficulty });
 * await runner.close();                           // on SIGTERM, before closing the store and the solver
 * ```
 * Replies (`StartReply`, `AnswerReply`, `StopReply`, `PracticeFeedback`) answer the person who acted and are
 * meant to be ephemeral. Channel messages come through `emit(event: QuizEvent)`, in order per channel:
 * - `question`: post the question (`question.facts`, one row of `buttons` per part; answers close at `deadline`).
 * - `reveal`: the right answers (`answers`), `explanation` (render like a solve), each user's `results`
 *   (choice, right or wrong, points) and running `standings`; the next question comes at `nextAt`.
 * - `standings`: the quiz is over (`finished`, or `stopped` by `stoppedBy`): final standings.
 * An event whose `emit` throws is logged (onError) and not retried; one committed but not delivered when the
 * process died is delivered by `resumeAll` after the restart (at least once, never lost).
 *
 * Button custom ids: `quiz:<quizId>:<round>:<choice>` and `quizp:<questionId>:<choice>` / `quizp:next:<game>:<difficulty>`
 * (see question.ts; at most ~45 characters). Scoring: see question.ts (100 per correct part + up to 50 for speed).
 */
import { z } from 'zod';
import { InputError, ServiceUnavailableError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import type { GameCatalog } from '../games/catalog.js';
import {
  answer as answerStep,
  isActive,
  start,
  stop as stopStep,
  type AnswerReply,
  type StartReply,
  type StopReply,
} from './machine.js';
import {
  QUIZ_DIFFICULTIES,
  isQuizId,
  mixSeed,
  parseButtonId,
  type ChoiceId,
  type QuestionChoice,
} from './question.js';
import type { LeaderboardPeriod, LeaderboardRow, LeaderboardScope, QuizStore } from './store.js';
import { systemClock, type QuizClock } from './clock.js';
import { QUIZ_ROUNDS, QUIZ_SECONDS } from './limits.js';
import { ChannelLog } from './channel-log.js';
import { QuestionBank, type QuizSolver } from './question-bank.js';
import { Practice, type PracticeAnswerInput, type PracticeInput } from './practice.js';
import type { ButtonReply, PracticeFeedback, PracticeQuestion, QuizEvent } from './events.js';

export interface QuizRunnerOptions {
  readonly store: QuizStore;
  readonly solver: QuizSolver;
  readonly emit: (event: QuizEvent) => Promise<void> | void;
  readonly clock?: QuizClock;
  /** The games quizzes draw from: the process's one catalog. */
  readonly catalog: GameCatalog;
  /** A uint32 source for quiz ids and seeds; default crypto.getRandomValues. */
  readonly random?: () => number;
  /** Pause between a reveal and the next question. */
  readonly breakMs?: number;
  /** Candidate instances tried per question to hit the round's target outcome. */
  readonly screenAttempts?: number;
  /** Candidates estimated at most this many CPU ms are screened in this thread; dearer ones by the solver. */
  readonly localScreenMaxCostMs?: number;
  /** A failed timer tick (store down) is retried after this long. */
  readonly retryMs?: number;
  readonly onError?: (error: unknown, context: string) => void;
}

export const quizRunnerDefaults = {
  breakMs: 5_000,
  screenAttempts: 400,
  localScreenMaxCostMs: 5,
  retryMs: 2_000,
} as const satisfies Partial<QuizRunnerOptions>;

export const StartOptions = z.strictObject({
  rounds: z.number().int().min(QUIZ_ROUNDS.min).max(QUIZ_ROUNDS.max).default(QUIZ_ROUNDS.default),
  difficulty: z.enum(QUIZ_DIFFICULTIES).default('medium'),
  seconds: z.number().int().min(QUIZ_SECONDS.min).max(QUIZ_SECONDS.max).default(QUIZ_SECONDS.default),
});

export interface StartQuizInput extends QuestionChoice {
  readonly channelId: string;
  readonly guildId: string | null;
  readonly userId: string;
  readonly rounds?: number | undefined;
  readonly seconds?: number | undefined;
}

export interface AnswerInput {
  readonly channelId: string;
  readonly userId: string;
  readonly quizId: string;
  readonly round: number;
  readonly choice: ChoiceId;
}

export interface ButtonInput {
  readonly customId: string;
  readonly channelId: string;
  readonly userId: string;
}

export interface StopInput {
  readonly channelId: string;
  readonly userId: string;
  /** Manage Messages in the channel: may stop anyone's quiz. */
  readonly canManage: boolean;
}

export interface LeaderboardInput {
  readonly scope: LeaderboardScope;
  readonly period: LeaderboardPeriod;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly limit?: number;
}

export interface QuizRunner {
  /** Solves every round's question, then posts the first one. */
  startQuiz(input: StartQuizInput): Promise<StartReply>;
  answer(input: AnswerInput): Promise<AnswerReply>;
  /** Any quiz button: a channel answer, a practice answer or the practice "Next" button. */
  pressButton(input: ButtonInput): Promise<ButtonReply>;
  stop(input: StopInput): Promise<StopReply>;
  leaderboard(input: LeaderboardInput): Promise<LeaderboardRow[]>;
  /** A private question (practice.ts). */
  practice(input: PracticeInput): Promise<PracticeQuestion>;
  practiceAnswer(input: PracticeAnswerInput): Promise<PracticeFeedback>;
  /** Re-arms the timers of stored quizzes and delivers effects a dead process left behind; returns how many. */
  resumeAll(): Promise<number>;
  /** What a timer does: every transition due now for the channel (exposed for tests and manual recovery). */
  tick(channelId: string): Promise<void>;
  /** Resolves when no transition, delivery or timer callback of this runner is in flight. */
  idle(): Promise<void>;
  /**
   * Cancels timers and waits for work in flight (so an `emit` that never settles holds it up: give emits a
   * timeout); idempotent. Does not close the store or the solver.
   */
  close(): Promise<void>;
}

function defaultRandom(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

export function createQuizRunner(options: QuizRunnerOptions): QuizRunner {
  return new Runner(options);
}

class Runner implements QuizRunner {
  private readonly clock: QuizClock;
  private readonly catalog: GameCatalog;
  private readonly random: () => number;
  private readonly breakMs: number;
  private readonly screenAttempts: number;
  private readonly localScreenMaxCostMs: number;
  private readonly retryMs: number;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly bank: QuestionBank;
  private readonly log: ChannelLog;
  private readonly practiceDesk: Practice;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: QuizRunnerOptions) {
    this.clock = options.clock ?? systemClock;
    this.catalog = options.catalog;
    this.random = options.random ?? defaultRandom;
    this.breakMs = options.breakMs ?? quizRunnerDefaults.breakMs;
    this.screenAttempts = Math.max(1, options.screenAttempts ?? quizRunnerDefaults.screenAttempts);
    this.localScreenMaxCostMs = options.localScreenMaxCostMs ?? quizRunnerDefaults.localScreenMaxCostMs;
    this.retryMs = options.retryMs ?? quizRunnerDefaults.retryMs;
    this.onError = options.onError ?? (() => undefined);
    this.bank = new QuestionBank({
      catalog: this.catalog,
      solver: options.solver,
      screenAttempts: this.screenAttempts,
      localScreenMaxCostMs: this.localScreenMaxCostMs,
      onError: this.onError,
    });
    this.practiceDesk = new Practice(this.catalog, this.bank, this.random);
    this.log = new ChannelLog({
      store: options.store,
      clock: this.clock,
      emit: options.emit,
      toEvent: (channelId, effect) => this.bank.toEvent(channelId, effect),
      retryMs: this.retryMs,
      onError: this.onError,
    });
  }

  // ---- commands ----

  async startQuiz(input: StartQuizInput): Promise<StartReply> {
    this.assertOpen();
    const parsed = StartOptions.safeParse({
      rounds: input.rounds ?? undefined,
      difficulty: input.difficulty ?? undefined,
      seconds: input.seconds ?? undefined,
    });
    if (!parsed.success) {
      throw new InputError(
        `Quiz options: rounds 1-20, difficulty easy|medium|hard, seconds 10-120 (e.g. rounds 5, seconds 30). ${z.prettifyError(parsed.error)}`,
      );
    }
    const { rounds, difficulty, seconds } = parsed.data;
    const quizSeed = this.random() >>> 0;
    const game =
      input.gameId === undefined
        ? createRng(quizSeed).pick(this.catalog.games)
        : this.catalog.resolveGame(input.gameId);
    // Cheap early answer; the compare-and-set below is what actually guards against two starts.
    const existing = await this.options.store.load(input.channelId);
    if (isActive(existing.state)) {
      return { kind: 'already-running', quizId: existing.state.quizId, starterId: existing.state.starterId };
    }
    const prepared = await Promise.all(
      Array.from({ length: rounds }, (_, i) => this.bank.prepare(game, difficulty, mixSeed(quizSeed, i + 1))),
    );
    const quizId = this.newQuizId();
    const step = await this.log.transact(input.channelId, (state, now) =>
      start(state, {
        quizId,
        channelId: input.channelId,
        guildId: input.guildId,
        starterId: input.userId,
        gameId: game.id,
        difficulty,
        roundMs: seconds * 1000,
        breakMs: this.breakMs,
        rounds: prepared.map((p) => p.spec),
        now,
      }),
    );
    return step.reply;
  }

  async answer(input: AnswerInput): Promise<AnswerReply> {
    this.assertOpen();
    const step = await this.log.transact(input.channelId, (state, now) =>
      answerStep(state, {
        quizId: input.quizId,
        round: input.round,
        choice: input.choice,
        userId: input.userId,
        now,
      }),
    );
    return step.reply;
  }

  async pressButton(input: ButtonInput): Promise<ButtonReply> {
    const button = parseButtonId(input.customId);
    if (button === undefined) return { kind: 'unknown-button' };
    switch (button.kind) {
      case 'answer':
        return { kind: 'answer', reply: await this.answer({ ...input, ...button }) };
      case 'practice-answer':
        return {
          kind: 'practice-feedback',
          feedback: await this.practiceAnswer({ ...button, userId: input.userId }),
        };
      case 'practice-next':
        return {
          kind: 'practice-question',
          practice: await this.practice({ ...button, userId: input.userId }),
        };
    }
  }

  async stop(input: StopInput): Promise<StopReply> {
    this.assertOpen();
    const step = await this.log.transact(input.channelId, (state, now) =>
      stopStep(state, { userId: input.userId, canManage: input.canManage, now }),
    );
    return step.reply;
  }

  async leaderboard(input: LeaderboardInput): Promise<LeaderboardRow[]> {
    const id = input.scope === 'channel' ? input.channelId : input.guildId;
    if (id === null)
      throw new InputError('Server leaderboards exist only inside a server; try scope: channel.', 'scope');
    return this.options.store.leaderboard({
      scope: input.scope,
      id,
      period: input.period,
      now: this.clock.now(),
      ...(input.limit === undefined ? {} : { limit: input.limit }),
    });
  }

  async practice(input: PracticeInput): Promise<PracticeQuestion> {
    this.assertOpen();
    return this.practiceDesk.question(input);
  }

  async practiceAnswer(input: PracticeAnswerInput): Promise<PracticeFeedback> {
    this.assertOpen();
    return this.practiceDesk.grade(input);
  }

  async resumeAll(): Promise<number> {
    this.assertOpen();
    const active = await this.options.store.listActive();
    for (const { channelId } of active) {
      const { state } = await this.options.store.load(channelId);
      if (state === undefined) continue;
      if (state.outbox.length > 0) this.log.enqueueDelivery(channelId, state.outbox);
      this.log.arm(channelId, state);
    }
    return active.length;
  }

  tick(channelId: string): Promise<void> {
    return this.log.tick(channelId);
  }

  idle(): Promise<void> {
    return this.log.idle();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.log.close();
      await this.idle();
    })();
    return this.closing;
  }

  // ---- transitions, timers, delivery ----

  private assertOpen(): void {
    if (this.closing !== undefined) throw new ServiceUnavailableError('The quiz runner is shutting down.');
  }

  private newQuizId(): string {
    const part = () => (this.random() >>> 0).toString(36).padStart(7, '0');
    const id = `${part()}${part()}`.slice(0, 10);
    if (!isQuizId(id)) throw new RangeError(`bad quiz id ${id}`);
    return id;
  }
}
