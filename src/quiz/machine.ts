/**
 * (Longer than ~400 lines on purpose: the state schema and every transition of one machine, read together.)
 *
 * The channel quiz as a pure state machine: no timers, no I/O, time comes in as `now` (ms since the epoch).
 * Each transition returns the next state, whether it changed (unchanged states are not written), a reply for
 * the person who acted, the points to add to leaderboards (committed atomically with the state), and the
 * channel effects it caused. Effects are also appended to `state.outbox`, so one that was committed but not
 * yet delivered when the process died is delivered after a restart (at least once, never lost).
 *
 * Phases: open (answers accepted until `deadline`) -> between (reveal shown, next question at `nextAt`) ->
 * open ... -> finished; `stop` ends any active phase in `stopped`. Time-up is idempotent: once a round is
 * closed its phase is no longer `open`, so a second timer, another process or a replayed tick scores nothing.
 */
import { z } from 'zod';
import { QUIZ_ROUNDS } from './limits.js';
import {
  ChoiceId,
  PartId,
  RoundSpec,
  partOf,
  pointsFor,
  type ChoiceId as Choice,
  type PartId as Part,
} from './question.js';

/** Discord snowflakes, and short ids in tests; never `__proto__` and friends. */
const UserId = z.string().regex(/^[0-9A-Za-z_-]{1,40}$/);
const Time = z.number().int().min(0);

const AnswerRecord = z.strictObject({ userId: UserId, part: PartId, choice: ChoiceId, at: Time });
export type AnswerRecord = z.infer<typeof AnswerRecord>;

const ScoreRow = z.strictObject({
  userId: UserId,
  points: z.number().int().min(0),
  /** Parts answered correctly. */
  correct: z.number().int().min(0),
  /** Parts answered. */
  answered: z.number().int().min(0),
});
export type ScoreRow = z.infer<typeof ScoreRow>;

const Standing = ScoreRow.extend({ rank: z.number().int().min(1) });
export type Standing = z.infer<typeof Standing>;

const RoundResult = z.strictObject({
  userId: UserId,
  answers: z.array(
    z.strictObject({ part: PartId, choice: ChoiceId, correct: z.boolean(), points: z.number().int().min(0) }),
  ),
  points: z.number().int().min(0),
});
export type RoundResult = z.infer<typeof RoundResult>;

const Seq = z.number().int().min(1);
const QuizId = z.string().regex(/^[0-9a-z]{4,16}$/);
/** Every effect names its quiz and round in full, so one left over from an ended quiz still renders right. */
const EffectBase = {
  seq: Seq,
  quizId: QuizId,
  /** How many rounds the quiz has. */
  rounds: z.number().int().min(1),
};

export const QuizEffect = z.discriminatedUnion('kind', [
  /** Post round `round`'s question with its buttons; answers close at `deadline`. */
  z.strictObject({
    kind: z.literal('question'),
    ...EffectBase,
    round: z.number().int().min(1),
    spec: RoundSpec,
    deadline: Time,
  }),
  /** Show round `round`'s answer, explanation and who was right; the next question comes at `nextAt`. */
  z.strictObject({
    kind: z.literal('reveal'),
    ...EffectBase,
    round: z.number().int().min(1),
    spec: RoundSpec,
    results: z.array(RoundResult),
    standings: z.array(Standing),
    nextAt: Time.nullable(),
  }),
  /** The quiz is over (all rounds played, or stopped): final standings. */
  z.strictObject({
    kind: z.literal('standings'),
    ...EffectBase,
    reason: z.enum(['finished', 'stopped']),
    stoppedBy: UserId.nullable(),
    roundsPlayed: z.number().int().min(0),
    standings: z.array(Standing),
  }),
]);
export type QuizEffect = z.infer<typeof QuizEffect>;

export const QuizPhase = z.enum(['open', 'between', 'finished', 'stopped']);
export type QuizPhase = z.infer<typeof QuizPhase>;

export const QuizState = z.strictObject({
  schema: z.literal(1),
  quizId: QuizId,
  channelId: UserId,
  guildId: UserId.nullable(),
  starterId: UserId,
  gameId: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  difficulty: z.enum(['tiny', 'easy', 'medium', 'hard']),
  roundMs: z.number().int().min(1).max(3_600_000),
  breakMs: z.number().int().min(0).max(3_600_000),
  rounds: z.array(RoundSpec).min(1).max(QUIZ_ROUNDS.max),
  /** The current round, 1-based. */
  round: z.number().int().min(1),
  phase: QuizPhase,
  openedAt: Time,
  deadline: Time,
  nextAt: Time.nullable(),
  /** The current round's answers: at most one per (user, part); a change replaces it. */
  answers: z.array(AnswerRecord),
  scores: z.array(ScoreRow),
  /** The last effect's sequence number. */
  seq: z.number().int().min(0),
  /** Effects committed but not yet delivered. */
  outbox: z.array(QuizEffect),
  startedAt: Time,
  endedAt: Time.nullable(),
});
export type QuizState = z.infer<typeof QuizState>;

/** Points to add to the leaderboards, per user, for one committed transition. */
export interface ScoreDelta {
  readonly userId: string;
  readonly points: number;
}

export interface Step<R> {
  readonly state: QuizState | undefined;
  /** False: nothing to write, nothing to deliver. */
  readonly changed: boolean;
  readonly reply: R;
  readonly scores: readonly ScoreDelta[];
  /** The effects this step appended to the outbox. */
  readonly effects: readonly QuizEffect[];
}

function same<R>(state: QuizState | undefined, reply: R): Step<R> {
  return { state, changed: false, reply, scores: [], effects: [] };
}

type NewEffect = QuizEffect extends infer E
  ? E extends QuizEffect
    ? Omit<E, 'seq' | 'quizId' | 'rounds'>
    : never
  : never;

/** Appends effects to the outbox with fresh sequence numbers. */
function emit(state: QuizState, fresh: readonly NewEffect[]): { state: QuizState; effects: QuizEffect[] } {
  let seq = state.seq;
  const effects: QuizEffect[] = fresh.map((effect) => ({
    ...effect,
    seq: ++seq,
    quizId: state.quizId,
    rounds: state.rounds.length,
  }));
  return { state: { ...state, seq, outbox: [...state.outbox, ...effects] }, effects };
}

export type ActiveQuizState = QuizState & { readonly phase: 'open' | 'between' };

export function isActive(state: QuizState | undefined): state is ActiveQuizState {
  return state !== undefined && (state.phase === 'open' || state.phase === 'between');
}

/** When the state next needs a timer: the deadline of an open round, the next question, or never. */
export function wakeAt(state: QuizState): number | null {
  if (state.phase === 'open') return state.deadline;
  if (state.phase === 'between') return state.nextAt;
  return null;
}

/** Whether the store should list this quiz for `resumeAll` (active, or effects still to deliver). */
export function isTracked(state: QuizState): boolean {
  return isActive(state) || state.outbox.length > 0;
}

/** Points desc, then correct parts desc, then user id; equal points and correct share a rank. */
export function rankScores(scores: readonly ScoreRow[]): Standing[] {
  const sorted = [...scores].sort(
    (a, b) => b.points - a.points || b.correct - a.correct || (a.userId < b.userId ? -1 : 1),
  );
  const standings: Standing[] = [];
  sorted.forEach((row, i) => {
    const prev = standings[i - 1];
    const rank =
      prev !== undefined && prev.points === row.points && prev.correct === row.correct ? prev.rank : i + 1;
    standings.push({ ...row, rank });
  });
  return standings;
}

function currentSpec(state: QuizState): RoundSpec {
  const spec = state.rounds[state.round - 1];
  if (spec === undefined) throw new RangeError(`quiz ${state.quizId} has no round ${state.round}`);
  return spec;
}

// ---- start ----

export interface StartInput {
  readonly quizId: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly starterId: string;
  readonly gameId: string;
  readonly difficulty: QuizState['difficulty'];
  readonly roundMs: number;
  readonly breakMs: number;
  readonly rounds: readonly RoundSpec[];
  readonly now: number;
}

export type StartReply =
  | { readonly kind: 'started'; readonly quizId: string; readonly rounds: number; readonly deadline: number }
  | { readonly kind: 'already-running'; readonly quizId: string; readonly starterId: string };

export function start(prev: QuizState | undefined, input: StartInput): Step<StartReply> {
  if (isActive(prev))
    return same(prev, { kind: 'already-running', quizId: prev.quizId, starterId: prev.starterId });
  const { now, rounds, ...rest } = input;
  const fresh: QuizState = QuizState.parse({
    schema: 1,
    ...rest,
    rounds: [...rounds],
    round: 1,
    phase: 'open',
    openedAt: now,
    deadline: now + input.roundMs,
    nextAt: null,
    answers: [],
    scores: [],
    // Sequence numbers continue across quizzes in a channel so a late acknowledgement can never hit new effects.
    seq: prev?.seq ?? 0,
    outbox: prev?.outbox ?? [],
    startedAt: now,
    endedAt: null,
  });
  const { state, effects } = emit(fresh, [
    { kind: 'question', round: 1, spec: currentSpec(fresh), deadline: fresh.deadline },
  ]);
  return {
    state,
    changed: true,
    reply: { kind: 'started', quizId: state.quizId, rounds: rounds.length, deadline: state.deadline },
    scores: [],
    effects,
  };
}

// ---- answer (or change) ----

export interface AnswerInput {
  readonly quizId: string;
  readonly round: number;
  readonly choice: Choice;
  readonly userId: string;
  readonly now: number;
}

export type AnswerReply =
  | {
      readonly kind: 'accepted';
      readonly round: number;
      readonly part: Part;
      readonly choice: Choice;
      /** The user's earlier choice for this part, when this click changed it (or repeated it). */
      readonly previous: Choice | null;
      readonly deadline: number;
    }
  /** `late`: this quiz's round is over; `ended`: the button belongs to a quiz that is no longer running. */
  | { readonly kind: 'closed'; readonly reason: 'late' | 'ended' }
  | { readonly kind: 'invalid-choice' };

export function answer(state: QuizState | undefined, input: AnswerInput): Step<AnswerReply> {
  if (state === undefined || state.quizId !== input.quizId || !isActive(state)) {
    return same(state, { kind: 'closed', reason: 'ended' });
  }
  if (state.phase !== 'open' || input.round !== state.round || input.now >= state.deadline) {
    return same(state, { kind: 'closed', reason: 'late' });
  }
  const part = partOf(currentSpec(state), input.choice);
  if (part === undefined || !UserId.safeParse(input.userId).success)
    return same(state, { kind: 'invalid-choice' });
  const existing = state.answers.find((a) => a.userId === input.userId && a.part === part.id);
  const reply: AnswerReply = {
    kind: 'accepted',
    round: state.round,
    part: part.id,
    choice: input.choice,
    previous: existing?.choice ?? null,
    deadline: state.deadline,
  };
  // Clicking the same choice again keeps the original time (and its speed bonus).
  if (existing?.choice === input.choice) return same(state, reply);
  const record: AnswerRecord = { userId: input.userId, part: part.id, choice: input.choice, at: input.now };
  const answers = [...state.answers.filter((a) => a !== existing), record];
  return { state: { ...state, answers }, changed: true, reply, scores: [], effects: [] };
}

// ---- time-up, next round, advance ----

/** Grades the current round's answers. */
export function gradeRound(state: QuizState): RoundResult[] {
  const spec = currentSpec(state);
  const byUser = new Map<string, RoundResult['answers']>();
  for (const a of state.answers) {
    const part = spec.parts.find((p) => p.id === a.part);
    if (part === undefined) continue;
    const correct = a.choice === part.correct;
    const graded = {
      part: a.part,
      choice: a.choice,
      correct,
      points: pointsFor(correct, a.at, state.deadline, state.roundMs),
    };
    byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), graded]);
  }
  const order = (p: Part) => spec.parts.findIndex((s) => s.id === p);
  return [...byUser]
    .map(([userId, answers]) => {
      const sorted = [...answers].sort((x, y) => order(x.part) - order(y.part));
      return { userId, answers: sorted, points: sorted.reduce((sum, x) => sum + x.points, 0) };
    })
    .sort((a, b) => b.points - a.points || (a.userId < b.userId ? -1 : 1));
}

function addResults(scores: readonly ScoreRow[], results: readonly RoundResult[]): ScoreRow[] {
  const rows = new Map(scores.map((row) => [row.userId, row]));
  for (const r of results) {
    const row = rows.get(r.userId) ?? { userId: r.userId, points: 0, correct: 0, answered: 0 };
    rows.set(r.userId, {
      userId: r.userId,
      points: row.points + r.points,
      correct: row.correct + r.answers.filter((a) => a.correct).length,
      answered: row.answered + r.answers.length,
    });
  }
  return [...rows.values()];
}

/** Closes the open round once its deadline has passed: grade, reveal, then a break or the final standings. */
export function timeUp(state: QuizState | undefined, now: number): Step<null> {
  if (state === undefined || state.phase !== 'open' || now < state.deadline) return same(state, null);
  const results = gradeRound(state);
  const scores = addResults(state.scores, results);
  const last = state.round >= state.rounds.length;
  const nextAt = last ? null : now + state.breakMs;
  const closed: QuizState = {
    ...state,
    phase: last ? 'finished' : 'between',
    nextAt,
    answers: [],
    scores,
    endedAt: last ? now : null,
  };
  const standings = rankScores(scores);
  const fresh: NewEffect[] = [
    { kind: 'reveal', round: state.round, spec: currentSpec(state), results, standings, nextAt },
  ];
  if (last) {
    fresh.push({
      kind: 'standings',
      reason: 'finished',
      stoppedBy: null,
      roundsPlayed: state.round,
      standings,
    });
  }
  const out = emit(closed, fresh);
  return {
    state: out.state,
    changed: true,
    reply: null,
    scores: results.filter((r) => r.points > 0).map((r) => ({ userId: r.userId, points: r.points })),
    effects: out.effects,
  };
}

/** Opens the next round once the break is over. */
export function nextRound(state: QuizState | undefined, now: number): Step<null> {
  if (state === undefined || state.phase !== 'between' || state.nextAt === null || now < state.nextAt) {
    return same(state, null);
  }
  const round = state.round + 1;
  const opened: QuizState = {
    ...state,
    round,
    phase: 'open',
    openedAt: now,
    deadline: now + state.roundMs,
    nextAt: null,
    answers: [],
  };
  const out = emit(opened, [
    { kind: 'question', round, spec: currentSpec(opened), deadline: opened.deadline },
  ]);
  return { state: out.state, changed: true, reply: null, scores: [], effects: out.effects };
}

/** Every transition that is due at `now` (what a timer calls): time-up, then the next round if the break is 0. */
export function advance(state: QuizState | undefined, now: number): Step<null> {
  let current = state;
  let changed = false;
  const scores: ScoreDelta[] = [];
  const effects: QuizEffect[] = [];
  for (let guard = 0; guard < 4; guard++) {
    const step = current?.phase === 'open' ? timeUp(current, now) : nextRound(current, now);
    if (!step.changed) break;
    current = step.state;
    changed = true;
    scores.push(...step.scores);
    effects.push(...step.effects);
  }
  return { state: current, changed, reply: null, scores, effects };
}

// ---- stop ----

export interface StopInput {
  readonly userId: string;
  /** The user has Manage Messages in the channel. */
  readonly canManage: boolean;
  readonly now: number;
}

export type StopReply =
  | { readonly kind: 'stopped'; readonly quizId: string; readonly roundsPlayed: number }
  | { readonly kind: 'not-allowed'; readonly starterId: string }
  | { readonly kind: 'not-running' };

/** Ends the quiz; answers to a round still open are dropped unscored. */
export function stop(state: QuizState | undefined, input: StopInput): Step<StopReply> {
  if (!isActive(state)) return same(state, { kind: 'not-running' });
  if (input.userId !== state.starterId && !input.canManage) {
    return same(state, { kind: 'not-allowed', starterId: state.starterId });
  }
  const roundsPlayed = state.phase === 'open' ? state.round - 1 : state.round;
  const stopped: QuizState = { ...state, phase: 'stopped', nextAt: null, answers: [], endedAt: input.now };
  const out = emit(stopped, [
    {
      kind: 'standings',
      reason: 'stopped',
      stoppedBy: input.userId,
      roundsPlayed,
      standings: rankScores(state.scores),
    },
  ]);
  return {
    state: out.state,
    changed: true,
    reply: { kind: 'stopped', quizId: state.quizId, roundsPlayed },
    scores: [],
    effects: out.effects,
  };
}

// ---- delivery ----

/** Drops delivered effects (sequence numbers up to `seq`) from the outbox. */
export function acknowledge(state: QuizState | undefined, seq: number): Step<null> {
  if (state === undefined || !state.outbox.some((e) => e.seq <= seq)) return same(state, null);
  return {
    state: { ...state, outbox: state.outbox.filter((e) => e.seq > seq) },
    changed: true,
    reply: null,
    scores: [],
    effects: [],
  };
}

// ---- practice: one person, no state, instant feedback ----

export interface PracticeGrade {
  readonly part: Part;
  readonly choice: Choice;
  readonly correct: boolean;
  readonly answer: Choice;
}

/** Grades one practice click; undefined when the question does not offer that choice. */
export function gradePractice(spec: RoundSpec, choice: Choice): PracticeGrade | undefined {
  const part = partOf(spec, choice);
  if (part === undefined) return undefined;
  return { part: part.id, choice, correct: part.correct === choice, answer: part.correct };
}
