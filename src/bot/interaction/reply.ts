/**
 * One interaction's replies: remembers whether the first response went out, serialises every call (so a
 * late progress edit never lands after the answer), and knows when the interaction token stops working.
 */
import type { APIModalInteractionResponseCallbackData } from 'discord.js';
import type { Logger } from '../../log.js';
import { defaultDeliveryPolicy, deliverFinished, type DeliveryPolicy } from './delivery.js';
import { CONTENT_LIMIT, clip, type OutgoingMessage } from '../render/message.js';
import type { InteractionRequest } from './request.js';
import type { Responder } from './responder.js';
import { safeError } from './safe-error.js';

export type ReplyState = 'pending' | 'deferred' | 'replied';

/** Posting through an interaction's webhook beside its reply (quiz rounds without a bot token). */
export interface InteractionWebhook {
  /** The token should not be used after this time (`now()` clock). */
  readonly usableUntil: number;
  /** A new message; resolves with its id. */
  post(message: OutgoingMessage): Promise<string>;
  edit(messageId: string, message: OutgoingMessage): Promise<void>;
}

export interface ReplyOptions {
  /** How long the interaction token works from `request.receivedAt` (Discord: 15 minutes). */
  readonly tokenTtlMs: number;
  readonly now: () => number;
  readonly logger: Logger;
  /** Retries of a finished answer's delivery (default: defaultDeliveryPolicy). */
  readonly delivery?: DeliveryPolicy;
}

export class InteractionReply {
  private stateValue: ReplyState = 'pending';
  private deferredEphemeral = false;
  /** Deferred as an update of a button's message: errors must not delete that message. */
  private deferredUpdate = false;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly responder: Responder,
    readonly request: InteractionRequest,
    private readonly options: ReplyOptions,
  ) {}

  get state(): ReplyState {
    return this.stateValue;
  }

  /** Time left to use the token safely: a margin keeps a call in flight from landing after expiry. */
  tokenMsLeft(): number {
    return this.tokenUsableUntil() - this.options.now();
  }

  private tokenUsableUntil(): number {
    const margin = Math.min(10_000, this.options.tokenTtlMs / 10);
    return this.request.receivedAt + this.options.tokenTtlMs - margin;
  }

  /** Follow-ups outside this reply's queue, for as long as the token lives. */
  webhook(): InteractionWebhook {
    return {
      usableUntil: this.tokenUsableUntil(),
      post: (message) => this.responder.followUp(message),
      edit: (messageId, message) => this.responder.editFollowUp(messageId, message),
    };
  }

  tokenUsable(): boolean {
    return this.tokenMsLeft() > 0;
  }

  /** Resolves when every call queued so far has finished (failures included). */
  idle(): Promise<void> {
    return this.tail.then(
      () => undefined,
      () => undefined,
    );
  }

  private enqueue(op: () => Promise<void>): Promise<void> {
    const run = this.tail.then(op, op);
    this.tail = run.catch(() => undefined);
    return run;
  }

  defer(ephemeral = false): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue !== 'pending') return;
      await this.responder.defer(ephemeral);
      this.stateValue = 'deferred';
      this.deferredEphemeral = ephemeral;
    });
  }

  /** A button press that will replace its message later (`answer` then edits the button's message). */
  deferUpdate(): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue !== 'pending') return;
      await this.responder.deferUpdate();
      this.stateValue = 'deferred';
      this.deferredUpdate = true;
    });
  }

  /**
   * The answer: the first response, an edit of the deferred one, or (token expired) a post in the channel. A
   * failed edit is retried with backoff, then the answer goes as a follow-up, then as a channel post.
   */
  answer(message: OutgoingMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue === 'pending') {
        try {
          await this.responder.reply(message);
          this.stateValue = 'replied';
          return;
        } catch (error) {
          // A first response with files is "thinking..." plus an edit: the edit may be what failed.
          this.options.logger.warn(
            { err: safeError(error), interactionId: this.request.interactionId },
            'the first response failed; delivering the answer another way',
          );
          this.stateValue = 'deferred';
        }
      }
      const late = `here is your answer (it took longer than Discord lets a reply stay open).`;
      const ways = this.tokenUsable()
        ? [
            { name: 'edit', send: () => this.responder.editOriginal(message) },
            {
              name: 'follow-up',
              send: async () => {
                if (!this.tokenUsable()) throw new Error('the interaction token expired');
                await this.responder.followUp(message);
              },
            },
            {
              name: 'channel',
              send: () => this.postFallback(message, 'here is your answer (the reply could not be edited).'),
            },
          ]
        : [{ name: 'channel', send: () => this.postFallback(message, late) }];
      await deliverFinished(ways, this.options.logger, this.options.delivery ?? defaultDeliveryPolicy, {
        interactionId: this.request.interactionId,
      });
    });
  }

  /** A progress edit: dropped unless the reply is deferred and the token still works. */
  progress(message: OutgoingMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue !== 'deferred' || !this.tokenUsable()) return;
      await this.responder.editOriginal(message);
    });
  }

  /** First response to a button press: replace the message it sits on. */
  update(message: OutgoingMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue !== 'pending') return;
      await this.responder.update(message);
      this.stateValue = 'replied';
    });
  }

  /** First response to a button: show a form (a modal); its submission arrives as a new interaction. */
  modal(modal: APIModalInteractionResponseCallbackData): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue !== 'pending') return;
      await this.responder.showModal(modal);
      this.stateValue = 'replied';
    });
  }

  /**
   * An error for the asker alone. A public "thinking..." cannot turn ephemeral, so it is deleted and the
   * error follows up ephemeral; past the token lifetime only a channel post (mentioning the asker) is left.
   */
  fail(message: OutgoingMessage): Promise<void> {
    const ephemeral = { ...message, ephemeral: true };
    return this.enqueue(async () => {
      if (this.stateValue === 'pending') {
        await this.responder.reply(ephemeral);
        this.stateValue = 'replied';
      } else if (!this.tokenUsable()) {
        await this.postFallback(
          message,
          'your request failed (it took longer than Discord lets a reply stay open).',
        );
      } else if (this.stateValue === 'deferred' && this.deferredEphemeral) {
        await this.responder.editOriginal(message);
      } else if (this.deferredUpdate) {
        await this.responder.followUp(ephemeral);
      } else {
        try {
          await this.responder.deleteOriginal();
        } catch (error) {
          this.options.logger.warn({ err: safeError(error) }, 'could not delete the deferred reply');
        }
        await this.responder.followUp(ephemeral);
      }
    });
  }

  private async postFallback(message: OutgoingMessage, what: string): Promise<void> {
    const { channelId, user } = this.request;
    if (channelId === undefined) throw new Error('there is no channel to post the answer in');
    const intro = `<@${user.id}> ${what}`;
    await this.responder.postInChannel(channelId, {
      ...message,
      content: clip(
        message.content === undefined || message.content === '' ? intro : `${intro}\n${message.content}`,
        CONTENT_LIMIT,
      ),
      components: [],
      mentionUsers: [user.id],
      ephemeral: false,
    });
  }
}
