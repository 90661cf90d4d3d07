/**
 * The one handler for every interaction, whichever transport brought it: rate limit, route to the command (or
 * the button: Cancel, or a quiz's), and turn every failure into an ephemeral message; unexpected ones are
 * logged with an id that the user is shown.
 */
import { randomBytes } from 'node:crypto';
import { InputError, isInputError, publicMessage } from '../core/errors.js';
import { buildCommands } from './commands/index.js';
import { handleCancel, isCancelButton } from './commands/cancel.js';
import { handleQuizButton, isQuizButton } from './commands/quiz.js';
import type { Command } from './commands/types.js';
import type { BotContext } from './context.js';
import { CONTENT_LIMIT, clip } from './render/message.js';
import { RateLimiter } from './interaction/rate-limit.js';
import { InteractionReply } from './interaction/reply.js';
import type { InteractionRequest } from './interaction/request.js';
import type { Responder } from './interaction/responder.js';
import { safeError } from './interaction/safe-error.js';

export interface Dispatcher {
  readonly commands: readonly Command[];
  /** Resolves when the interaction is fully handled (the answer sent, or the error reported). */
  handle(request: InteractionRequest, responder: Responder): Promise<void>;
  /** Interactions being handled now. */
  readonly inFlight: number;
  /** Refuses new work, lets running solves finish for up to `graceMs`, then stops them. Idempotent. */
  close(graceMs?: number): Promise<void>;
}

export function createDispatcher(bot: BotContext): Dispatcher {
  const commands = buildCommands(bot.games);
  const byName = new Map(commands.map((command) => [command.definition.name, command]));
  const limiter = new RateLimiter(bot.settings.rateLimitPerMinute, bot.now);
  const tasks = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;

  async function route(request: InteractionRequest, reply: InteractionReply): Promise<string> {
    if (closing !== undefined) {
      await reply.fail({ content: 'Grundy is restarting; please ask again in a minute.' });
      return 'closing';
    }
    if (request.kind === 'component') {
      if (isCancelButton(request)) await handleCancel(bot, request, reply);
      else if (isQuizButton(request)) await handleQuizButton(bot, request, reply);
      else throw new InputError('That button is not Grundy’s (any more).');
      return 'ok';
    }
    const command = byName.get(request.commandName);
    if (command === undefined) {
      throw new InputError(`Grundy does not know /${request.commandName} (any more). Try /help.`);
    }
    const decision = limiter.take(request.user.id);
    if (!decision.ok) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      await reply.fail({
        content: `You are asking quickly: Grundy answers up to ${bot.settings.rateLimitPerMinute} questions a minute per person. Please try again in ${seconds} s.`,
      });
      return 'rate_limited';
    }
    await command.run({ request, reply, bot });
    return 'ok';
  }

  async function report(
    error: unknown,
    request: InteractionRequest,
    reply: InteractionReply,
  ): Promise<string> {
    const shown = publicMessage(error);
    let content: string;
    let outcome: string;
    if (shown !== undefined) {
      content = `⚠️ ${shown}`;
      outcome = isInputError(error) ? 'input_error' : ((error as { code?: string }).code ?? 'error');
    } else {
      const errorId = randomBytes(4).toString('hex');
      bot.logger.error(
        { errorId, err: safeError(error), interactionId: request.interactionId, userId: request.user.id },
        'unexpected failure while handling an interaction',
      );
      content = `Something went wrong on Grundy’s side. Error id: \`${errorId}\` (please mention it if you report this).`;
      outcome = 'error';
    }
    try {
      await reply.fail({ content: clip(content, CONTENT_LIMIT) });
    } catch (failError) {
      bot.logger.warn(
        { err: safeError(failError), interactionId: request.interactionId },
        'could not report an error',
      );
    }
    return outcome;
  }

  async function handleOne(request: InteractionRequest, responder: Responder): Promise<void> {
    const reply = new InteractionReply(responder, request, {
      tokenTtlMs: bot.settings.tokenTtlMs,
      now: bot.now,
      logger: bot.logger,
    });
    const kind =
      request.kind === 'command'
        ? byName.has(request.commandName)
          ? request.commandName
          : 'unknown'
        : isQuizButton(request)
          ? 'quiz_button'
          : 'button';
    const started = bot.now();
    let outcome: string;
    try {
      outcome = await route(request, reply);
    } catch (error) {
      outcome = await report(error, request, reply);
    }
    await reply.idle();
    bot.metrics.interactions.inc({ kind, outcome });
    bot.logger.info(
      {
        interactionId: request.interactionId,
        userId: request.user.id,
        kind,
        outcome,
        ms: bot.now() - started,
      },
      'interaction handled',
    );
  }

  return {
    commands,
    get inFlight() {
      return tasks.size;
    },
    handle(request, responder) {
      const task = handleOne(request, responder);
      tasks.add(task);
      void task.finally(() => tasks.delete(task));
      return task;
    },
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const all = Promise.allSettled([...tasks]);
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        });
        await Promise.race([all, grace]);
        clearTimeout(timer);
        bot.runs.shutdownAll();
        await Promise.allSettled([...tasks]);
      })();
      return closing;
    },
  };
}
