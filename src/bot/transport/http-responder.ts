/**
 * The HTTP transport's responder: the first response is the body of Discord's POST (files cannot ride in it,
 * so a first message with files goes out as "thinking..." plus an edit); later calls are REST webhook calls
 * (@discordjs/rest, `api` = DISCORD_API_BASE). Webhook calls carry the interaction token, never the bot token.
 */
import { InteractionResponseType, MessageFlags, Routes, type REST } from 'discord.js';
import { toMessageBody, toRestFiles, type OutgoingMessage } from '../render/message.js';
import type { Responder } from '../interaction/responder.js';

/** The interaction response JSON, sent as the HTTP response body. */
export type InteractionCallback =
  | { type: InteractionResponseType.Pong }
  | { type: InteractionResponseType.ChannelMessageWithSource; data: ReturnType<typeof toMessageBody> }
  | { type: InteractionResponseType.DeferredChannelMessageWithSource; data: { flags?: number } }
  | { type: InteractionResponseType.DeferredMessageUpdate }
  | { type: InteractionResponseType.UpdateMessage; data: ReturnType<typeof toMessageBody> };

export interface HttpResponderOptions {
  readonly rest: REST;
  readonly applicationId: string;
  readonly token: string;
  /** Sends the HTTP response; called at most once. */
  readonly respond: (callback: InteractionCallback) => void;
}

export function createHttpResponder(options: HttpResponderOptions): Responder {
  const { rest, applicationId, token, respond } = options;
  const original = Routes.webhookMessage(applicationId, token, '@original');

  const editOriginal = async (message: OutgoingMessage): Promise<void> => {
    await rest.patch(original, {
      body: toMessageBody(message, 'edit'),
      files: toRestFiles(message),
      auth: false,
    });
  };

  return {
    async reply(message) {
      if ((message.files ?? []).length > 0) {
        respond({
          type: InteractionResponseType.DeferredChannelMessageWithSource,
          data: message.ephemeral === true ? { flags: MessageFlags.Ephemeral } : {},
        });
        await editOriginal(message);
        return;
      }
      respond({
        type: InteractionResponseType.ChannelMessageWithSource,
        data: toMessageBody(message, 'create'),
      });
    },
    defer(ephemeral) {
      respond({
        type: InteractionResponseType.DeferredChannelMessageWithSource,
        data: ephemeral ? { flags: MessageFlags.Ephemeral } : {},
      });
      return Promise.resolve();
    },
    async update(message) {
      if ((message.files ?? []).length > 0) {
        respond({ type: InteractionResponseType.DeferredMessageUpdate });
        await editOriginal(message);
        return;
      }
      respond({ type: InteractionResponseType.UpdateMessage, data: toMessageBody(message, 'edit') });
    },
    deferUpdate() {
      respond({ type: InteractionResponseType.DeferredMessageUpdate });
      return Promise.resolve();
    },
    editOriginal,
    async deleteOriginal() {
      await rest.delete(original, { auth: false });
    },
    async followUp(message) {
      const sent = (await rest.post(Routes.webhook(applicationId, token), {
        body: toMessageBody(message, 'create'),
        files: toRestFiles(message),
        query: new URLSearchParams({ wait: 'true' }),
        auth: false,
      })) as { id: string };
      return sent.id;
    },
    async editFollowUp(messageId, message) {
      await rest.patch(Routes.webhookMessage(applicationId, token, messageId), {
        body: toMessageBody(message, 'edit'),
        files: toRestFiles(message),
        auth: false,
      });
    },
    postInChannel: (channelId, message) => postInChannel(rest, channelId, message),
  };
}

/** Posts as the bot user (needs DISCORD_TOKEN): the fallback once an interaction token has expired. */
export async function postInChannel(rest: REST, channelId: string, message: OutgoingMessage): Promise<void> {
  await rest.post(Routes.channelMessages(channelId), {
    body: toMessageBody({ ...message, ephemeral: false }, 'create'),
    files: toRestFiles(message),
  });
}
