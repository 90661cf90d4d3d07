/**
 * The quiz's questions: picks each round's instance (screening candidates for the round's target outcome),
 * has the solver answer it before anyone sees it, remembers recent ones, and turns a stored round back into
 * what the adapter shows (after a restart too, from the question id alone).
 */
import type { AnyGame, Explanation, Outcome } from '../core/game.js';
import type { GameCatalog } from '../games/catalog.js';
import type { ButtonView, QuizEvent, SolvedQuestion } from './events.js';
import type { QuizEffect } from './machine.js';
import {
  buildRoundSpec,
  choiceLabel,
  decodeQuestionId,
  formatButtonId,
  instanceFor,
  pickQuestion,
  viewQuestion,
  type ChoiceId,
  type QuestionRef,
  type QuestionView,
  type RoundSpec,
} from './question.js';

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

export interface Prepared {
  readonly ref: QuestionRef;
  readonly params: unknown;
  /** The solver's result, for the reveal's picture. */
  readonly result: unknown;
  readonly spec: RoundSpec;
  readonly view: QuestionView;
  readonly explanation: Explanation<unknown> | null;
}

const QUESTION_CACHE_LIMIT = 500;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface QuestionBankOptions {
  readonly catalog: GameCatalog;
  readonly solver: QuizSolver;
  readonly screenAttempts: number;
  readonly localScreenMaxCostMs: number;
  readonly onError: (error: unknown, context: string) => void;
}

export class QuestionBank {
  private readonly questions = new Map<string, Prepared>();
  private readonly catalog: GameCatalog;
  private readonly solver: QuizSolver;
  private readonly screenAttempts: number;
  private readonly localScreenMaxCostMs: number;
  private readonly onError: (error: unknown, context: string) => void;

  constructor(options: QuestionBankOptions) {
    this.catalog = options.catalog;
    this.solver = options.solver;
    this.screenAttempts = options.screenAttempts;
    this.localScreenMaxCostMs = options.localScreenMaxCostMs;
    this.onError = options.onError;
  }

  /** A recently prepared question, if this process still remembers it. */
  recall(questionId: string): Prepared | undefined {
    return this.questions.get(questionId);
  }

  /**
   * A question for a round: candidates from `baseSeed` until one has the round's target outcome (random
   * instances are often lopsided), then the chosen one is solved by the solver before anyone sees it.
   */
  async prepare(game: AnyGame, difficulty: QuestionRef['difficulty'], baseSeed: number): Promise<Prepared> {
    let screened = 0;
    const outcomeOf = async (params: unknown): Promise<Outcome> => {
      if (game.estimateCostMs(params) <= this.localScreenMaxCostMs) {
        // Cheap candidates are screened here, keeping hundreds of throwaway solves out of the answer cache.
        if (++screened % 8 === 0) await yieldToEventLoop();
        return game.outcome(game.solve(params), params);
      }
      const solved = await this.solver.solve(game.id, params);
      return game.outcome(solved.result, solved.params);
    };
    const ref = await pickQuestion(game, difficulty, baseSeed, outcomeOf, this.screenAttempts);
    return this.solveQuestion(game, ref);
  }

  async solveQuestion(game: AnyGame, ref: QuestionRef): Promise<Prepared> {
    const solved = await this.solver.solve(game.id, instanceFor(game, ref));
    const spec = buildRoundSpec(game, ref, solved.params, solved.result);
    const prepared: Prepared = {
      ref,
      params: solved.params,
      result: solved.result,
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
  ): Promise<{
    view: QuestionView | null;
    explanation: Explanation<unknown> | null;
    solved: SolvedQuestion | null;
  }> {
    const ref = decodeQuestionId(spec.questionId);
    const game = ref === undefined ? undefined : this.catalog.findGame(ref.gameId);
    if (ref === undefined || game === undefined) return { view: null, explanation: null, solved: null };
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
    const solved =
      prepared === undefined ? null : { gameId: game.id, params: prepared.params, result: prepared.result };
    return { view, explanation: prepared?.explanation ?? null, solved };
  }

  async toEvent(channelId: string, effect: QuizEffect): Promise<QuizEvent> {
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
        const { view, explanation, solved } = await this.describe(effect.spec, true);
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
          solved,
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
}

function buttonsFor(view: QuestionView, customId: (choice: ChoiceId) => string): ButtonView[][] {
  return view.parts.map((part) =>
    part.choices.map((c) => ({ customId: customId(c.id), label: c.label, part: part.id, choice: c.id })),
  );
}

export function practiceButtons(prepared: Prepared): ButtonView[][] {
  const questionId = prepared.spec.questionId;
  return buttonsFor(prepared.view, (choice) =>
    formatButtonId({ kind: 'practice-answer', questionId, choice }),
  );
}
