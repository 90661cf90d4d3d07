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
import type { InteractionReply } from '../interaction/reply.js';
import type { AttachmentRef, CommandRequest, OptionValue } from '../interaction/request.js';

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

/** `/quiz start`: a subcommand, with its own options. */
export interface SubcommandDefinition {
  readonly type: ApplicationCommandOptionType.Subcommand;
  readonly name: string;
  readonly description: string;
  readonly options?: readonly OptionDefinition[];
}

/** A command made of subcommands (`/quiz start|stop|...`); Discord requires one to be chosen. */
export interface ParentCommandDefinition {
  readonly type: ApplicationCommandType.ChatInput;
  readonly name: string;
  readonly description: string;
  readonly options: readonly SubcommandDefinition[];
}

export type AnyCommandDefinition = CommandDefinition | ParentCommandDefinition;

type ValueOf<T extends SupportedOptionType> = T extends ApplicationCommandOptionType.Attachment
  ? AttachmentRef
  : T extends ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number
    ? number
    : T extends ApplicationCommandOptionType.Boolean
      ? boolean
      : string;

/** `{ game: string | undefined }` from `{ options: [{ name: 'game', type: String }] }`. */
export type OptionsOf<D extends { readonly name: string; readonly options?: readonly OptionDefinition[] }> =
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
  readonly definition: AnyCommandDefinition;
  run(ctx: CommandContext): Promise<void>;
}

export function defineCommand<const D extends CommandDefinition>(
  definition: D,
  handle: (ctx: CommandContext, options: OptionsOf<D>) => Promise<void>,
): Command {
  return { definition, run: (ctx) => handle(ctx, readOptions(definition, ctx.request.options)) };
}

/** One handler per subcommand, each with its options typed from that subcommand's definition. */
export type SubcommandHandlers<D extends ParentCommandDefinition> = {
  readonly [S in D['options'][number] as S['name']]: (
    ctx: CommandContext,
    options: OptionsOf<S>,
  ) => Promise<void>;
};

export function defineSubcommands<const D extends ParentCommandDefinition>(
  definition: D,
  handlers: NoInfer<SubcommandHandlers<D>>,
): Command {
  const byName = handlers as unknown as Record<
    string,
    ((ctx: CommandContext, options: unknown) => Promise<void>) | undefined
  >;
  return {
    definition,
    run(ctx) {
      const name = ctx.request.subcommand;
      const sub = definition.options.find((option) => option.name === name);
      const handle = sub === undefined ? undefined : byName[sub.name];
      if (sub === undefined || handle === undefined) {
        const names = definition.options.map((option) => `/${definition.name} ${option.name}`);
        throw new InputError(`Choose one of ${names.join(', ')}.`);
      }
      return handle(ctx, readOptions(sub, ctx.request.options));
    },
  };
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
export function readOptions<
  D extends { readonly name: string; readonly options?: readonly OptionDefinition[] },
>(definition: D, values: ReadonlyMap<string, OptionValue>): OptionsOf<D> {
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

type RegisteredOption = NonNullable<RESTPostAPIChatInputApplicationCommandsJSONBody['options']>[number];

function optionBody(option: OptionDefinition | SubcommandDefinition): RegisteredOption {
  if (option.type === ApplicationCommandOptionType.Subcommand) {
    const { options, ...rest } = option;
    return (
      options === undefined ? { ...rest } : { ...rest, options: options.map(optionBody) }
    ) as RegisteredOption;
  }
  const { choices, ...rest } = option;
  return (choices === undefined ? { ...rest } : { ...rest, choices: [...choices] }) as RegisteredOption;
}

/** The registration JSON for a definition (checked against discord-api-types here). */
export function toRegistrationBody(
  definition: AnyCommandDefinition,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const body: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: definition.type,
    name: definition.name,
    description: definition.description,
  };
  const options: readonly (OptionDefinition | SubcommandDefinition)[] | undefined = definition.options;
  if (options !== undefined) body.options = options.map(optionBody);
  return body;
}
