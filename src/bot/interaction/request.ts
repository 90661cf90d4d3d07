/**
 * What the dispatcher sees of an interaction, whichever transport brought it: the HTTP endpoint (raw JSON,
 * parsed here) or the gateway (a discord.js interaction, converted in gateway.ts).
 */
import { z } from 'zod';
import { ApplicationCommandOptionType, ComponentType, InteractionType } from 'discord.js';

export interface AttachmentRef {
  readonly kind: 'attachment';
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly url: string;
  readonly contentType: string | undefined;
}

export type OptionValue = string | number | boolean | AttachmentRef;

export interface Asker {
  readonly id: string;
  readonly name: string;
}

export interface RequestBase {
  readonly interactionId: string;
  readonly applicationId: string;
  readonly user: Asker;
  readonly channelId: string | undefined;
  readonly guildId: string | undefined;
  /** `Date.now()` when the interaction arrived: its token is valid for a fixed time from then. */
  readonly receivedAt: number;
  /** The member's permissions in the channel, overwrites applied (Discord sends them); unset outside a server. */
  readonly memberPermissions?: bigint | undefined;
  /** The bot's own permissions in the channel, when Discord says. */
  readonly appPermissions?: bigint | undefined;
}

export interface CommandRequest extends RequestBase {
  readonly kind: 'command';
  readonly commandName: string;
  /** `start` for `/quiz start`; then `options` are the subcommand's. */
  readonly subcommand?: string | undefined;
  readonly options: ReadonlyMap<string, OptionValue>;
}

export interface ComponentRequest extends RequestBase {
  readonly kind: 'component';
  readonly customId: string;
  /** The message the button sits on. */
  readonly messageId?: string | undefined;
  /** What was chosen in a select menu, or typed into a modal's text fields (in their order). */
  readonly values?: readonly string[] | undefined;
}

export type InteractionRequest = CommandRequest | ComponentRequest;

const User = z.object({
  id: z.string(),
  username: z.string().default(''),
  global_name: z.string().nullish(),
});

const Option = z.object({
  name: z.string(),
  type: z.number().int(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

/** A top-level option: a value, or a subcommand holding the values. */
const TopOption = Option.extend({ options: z.array(Option).optional() });

const Attachment = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int().min(0),
  url: z.string(),
  content_type: z.string().optional(),
});

const TextValue = z.object({ custom_id: z.string().optional(), value: z.string().optional() });
const ModalRow = z.object({
  components: z.array(TextValue).optional(),
  component: TextValue.optional(),
});

/** Only the fields Grundy reads; Discord adds fields over time, so unknown ones pass. */
export const RawInteraction = z.object({
  id: z.string(),
  application_id: z.string(),
  type: z.number().int(),
  token: z.string().optional(),
  guild_id: z.string().optional(),
  channel_id: z.string().optional(),
  channel: z.object({ id: z.string() }).optional(),
  member: z.object({ user: User, nick: z.string().nullish(), permissions: z.string().optional() }).optional(),
  app_permissions: z.string().optional(),
  message: z.object({ id: z.string() }).optional(),
  user: User.optional(),
  data: z
    .object({
      name: z.string().optional(),
      type: z.number().int().optional(),
      options: z.array(TopOption).optional(),
      resolved: z.object({ attachments: z.record(z.string(), Attachment).optional() }).optional(),
      custom_id: z.string().optional(),
      component_type: z.number().int().optional(),
      /** A select menu's chosen values. */
      values: z.array(z.string()).optional(),
      /** A modal's rows (or labels) of text inputs. */
      components: z.array(ModalRow).optional(),
    })
    .optional(),
});
export type RawInteraction = z.infer<typeof RawInteraction>;

export type ParsedInteraction =
  | { readonly kind: 'ping' }
  | { readonly kind: 'request'; readonly request: InteractionRequest; readonly token: string }
  | { readonly kind: 'unsupported'; readonly type: number };

/** A raw interaction from the HTTP endpoint -> a request (or PING); throws on a payload that is not one. */
export function parseRawInteraction(json: unknown, receivedAt: number): ParsedInteraction {
  const raw = RawInteraction.parse(json);
  const type = raw.type as InteractionType;
  if (type === InteractionType.Ping) return { kind: 'ping' };
  const user = raw.member?.user ?? raw.user;
  if (user === undefined || raw.token === undefined || raw.data === undefined) {
    return { kind: 'unsupported', type: raw.type };
  }
  const base: RequestBase = {
    interactionId: raw.id,
    applicationId: raw.application_id,
    user: { id: user.id, name: raw.member?.nick ?? user.global_name ?? user.username },
    channelId: raw.channel_id ?? raw.channel?.id,
    guildId: raw.guild_id,
    receivedAt,
    memberPermissions: permissionBits(raw.member?.permissions),
    appPermissions: permissionBits(raw.app_permissions),
  };
  if (type === InteractionType.ApplicationCommand && raw.data.name !== undefined) {
    const attachments = raw.data.resolved?.attachments ?? {};
    const options = new Map<string, OptionValue>();
    let values: readonly z.infer<typeof Option>[] = raw.data.options ?? [];
    let subcommand: string | undefined;
    const first = values[0];
    if (
      first !== undefined &&
      (first.type as ApplicationCommandOptionType) === ApplicationCommandOptionType.Subcommand
    ) {
      subcommand = first.name;
      values = raw.data.options?.[0]?.options ?? [];
    }
    for (const option of values) {
      if (option.value === undefined) continue;
      if ((option.type as ApplicationCommandOptionType) === ApplicationCommandOptionType.Attachment) {
        const file = attachments[String(option.value)];
        if (file !== undefined) options.set(option.name, attachmentRef(file));
      } else {
        options.set(option.name, option.value);
      }
    }
    return {
      kind: 'request',
      token: raw.token,
      request: { ...base, kind: 'command', commandName: raw.data.name, subcommand, options },
    };
  }
  const component = componentValues(type, raw.data);
  if (component !== undefined && raw.data.custom_id !== undefined) {
    return {
      kind: 'request',
      token: raw.token,
      request: {
        ...base,
        kind: 'component',
        customId: raw.data.custom_id,
        messageId: raw.message?.id,
        ...(component.values === undefined ? {} : { values: component.values }),
      },
    };
  }
  return { kind: 'unsupported', type: raw.type };
}

/**
 * What a component interaction carries: nothing for a button, the chosen values of a select menu, the typed
 * texts of a modal; undefined for an interaction that is not a component Grundy handles.
 */
function componentValues(
  type: InteractionType,
  data: NonNullable<RawInteraction['data']>,
): { readonly values?: readonly string[] } | undefined {
  if (type === InteractionType.MessageComponent) {
    const componentType = data.component_type as ComponentType | undefined;
    if (componentType === ComponentType.Button) return {};
    if (componentType === ComponentType.StringSelect) return { values: data.values ?? [] };
    return undefined;
  }
  if (type === InteractionType.ModalSubmit) {
    // Text inputs come in action rows (classic modals) or labels (newer ones).
    const values = (data.components ?? []).flatMap((row) =>
      [...(row.components ?? []), ...(row.component === undefined ? [] : [row.component])].map(
        (c) => c.value ?? '',
      ),
    );
    return { values };
  }
  return undefined;
}

/** A permission bit set as Discord serialises it (a decimal string); undefined when absent or malformed. */
function permissionBits(text: string | undefined): bigint | undefined {
  return text !== undefined && /^\d{1,40}$/.test(text) ? BigInt(text) : undefined;
}

function attachmentRef(file: z.infer<typeof Attachment>): AttachmentRef {
  return {
    kind: 'attachment',
    id: file.id,
    filename: file.filename,
    size: file.size,
    url: file.url,
    contentType: file.content_type,
  };
}
