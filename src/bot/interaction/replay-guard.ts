/**
 * Remembers interaction ids so a replayed request (the same signed body sent again within its signature
 * window) is answered without doing the work twice. With Redis the memory is shared by every `serve` process
 * (`SET key NX PX`); without it, or while Redis is away, an in-process map with expiry does it.
 */
import type { RedisClient } from '../../jobs/connection.js';
import type { Logger } from '../../log.js';
import { safeError } from './safe-error.js';

/** Longer than Discord's 5-minute signature window and the 15-minute interaction token. */
export const REPLAY_WINDOW_MS = 15 * 60 * 1000;

export interface ReplayGuard {
  /** True the first time `interactionId` is seen within the window, false for every later sighting. */
  firstSight(interactionId: string): Promise<boolean>;
}

/** Above this many remembered ids, expired ones are swept on the next sighting. */
const SWEEP_AT = 10_000;

export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = REPLAY_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Synchronous check-and-set: two sightings in one process can never both be first. */
  firstSightNow(interactionId: string): boolean {
    const now = this.now();
    const until = this.seen.get(interactionId);
    if (until !== undefined && until > now) return false;
    if (this.seen.size >= SWEEP_AT) {
      for (const [id, expiry] of this.seen) if (expiry <= now) this.seen.delete(id);
    }
    this.seen.set(interactionId, now + this.windowMs);
    return true;
  }

  firstSight(interactionId: string): Promise<boolean> {
    return Promise.resolve(this.firstSightNow(interactionId));
  }
}

export class RedisReplayGuard implements ReplayGuard {
  /** Also consulted first, so a replay to this process is caught even while Redis is away. */
  private readonly local: MemoryReplayGuard;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly windowMs = REPLAY_WINDOW_MS,
    now: () => number = Date.now,
  ) {
    this.local = new MemoryReplayGuard(windowMs, now);
  }

  async firstSight(interactionId: string): Promise<boolean> {
    if (!this.local.firstSightNow(interactionId)) return false;
    try {
      const set = await this.client.set(
        `${this.prefix}:interaction:${interactionId}`,
        '1',
        'PX',
        this.windowMs,
        'NX',
      );
      return set === 'OK';
    } catch (error) {
      // Redis away: this process's memory is the best there is; answering beats refusing.
      this.logger.warn(
        { err: safeError(error), interactionId },
        'replay check fell back to this process (Redis unavailable)',
      );
      return true;
    }
  }
}
