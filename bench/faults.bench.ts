/**
 * The timing claims the gateway and outage tests used to assert, measured here instead: a 2,000-card /seagm
 * arriving through the gateway is deferred within Discord's 3 s; `grundy serve` exits soon after SIGTERM while
 * the gateway is away (the promise is 10 s); a solve fails fast once Redis dies. Loopback only: the fake
 * Discord and fake gateway from test/support, a throwaway redis-server on a free port, and the built CLI
 * (`npm run build`) for the SIGTERM row.
 */
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { ServiceUnavailableError } from '../src/core/errors.js';
import { createSolveService } from '../src/jobs/service.js';
import {
  freePort,
  quietLogger,
  startRedisServer,
  stopProcess,
  testConfig,
  uniquePrefix,
} from '../test/integration/helpers.js';
import { serveOnGateway, startHarness } from '../test/support/bot-harness.js';
import { FakeGateway } from '../test/support/fake-gateway.js';
import { APPLICATION_ID, bigCardsInput } from '../test/support/interactions.js';
import { waitUntil } from '../test/support/wait.js';
import { budget, type BenchRow } from './harness.js';

const BOT_TOKEN = 'fake-bot-token';

function sorted(times: number[]): number[] {
  return [...times].sort((a, b) => a - b);
}

const median = (times: number[]): number => sorted(times)[Math.floor(times.length / 2)] ?? 0;
const max = (times: number[]): number => sorted(times).at(-1) ?? 0;

/** From the INTERACTION_CREATE dispatch to the deferral callback reaching the fake Discord. */
async function gatewayDeferralMs(): Promise<number[]> {
  const gateway = await new FakeGateway({ token: BOT_TOKEN, applicationId: APPLICATION_ID }).start();
  const h = await startHarness({
    gateway: true,
    env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
    fake: { botToken: BOT_TOKEN, gatewayUrl: gateway.url },
  });
  try {
    await gateway.waitFor('a session', () => gateway.live);
    await waitUntil('the client to be ready', () => h.server.client?.isReady() === true);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const built = bigCardsInput(h.games, h.fake, i);
      const started = performance.now();
      gateway.interaction(built.payload);
      await h.fake.waitFor(
        (r) =>
          r.route === 'POST /interactions/:interaction/:token/callback' && r.params['token'] === built.token,
        'the deferral',
        10_000,
      );
      const deferred = performance.now() - started;
      await h.fake.waitForAnswerEdit(built.token);
      if (i >= 2) times.push(deferred);
    }
    if (h.fake.problems.length > 0 || gateway.problems.length > 0)
      throw new Error(`refused requests:\n${[...h.fake.problems, ...gateway.problems].join('\n')}`);
    return times;
  } finally {
    await h.close();
    await gateway.close();
  }
}

/** `grundy serve` logged in to a gateway that then goes away: SIGTERM to process exit. */
async function sigtermWithGatewayAwayMs(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { gateway, serve, close } = await serveOnGateway(BOT_TOKEN);
    try {
      await gateway.goAway();
      const exit = await serve.signalAndTime('SIGTERM');
      if (exit.ms === undefined || exit.code !== 0)
        throw new Error(`serve did not exit cleanly: ${serve.stderrText.join('\n')}`);
      times.push(exit.ms);
    } finally {
      await close();
    }
  }
  return times;
}

/** A service on a Redis that is killed: how long the next solve takes to fail with ServiceUnavailableError. */
async function redisDiesMs(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    let redis: ChildProcess | undefined = await startRedisServer(port);
    const env = {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      GRUNDY_PREFIX: uniquePrefix('bench-dies'),
      INLINE_COST_MS: '0',
      REDIS_CONNECT_TIMEOUT_MS: '3000',
    };
    const service = await createSolveService(testConfig(env), quietLogger, { pollMs: 500 });
    try {
      await stopProcess(redis);
      redis = undefined;
      const started = performance.now();
      const error = await service.solve('seagm', { cards: [4, 6, 9 + i] }).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof ServiceUnavailableError))
        throw new Error(`expected ServiceUnavailableError, got ${String(error)}`);
      times.push(performance.now() - started);
    } finally {
      await service.close();
      if (redis !== undefined) await stopProcess(redis);
    }
  }
  return times;
}

export async function run(): Promise<BenchRow[]> {
  const row = (input: string, times: number[], limitMs: number): BenchRow => ({
    group: 'faults',
    input,
    size: `${times.length} runs`,
    timeMs: median(times),
    throughput: `max ${max(times).toFixed(1)} ms`,
    budget: budget(max(times), limitMs),
  });
  return [
    row('gateway /seagm file, 2,000 cards: dispatch to deferral', await gatewayDeferralMs(), 3_000),
    row('grundy serve, gateway away: SIGTERM to exit', await sigtermWithGatewayAwayMs(), 10_000),
    row('Redis killed: next solve fails (ServiceUnavailable)', await redisDiesMs(), 1_000),
  ];
}
