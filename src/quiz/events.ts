/**
 * What the quiz runner tells its adapter: the channel events (`emit`), the button views it renders, and the
 * replies to the person who acted. Pure data, no behaviour.
 */
import type { Explanation } from '../core/game.js';
import type { AnswerReply, PracticeGrade, RoundResult, Standing } from './machine.js';
import type { ChoiceId, PartId, QuestionView } from './question.js';

/** A question's instance and the solver's result: what a picture of the answer is drawn from. */
export interface SolvedQuestion {
  readonly gameId: string;
  readonly params: unknown;
  readonly result: unknown;
}

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
      /** What the picture is drawn from; null when unknown (like `explanation`). */
      readonly solved?: SolvedQuestion | null;
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
