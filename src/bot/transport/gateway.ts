/**
 * The gateway transport: a discord.js Client (Guilds intent only, REST at DISCORD_API_BASE) whose
 * `interactionCreate` events become dispatcher requests, answered through discord.js interaction methods.
 */
import {
  ApplicationCommandOptionType,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
} from 'discord.js';
import type { Logger } from '../../log.js';
import type { Dispatcher } from '../dispatch.js';
import type { OutgoingMessage } from '../render/message.js';
import type { ComponentRequest, CommandRequest, OptionValue, RequestBase } from '../interaction/request.js';
import type { Responder } from '../interaction/responder.js';
import { postInChannel } from './http-responder.js';
import { safeError } from '../interaction/safe-error.js';

export function createGatewayClient(apiBase: string): Client {
  return new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: apiBase } });
}

function displayName(interaction: Interaction): string {
  const member = interaction.member;
  const nick =
    member !== null && 'nick' in member && typeof member.nick === 'string' ? member.nick : undefined;
  return nick ?? interaction.user.globalName ?? interaction.user.username;
}

/** What every request carries, read off a discord.js interaction. */
function requestBase(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  receivedAt: number,
): RequestBase {
  return {
    interactionId: interaction.id,
    applicationId: interaction.applicationId,
    user: { id: interaction.user.id, name: displayName(interaction) },
    channelId: interaction.channelId ?? undefined,
    guildId: interaction.guildId ?? undefined,
    receivedAt,
    memberPermissions: interaction.memberPermissions?.bitfield,
    appPermissions: interaction.appPermissions.bitfield,
  };
}

export function commandRequestFrom(
  interaction: ChatInputCommandInteraction,
  receivedAt: number,
): CommandRequest {
  const options = new Map<string, OptionValue>();
  const first = interaction.options.data[0];
  const subcommand = first?.type === ApplicationCommandOptionType.Subcommand ? first.name : undefined;
  const values = subcommand === undefined ? interaction.options.data : (first?.options ?? []);
  for (const option of values) {
    if (option.type === ApplicationCommandOptionType.Attachment && option.attachment !== undefined) {
      const file = option.attachment;
      options.set(option.name, {
        kind: 'attachment',
        id: file.id,
        filename: file.name,
        size: file.size,
        url: file.url,
        contentType: file.contentType ?? undefined,
      });
    } else if (option.value !== undefined) {
      options.set(option.name, option.value);
    }
  }
  return {
    kind: 'command',
    ...requestBase(interaction, receivedAt),
    commandName: interaction.commandName,
    subcommand,
    options,
  };
}

export function componentRequestFrom(interaction: ButtonInteraction, receivedAt: number): ComponentRequest {
  return {
    kind: 'component',
    ...requestBase(interaction, receivedAt),
    customId: interaction.customId,
    messageId: interaction.message.id,
  };
}

function common(message: OutgoingMessage) {
  return {
    ...(message.content === undefined ? {} : { content: message.content }),
    ...(message.embeds === undefined ? {} : { embeds: [...message.embeds] }),
    ...(message.components === undefined ? {} : { components: [...message.components] }),
    files: (message.files ?? []).map((file) => ({ attachment: file.data, name: file.name })),
    allowedMentions: { parse: [], users: [...(message.mentionUsers ?? [])] },
  };
}

function createOptions(message: OutgoingMessage): InteractionReplyOptions {
  return { ...common(message), ...(message.ephemeral === true ? { flags: MessageFlags.Ephemeral } : {}) };
}

/** Edits replace the whole message, like the HTTP transport's edits. */
function editOptions(message: OutgoingMessage): InteractionEditReplyOptions & InteractionUpdateOptions {
  return { content: '', embeds: [], components: [], attachments: [], ...common(message) };
}

export function gatewayResponder(interaction: ChatInputCommandInteraction | ButtonInteraction): Responder {
  return {
    async reply(message) {
      await interaction.reply(createOptions(message));
    },
    async defer(ephemeral) {
      await interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    },
    async update(message) {
      if (!interaction.isButton()) throw new Error('update() is only for button interactions');
      await interaction.update(editOptions(message));
    },
    async deferUpdate() {
      if (!interaction.isButton()) throw new Error('deferUpdate() is only for button interactions');
      await interaction.deferUpdate();
    },
    async editOriginal(message) {
      await interaction.editReply(editOptions(message));
    },
    async deleteOriginal() {
      await interaction.deleteReply();
    },
    async followUp(message) {
      const sent = await interaction.followUp(createOptions(message));
      return sent.id;
    },
    async editFollowUp(messageId, message) {
      await interaction.webhook.editMessage(messageId, editOptions(message));
    },
    postInChannel: (channelId, message) => postInChannel(interaction.client.rest, channelId, message),
  };
}

/** Wires `interactionCreate` to the dispatcher. Returns a function that unwires it. */
export function attachGateway(
  client: Client,
  dispatcher: Dispatcher,
  logger: Logger,
  now: () => number,
): () => void {
  const listener = (interaction: Interaction): void => {
    const receivedAt = now();
    let task: Promise<void> | undefined;
    if (interaction.isChatInputCommand()) {
      task = dispatcher.handle(commandRequestFrom(interaction, receivedAt), gatewayResponder(interaction));
    } else if (interaction.isButton()) {
      task = dispatcher.handle(componentRequestFrom(interaction, receivedAt), gatewayResponder(interaction));
    }
    task?.catch((error: unknown) => logger.error({ err: safeError(error) }, 'gateway interaction failed'));
  };
  client.on(Events.InteractionCreate, listener);
  return () => {
    client.off(Events.InteractionCreate, listener);
  };
}
