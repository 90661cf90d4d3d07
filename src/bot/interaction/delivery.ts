/**
 * Delivering a finished answer through a flaky connection: each way (edit the reply, a follow-up, a channel
 * post) is tried a few times with backoff before the next is tried. The answer is already computed (and
 * cached), so nothing here ever solves again; a way Discord refuses outright (4xx) is not retried.
 */
import { DiscordAPIError } from 'discord.js';
import type { Logger } from '../../log.js';
import { safeError } from './safe-error.js';

export interface DeliveryPolicy {
  /** Tries of each way before the next is used. */
  readonly attemptsPerWay: number;
  /** Wait before the second try of a way; doubles each time, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultDeliveryPolicy = {
  attemptsPerWay: 3,
  firstDelayMs: 500,
  maxDelayMs: 4_000,
} as const satisfies DeliveryPolicy;

export interface DeliveryWay {
  readonly name: string;
  send(): Promise<void>;
}

/** Discord answered and said no (bad request, unknown webhook, expired token): the same call will not work. */
function refusedOutright(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429
  );
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once one way worked; rejects with the last error when every way failed. */
export async function deliverFinished(
  ways: readonly DeliveryWay[],
  logger: Logger,
  policy: DeliveryPolicy = defaultDeliveryPolicy,
  context: Record<string, unknown> = {},
): Promise<void> {
  let lastError: unknown = new Error('no way to deliver the answer');
  for (const [index, way] of ways.entries()) {
    let delay = policy.firstDelayMs;
    for (let attempt = 1; attempt <= policy.attemptsPerWay; attempt++) {
      try {
        await way.send();
        if (index > 0 || attempt > 1) {
          logger.info({ ...context, way: way.name, attempt }, 'answer delivered after a failed try');
        }
        return;
      } catch (error) {
        lastError = error;
        const outright = refusedOutright(error);
        logger.warn(
          { ...context, err: safeError(error), way: way.name, attempt, giveUpOnWay: outright },
          'delivering the answer failed',
        );
        if (outright) break;
        if (attempt < policy.attemptsPerWay) {
          await sleep(delay);
          delay = Math.min(policy.maxDelayMs, delay * 2);
        }
      }
    }
  }
  throw lastError;
}
