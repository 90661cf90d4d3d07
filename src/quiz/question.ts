/**
 * Quiz questions, pure: short ids that reproduce an instance, the choices a round offers, grading and points.
 *
 * Question id: `<gameId>.<d><seed>`, e.g. `seagm.m1k9x2c`: the game's slug (not its registry index, so ids keep
 * working when games are added or reordered), one letter for the difficulty (t/e/m/h) and the seed in base 36
 * (a uint32, at most 7 digits). The instance is `game.randomInstance(createRng(seed), difficulty)`.
 *
 * Parts: every question asks who wins with perfect play ("outcome": the game's declared `outcomes`). Games
 * with a `randomPlay` figure (SEAGM) add a second part: four adjacent
 * 10-point ranges, one of which holds the answer; where the window sits is drawn from the seed, so "always the
 * second range" is right a quarter of the time.
 *
 * Points (per part): a correct answer earns BASE_POINTS + floor(SPEED_BONUS * (deadline - answeredAt) / roundMs),
 * the bonus clamped to [0, SPEED_BONUS]; a wrong or missing answer earns 0. `answeredAt` is the time of the
 * user's last change to that part, so a fast random click followed by a considered change earns no speed bonus.
 */
import { z } from 'zod';
import type { AnyGame, Difficulty, Outcome } from '../core/game.js';
import { parseParams } from '../core/params.js';
import { createRng } from '../core/rng.js';
import { BASE_POINTS, SPEED_BONUS } from './limits.js';

/** What a channel quiz or practice offers; `tiny` stays for tests and the brute force. */
export const QUIZ_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuizDifficulty = (typeof QUIZ_DIFFICULTIES)[number];

/** What a quiz or practice question is about, as the person asked for it. */
export interface QuestionChoice {
  /** Omitted: a game drawn at random. */
  readonly gameId?: string | undefined;
  /** Omitted: the command's default (a quiz: medium; practice: easy). */
  readonly difficulty?: QuizDifficulty | undefined;
}

export const PartId = z.enum(['outcome', 'probability']);
export type PartId = z.infer<typeof PartId>;

/** first / second / tie for the outcome; p0..p9 for the probability ranges [0%, 10%) ... [90%, 100%]. */
export const ChoiceId = z.enum([
  'first',
  'second',
  'tie',
  'p0',
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'p6',
  'p7',
  'p8',
  'p9',
]);
export type ChoiceId = z.infer<typeof ChoiceId>;

/** What the machine needs of a question: its id, and per part the offered choices and the right one. */
export const RoundSpec = z.strictObject({
  questionId: z.string().min(3).max(48),
  parts: z
    .array(
      z.strictObject({
        id: PartId,
        choices: z.array(ChoiceId).min(2).max(5),
        correct: ChoiceId,
      }),
    )
    .min(1)
    .max(2),
});
export type RoundSpec = z.infer<typeof RoundSpec>;

export interface QuestionRef {
  readonly gameId: string;
  readonly difficulty: Difficulty;
  /** A uint32. */
  readonly seed: number;
}

const difficultyLetter: Record<Difficulty, string> = { tiny: 't', easy: 'e', medium: 'm', hard: 'h' };
const letterDifficulty: Record<string, Difficulty> = { t: 'tiny', e: 'easy', m: 'medium', h: 'hard' };

export function encodeQuestionId(ref: QuestionRef): string {
  if (!Number.isInteger(ref.seed) || ref.seed < 0 || ref.seed > 0xffff_ffff) {
    throw new RangeError(`seed must be a uint32, got ${ref.seed}`);
  }
  return `${ref.gameId}.${difficultyLetter[ref.difficulty]}${ref.seed.toString(36)}`;
}

const QUESTION_ID = /^([a-z0-9_-]{1,32})\.([temh])([0-9a-z]{1,7})$/;

/** The reference in a question id, or undefined for text that is not one. */
export function decodeQuestionId(id: string): QuestionRef | undefined {
  const match = QUESTION_ID.exec(id.trim().toLowerCase());
  if (match === null) return undefined;
  const [, gameId, letter, seed36] = match;
  const difficulty = letterDifficulty[letter ?? ''];
  const seed = parseInt(seed36 ?? '', 36);
  if (gameId === undefined || difficulty === undefined || !(seed >= 0 && seed <= 0xffff_ffff))
    return undefined;
  return { gameId, difficulty, seed };
}

/** The instance a question id names, validated and normalised as the solver will see it. */
export function instanceFor(game: AnyGame, ref: QuestionRef): unknown {
  return parseParams(game, game.randomInstance(createRng(ref.seed), ref.difficulty));
}

/** Mixes two uint32s into one (murmur3 finaliser): round seeds from a quiz seed, candidate seeds from a base. */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e37_79b1) ^ Math.imul((b >>> 0) + 0x7f4a_7c15, 0x85eb_ca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The outcomes a question of this game may have, so the answer is never hinted by which buttons exist. */
export function possibleOutcomes(game: AnyGame): readonly Outcome[] {
  return game.outcomes;
}

/**
 * The outcome a round aims for, drawn evenly from the possible ones: random instances of a game are often
 * lopsided (most random SEAGM tables are first-player wins), and a quiz must not reward "always First".
 */
export function targetOutcome(game: AnyGame, baseSeed: number): Outcome {
  const outcomes = possibleOutcomes(game);
  return createRng(mixSeed(baseSeed, 0x7a26_e7)).pick(outcomes);
}

/** The seed of the i-th candidate instance tried for a round (i = 0 is the base seed itself). */
export function candidateSeed(baseSeed: number, attempt: number): number {
  return attempt === 0 ? baseSeed >>> 0 : mixSeed(baseSeed, attempt);
}

/**
 * The question for a round: candidates from `baseSeed` until one's outcome is the round's target, at most
 * `attempts` of them (then the first valid candidate). `outcomeOf` screens a candidate's params. A candidate
 * the game's own schema rejects (a generator bug) is skipped, so one bad seed cannot sink a whole quiz.
 */
export async function pickQuestion(
  game: AnyGame,
  difficulty: Difficulty,
  baseSeed: number,
  outcomeOf: (params: unknown) => Outcome | Promise<Outcome>,
  attempts: number,
): Promise<QuestionRef> {
  const target = targetOutcome(game, baseSeed);
  let fallback: QuestionRef | undefined;
  let failure: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const ref: QuestionRef = { gameId: game.id, difficulty, seed: candidateSeed(baseSeed, attempt) };
    let params: unknown;
    try {
      params = instanceFor(game, ref);
    } catch (error) {
      failure = error;
      continue;
    }
    fallback ??= ref;
    if ((await outcomeOf(params)) === target) return ref;
  }
  if (fallback === undefined) throw failure;
  return fallback;
}

/** The 10-point range index (0..9) holding the random-play probability, exact when a fraction is given. */
export function probabilityBin(probability: number, fraction?: { num: string; den: string } | null): number {
  const bin =
    fraction === undefined || fraction === null
      ? Math.floor(probability * 10 + 1e-9)
      : Number((10n * BigInt(fraction.num)) / BigInt(fraction.den));
  return Math.min(9, Math.max(0, bin));
}

const binChoice = (bin: number): ChoiceId => ChoiceId.parse(`p${bin}`);

function probabilityPart(
  game: AnyGame,
  ref: QuestionRef,
  params: unknown,
  result: unknown,
): RoundSpec['parts'][number] | undefined {
  const figure = game.randomPlay?.(result, params);
  if (figure === undefined) return undefined;
  const bin = probabilityBin(figure.probability, figure.fraction);
  const offset = createRng(mixSeed(ref.seed, 0x51_7cc1)).int(0, 3);
  const start = Math.min(6, Math.max(0, bin - offset));
  return {
    id: 'probability',
    choices: [0, 1, 2, 3].map((i) => binChoice(start + i)),
    correct: binChoice(bin),
  };
}

/** The parts, choices and correct answers of the question `ref`, given the solver's result for its instance. */
export function buildRoundSpec(game: AnyGame, ref: QuestionRef, params: unknown, result: unknown): RoundSpec {
  const outcome = game.outcome(result, params);
  const outcomes = possibleOutcomes(game);
  // An outcome the game did not declare (a contract bug) still needs its button, or nobody could be right.
  const choices: ChoiceId[] = outcomes.includes(outcome) ? [...outcomes] : [...outcomes, outcome];
  const parts: RoundSpec['parts'] = [{ id: 'outcome', choices, correct: outcome }];
  const extra = probabilityPart(game, ref, params, result);
  if (extra !== undefined) parts.push(extra);
  return { questionId: encodeQuestionId(ref), parts };
}

export interface ChoiceView {
  readonly id: ChoiceId;
  readonly label: string;
}

export interface PartView {
  readonly id: PartId;
  readonly prompt: string;
  readonly choices: readonly ChoiceView[];
}

/** A question as people see it (no answers): what the adapter renders above the buttons. */
export interface QuestionView {
  readonly id: string;
  readonly gameId: string;
  readonly gameTitle: string;
  readonly difficulty: Difficulty;
  readonly players: readonly [string, string];
  /** The instance in words, one line per parameter ("cards: 6 10 15 22 28"). */
  readonly facts: readonly { readonly label: string; readonly value: string }[];
  readonly params: unknown;
  readonly parts: readonly PartView[];
}

const FACT_LIMIT = 900;

function describeValue(value: unknown): string {
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(' ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);
  const count = Array.isArray(value) ? ` (${value.length} items)` : '';
  return text.length > FACT_LIMIT ? `${text.slice(0, FACT_LIMIT)}…${count}` : text === '' ? '(none)' : text;
}

export function choiceLabel(choice: ChoiceId, players: readonly [string, string]): string {
  if (choice === 'first') return `${players[0]} wins`;
  if (choice === 'second') return `${players[1]} wins`;
  if (choice === 'tie') return 'Tie';
  const bin = Number(choice.slice(1));
  return `${bin * 10}–${bin * 10 + 10}%`;
}

function partPrompt(part: PartId, players: readonly [string, string]): string {
  return part === 'outcome'
    ? `${players[0]} moves first. Who wins with perfect play?`
    : `If both players move uniformly at random, how likely is it that ${players[0]} wins? (Lower bounds included.)`;
}

/** Labels and prompts for a round: needs the instance (for the players' names), never the solver. */
export function viewQuestion(
  game: AnyGame,
  ref: QuestionRef,
  params: unknown,
  spec: RoundSpec,
): QuestionView {
  const players = game.players(params);
  // The question as asked: the solver's own settings (octal's search size) are not part of it.
  const tuning = new Set(game.inputs.filter((input) => input.tuning === true).map((input) => input.name));
  const facts =
    typeof params === 'object' && params !== null
      ? Object.entries(params as Record<string, unknown>)
          .filter(([label]) => !tuning.has(label))
          .map(([label, value]) => ({ label, value: describeValue(value) }))
      : [{ label: 'instance', value: describeValue(params) }];
  return {
    id: spec.questionId,
    gameId: game.id,
    gameTitle: game.title,
    difficulty: ref.difficulty,
    players,
    facts,
    params,
    parts: spec.parts.map((part) => ({
      id: part.id,
      prompt: partPrompt(part.id, players),
      choices: part.choices.map((id) => ({ id, label: choiceLabel(id, players) })),
    })),
  };
}

/** The part a choice answers in this round, or undefined when the round does not offer it. */
export function partOf(spec: RoundSpec, choice: string): RoundSpec['parts'][number] | undefined {
  return spec.parts.find((part) => (part.choices as readonly string[]).includes(choice));
}

/** Points for one part of one user's answer (see the formula at the top of this file). */
export function pointsFor(correct: boolean, answeredAt: number, deadline: number, roundMs: number): number {
  if (!correct) return 0;
  const remaining = Math.min(Math.max(deadline - answeredAt, 0), roundMs);
  return BASE_POINTS + Math.floor((SPEED_BONUS * remaining) / Math.max(roundMs, 1));
}

// ---- Button custom ids (Discord allows 100 characters) ----

export type QuizButton =
  | { readonly kind: 'answer'; readonly quizId: string; readonly round: number; readonly choice: ChoiceId }
  | { readonly kind: 'practice-answer'; readonly questionId: string; readonly choice: ChoiceId }
  | { readonly kind: 'practice-next'; readonly gameId: string; readonly difficulty: QuizDifficulty };

/**
 * `quiz:<quizId>:<round>:<choice>` (a channel round), `quizp:<questionId>:<choice>` (practice answer),
 * `quizp:next:<gameId>:<difficulty>` (the practice "Next" button).
 */
export function formatButtonId(button: QuizButton): string {
  switch (button.kind) {
    case 'answer':
      return `quiz:${button.quizId}:${button.round}:${button.choice}`;
    case 'practice-answer':
      return `quizp:${button.questionId}:${button.choice}`;
    case 'practice-next':
      return `quizp:next:${button.gameId}:${button.difficulty}`;
  }
}

const QUIZ_ID = /^[0-9a-z]{4,16}$/;

export function isQuizId(text: string): boolean {
  return QUIZ_ID.test(text);
}

/** The button a custom id names, or undefined when it is not a quiz button (or is malformed). */
export function parseButtonId(customId: string): QuizButton | undefined {
  if (customId.length > 100) return undefined;
  const parts = customId.split(':');
  if (parts[0] === 'quiz' && parts.length === 4) {
    const [, quizId = '', roundText = '', choiceText] = parts;
    const round = /^\d{1,2}$/.test(roundText) ? Number(roundText) : NaN;
    const choice = ChoiceId.safeParse(choiceText);
    if (!isQuizId(quizId) || !(round >= 1) || !choice.success) return undefined;
    return { kind: 'answer', quizId, round, choice: choice.data };
  }
  if (parts[0] === 'quizp' && parts[1] === 'next' && parts.length === 4) {
    const gameId = parts[2] ?? '';
    const difficulty = z.enum(QUIZ_DIFFICULTIES).safeParse(parts[3]);
    if (!/^[a-z0-9_-]{1,32}$/.test(gameId) || !difficulty.success) return undefined;
    return { kind: 'practice-next', gameId, difficulty: difficulty.data };
  }
  if (parts[0] === 'quizp' && parts.length === 3) {
    const questionId = parts[1] ?? '';
    const choice = ChoiceId.safeParse(parts[2]);
    if (decodeQuestionId(questionId) === undefined || !choice.success) return undefined;
    return { kind: 'practice-answer', questionId, choice: choice.data };
  }
  return undefined;
}
