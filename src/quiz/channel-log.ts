/**
 * Each channel's quiz log: transitions committed to the store one at a time per channel (compare-and-set, so
 * several processes agree), the timer that advances the quiz, and delivery of the committed effects in order
 * (then dropped from the stored outbox; undelivered ones survive a restart).
 */
import { ServiceUnavailableError } from '../core/errors.js';
import type { QuizClock } from './clock.js';
import type { QuizEvent } from './events.js';
import { acknowledge, advance, wakeAt, type QuizEffect, type QuizState, type Step } from './machine.js';
import type { QuizStore } from './store.js';

const CAS_ATTEMPTS = 16;

export interface ChannelLogOptions {
  readonly store: QuizStore;
  readonly clock: QuizClock;
  readonly emit: (event: QuizEvent) => Promise<void> | void;
  /** Rebuilds what the adapter shows for a committed effect. */
  readonly toEvent: (channelId: string, effect: QuizEffect) => Promise<QuizEvent>;
  readonly retryMs: number;
  readonly onError: (error: unknown, context: string) => void;
}

export class ChannelLog {
  private readonly store: QuizStore;
  private readonly clock: QuizClock;
  private readonly emit: ChannelLogOptions['emit'];
  private readonly toEvent: ChannelLogOptions['toEvent'];
  private readonly retryMs: number;
  private readonly onError: ChannelLogOptions['onError'];
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly deliveries = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, { at: number; cancel: () => void }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing = false;

  constructor(options: ChannelLogOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.emit = options.emit;
    this.toEvent = options.toEvent;
    this.retryMs = options.retryMs;
    this.onError = options.onError;
  }

  /** Advances the channel's quiz if its time has come (a timer fired, or a click after a restart). */
  tick(channelId: string): Promise<void> {
    return this.transact(channelId, (state, now) => advance(state, now)).then(() => undefined);
  }

  /** Resolves once no transition, delivery or timer tick is under way. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Cancels every timer and arms no new one; work under way finishes (await `idle`). */
  close(): void {
    this.closing = true;
    for (const { cancel } of this.timers.values()) cancel();
    this.timers.clear();
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** Runs `fn` after every earlier call with the same key (this process only; the store guards across). */
  private serially<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }

  /** Load, step, compare-and-set (retrying on a conflict), then arm the timer and hand the effects to delivery. */
  transact<R>(
    channelId: string,
    step: (state: QuizState | undefined, now: number) => Step<R>,
  ): Promise<Step<R>> {
    return this.track(
      this.serially(channelId, async () => {
        for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
          const { state, version } = await this.store.load(channelId);
          const now = this.clock.now();
          const result = step(state, now);
          if (!result.changed || result.state === undefined) {
            if (state !== undefined) this.arm(channelId, state);
            return result;
          }
          const next = result.state;
          const delta =
            result.scores.length === 0
              ? undefined
              : { channelId, guildId: next.guildId, at: now, scores: result.scores };
          const saved = await this.store.save(next, version, delta);
          if (saved === undefined) continue;
          this.arm(channelId, next);
          if (result.effects.length > 0) this.enqueueDelivery(channelId, result.effects);
          return result;
        }
        throw new ServiceUnavailableError('The quiz is busy; please try again.');
      }),
    );
  }

  arm(channelId: string, state: QuizState): void {
    const at = wakeAt(state);
    const current = this.timers.get(channelId);
    if (current !== undefined && current.at === at) return;
    current?.cancel();
    this.timers.delete(channelId);
    if (at !== null) this.wakeUp(channelId, at);
  }

  /** Calls `tick` for the channel at `at`; a failed tick (store down) tries again after `retryMs`. */
  private wakeUp(channelId: string, at: number): void {
    if (this.closing) return;
    const cancel = this.clock.schedule(at, () => {
      if (this.timers.get(channelId)?.cancel !== cancel) return;
      this.timers.delete(channelId);
      if (this.closing) return;
      void this.track(
        this.transact(channelId, (state, now) => advance(state, now)).catch((error: unknown) => {
          this.onError(error, `quiz timer for channel ${channelId}`);
          if (!this.timers.has(channelId)) this.wakeUp(channelId, this.clock.now() + this.retryMs);
        }),
      );
    });
    this.timers.set(channelId, { at, cancel });
  }

  /** Delivers effects in order per channel, then drops them from the stored outbox. */
  enqueueDelivery(channelId: string, effects: readonly QuizEffect[]): void {
    const previous = this.deliveries.get(channelId) ?? Promise.resolve();
    const run = this.track(
      previous.then(async () => {
        const { state } = await this.store.load(channelId);
        if (state === undefined) return;
        let last = 0;
        for (const effect of effects) {
          // Another process (after a restart) may have delivered it already.
          if (!state.outbox.some((e) => e.seq === effect.seq)) continue;
          try {
            await this.emit(await this.toEvent(channelId, effect));
          } catch (error) {
            this.onError(error, `quiz ${state.quizId}: delivering ${effect.kind} #${effect.seq}`);
          }
          last = effect.seq;
        }
        if (last > 0) await this.transact(channelId, (s) => acknowledge(s, last));
      }),
    ).catch((error: unknown) => this.onError(error, `quiz delivery for channel ${channelId}`));
    this.deliveries.set(channelId, run);
    void run.then(() => {
      if (this.deliveries.get(channelId) === run) this.deliveries.delete(channelId);
    });
  }
}
