/**
 * Closing the discord.js client whatever state its gateway connection is in. When a shard is destroyed while its
 * websocket is still connecting (or reconnecting), @discordjs/ws removes the socket's error listener but the
 * socket still reports its failure (ECONNREFUSED, a reset, a timeout), which `ws` then throws as an unhandled
 * 'error' event and the process crashes mid-shutdown (discord.js issues #7964 and #10372). For a moment after
 * the destroy such a network error is expected: it is logged, not fatal.
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../log.js';

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** How long after the destroy an abandoned socket's network error is still expected. */
const GUARD_MS = 10_000;

export async function destroyGatewayClient(client: Client, logger: Logger): Promise<void> {
  const guard = (error: unknown): void => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code !== undefined && NETWORK_ERROR_CODES.has(code)) {
      logger.debug({ code }, 'a gateway socket abandoned by the close failed; ignored');
      return;
    }
    // Not the expected error: unless someone else handles uncaught exceptions, end as Node would.
    if (process.listenerCount('uncaughtException') > 1) return;
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', guard);
  setTimeout(() => process.off('uncaughtException', guard), GUARD_MS).unref();
  await client.destroy();
}
