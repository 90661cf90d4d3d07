/** A transport-neutral outgoing message and its Discord API JSON form. */
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIAllowedMentions,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';

export interface OutgoingFile {
  readonly name: string;
  readonly data: Buffer;
  readonly contentType: string;
}

export interface OutgoingMessage {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIActionRowComponent<APIButtonComponent>[];
  readonly files?: readonly OutgoingFile[];
  /** Only honoured on a first response or a follow-up; Discord fixes it for the original message. */
  readonly ephemeral?: boolean;
  /** User ids that may be pinged; nobody else (no @everyone from echoed input). */
  readonly mentionUsers?: readonly string[];
}

/** Discord's message-content limit. */
export const CONTENT_LIMIT = 2000;

/** The JSON body Discord expects for create, edit and follow-up calls (files travel beside it). */
export interface MessageBody {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIButtonComponent>[];
  flags?: number;
  allowed_mentions: APIAllowedMentions;
  attachments?: { id: string; filename: string }[];
}

/**
 * `edit` leaves out `flags` (fixed at creation) and always sends `embeds`, `components` and `attachments`, so
 * an edit replaces a progress message completely instead of merging into it.
 */
export function toMessageBody(message: OutgoingMessage, mode: 'create' | 'edit'): MessageBody {
  const body: MessageBody = {
    allowed_mentions: { parse: [], users: [...(message.mentionUsers ?? [])] },
  };
  if (message.content !== undefined || mode === 'edit') body.content = message.content ?? '';
  if (message.embeds !== undefined || mode === 'edit') body.embeds = [...(message.embeds ?? [])];
  if (message.components !== undefined || mode === 'edit') body.components = [...(message.components ?? [])];
  if (mode === 'create' && message.ephemeral === true) body.flags = MessageFlags.Ephemeral;
  if (message.files !== undefined || mode === 'edit') {
    body.attachments = (message.files ?? []).map((file, index) => ({
      id: String(index),
      filename: file.name,
    }));
  }
  return body;
}

/** The files in the shape @discordjs/rest sends as `files[n]` multipart parts. */
export function toRestFiles(message: OutgoingMessage): { name: string; data: Buffer; contentType: string }[] {
  return (message.files ?? []).map((file) => ({
    name: file.name,
    data: file.data,
    contentType: file.contentType,
  }));
}

export const CANCEL_PREFIX = 'grundy-cancel:';

export function cancelButtonRow(runId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: 'Cancel',
        custom_id: `${CANCEL_PREFIX}${runId}`,
      },
    ],
  };
}

/** A message object as Discord returns it for one the bot posted: for stand-ins of Discord's API (dev, tests). */
export function botMessage(
  ids: { readonly id: string; readonly channelId: string; readonly applicationId: string },
  fields: object = {},
): Record<string, unknown> {
  return {
    id: ids.id,
    type: 0,
    channel_id: ids.channelId,
    author: {
      id: ids.applicationId,
      username: 'Grundy',
      discriminator: '0000',
      avatar: null,
      global_name: null,
      bot: true,
    },
    content: '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    ...fields,
  };
}

export { clip } from '../../core/text.js';
