/**
 * `/quiz start|leaderboard|stop|practice` and the quiz buttons (custom ids `quiz:` and `quizp:`), over the quiz
 * runner (src/quiz/runner.ts). Channel posts (questions, reveals, standings) come from the runner's `emit`
 * through the poster (src/bot/interaction/quiz-post.ts); what a person does here is answered to them alone, except the
 * `/quiz start` announcement and `/quiz leaderboard`, which are for the channel.
 */
import { ApplicationCommandOptionType, ApplicationCommandType, PermissionFlagsBits } from 'discord.js';
import { InputError } from '../../core/errors.js';
import type { AnyGame } from '../../core/game.js';
import { QUIZ_ROUNDS, QUIZ_SECONDS } from '../../quiz/limits.js';
import { QUIZ_DIFFICULTIES, parseButtonId, type QuizDifficulty } from '../../quiz/question.js';
import type { BotContext } from '../context.js';
import { clip } from '../render/message.js';
import {
  renderAnswerAck,
  renderLeaderboard,
  renderPracticeFeedback,
  renderPracticeQuestion,
} from '../render/quiz.js';
import type { InteractionReply } from '../interaction/reply.js';
import type { ComponentRequest } from '../interaction/request.js';
import { safeError } from '../interaction/safe-error.js';
import { defineSubcommands, type Command } from './types.js';
import { gameChoices, plainChoices } from './options.js';

/** Time allowed for preparing the questions when a quiz must fit in one interaction token's life. */
const PREPARE_ALLOWANCE_MS = 60_000;
/** What the bot needs in the channel to post a quiz as itself. */
const POST_PERMISSIONS =
  PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks;

export function quizDefinition(games: readonly AnyGame[]) {
  const game = {
    type: ApplicationCommandOptionType.String,
    name: 'game',
    description: 'The game the questions are about (default: one at random)',
    required: false,
    choices: gameChoices(games),
  } as const;
  const difficulty = {
    type: ApplicationCommandOptionType.String,
    name: 'difficulty',
    description: 'Bigger, less guessable positions as it goes up (default: medium; practice: easy)',
    required: false,
    choices: plainChoices(QUIZ_DIFFICULTIES),
  } as const;
  return {
    type: ApplicationCommandType.ChatInput,
    name: 'quiz',
    description: 'Study-group quizzes: who wins this position? Rounds, points, leaderboards, practice',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'start',
        description: 'Start a quiz in this channel: everyone may answer each question',
        options: [
          game,
          {
            type: ApplicationCommandOptionType.Integer,
            name: 'rounds',
            description: `How many questions (${QUIZ_ROUNDS.min}-${QUIZ_ROUNDS.max}, default ${QUIZ_ROUNDS.default})`,
            required: false,
            min_value: QUIZ_ROUNDS.min,
            max_value: QUIZ_ROUNDS.max,
          },
          difficulty,
          {
            type: ApplicationCommandOptionType.Integer,
            name: 'seconds',
            description: `Time to answer each question (${QUIZ_SECONDS.min}-${QUIZ_SECONDS.max} s, default ${QUIZ_SECONDS.default})`,
            required: false,
            min_value: QUIZ_SECONDS.min,
            max_value: QUIZ_SECONDS.max,
          },
        ],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'leaderboard',
        description: 'Quiz points so far, in this channel or the whole server',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'scope',
            description: 'This channel (default) or the whole server',
            required: false,
            choices: plainChoices(['channel', 'server']),
          },
          {
            type: ApplicationCommandOptionType.String,
            name: 'period',
            description: 'This week (default, UTC from Monday) or all time',
            required: false,
            choices: plainChoices(['week', 'all']),
          },
        ],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'stop',
        description: 'Stop the quiz in this channel (whoever started it, or anyone with Manage Messages)',
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'practice',
        description: 'A question just for you, with instant feedback and the explanation',
        options: [game, difficulty],
      },
    ],
  } as const;
}

function difficultyOf(text: string | undefined): QuizDifficulty | undefined {
  if (text === undefined) return undefined;
  const found = QUIZ_DIFFICULTIES.find((d) => d === text);
  if (found === undefined) {
    throw new InputError(`"difficulty" must be one of ${QUIZ_DIFFICULTIES.join(', ')}.`, 'difficulty');
  }
  return found;
}

function hasPermission(bits: bigint | undefined, flag: bigint): boolean {
  if (bits === undefined) return false;
  return (bits & PermissionFlagsBits.Administrator) !== 0n || (bits & flag) === flag;
}

/**
 * Runs `work`; if it has not finished after `afterMs`, acknowledges the interaction with `defer` (Discord
 * allows 3 s for the first response). Resolves only once that acknowledgement, if any, went out.
 */
async function withinAck<T>(bot: BotContext, work: Promise<T>, defer: () => Promise<void>): Promise<T> {
  let deferring: Promise<void> | undefined;
  const timer = setTimeout(() => {
    deferring = defer().catch((error: unknown) =>
      bot.logger.warn({ err: safeError(error) }, 'could not acknowledge a quiz interaction'),
    );
  }, bot.settings.deferAfterMs);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    await deferring;
  }
}

function channelOf(channelId: string | undefined): string {
  if (channelId === undefined) throw new InputError('Quizzes happen in a channel; try this in one.');
  return channelId;
}

export function quizCommand(games: readonly AnyGame[]): Command {
  return defineSubcommands(quizDefinition(games), {
    async start({ request, reply, bot }, options) {
      const channelId = channelOf(request.channelId);
      const { runner, poster, breakMs } = bot.quiz;
      const rounds = options.rounds ?? QUIZ_ROUNDS.default;
      const seconds = options.seconds ?? QUIZ_SECONDS.default;
      const difficulty = difficultyOf(options.difficulty) ?? 'medium';
      const game = options.game === undefined ? undefined : games.find((g) => g.id === options.game);
      if (poster.mode === 'channel') {
        if (
          request.appPermissions !== undefined &&
          !hasPermission(request.appPermissions, POST_PERMISSIONS)
        ) {
          throw new InputError(
            'Grundy cannot post in this channel: a quiz needs it to have View Channel, Send Messages and Embed Links here.',
          );
        }
      } else {
        const needMs = rounds * seconds * 1000 + (rounds - 1) * breakMs + PREPARE_ALLOWANCE_MS;
        const leftMs = reply.tokenMsLeft();
        if (needMs > leftMs) {
          const fit = Math.floor((leftMs - PREPARE_ALLOWANCE_MS + breakMs) / (seconds * 1000 + breakMs));
          throw new InputError(
            `This Grundy runs without a bot token, so a quiz has to finish within the ${Math.round(bot.settings.tokenTtlMs / 60_000)} minutes Discord keeps a command open: ` +
              (fit >= 1 ? `at most ${fit} questions of ${seconds} s. ` : `try fewer seconds per question. `) +
              'For longer quizzes, the bot’s owner can set DISCORD_TOKEN.',
            'rounds',
          );
        }
      }
      // Every question is solved before the first is posted: that may take a moment.
      await reply.defer(false);
      const handle = poster.mode === 'webhook' ? poster.beginStart(channelId, reply.webhook()) : undefined;
      try {
        const started = await runner.startQuiz({
          channelId,
          guildId: request.guildId ?? null,
          userId: request.user.id,
          gameId: options.game,
          rounds,
          difficulty,
          seconds,
        });
        if (started.kind === 'already-running') {
          await reply.fail({
            content: `A quiz is already running in this channel (started by <@${started.starterId}>). It ends by itself after its last question; <@${started.starterId}> or anyone with Manage Messages can end it early with \`/quiz stop\`.`,
          });
          return;
        }
        const about = game === undefined ? '' : ` about **${game.title}**`;
        await reply.answer({
          content: clip(
            `🎓 **Quiz time!** <@${request.user.id}> started ${started.rounds} question${started.rounds === 1 ? '' : 's'}${about} (${difficulty}), ${seconds} s each.\n` +
              'Answer with the buttons under each question; you may change your answer until time is up. ' +
              'A right answer scores 100 points, plus up to 50 for speed. Standings after every question; ' +
              '`/quiz stop` ends it early (whoever started it, or anyone with Manage Messages).',
            2000,
          ),
        });
        handle?.started(started.quizId);
      } finally {
        handle?.abandon();
      }
    },

    async leaderboard({ request, reply, bot }, options) {
      const scope = options.scope === 'server' ? 'server' : 'channel';
      const period = options.period === 'all' ? 'all' : 'week';
      const rows = await bot.quiz.runner.leaderboard({
        scope,
        period,
        channelId: channelOf(request.channelId),
        guildId: request.guildId ?? null,
      });
      await reply.answer(renderLeaderboard(rows, scope, period));
    },

    async stop({ request, reply, bot }) {
      const stopped = await bot.quiz.runner.stop({
        channelId: channelOf(request.channelId),
        userId: request.user.id,
        canManage: hasPermission(request.memberPermissions, PermissionFlagsBits.ManageMessages),
      });
      switch (stopped.kind) {
        case 'stopped':
          await reply.answer({
            ephemeral: true,
            content: `🛑 Stopped the quiz after ${stopped.roundsPlayed} question${stopped.roundsPlayed === 1 ? '' : 's'}; the standings are posted in the channel.`,
          });
          return;
        case 'not-allowed':
          await reply.fail({
            content: `Only <@${stopped.starterId}>, who started this quiz, or someone with the Manage Messages permission can stop it.`,
          });
          return;
        case 'not-running':
          await reply.fail({ content: 'No quiz is running in this channel. Start one with `/quiz start`.' });
          return;
      }
    },

    async practice({ request, reply, bot }, options) {
      const practice = await withinAck(
        bot,
        bot.quiz.runner.practice({
          userId: request.user.id,
          gameId: options.game,
          difficulty: difficultyOf(options.difficulty),
        }),
        () => reply.defer(true),
      );
      await reply.answer(renderPracticeQuestion(practice));
    },
  });
}

export function isQuizButton(request: ComponentRequest): boolean {
  return request.customId.startsWith('quiz:') || request.customId.startsWith('quizp:');
}

/**
 * A quiz button. A round's answer is acknowledged privately (a new ephemeral message); practice buttons
 * replace the practice message itself (its question, then the feedback, then the next question).
 */
export async function handleQuizButton(
  bot: BotContext,
  request: ComponentRequest,
  reply: InteractionReply,
): Promise<void> {
  const { runner, poster } = bot.quiz;
  const button = parseButtonId(request.customId);
  if (button === undefined) throw new InputError('That button is not Grundy’s (any more).');
  if (button.kind === 'answer') {
    if (request.channelId !== undefined && request.messageId !== undefined) {
      poster.adoptQuestion(request.channelId, button.quizId, button.round, request.messageId);
    }
    const answered = await withinAck(
      bot,
      runner.answer({
        channelId: channelOf(request.channelId),
        userId: request.user.id,
        quizId: button.quizId,
        round: button.round,
        choice: button.choice,
      }),
      () => reply.defer(true),
    );
    await reply.answer({
      ephemeral: true,
      content: renderAnswerAck(answered, (choice) => poster.labelOf(button.quizId, button.round, choice)),
    });
    return;
  }
  const pressed = await withinAck(
    bot,
    runner.pressButton({
      customId: request.customId,
      channelId: request.channelId ?? '',
      userId: request.user.id,
    }),
    () => reply.deferUpdate(),
  );
  let message;
  switch (pressed.kind) {
    case 'practice-feedback':
      message = renderPracticeFeedback(pressed.feedback);
      break;
    case 'practice-question':
      message = renderPracticeQuestion(pressed.practice);
      break;
    case 'answer':
    case 'unknown-button':
      throw new InputError('That button is not Grundy’s (any more).');
  }
  // Deferred (slow): edit the practice message; else replace it in the first response.
  if (reply.state === 'pending') await reply.update(message);
  else await reply.answer(message);
}
