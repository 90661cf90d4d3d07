/**
 * Every process exits within 10 s of SIGTERM, whatever is down: real `grundy serve` and `grundy worker`
 * processes, with the gateway unreachable, and with their (throwaway) Redis killed or frozen.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../support/fake-discord.js';
import { GrundyProcess } from '../support/grundy-process.js';
import { waitUntil } from '../support/wait.js';
import { freePort, slowGamesModule, startRedisServer, stopProcess, uniquePrefix } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function throwawayRedis(): Promise<{ url: string; redis: ChildProcess }> {
  const port = await freePort();
  const redis = await startRedisServer(port);
  cleanups.push(async () => {
    if (redis.signalCode === 'SIGSTOP' || redis.exitCode === null) redis.kill('SIGCONT');
    await stopProcess(redis);
  });
  return { url: `redis://127.0.0.1:${port}`, redis };
}

function start(verb: 'serve' | 'worker', env: Record<string, string>): GrundyProcess {
  const process = new GrundyProcess(verb, { GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule, ...env });
  cleanups.push(() => process.kill());
  return process;
}

describe('shutdown within 10 s of SIGTERM', () => {
  it.each([
    ['refuses connections', false],
    ['accepts connections and never answers', true],
  ])('grundy serve with DISCORD_TOKEN and a gateway that %s', async (_what, blackhole) => {
    const sockets = new Set<Socket>();
    let gatewayUrl = `ws://127.0.0.1:${await freePort()}`;
    if (blackhole) {
      const hole = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
      gatewayUrl = `ws://127.0.0.1:${(hole.address() as AddressInfo).port}`;
      cleanups.push(async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => hole.close(resolve));
      });
    }
    const fake = await new FakeDiscord({ gatewayUrl }).start();
    cleanups.push(() => fake.close());
    const serve = start('serve', {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.apiBase,
      HOST: '127.0.0.1',
      PORT: '0',
    });
    await serve.ready();
    await fake.waitFor((r) => r.route === 'GET /gateway/bot', 'the gateway URL request');
    if (blackhole) {
      await waitUntil('a connection to the gateway', () => sockets.size > 0, 15_000);
      // The gateway hangs up while the bot is closing: the abandoned socket's error must not crash it.
      setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, 100);
    }
    const exit = await serve.signalAndTime('SIGTERM');
    expect(exit.ms, serve.stderrText.join('\n')).toBeDefined();
    expect(exit.ms).toBeLessThan(10_000);
    expect(exit.code).toBe(0);
    expect(serve.lines.map((l) => l.msg)).toContain('stopped');
  });

  it('grundy serve with its Redis killed', async () => {
    const { url, redis } = await throwawayRedis();
    const serve = start('serve', {
      REDIS_URL: url,
      GRUNDY_PREFIX: uniquePrefix('shutdown'),
      HOST: '127.0.0.1',
      PORT: '0',
    });
    await serve.ready();
    await stopProcess(redis);
    await serve.waitForLog((l) => typeof l.msg === 'string' && /Redis connection lost/.test(l.msg));
    const exit = await serve.signalAndTime('SIGTERM');
    expect(exit.ms, serve.stderrText.join('\n')).toBeDefined();
    expect(exit.ms).toBeLessThan(10_000);
  });

  it('grundy worker with its Redis killed', async () => {
    const { url, redis } = await throwawayRedis();
    const worker = start('worker', { REDIS_URL: url, GRUNDY_PREFIX: uniquePrefix('shutdown') });
    await worker.ready();
    await stopProcess(redis);
    await worker.waitForLog((l) => typeof l.msg === 'string' && /Redis connection lost/.test(l.msg));
    const exit = await worker.signalAndTime('SIGTERM');
    expect(exit.ms, worker.stderrText.join('\n')).toBeDefined();
    expect(exit.ms).toBeLessThan(10_000);
    expect(exit.code).toBe(0);
  });

  it('grundy worker with its Redis frozen (connections open, nothing answers)', async () => {
    const { url, redis } = await throwawayRedis();
    const worker = start('worker', { REDIS_URL: url, GRUNDY_PREFIX: uniquePrefix('shutdown') });
    await worker.ready();
    redis.kill('SIGSTOP');
    const exit = await worker.signalAndTime('SIGTERM');
    expect(exit.ms, worker.stderrText.join('\n')).toBeDefined();
    expect(exit.ms).toBeLessThan(10_000);
  });
});
