/**
 * A channel quiz's public messages (the runner's `emit`): each question with its buttons, the reveal (after
 * editing the question so its buttons are disabled and the right answer is green), and the final standings.
 *
 * Two ways to post, fixed at start-up:
 * - `channel` (DISCORD_TOKEN set): as the bot user, `POST /channels/{id}/messages`, edits by
 *   `PATCH /channels/{id}/messages/{id}`. Works for any quiz length and across restarts.
 * - `webhook` (no DISCORD_TOKEN, HTTP endpoint only): as follow-ups of the `/quiz start` interaction, which
 *   Discord keeps usable for 15 minutes; the command refuses quizzes that would outlive it. Its token lives
 *   only in this process, so after a restart such a quiz cannot post any more (main.ts stops it).
 *
 * Message ids are kept in memory. After a restart the question on screen is learnt from the first click on it
 * (`adoptQuestion`), so its buttons are still disabled at time-up; if nobody clicks, they stay (a late click is
 * told the round is closed).
 */
import { Routes, type REST } from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import type { Logger } from '../../log.js';
import { answerPicture, type AnswerPicture } from '../../render/answer-picture.js';
import { choiceLabel, formatButtonId, type ChoiceId } from '../../quiz/question.js';
import type { QuizEvent } from '../../quiz/events.js';
import { clip, toMessageBody, toRestFiles, type OutgoingMessage } from '../render/message.js';
import {
  renderQuestion,
  renderReveal,
  renderStandings,
  type QuestionEvent,
  type RevealEvent,
  type StandingsEvent,
} from '../render/quiz.js';
import type { InteractionWebhook } from './reply.js';
import { safeError } from './safe-error.js';

export type QuizPostMode = 'channel' | 'webhook';

/** What a `/quiz start` holds while the quiz is being prepared (webhook mode). */
export interface QuizStartHandle {
  /** The quiz is on and its announcement is out: its posts may go through the webhook now. */
  started(quizId: string): void;
  /** The start failed or was refused. */
  abandon(): void;
}

export interface QuizPoster {
  readonly mode: QuizPostMode;
  /** The runner's `emit`. Throws when the message could not be posted (the runner logs it). */
  emit(event: QuizEvent): Promise<void>;
  /**
   * Webhook mode: the `/quiz start` interaction about to start a quiz in `channelId`. Its posts wait for
   * `started` (Discord turns a follow-up sent while the deferred reply is still "thinking" into an edit of it).
   */
  beginStart(channelId: string, webhook: InteractionWebhook): QuizStartHandle;
  /** How a posted question named a choice ("Alice wins"), for the private acknowledgement of a click. */
  labelOf(quizId: string, round: number, choice: ChoiceId): string;
  /** A click on a round's button names the message it sits on: remember it if this process did not post it. */
  adoptQuestion(channelId: string, quizId: string, round: number, messageId: string): void;
}

export interface QuizPosterOptions {
  readonly rest: REST;
  readonly mode: QuizPostMode;
  readonly logger: Logger;
  readonly now: () => number;
  /** How long a post waits for `/quiz start` to finish its announcement (webhook mode). */
  readonly startWaitMs?: number;
  /** The games, to draw each reveal's picture; no pictures without them. */
  readonly games?: readonly AnyGame[];
}

type MessageRef =
  | { readonly via: 'channel'; readonly channelId: string; readonly messageId: string }
  | { readonly via: 'webhook'; readonly webhook: InteractionWebhook; readonly messageId: string };

interface PostedQuestion {
  /** Unknown for a question posted by an earlier process (adopted from a click). */
  readonly event: QuestionEvent | undefined;
  readonly quizId: string;
  readonly ref: MessageRef;
  closed: boolean;
}

interface PendingStart {
  readonly ready: Promise<void>;
  readonly release: () => void;
}

/** Questions remembered for editing; older ones (quizzes long gone) are forgotten first. */
const QUESTION_LIMIT = 2000;

export function createQuizPoster(options: QuizPosterOptions): QuizPoster {
  const { rest, mode, logger, now } = options;
  const startWaitMs = options.startWaitMs ?? 60_000;
  const questions = new Map<string, PostedQuestion>();
  const webhooks = new Map<string, InteractionWebhook>();
  /** `/quiz start`s under way, per channel (two may race; the store lets one win). */
  const pending = new Map<string, Set<PendingStart>>();
  const key = (quizId: string, round: number): string => `${quizId}:${round}`;

  async function webhookFor(event: QuizEvent): Promise<InteractionWebhook> {
    let webhook = webhooks.get(event.quizId);
    const starts = [...(pending.get(event.channelId) ?? [])];
    if (webhook === undefined && starts.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(starts.map((start) => start.ready)),
        new Promise((resolve) => (timer = setTimeout(resolve, startWaitMs))),
      ]);
      clearTimeout(timer);
      webhook = webhooks.get(event.quizId);
    }
    if (webhook === undefined) {
      throw new Error(
        `quiz ${event.quizId}: no DISCORD_TOKEN and no /quiz start interaction to post through (restarted?)`,
      );
    }
    if (now() > webhook.usableUntil) {
      throw new Error(
        `quiz ${event.quizId}: the /quiz start interaction token has expired; set DISCORD_TOKEN`,
      );
    }
    return webhook;
  }

  async function post(event: QuizEvent, message: OutgoingMessage): Promise<MessageRef> {
    if (mode === 'channel') {
      const sent = (await rest.post(Routes.channelMessages(event.channelId), {
        body: toMessageBody({ ...message, ephemeral: false }, 'create'),
        files: toRestFiles(message),
      })) as { id: string };
      return { via: 'channel', channelId: event.channelId, messageId: sent.id };
    }
    const webhook = await webhookFor(event);
    const messageId = await webhook.post({ ...message, ephemeral: false });
    return { via: 'webhook', webhook, messageId };
  }

  async function edit(ref: MessageRef, message: OutgoingMessage): Promise<void> {
    if (ref.via === 'channel') {
      await rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), {
        body: toMessageBody(message, 'edit'),
        files: toRestFiles(message),
      });
    } else if (now() <= ref.webhook.usableUntil) {
      await ref.webhook.edit(ref.messageId, message);
    }
  }

  /** Disables a question's buttons (green: the right answers); a failure is only logged. */
  async function close(question: PostedQuestion, reveal: RevealEvent | undefined): Promise<void> {
    if (question.closed) return;
    question.closed = true;
    try {
      const event = question.event ?? (reveal === undefined ? undefined : questionFromReveal(reveal));
      if (event !== undefined) await edit(question.ref, renderQuestion(event, reveal?.answers ?? []));
      else if (question.ref.via === 'channel') {
        // An adopted question, stopped: nothing to redraw it from, so only its buttons go.
        await rest.patch(Routes.channelMessage(question.ref.channelId, question.ref.messageId), {
          body: { components: [] },
        });
      }
    } catch (error) {
      logger.warn(
        { err: safeError(error), quizId: question.quizId, round: question.event?.round },
        'could not disable the buttons of a quiz question',
      );
    }
  }

  async function onQuestion(event: QuestionEvent): Promise<void> {
    const ref = await post(event, renderQuestion(event));
    remember(key(event.quizId, event.round), { event, quizId: event.quizId, ref, closed: false });
  }

  function remember(k: string, question: PostedQuestion): void {
    questions.set(k, question);
    while (questions.size > QUESTION_LIMIT) {
      const oldest = questions.keys().next().value;
      if (oldest === undefined) break;
      questions.delete(oldest);
    }
  }

  async function onReveal(event: RevealEvent): Promise<void> {
    const question = questions.get(key(event.quizId, event.round));
    if (question !== undefined) await close(question, event);
    await post(event, withPicture(renderReveal(event), await revealPicture(options.games, event)));
  }

  async function onStandings(event: StandingsEvent): Promise<void> {
    const mine = [...questions].filter(([, q]) => q.quizId === event.quizId);
    // Questions still open (a quiz stopped mid-round, or adopted after a restart) stop taking answers.
    for (const [, question] of mine) await close(question, undefined);
    try {
      await post(event, renderStandings(event));
    } finally {
      for (const [k] of mine) questions.delete(k);
      webhooks.delete(event.quizId);
    }
  }

  return {
    mode,
    async emit(event) {
      switch (event.kind) {
        case 'question':
          return onQuestion(event);
        case 'reveal':
          return onReveal(event);
        case 'standings':
          return onStandings(event);
      }
    },
    beginStart(channelId, webhook) {
      let release = (): void => undefined;
      const ready = new Promise<void>((resolve) => (release = resolve));
      const start: PendingStart = { ready, release };
      const starts = pending.get(channelId) ?? new Set<PendingStart>();
      starts.add(start);
      pending.set(channelId, starts);
      const finish = (): void => {
        starts.delete(start);
        if (starts.size === 0 && pending.get(channelId) === starts) pending.delete(channelId);
        start.release();
      };
      return {
        started(quizId) {
          webhooks.set(quizId, webhook);
          finish();
        },
        abandon: finish,
      };
    },
    labelOf(quizId, round, choice) {
      const players = questions.get(key(quizId, round))?.event?.question.players;
      return choiceLabel(choice, players ?? ['First player', 'Second player']);
    },
    adoptQuestion(channelId, quizId, round, messageId) {
      const k = key(quizId, round);
      // Webhook-mode messages can only be edited through the token that posted them.
      if (mode !== 'channel' || questions.has(k)) return;
      remember(k, { event: undefined, quizId, ref: { via: 'channel', channelId, messageId }, closed: false });
    },
  };
}

/** A question as posted, rebuilt from its reveal (for one posted by an earlier process). */
function questionFromReveal(reveal: RevealEvent): QuestionEvent | undefined {
  const view = reveal.question;
  if (view === null) return undefined;
  return {
    kind: 'question',
    channelId: reveal.channelId,
    quizId: reveal.quizId,
    round: reveal.round,
    rounds: reveal.rounds,
    deadline: 0,
    question: view,
    buttons: view.parts.map((part) =>
      part.choices.map((c) => ({
        customId: formatButtonId({
          kind: 'answer',
          quizId: reveal.quizId,
          round: reveal.round,
          choice: c.id,
        }),
        label: c.label,
        part: part.id,
        choice: c.id,
      })),
    ),
  };
}

/** The answer's picture for a reveal, when the game draws one and the instance is known. */
async function revealPicture(
  games: readonly AnyGame[] | undefined,
  event: RevealEvent,
): Promise<AnswerPicture> {
  const solved = event.solved;
  const game =
    solved === null || solved === undefined ? undefined : games?.find((g) => g.id === solved.gameId);
  if (game === undefined || solved === null || solved === undefined || event.explanation === null)
    return { kind: 'none' };
  return await answerPicture(game, solved.params, solved.result, event.explanation);
}

/** The picture attached and shown as the first embed's image (or its one-line note in the footer). */
function withPicture(message: OutgoingMessage, picture: AnswerPicture): OutgoingMessage {
  const [first, ...rest] = message.embeds ?? [];
  if (first === undefined || picture.kind === 'none') return message;
  if (picture.kind === 'note') {
    const footer = `${first.footer?.text ?? ''}${first.footer === undefined ? '' : ' · '}${picture.note}`;
    return { ...message, embeds: [{ ...first, footer: { text: clip(footer, 2048) } }, ...rest] };
  }
  const name = 'quiz-answer.png';
  return {
    ...message,
    embeds: [{ ...first, image: { url: `attachment://${name}` } }, ...rest],
    files: [...(message.files ?? []), { name, data: Buffer.from(picture.png), contentType: 'image/png' }],
  };
}
