/**
 * Quiz data -> Discord messages: the question with its buttons (disabled, the right one green, once closed),
 * the reveal (answer, explanation, who was right, points, standings), the final standings, leaderboards,
 * practice questions and feedback, and the private acknowledgements of clicks. Pure: no I/O, no clock; every
 * embed stays inside Discord's limits (EMBED_LIMITS), buttons inside 5 per row and 80-character labels.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import type { Explanation, Outcome } from '../../core/game.js';
import type { AnswerReply, Standing } from '../../quiz/machine.js';
import { choiceLabel, type ChoiceId, type QuestionView } from '../../quiz/question.js';
import type {
  ButtonView,
  PracticeFeedback,
  PracticeQuestion,
  QuizEvent,
  RightAnswer,
} from '../../quiz/service.js';
import type { LeaderboardPeriod, LeaderboardRow, LeaderboardScope } from '../../quiz/store.js';
import { clip, type OutgoingMessage } from './message.js';
import { EMBED_LIMITS, OUTCOME_COLOURS, embedLength } from './answer.js';

export type QuestionEvent = Extract<QuizEvent, { kind: 'question' }>;
export type RevealEvent = Extract<QuizEvent, { kind: 'reveal' }>;
export type StandingsEvent = Extract<QuizEvent, { kind: 'standings' }>;

type ButtonRow = APIActionRowComponent<APIButtonComponent>;

const BUTTON_LABEL_LIMIT = 80;
/** Question and explanation texts share a message's 6,000 characters. */
const QUESTION_BUDGET = 2400;
const EXPLANATION_BUDGET = 1800;
/** Lines shown in "who was right" and standings before "... and N more". */
const LIST_LIMIT = 20;

const QUIZ_COLOUR = 0xe0a526;
const DEFAULT_PLAYERS = ['First player', 'Second player'] as const;

/** Discord renders `<t:…:R>` as a live "in 25 seconds" in each reader's own clock. */
export function relativeTime(ms: number): string {
  return `<t:${Math.ceil(ms / 1000)}:R>`;
}

function mention(userId: string): string {
  return `<@${userId}>`;
}

/** Lines joined under `limit`, ending with "… and N more" when some did not fit. */
function listWithin(lines: readonly string[], limit: number, maxLines = LIST_LIMIT): string {
  const shown: string[] = [];
  let used = 0;
  for (const line of lines) {
    const more = `… and ${lines.length - shown.length} more`;
    if (shown.length >= maxLines || used + line.length + 1 + more.length > limit) {
      shown.push(more);
      break;
    }
    shown.push(line);
    used += line.length + 1;
  }
  return clip(shown.join('\n'), limit);
}

/** Keeps the sum of every embed in one message under Discord's 6,000 characters by trimming descriptions. */
function fitMessage(embeds: APIEmbed[]): APIEmbed[] {
  let total = embeds.reduce((sum, e) => sum + embedLength(e), 0);
  for (let i = embeds.length - 1; i >= 0 && total > EMBED_LIMITS.total; i--) {
    const embed = embeds[i];
    if (embed?.description === undefined) continue;
    const room = Math.max(0, embed.description.length - (total - EMBED_LIMITS.total));
    total -= embed.description.length - room;
    embeds[i] = { ...embed, description: clip(embed.description, room) };
  }
  return embeds;
}

/** The reasoning of an explanation in a few lines: the headline, the winning move or why none, the reasons. */
export function explanationSummary(explanation: Explanation<unknown>, budget = EXPLANATION_BUDGET): string {
  const parts = [explanation.headline];
  const move = explanation.moves[0];
  if (move !== undefined) parts.push(`**Winning move:** ${move.text}`);
  else if (explanation.whyNoMove !== undefined) parts.push(`**No winning move:** ${explanation.whyNoMove}`);
  let text = clip(parts.join('\n'), budget);
  const reasons: string[] = [];
  for (const reason of explanation.reasons) {
    const line = `• ${clip(reason, 400)}`;
    if (text.length + '\n**Why**'.length + reasons.join('\n').length + line.length + 2 > budget) break;
    reasons.push(line);
  }
  if (reasons.length > 0) text += `\n**Why**\n${reasons.join('\n')}`;
  return text;
}

function factsText(view: QuestionView): string {
  return view.facts.map((fact) => `**${fact.label}:** ${fact.value}`).join('\n');
}

function promptsText(view: QuestionView): string {
  if (view.parts.length === 1) return view.parts[0]?.prompt ?? '';
  return view.parts.map((part, i) => `**Q${i + 1}.** ${part.prompt}`).join('\n');
}

function questionEmbed(view: QuestionView, heading: string, status: string, footer: string): APIEmbed {
  const tail = `\n\n${promptsText(view)}${status === '' ? '' : `\n\n${status}`}`;
  const facts = clip(factsText(view), Math.max(200, QUESTION_BUDGET - tail.length));
  return {
    author: { name: clip(heading, EMBED_LIMITS.author) },
    title: clip(`${view.gameTitle} · ${view.difficulty}`, EMBED_LIMITS.title),
    description: clip(`${facts}${tail}`, EMBED_LIMITS.description),
    color: QUIZ_COLOUR,
    footer: { text: clip(footer, EMBED_LIMITS.footer) },
  };
}

export interface ButtonMarks {
  readonly disabled?: boolean;
  /** Choices shown green (the right answers, once revealed). */
  readonly correct?: ReadonlySet<ChoiceId>;
  /** Choices shown red (a practice answer that was wrong). */
  readonly wrong?: ReadonlySet<ChoiceId>;
}

/** One action row per part; every row at most 5 buttons (the quiz offers at most 5 choices per part). */
export function buttonRows(rows: readonly (readonly ButtonView[])[], marks: ButtonMarks = {}): ButtonRow[] {
  return rows.map((row) => ({
    type: ComponentType.ActionRow,
    components: row.slice(0, 5).map((button) => ({
      type: ComponentType.Button,
      style:
        marks.correct?.has(button.choice) === true
          ? ButtonStyle.Success
          : marks.wrong?.has(button.choice) === true
            ? ButtonStyle.Danger
            : button.part === 'outcome'
              ? ButtonStyle.Primary
              : ButtonStyle.Secondary,
      label: clip(button.label, BUTTON_LABEL_LIMIT),
      custom_id: button.customId,
      ...(marks.disabled === true ? { disabled: true } : {}),
    })),
  }));
}

/** A round's question; with `closedWith` (the right answers) it is closed: buttons disabled, right ones green. */
export function renderQuestion(event: QuestionEvent, closedWith?: readonly RightAnswer[]): OutgoingMessage {
  const heading = `Quiz · question ${event.round} of ${event.rounds}`;
  const status =
    closedWith === undefined
      ? `⏱️ Answers close ${relativeTime(event.deadline)}. Answer with the buttons; you may change your answer until then.`
      : closedWith.length === 0
        ? '🔒 Closed.'
        : `🔒 Closed. Answer: ${closedWith.map((a) => `**${a.label}**`).join(' · ')}`;
  const embed = questionEmbed(event.question, heading, status, `Question ${event.question.id}`);
  const correct = new Set(closedWith?.map((a) => a.choice) ?? []);
  return {
    embeds: fitMessage([embed]),
    components: buttonRows(event.buttons, closedWith === undefined ? {} : { disabled: true, correct }),
  };
}

function answerLine(result: RevealEvent['results'][number], players: readonly [string, string]): string {
  const marks = result.answers.map((a) => `${a.correct ? '✅' : '❌'} ${choiceLabel(a.choice, players)}`);
  return `${mention(result.userId)}: ${marks.join(', ')} · **+${result.points}**`;
}

function standingLines(standings: readonly Standing[], rounds: number | undefined): string[] {
  const medal = ['🥇', '🥈', '🥉'];
  return standings.map((s) => {
    const badge = medal[s.rank - 1] ?? `${s.rank}.`;
    const right = rounds === undefined ? '' : ` · ${s.correct}/${s.answered} right`;
    return `${badge} ${mention(s.userId)} · **${s.points}** pts${right}`;
  });
}

/** The end of a round: the answer, why, who was right with their points, and the standings so far. */
export function renderReveal(event: RevealEvent): OutgoingMessage {
  const players = event.question?.players ?? DEFAULT_PLAYERS;
  const outcome = event.answers.find((a) => a.part === 'outcome');
  const title = `Answer: ${event.answers.map((a) => a.label).join(' · ')}`;
  const explanation =
    event.explanation === null
      ? 'The explanation could not be rebuilt this time (the solver was unreachable after a restart).'
      : explanationSummary(event.explanation);
  const next =
    event.nextAt === null ? 'That was the last question.' : `Next question ${relativeTime(event.nextAt)}.`;
  const right = event.results.filter((r) => r.points > 0).length;
  const resultLines = event.results.map((r) => answerLine(r, players));
  const embed: APIEmbed = {
    author: {
      name: clip(`Quiz · question ${event.round} of ${event.rounds} · the answer`, EMBED_LIMITS.author),
    },
    title: clip(title, EMBED_LIMITS.title),
    description: clip(`${explanation}\n\n${next}`, EMBED_LIMITS.description),
    color: OUTCOME_COLOURS[(outcome?.choice as Outcome | undefined) ?? 'tie'] ?? QUIZ_COLOUR,
    fields: [
      {
        name:
          event.results.length === 0
            ? 'Who was right'
            : `Who was right (${right} of ${event.results.length} scored)`,
        value:
          event.results.length === 0 ? 'Nobody answered.' : listWithin(resultLines, EMBED_LIMITS.fieldValue),
      },
      {
        name: 'Standings',
        value:
          event.standings.length === 0
            ? 'No points yet.'
            : listWithin(standingLines(event.standings, event.rounds), EMBED_LIMITS.fieldValue, 10),
      },
    ],
    footer: {
      text: clip(
        `Question ${event.question?.id ?? ''} · 100 points per right answer, up to 50 more for speed`,
        EMBED_LIMITS.footer,
      ),
    },
  };
  return { embeds: fitMessage([embed]) };
}

/** The quiz is over: final standings (or where things stood when it was stopped). */
export function renderStandings(event: StandingsEvent): OutgoingMessage {
  const stopped = event.reason === 'stopped';
  const title = stopped ? '🛑 Quiz stopped' : '🏆 Final standings';
  const who =
    stopped && event.stoppedBy !== null
      ? `Stopped by ${mention(event.stoppedBy)} after ${event.roundsPlayed} of ${event.rounds} questions.`
      : `All ${event.rounds} questions played.`;
  const body =
    event.standings.length === 0
      ? 'Nobody scored.'
      : listWithin(standingLines(event.standings, event.rounds), 3500, 50);
  const winners = event.standings.filter((s) => s.rank === 1 && s.points > 0);
  const cheer =
    winners.length === 0 || stopped
      ? ''
      : `\n\n${winners.map((w) => mention(w.userId)).join(' and ')} ${winners.length > 1 ? 'share' : 'takes'} the win. \`/quiz leaderboard\` shows the running totals.`;
  return {
    embeds: [
      {
        author: { name: 'Quiz' },
        title,
        description: clip(`${who}\n\n${body}${cheer}`, EMBED_LIMITS.description),
        color: QUIZ_COLOUR,
      },
    ],
  };
}

export function renderLeaderboard(
  rows: readonly LeaderboardRow[],
  scope: LeaderboardScope,
  period: LeaderboardPeriod,
): OutgoingMessage {
  const where = scope === 'channel' ? 'this channel' : 'this server';
  const when = period === 'week' ? 'this week (UTC, from Monday)' : 'all time';
  const lines = rows.map(
    (row) =>
      `${['🥇', '🥈', '🥉'][row.rank - 1] ?? `${row.rank}.`} ${mention(row.userId)} · **${row.points}** pts`,
  );
  return {
    embeds: [
      {
        author: { name: 'Quiz leaderboard' },
        title: clip(`${where[0]?.toUpperCase() ?? ''}${where.slice(1)} · ${when}`, EMBED_LIMITS.title),
        description:
          rows.length === 0
            ? 'No points yet. Start a quiz with `/quiz start`, or practise alone with `/quiz practice`.'
            : listWithin(lines, EMBED_LIMITS.description, 100),
        color: QUIZ_COLOUR,
      },
    ],
  };
}

/** The private answer to a click on a round's button. `labelOf` names a choice as the question did. */
export function renderAnswerAck(reply: AnswerReply, labelOf: (choice: ChoiceId) => string): string {
  switch (reply.kind) {
    case 'accepted': {
      const label = `**${labelOf(reply.choice)}**`;
      const until = `until the round closes ${relativeTime(reply.deadline)}`;
      if (reply.previous === null)
        return `✅ Your answer to question ${reply.round}: ${label}. You may change it ${until}.`;
      if (reply.previous === reply.choice)
        return `You already answered ${label}; it stands (you may change it ${until}).`;
      return `🔁 Changed your answer from **${labelOf(reply.previous)}** to ${label}. You may change it again ${until}.`;
    }
    case 'closed':
      return reply.reason === 'late'
        ? '⌛ Too late: that question is closed, so this click does not count.'
        : '⌛ That quiz is over, so this click does not count.';
    case 'invalid-choice':
      return 'That button does not belong to the current question.';
  }
}

/** A practice question, for one person (ephemeral). */
export function renderPracticeQuestion(practice: PracticeQuestion): OutgoingMessage {
  const embed = questionEmbed(
    practice.question,
    'Practice (only you see this)',
    'Pick an answer: you will see at once whether it is right, and why.',
    `Question ${practice.question.id}`,
  );
  return { ephemeral: true, embeds: fitMessage([embed]), components: buttonRows(practice.buttons) };
}

/** Instant feedback on a practice answer: right or not, the explanation, and a Next button. */
export function renderPracticeFeedback(feedback: PracticeFeedback): OutgoingMessage {
  const { grade, question } = feedback;
  const chosen = choiceLabel(grade.choice, question.players);
  const title = grade.correct
    ? `✅ Right: ${feedback.answer.label}`
    : `❌ Not quite: you said ${chosen}; the answer is ${feedback.answer.label}`;
  const question_ = questionEmbed(question, 'Practice (only you see this)', '', `Question ${question.id}`);
  const verdict: APIEmbed = {
    title: clip(title, EMBED_LIMITS.title),
    description: explanationSummary(feedback.explanation, 2400),
    color: grade.correct ? OUTCOME_COLOURS.first : 0xc0392b,
    footer: {
      text:
        question.parts.length > 1
          ? 'Try the other question too, or press Next for a new one.'
          : 'Press Next for a new question.',
    },
  };
  const rows = feedback.buttons.map((row) =>
    row.some((b) => b.part === grade.part)
      ? buttonRows([row], {
          disabled: true,
          correct: new Set([grade.answer]),
          wrong: grade.correct ? new Set() : new Set([grade.choice]),
        })[0]
      : buttonRows([row])[0],
  );
  const next: ButtonRow = {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        label: clip(feedback.next.label, BUTTON_LABEL_LIMIT),
        custom_id: feedback.next.customId,
      },
    ],
  };
  return {
    ephemeral: true,
    embeds: fitMessage([question_, verdict]),
    components: [...rows.filter((row): row is ButtonRow => row !== undefined), next],
  };
}
