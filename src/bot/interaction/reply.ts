/**
 * One interaction's replies: remembers whether the first response went out, serialises every call (so a
 * late progress edit never lands after the answer), and knows when the interaction token stops working.
 */
import type { Logger } from '../../log.js';
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

  /** The answer: the first response, an edit of the deferred one, or (token expired) a post in the channel. */
  answer(message: OutgoingMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.stateValue === 'pending') {
        await this.responder.reply(message);
        this.stateValue = 'replied';
      } else if (this.tokenUsable()) {
        await this.responder.editOriginal(message);
      } else {
        await this.postFallback(message, 'here is your answer');
      }
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
        await this.postFallback(message, 'your request failed');
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
    if (channelId === undefined)
      throw new Error('the interaction token expired and there is no channel to post in');
    const intro = `<@${user.id}> ${what} (it took longer than Discord lets a reply stay open).`;
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
