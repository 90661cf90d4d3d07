/**
 * One solve seen from Discord: defers when the work may take a while (at once for costly or file input, else
 * when no answer came within `deferAfterMs`), edits progress with a Cancel button at most every few seconds,
 * warns before the interaction token expires, and stops on Cancel or shutdown.
 */
import { ServiceUnavailableError, SolveCancelledError } from '../../core/errors.js';
import type { BotContext } from '../context.js';
import { cancelButtonRow, type OutgoingMessage } from '../render/message.js';
import type { InteractionReply } from './reply.js';
import type { CommandRequest } from './request.js';
import { formatMs } from '../render/answer.js';
import type { Run } from './runs.js';
import { safeError } from './safe-error.js';

export type RunStatus = 'running' | 'done' | 'cancelled' | 'shutdown';

export class SolveRun implements Run {
  readonly id: string;
  readonly askerId: string;
  readonly startedAt: number;
  private statusValue: RunStatus = 'running';
  private readonly controller = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private fraction: number | undefined;
  private noticeSent = false;

  constructor(
    private readonly bot: BotContext,
    private readonly request: CommandRequest,
    private readonly reply: InteractionReply,
  ) {
    this.id = request.interactionId;
    this.askerId = request.user.id;
    this.startedAt = bot.now();
  }

  get status(): RunStatus {
    return this.statusValue;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Runs `work`, deferring first when `deferNow`, else after `deferAfterMs` without an answer. Progress edits
   * start once deferred. Rejects with SolveCancelledError (Cancel) or ServiceUnavailableError (shutdown) when stopped.
   */
  async execute<T>(
    work: (signal: AbortSignal, onProgress: (fraction: number) => void) => Promise<T>,
    deferNow: boolean,
  ): Promise<T> {
    const { settings } = this.bot;
    this.bot.runs.add(this);
    try {
      if (deferNow) await this.deferAndWatch();
      else this.later(settings.deferAfterMs, () => this.deferAndWatch());
      const stopped = new Promise<never>((_, reject) => {
        const onAbort = (): void =>
          reject(this.signal.reason instanceof Error ? this.signal.reason : new SolveCancelledError());
        if (this.signal.aborted) onAbort();
        else this.signal.addEventListener('abort', onAbort, { once: true });
      });
      stopped.catch(() => undefined);
      const result = await Promise.race([
        work(this.signal, (fraction) => {
          this.fraction = fraction;
        }),
        stopped,
      ]);
      if (this.statusValue !== 'running') throw this.signal.reason;
      return result;
    } finally {
      if (this.statusValue === 'running') this.statusValue = 'done';
      this.clearTimers();
      this.bot.runs.delete(this.id);
    }
  }

  async cancel(): Promise<void> {
    if (this.statusValue !== 'running') return;
    this.statusValue = 'cancelled';
    this.clearTimers();
    this.controller.abort(new SolveCancelledError());
    // An edit already under way must land before the caller replaces the message.
    await Promise.race([this.reply.idle(), new Promise((resolve) => setTimeout(resolve, 1500).unref())]);
  }

  shutdown(): void {
    if (this.statusValue !== 'running') return;
    this.statusValue = 'shutdown';
    this.clearTimers();
    this.controller.abort(
      new ServiceUnavailableError(
        'Grundy is restarting and had to stop this solve; please ask again in a minute.',
      ),
    );
  }

  private async deferAndWatch(): Promise<void> {
    if (this.statusValue !== 'running' || this.reply.state !== 'pending') return;
    await this.reply.defer(false);
    const { settings } = this.bot;
    this.later(settings.firstProgressMs, () => this.tick());
    const noticeIn = this.reply.tokenMsLeft() - Math.min(settings.expiryNoticeMs, settings.tokenTtlMs / 10);
    this.later(Math.max(0, noticeIn), () => this.expiryNotice());
  }

  private async tick(): Promise<void> {
    if (this.statusValue !== 'running' || this.noticeSent) return;
    await this.reply.progress(this.progressMessage());
    this.later(this.bot.settings.progressIntervalMs, () => this.tick());
  }

  private async expiryNotice(): Promise<void> {
    if (this.statusValue !== 'running') return;
    this.noticeSent = true;
    const elapsed = formatMs(this.bot.now() - this.startedAt);
    await this.reply.progress({
      content:
        `⏳ Still solving **/${this.request.commandName}** (${elapsed} so far). Discord lets me edit this message ` +
        `only for a limited time, so the answer will be posted in this channel, mentioning you, when it is ready.`,
      components: [cancelButtonRow(this.id)],
    });
  }

  progressMessage(): OutgoingMessage {
    const elapsed = formatMs(this.bot.now() - this.startedAt);
    const percent =
      this.fraction === undefined ? '' : ` — ${Math.floor(Math.min(1, Math.max(0, this.fraction)) * 100)}%`;
    return {
      content: `⏳ Solving **/${this.request.commandName}**${percent} · ${elapsed} so far`,
      components: [cancelButtonRow(this.id)],
    };
  }

  /** Runs `fn` after `ms` unless the run ends first; failures are logged, never thrown. */
  private later(ms: number, fn: () => Promise<void>): void {
    if (this.statusValue !== 'running') return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn().catch((error: unknown) => {
        this.bot.logger.warn({ err: safeError(error), interactionId: this.id }, 'progress update failed');
      });
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
