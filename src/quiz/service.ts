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
import type { AnyGame, Explanation, Outcome } from '../core/game.js';
import { createRng } from '../core/rng.js';
import type { GameCatalog } from '../games/catalog.js';
import {
  acknowledge,
  advance,
  answer as answerStep,
  gradePractice,
  isActive,
  start,
  stop as stopStep,
  wakeAt,
  type AnswerReply,
  type PracticeGrade,
  type QuizEffect,
  type QuizState,
  type RoundResult,
  type Standing,
  type StartReply,
  type Step,
  type StopReply,
} from './machine.js';
import {
  QUIZ_DIFFICULTIES,
  buildRoundSpec,
  choiceLabel,
  decodeQuestionId,
  formatButtonId,
  instanceFor,
  isQuizId,
  mixSeed,
  parseButtonId,
  pickQuestion,
  viewQuestion,
  type ChoiceId,
  type PartId,
  type QuestionRef,
  type QuestionView,
  type QuizDifficulty,
  type RoundSpec,
} from './question.js';
import type { LeaderboardPeriod, LeaderboardRow, LeaderboardScope, QuizStore } from './store.js';

/** What the quiz needs of the solve service (a `SolveService` from src/jobs fits as is). */
export interface QuizSolver {
  solve(
    gameId: string,
    params: unknown,
  ): Promise<{
    readonly params: unknown;
    readonly result: unknown;
    readonly explanation: Explanation<unknown>;
  }>;
}

/** Time and timers, injectable so tests run on fake time. */
export interface QuizClock {
  now(): number;
  /** Calls `fn` at (or soon after) `at`; returns a function that cancels it. */
  schedule(at: number, fn: () => void): () => void;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export const systemClock: QuizClock = {
  now: () => Date.now(),
  schedule(at, fn) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      const delay = at - Date.now();
      // setTimeout cannot wait longer than ~24.8 days; hop there in steps.
      timer = delay > MAX_TIMEOUT_MS ? setTimeout(arm, MAX_TIMEOUT_MS) : setTimeout(fn, Math.max(0, delay));
    };
    arm();
    return () => clearTimeout(timer);
  },
};

export interface ButtonView {
  readonly customId: string;
  readonly label: string;
  readonly part: PartId;
  readonly choice: ChoiceId;
}

export interface RightAnswer {
  readonly part: PartId;
  readonly choice: ChoiceId;
  readonly label: string;
}

export type QuizEvent =
  | {
      readonly kind: 'question';
      readonly channelId: string;
      readonly quizId: string;
      readonly round: number;
      readonly rounds: number;
      /** Answers close at this time (ms since the epoch). */
      readonly deadline: number;
      readonly question: QuestionView;
      /** One row per part. */
      readonly buttons: readonly (readonly ButtonView[])[];
    }
  | {
      readonly kind: 'reveal';
      readonly channelId: string;
      readonly quizId: string;
      readonly round: number;
      readonly rounds: number;
      /** Null only if the game has since been removed from the registry. */
      readonly question: QuestionView | null;
      readonly answers: readonly RightAnswer[];
      /** Null when the solver could not be reached to rebuild it (after a restart). */
      readonly explanation: Explanation<unknown> | null;
      /** Who answered, best first; empty when nobody did. */
      readonly results: readonly RoundResult[];
      readonly standings: readonly Standing[];
      /** When the next question comes; null after the last round. */
      readonly nextAt: number | null;
    }
  | {
      readonly kind: 'standings';
      readonly channelId: string;
      readonly quizId: string;
      readonly reason: 'finished' | 'stopped';
      readonly stoppedBy: string | null;
      readonly roundsPlayed: number;
      readonly rounds: number;
      readonly standings: readonly Standing[];
    };

export interface PracticeQuestion {
  readonly question: QuestionView;
  readonly buttons: readonly (readonly ButtonView[])[];
}

export interface PracticeFeedback {
  readonly question: QuestionView;
  readonly grade: PracticeGrade;
  /** The right answer of the part clicked. */
  readonly answer: RightAnswer;
  readonly explanation: Explanation<unknown>;
  /** The buttons again, so the other part (if any) can still be tried. */
  readonly buttons: readonly (readonly ButtonView[])[];
  readonly next: ButtonView | { readonly customId: string; readonly label: string };
}

export type ButtonReply =
  | { readonly kind: 'answer'; readonly reply: AnswerReply }
  | { readonly kind: 'practice-feedback'; readonly feedback: PracticeFeedback }
  | { readonly kind: 'practice-question'; readonly practice: PracticeQuestion }
  | { readonly kind: 'unknown-button' };

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
  rounds: z.number().int().min(1).max(20).default(5),
  difficulty: z.enum(QUIZ_DIFFICULTIES).default('medium'),
  seconds: z.number().int().min(10).max(120).default(30),
});

export interface StartQuizInput {
  readonly channelId: string;
  readonly guildId: string | null;
  readonly userId: string;
  /** Omitted: a game drawn at random. */
  readonly gameId?: string | undefined;
  readonly rounds?: number | undefined;
  readonly difficulty?: QuizDifficulty | undefined;
  readonly seconds?: number | undefined;
}

export interface QuizRunner {
  /** Solves every round's question, then posts the first one. */
  startQuiz(input: StartQuizInput): Promise<StartReply>;
  answer(input: {
    readonly channelId: string;
    readonly userId: string;
    readonly quizId: string;
    readonly round: number;
    readonly choice: ChoiceId;
  }): Promise<AnswerReply>;
  /** Any quiz button: a channel answer, a practice answer or the practice "Next" button. */
  pressButton(input: {
    readonly customId: string;
    readonly channelId: string;
    readonly userId: string;
  }): Promise<ButtonReply>;
  stop(input: {
    readonly channelId: string;
    readonly userId: string;
    readonly canManage: boolean;
  }): Promise<StopReply>;
  leaderboard(input: {
    readonly scope: LeaderboardScope;
    readonly period: LeaderboardPeriod;
    readonly channelId: string;
    readonly guildId: string | null;
    readonly limit?: number;
  }): Promise<LeaderboardRow[]>;
  practice(input: {
    readonly userId: string;
    readonly gameId?: string | undefined;
    readonly difficulty?: QuizDifficulty | undefined;
  }): Promise<PracticeQuestion>;
  practiceAnswer(input: {
    readonly userId: string;
    readonly questionId: string;
    readonly choice: ChoiceId;
  }): Promise<PracticeFeedback>;
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

interface Prepared {
  readonly ref: QuestionRef;
  readonly params: unknown;
  readonly spec: RoundSpec;
  readonly view: QuestionView;
  readonly explanation: Explanation<unknown> | null;
}

const QUESTION_CACHE_LIMIT = 500;
const CAS_ATTEMPTS = 16;

function defaultRandom(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly deliveries = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, { at: number; cancel: () => void }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly questions = new Map<string, Prepared>();
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
        : this.resolveGame(input.gameId);
    // Cheap early answer; the compare-and-set below is what actually guards against two starts.
    const existing = await this.options.store.load(input.channelId);
    if (isActive(existing.state)) {
      return { kind: 'already-running', quizId: existing.state.quizId, starterId: existing.state.starterId };
    }
    const prepared = await Promise.all(
      Array.from({ length: rounds }, (_, i) => this.prepare(game, difficulty, mixSeed(quizSeed, i + 1))),
    );
    const quizId = this.newQuizId();
    const step = await this.transact(input.channelId, (state, now) =>
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

  async answer(input: {
    channelId: string;
    userId: string;
    quizId: string;
    round: number;
    choice: ChoiceId;
  }): Promise<AnswerReply> {
    this.assertOpen();
    const step = await this.transact(input.channelId, (state, now) =>
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

  async pressButton(input: { customId: string; channelId: string; userId: string }): Promise<ButtonReply> {
    const button = parseButtonId(input.customId);
    if (button === undefined) return { kind: 'unknown-button' };
    switch (button.kind) {
      case 'answer':
        return { kind: 'answer', reply: await this.answer({ ...input, ...button }) };
      case 'practice-answer':
        return {
          kind: 'practice-feedback',
          feedback: await this.practiceAnswer({
            userId: input.userId,
            questionId: button.questionId,
            choice: button.choice,
          }),
        };
      case 'practice-next':
        return {
          kind: 'practice-question',
          practice: await this.practice({
            userId: input.userId,
            gameId: button.gameId,
            difficulty: button.difficulty,
          }),
        };
    }
  }

  async stop(input: { channelId: string; userId: string; canManage: boolean }): Promise<StopReply> {
    this.assertOpen();
    const step = await this.transact(input.channelId, (state, now) =>
      stopStep(state, { userId: input.userId, canManage: input.canManage, now }),
    );
    return step.reply;
  }

  async leaderboard(input: {
    scope: LeaderboardScope;
    period: LeaderboardPeriod;
    channelId: string;
    guildId: string | null;
    limit?: number;
  }): Promise<LeaderboardRow[]> {
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

  async practice(input: {
    userId: string;
    gameId?: string | undefined;
    difficulty?: QuizDifficulty | undefined;
  }): Promise<PracticeQuestion> {
    this.assertOpen();
    const seed = this.random() >>> 0;
    const game =
      input.gameId === undefined ? createRng(seed).pick(this.catalog.games) : this.resolveGame(input.gameId);
    const difficulty = input.difficulty ?? 'easy';
    const prepared = await this.prepare(game, difficulty, seed);
    return { question: prepared.view, buttons: practiceButtons(prepared) };
  }

  async practiceAnswer(input: {
    userId: string;
    questionId: string;
    choice: ChoiceId;
  }): Promise<PracticeFeedback> {
    this.assertOpen();
    const ref = decodeQuestionId(input.questionId);
    if (ref === undefined)
      throw new InputError(`"${input.questionId.slice(0, 40)}" is not a question id (e.g. seagm.m1k9x2c).`);
    const game = this.resolveGame(ref.gameId);
    const cached = this.questions.get(input.questionId);
    const prepared = cached?.explanation == null ? await this.solveQuestion(game, ref) : cached;
    const explanation = prepared.explanation;
    const grade = gradePractice(prepared.spec, input.choice);
    if (grade === undefined || explanation === null) {
      throw new InputError('That button does not belong to this question; press Next for a new one.');
    }
    const difficulty: QuizDifficulty = ref.difficulty === 'tiny' ? 'easy' : ref.difficulty;
    return {
      question: prepared.view,
      grade,
      answer: {
        part: grade.part,
        choice: grade.answer,
        label: choiceLabel(grade.answer, prepared.view.players),
      },
      explanation,
      buttons: practiceButtons(prepared),
      next: {
        customId: formatButtonId({ kind: 'practice-next', gameId: game.id, difficulty }),
        label: 'Next question',
      },
    };
  }

  async resumeAll(): Promise<number> {
    this.assertOpen();
    const active = await this.options.store.listActive();
    for (const { channelId } of active) {
      const { state } = await this.options.store.load(channelId);
      if (state === undefined) continue;
      if (state.outbox.length > 0) this.enqueueDelivery(channelId, state.outbox);
      this.arm(channelId, state);
    }
    return active.length;
  }

  tick(channelId: string): Promise<void> {
    return this.transact(channelId, (state, now) => advance(state, now)).then(() => undefined);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const { cancel } of this.timers.values()) cancel();
      this.timers.clear();
      await this.idle();
    })();
    return this.closing;
  }

  // ---- questions ----

  private resolveGame(id: string): AnyGame {
    return this.catalog.resolveGame(id);
  }

  /**
   * A question for a round: candidates from `baseSeed` until one has the round's target outcome (random
   * instances are often lopsided), then the chosen one is solved by the solver before anyone sees it.
   */
  private async prepare(
    game: AnyGame,
    difficulty: QuestionRef['difficulty'],
    baseSeed: number,
  ): Promise<Prepared> {
    let screened = 0;
    const outcomeOf = async (params: unknown): Promise<Outcome> => {
      if (game.estimateCostMs(params) <= this.localScreenMaxCostMs) {
        // Cheap candidates are screened here, keeping hundreds of throwaway solves out of the answer cache.
        if (++screened % 8 === 0) await yieldToEventLoop();
        return game.outcome(game.solve(params), params);
      }
      const solved = await this.options.solver.solve(game.id, params);
      return game.outcome(solved.result, solved.params);
    };
    const ref = await pickQuestion(game, difficulty, baseSeed, outcomeOf, this.screenAttempts);
    return this.solveQuestion(game, ref);
  }

  private async solveQuestion(game: AnyGame, ref: QuestionRef): Promise<Prepared> {
    const solved = await this.options.solver.solve(game.id, instanceFor(game, ref));
    const spec = buildRoundSpec(game, ref, solved.params, solved.result);
    const prepared: Prepared = {
      ref,
      params: solved.params,
      spec,
      view: viewQuestion(game, ref, solved.params, spec),
      explanation: solved.explanation,
    };
    this.remember(prepared);
    return prepared;
  }

  private remember(prepared: Prepared): void {
    this.questions.delete(prepared.spec.questionId);
    this.questions.set(prepared.spec.questionId, prepared);
    if (this.questions.size > QUESTION_CACHE_LIMIT) {
      const oldest = this.questions.keys().next().value;
      if (oldest !== undefined) this.questions.delete(oldest);
    }
  }

  /** The view (and, when asked, the explanation) of a stored round, rebuilt from its id after a restart. */
  private async describe(
    spec: RoundSpec,
    withExplanation: boolean,
  ): Promise<{ view: QuestionView | null; explanation: Explanation<unknown> | null }> {
    const ref = decodeQuestionId(spec.questionId);
    const game = ref === undefined ? undefined : this.catalog.findGame(ref.gameId);
    if (ref === undefined || game === undefined) return { view: null, explanation: null };
    let prepared = this.questions.get(spec.questionId);
    if (withExplanation && prepared?.explanation == null) {
      try {
        prepared = await this.solveQuestion(game, ref);
      } catch (error) {
        this.onError(error, `quiz: rebuilding the explanation of ${spec.questionId}`);
      }
    }
    // The stored spec (what was graded) labels the view, even if a newer solver would say otherwise.
    const view = viewQuestion(game, ref, prepared?.params ?? instanceFor(game, ref), spec);
    return { view, explanation: prepared?.explanation ?? null };
  }

  private async toEvent(channelId: string, effect: QuizEffect): Promise<QuizEvent> {
    const base = { channelId, quizId: effect.quizId, rounds: effect.rounds } as const;
    switch (effect.kind) {
      case 'question': {
        const { view } = await this.describe(effect.spec, false);
        if (view === null) throw new Error(`cannot rebuild question ${effect.spec.questionId}`);
        return {
          kind: 'question',
          ...base,
          round: effect.round,
          deadline: effect.deadline,
          question: view,
          buttons: buttonsFor(view, (choice) =>
            formatButtonId({ kind: 'answer', quizId: effect.quizId, round: effect.round, choice }),
          ),
        };
      }
      case 'reveal': {
        const { view, explanation } = await this.describe(effect.spec, true);
        const players = view?.players ?? (['First player', 'Second player'] as const);
        return {
          kind: 'reveal',
          ...base,
          round: effect.round,
          question: view,
          answers: effect.spec.parts.map((p) => ({
            part: p.id,
            choice: p.correct,
            label: choiceLabel(p.correct, players),
          })),
          explanation,
          results: effect.results,
          standings: effect.standings,
          nextAt: effect.nextAt,
        };
      }
      case 'standings':
        return {
          kind: 'standings',
          ...base,
          reason: effect.reason,
          stoppedBy: effect.stoppedBy,
          roundsPlayed: effect.roundsPlayed,
          standings: effect.standings,
        };
    }
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

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** Runs `fn` after every earlier call with the same key (this process only; the store guards across). */
  private serially<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }

  /** Load, step, compare-and-set (retrying on a conflict), then arm the timer and hand the effects to delivery. */
  private transact<R>(
    channelId: string,
    step: (state: QuizState | undefined, now: number) => Step<R>,
  ): Promise<Step<R>> {
    return this.track(
      this.serially(channelId, async () => {
        for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
          const { state, version } = await this.options.store.load(channelId);
          const now = this.clock.now();
          const result = step(state, now);
          if (!result.changed || result.state === undefined) {
            if (state !== undefined) this.arm(channelId, state);
            return result;
          }
          const next = result.state;
          const delta =
            result.scores.length === 0
              ? undefined
              : { channelId, guildId: next.guildId, at: now, scores: result.scores };
          const saved = await this.options.store.save(next, version, delta);
          if (saved === undefined) continue;
          this.arm(channelId, next);
          if (result.effects.length > 0) this.enqueueDelivery(channelId, result.effects);
          return result;
        }
        throw new ServiceUnavailableError('The quiz is busy; please try again.');
      }),
    );
  }

  private arm(channelId: string, state: QuizState): void {
    const at = wakeAt(state);
    const current = this.timers.get(channelId);
    if (current !== undefined && current.at === at) return;
    current?.cancel();
    this.timers.delete(channelId);
    if (at !== null) this.wakeUp(channelId, at);
  }

  /** Calls `tick` for the channel at `at`; a failed tick (store down) tries again after `retryMs`. */
  private wakeUp(channelId: string, at: number): void {
    if (this.closing !== undefined) return;
    const cancel = this.clock.schedule(at, () => {
      if (this.timers.get(channelId)?.cancel !== cancel) return;
      this.timers.delete(channelId);
      if (this.closing !== undefined) return;
      void this.track(
        this.tick(channelId).catch((error: unknown) => {
          this.onError(error, `quiz timer for channel ${channelId}`);
          if (!this.timers.has(channelId)) this.wakeUp(channelId, this.clock.now() + this.retryMs);
        }),
      );
    });
    this.timers.set(channelId, { at, cancel });
  }

  /** Delivers effects in order per channel, then drops them from the stored outbox. */
  private enqueueDelivery(channelId: string, effects: readonly QuizEffect[]): void {
    const previous = this.deliveries.get(channelId) ?? Promise.resolve();
    const run = this.track(
      previous.then(async () => {
        const { state } = await this.options.store.load(channelId);
        if (state === undefined) return;
        let last = 0;
        for (const effect of effects) {
          // Another process (after a restart) may have delivered it already.
          if (!state.outbox.some((e) => e.seq === effect.seq)) continue;
          try {
            await this.options.emit(await this.toEvent(channelId, effect));
          } catch (error) {
            this.onError(error, `quiz ${state.quizId}: delivering ${effect.kind} #${effect.seq}`);
          }
          last = effect.seq;
        }
        if (last > 0) await this.transact(channelId, (s) => acknowledge(s, last));
      }),
    ).catch((error: unknown) => this.onError(error, `quiz delivery for channel ${channelId}`));
    this.deliveries.set(channelId, run);
    void run.then(() => {
      if (this.deliveries.get(channelId) === run) this.deliveries.delete(channelId);
    });
  }
}

function buttonsFor(view: QuestionView, customId: (choice: ChoiceId) => string): ButtonView[][] {
  return view.parts.map((part) =>
    part.choices.map((c) => ({ customId: customId(c.id), label: c.label, part: part.id, choice: c.id })),
  );
}

function practiceButtons(prepared: Prepared): ButtonView[][] {
  const questionId = prepared.spec.questionId;
  return buttonsFor(prepared.view, (choice) =>
    formatButtonId({ kind: 'practice-answer', questionId, choice }),
  );
}
