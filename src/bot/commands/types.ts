/**
 * A slash command is its definition (the JSON Discord registers) beside its handler; the handler's options are
 * typed from the definition and checked against it at run time.
 */
import {
  ApplicationCommandOptionType,
  type ApplicationCommandType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { InputError } from '../../core/errors.js';
import type { BotContext } from '../context.js';
import type { InteractionReply } from '../reply.js';
import type { AttachmentRef, CommandRequest, OptionValue } from '../request.js';

type SupportedOptionType =
  | ApplicationCommandOptionType.String
  | ApplicationCommandOptionType.Integer
  | ApplicationCommandOptionType.Number
  | ApplicationCommandOptionType.Boolean
  | ApplicationCommandOptionType.Attachment;

export interface OptionDefinition {
  readonly type: SupportedOptionType;
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
}

export interface CommandDefinition {
  readonly type: ApplicationCommandType.ChatInput;
  readonly name: string;
  readonly description: string;
  readonly options?: readonly OptionDefinition[];
}

type ValueOf<T extends SupportedOptionType> = T extends ApplicationCommandOptionType.Attachment
  ? AttachmentRef
  : T extends ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number
    ? number
    : T extends ApplicationCommandOptionType.Boolean
      ? boolean
      : string;

/** `{ game: string | undefined }` from `{ options: [{ name: 'game', type: String }] }`. */
export type OptionsOf<D extends CommandDefinition> =
  NonNullable<D['options']> extends readonly (infer O extends OptionDefinition)[]
    ? {
        readonly [K in O as K['name']]: K extends { readonly required: true }
          ? ValueOf<K['type']>
          : ValueOf<K['type']> | undefined;
      }
    : Record<string, never>;

export interface CommandContext {
  readonly request: CommandRequest;
  readonly reply: InteractionReply;
  readonly bot: BotContext;
}

/** A command with its option types erased, as the dispatcher holds them. */
export interface Command {
  readonly definition: CommandDefinition;
  run(ctx: CommandContext): Promise<void>;
}

export function defineCommand<const D extends CommandDefinition>(
  definition: D,
  handle: (ctx: CommandContext, options: OptionsOf<D>) => Promise<void>,
): Command {
  return { definition, run: (ctx) => handle(ctx, readOptions(definition, ctx.request.options)) };
}

function matches(type: SupportedOptionType, value: OptionValue): boolean {
  switch (type) {
    case ApplicationCommandOptionType.String:
      return typeof value === 'string';
    case ApplicationCommandOptionType.Integer:
      return typeof value === 'number' && Number.isInteger(value);
    case ApplicationCommandOptionType.Number:
      return typeof value === 'number';
    case ApplicationCommandOptionType.Boolean:
      return typeof value === 'boolean';
    case ApplicationCommandOptionType.Attachment:
      return typeof value === 'object';
  }
}

/** The request's options checked against the definition (Discord checks too; a stale registration may not). */
export function readOptions<D extends CommandDefinition>(
  definition: D,
  values: ReadonlyMap<string, OptionValue>,
): OptionsOf<D> {
  const out: Record<string, OptionValue | undefined> = {};
  for (const option of definition.options ?? []) {
    const value = values.get(option.name);
    if (value === undefined) {
      if (option.required === true) {
        throw new InputError(`Missing "${option.name}": ${option.description}.`, option.name);
      }
      out[option.name] = undefined;
    } else if (!matches(option.type, value)) {
      throw new InputError(`"${option.name}" has the wrong type; ${option.description}.`, option.name);
    } else {
      out[option.name] = value;
    }
  }
  return out as OptionsOf<D>;
}

/** The registration JSON for a definition (checked against discord-api-types here). */
export function toRegistrationBody(
  definition: CommandDefinition,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const body: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: definition.type,
    name: definition.name,
    description: definition.description,
  };
  if (definition.options !== undefined) {
    body.options = definition.options.map((option) => {
      const { choices, ...rest } = option;
      return (choices === undefined ? { ...rest } : { ...rest, choices: [...choices] }) as NonNullable<
        RESTPostAPIChatInputApplicationCommandsJSONBody['options']
      >[number];
    });
  }
  return body;
}
