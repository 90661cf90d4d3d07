/**
 * How the dispatcher answers, whichever transport the interaction came by. Two implementations: HTTP
 * (first response in the HTTP body, the rest over REST webhooks; src/bot/transport/http-responder.ts) and the gateway
 * (discord.js interaction methods; src/bot/transport/gateway.ts).
 */
import type { OutgoingMessage } from '../render/message.js';

export interface Responder {
  /** First response: a message now (callback type 4). */
  reply(message: OutgoingMessage): Promise<void>;
  /** First response: "Grundy is thinking..." (callback type 5); the message comes by `editOriginal`. */
  defer(ephemeral: boolean): Promise<void>;
  /** First response to a button: replace the message the button sits on (callback type 7). */
  update(message: OutgoingMessage): Promise<void>;
  /** First response to a button: acknowledge now (callback type 6); `editOriginal` then edits the button's message. */
  deferUpdate(): Promise<void>;
  editOriginal(message: OutgoingMessage): Promise<void>;
  deleteOriginal(): Promise<void>;
  /** A new message through the interaction's webhook; resolves with its id (for `editFollowUp`). */
  followUp(message: OutgoingMessage): Promise<string>;
  editFollowUp(messageId: string, message: OutgoingMessage): Promise<void>;
  /** As the bot user, outside the interaction: the only way to answer once the interaction token expired. */
  postInChannel(channelId: string, message: OutgoingMessage): Promise<void>;
}
