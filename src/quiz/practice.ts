/**
 * Practice: one private question at a time, for one person, with no stored state. The question id carries
 * the game, difficulty and seed, so grading regenerates the question when this process has not seen it.
 */
import { InputError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import type { GameCatalog } from '../games/catalog.js';
import type { PracticeFeedback, PracticeQuestion } from './events.js';
import { gradePractice } from './machine.js';
import { practiceButtons, type QuestionBank } from './question-bank.js';
import {
  choiceLabel,
  decodeQuestionId,
  formatButtonId,
  type ChoiceId,
  type QuestionChoice,
  type QuizDifficulty,
} from './question.js';

export interface PracticeInput extends QuestionChoice {
  readonly userId: string;
}

export interface PracticeAnswerInput {
  readonly userId: string;
  readonly questionId: string;
  readonly choice: ChoiceId;
}

export class Practice {
  constructor(
    private readonly catalog: GameCatalog,
    private readonly bank: QuestionBank,
    /** A uint32 source for seeds. */
    private readonly random: () => number,
  ) {}

  async question(input: PracticeInput): Promise<PracticeQuestion> {
    const seed = this.random() >>> 0;
    const game =
      input.gameId === undefined
        ? createRng(seed).pick(this.catalog.games)
        : this.catalog.resolveGame(input.gameId);
    const prepared = await this.bank.prepare(game, input.difficulty ?? 'easy', seed);
    return { question: prepared.view, buttons: practiceButtons(prepared) };
  }

  async grade(input: PracticeAnswerInput): Promise<PracticeFeedback> {
    const ref = decodeQuestionId(input.questionId);
    if (ref === undefined)
      throw new InputError(`"${input.questionId.slice(0, 40)}" is not a question id (e.g. seagm.m1k9x2c).`);
    const game = this.catalog.resolveGame(ref.gameId);
    const cached = this.bank.recall(input.questionId);
    const prepared = cached?.explanation == null ? await this.bank.solveQuestion(game, ref) : cached;
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
}
