/**
 * One slash command per game, generated from the game's `inputs`: text -> STRING, integer -> INTEGER with
 * min/max, choice -> STRING with choices; an input that `acceptsFile` becomes optional and gains an optional
 * ATTACHMENT option `file` (one of the two must be given). Required options come first.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord.js';
import { InputError } from '../../core/errors.js';
import type { AnyGame, InputField, RawFields } from '../../core/game.js';
import { givesExample, paramsFromFields } from '../../core/params.js';
import {
  formatBytes,
  readAttachmentText,
  streamAttachment,
  withoutFileBytes,
} from '../transport/attachments.js';
import { clip } from '../render/message.js';
import type { AnswerFacts } from '../render/answer.js';
import type { AttachmentRef, OptionValue } from '../interaction/request.js';
import { SolveRun } from '../interaction/solve-run.js';
import { answerPicture, type AnswerPicture } from '../../render/answer-picture.js';
import { cachedPicture, rememberAnswer } from './answer-buttons.js';
import { renderShortAnswer } from '../render/answer-short.js';
import { DESCRIPTION_LIMIT, inputOption } from './options.js';
import { defineCommand, type Command, type CommandDefinition, type OptionDefinition } from './types.js';

export const FILE_OPTION = 'file';
const NAME_PATTERN = /^[-_a-z0-9]{1,32}$/;

/** The input an attachment stands in for: the first that `acceptsFile`. */
export function fileInputOf(game: AnyGame): InputField | undefined {
  return game.inputs.find((input) => input.acceptsFile === true);
}

export function gameCommandDefinition(game: AnyGame): CommandDefinition {
  const fileInput = fileInputOf(game);
  const options: OptionDefinition[] = game.inputs.map((input) =>
    inputOption(input, { description: input.description, required: input.required && input !== fileInput }),
  );
  if (fileInput !== undefined) {
    options.push({
      type: ApplicationCommandOptionType.Attachment,
      name: FILE_OPTION,
      description: clip(
        `A text file holding the ${fileInput.name}, for inputs too long to type`,
        DESCRIPTION_LIMIT,
      ),
      required: false,
    });
  }
  // Discord rejects a required option after an optional one; the sort is stable, so the game's order stays.
  options.sort((a, b) => Number(b.required === true) - Number(a.required === true));
  const names = new Set<string>();
  for (const option of options) {
    if (!NAME_PATTERN.test(option.name) || names.has(option.name)) {
      throw new Error(
        `game ${game.id}: option name "${option.name}" is not a valid, unique Discord option name`,
      );
    }
    names.add(option.name);
  }
  if (!NAME_PATTERN.test(game.id))
    throw new Error(`game id "${game.id}" is not a valid Discord command name`);
  if (options.length > 25) throw new Error(`game ${game.id}: more than 25 options`);
  return {
    type: ApplicationCommandType.ChatInput,
    name: game.id,
    description: clip(game.summary, DESCRIPTION_LIMIT),
    options,
  };
}

/** `/seagm numbers: 2 6 3`: how the game's first example is typed in Discord. */
export function discordExample(game: AnyGame): string {
  const fields = game.examples[0].fields;
  const parts = game.inputs.flatMap((input) => {
    const value = fields[input.name];
    return value === undefined ? [] : [`${input.name}: ${String(value)}`];
  });
  return `/${game.id} ${parts.join(' ')}`.trim();
}

/** `/seagm numbers:<text> [file]`. */
export function usage(definition: CommandDefinition): string {
  const parts = (definition.options ?? []).map((option) => {
    const kind =
      option.type === ApplicationCommandOptionType.Attachment
        ? 'file'
        : option.type === ApplicationCommandOptionType.Integer
          ? 'integer'
          : 'text';
    return option.required === true ? `${option.name}:<${kind}>` : `[${option.name}]`;
  });
  return `/${definition.name} ${parts.join(' ')}`.trim();
}

/**
 * The question as the answer's "Question" field shows it: each option given, `name: value`, a file by its name
 * and size, and a blank value as `(empty)` (a game may accept one, e.g. PartisanGame's set of no moves).
 */
export function summarise(game: AnyGame, fields: RawFields, file: AttachmentRef | undefined): string {
  const fileInput = fileInputOf(game);
  const parts = game.inputs.flatMap((input) => {
    if (file !== undefined && input === fileInput)
      return [`${input.name}: file ${file.filename} (${formatBytes(file.size)})`];
    const value = fields[input.name];
    if (value === undefined) return [];
    const text = String(value);
    return [`${input.name}: ${text.trim() === '' ? '(empty)' : text}`];
  });
  return clip(parts.join(' · '), 300);
}

/** An answer as a command sees it: what the service returns (params, result, key), or a streamed solve's. */
type CommandAnswer = AnswerFacts & {
  inputSummary?: string;
  params?: unknown;
  result?: unknown;
  key?: string;
};

interface Prepared {
  readonly solve: (signal: AbortSignal, onProgress: (f: number) => void) => Promise<CommandAnswer>;
  readonly estimateMs: number;
}

function withDiscordExample(game: AnyGame, error: unknown): unknown {
  if (!(error instanceof InputError)) return error;
  return new InputError(`${error.message}\nOn Discord, e.g.: ${discordExample(game)}`, error.field, {
    cause: error,
  });
}

export function gameCommand(game: AnyGame): Command {
  const definition = gameCommandDefinition(game);
  const fileInput = fileInputOf(game);

  return defineCommand(
    definition,
    async (ctx, options: Readonly<Record<string, OptionValue | undefined>>) => {
      const { bot } = ctx;
      const fields: Record<string, string | number | undefined> = {};
      for (const input of game.inputs) {
        const value = options[input.name];
        if (typeof value === 'string' || typeof value === 'number') fields[input.name] = value;
      }
      const fileValue = options[FILE_OPTION];
      const file = typeof fileValue === 'object' ? fileValue : undefined;
      if (fileInput !== undefined) {
        const typed = fields[fileInput.name];
        const hasText = typed !== undefined && String(typed).trim() !== '';
        if (file !== undefined && hasText) {
          throw new InputError(`Give either "${fileInput.name}" or "${FILE_OPTION}", not both.`, FILE_OPTION);
        }
        if (file === undefined && !hasText && fileInput.required) {
          throw new InputError(
            // The description may give an example of its own: the command then is not called one again.
            `Missing "${fileInput.name}": ${fileInput.description}. ${givesExample(fileInput) ? `Give it (${discordExample(game)})` : `Give it, e.g. ${discordExample(game)},`} or attach a text file as "${FILE_OPTION}".`,
            fileInput.name,
          );
        }
      }

      let prepared: Prepared;
      if (file === undefined || fileInput === undefined) {
        let params: unknown;
        try {
          params = paramsFromFields(game, fields);
        } catch (error) {
          throw withDiscordExample(game, error);
        }
        prepared = {
          estimateMs: game.estimateCostMs(params),
          solve: async (signal, onProgress) => bot.service.solve(game.id, params, { signal, onProgress }),
        };
      } else {
        prepared = {
          estimateMs: Number.POSITIVE_INFINITY,
          solve: async (signal, onProgress) => {
            const limits = bot.settings.attachments;
            if (game.solveStream !== undefined && file.size > limits.textBytes) {
              // Through the service like any question: cache (by the bytes' hash), queue, time limit, metrics.
              let solved;
              try {
                solved = await bot.service.solveFile(
                  game.id,
                  streamAttachment(file, limits, fileInput.name, signal),
                  { signal, onProgress },
                );
              } catch (error) {
                throw withoutFileBytes(error, file);
              }
              return {
                ...solved,
                params: undefined,
                // A fresh answer says it was read as a stream, as before; a repeated file says 'cache'.
                via: solved.fromCache ? 'cache' : 'stream',
                inputSummary: clip(
                  `file ${file.filename} (${formatBytes(file.size)}): ${solved.inputSummary ?? ''}`,
                  300,
                ),
              };
            }
            const text = await readAttachmentText(file, limits, fileInput.name, signal);
            let params: unknown;
            try {
              params = paramsFromFields(game, { ...fields, [fileInput.name]: text });
            } catch (error) {
              throw withDiscordExample(game, withoutFileBytes(error, file));
            }
            return bot.service.solve(game.id, params, { signal, onProgress });
          },
        };
      }

      const run = new SolveRun(bot, ctx.request, ctx.reply);
      let answer: CommandAnswer;
      try {
        const deferAtOnce =
          prepared.estimateMs > bot.settings.deferEstimateMs ||
          bot.service.route(prepared.estimateMs) === 'queue';
        answer = await run.execute(prepared.solve, deferAtOnce);
      } catch (error) {
        // The Cancel button already replaced the message.
        if (run.status === 'cancelled') return;
        throw error;
      }
      const inputSummary = answer.inputSummary ?? summarise(game, fields, file);
      const picture: AnswerPicture =
        answer.params === undefined
          ? game.picture === undefined
            ? { kind: 'none' }
            : {
                kind: 'note',
                note: 'No picture: a streamed file is never held whole, so it cannot be drawn.',
              }
          : await cachedPicture(bot, answer.key, () =>
              answerPicture(game, answer.params, answer.result, answer.explanation),
            );
      const reasoningRef = rememberAnswer(bot, game.id, answer, inputSummary, ctx.request.interactionId);
      await ctx.reply.answer(renderShortAnswer({ game, answer, inputSummary, picture, reasoningRef }));
    },
  );
}
