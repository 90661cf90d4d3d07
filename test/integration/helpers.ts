/**
 * Helpers for the solve-service tests against a real Redis: unique prefixes, spawned `grundy worker` processes
 * whose JSON logs can be waited on, throwaway redis-server processes, key clean-up. No sleeps: everything waits
 * on an event or a condition, with a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/log.js';
import { GrundyProcess, type LogLine } from '../support/grundy-process.js';

export const REDIS_URL = 'redis://127.0.0.1:6379';
export const slowGamesModule = fileURLToPath(new URL('../support/slow-game.js', import.meta.url));

export const quietLogger: Logger = createLogger('silent');

export function uniquePrefix(label: string): string {
  return `gt-${label}-${randomBytes(4).toString('hex')}`;
}

/** A config as the environment would give it, with the slow test game plugged in. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule, LOG_LEVEL: 'silent', ...env });
}

/** Resolves when `condition` holds (checked every `everyMs`), rejects at the deadline. */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export type { LogLine };

/** A spawned `grundy worker` with the slow test game plugged in. */
export class WorkerProcess extends GrundyProcess {
  constructor(env: Record<string, string>, args: readonly string[] = []) {
    super('worker', { GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule, ...env }, args);
  }

  /** SIGKILL unless it has exited; waits for the exit. */
  stop(): Promise<void> {
    return this.kill();
  }
}

/** Starts a worker with the test's prefix and queue and waits until it is ready. */
export async function startWorker(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<WorkerProcess> {
  const worker = new WorkerProcess(env, args);
  try {
    await worker.ready();
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}

/** Deletes every key under `prefix` (both the cache and BullMQ's keys). */
export async function deleteKeys(prefix: string, url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } catch {
    // Best effort: the Redis may be a throwaway one that is gone already.
  } finally {
    redis.disconnect();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway redis-server (no persistence) on `port` of 127.0.0.1, with `extra` options (a cluster node's, say);
 * resolves once it accepts connections, and kills it when it does not start.
 */
export async function startRedisServer(port: number, extra: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        child.stdout?.setEncoding('utf8');
        child.stdout?.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('Ready to accept connections')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`redis-server exited (${String(code)}): ${output}`)));
      }),
      10_000,
      `redis-server on ${port} to start`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}
