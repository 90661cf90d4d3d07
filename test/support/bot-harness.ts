/**
 * The whole bot in-process for tests: a fake Discord on loopback, the real solve service (in-process driver
 * unless REDIS_URL is given), and `startServer` on port 0, with the logs captured so tests can check that no
 * token was written.
 */
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { BotSettings, BotSettingsOverrides } from '../../src/bot/context.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { AnyGame } from '../../src/core/game.js';
import { builtInGames as registered, type GameCatalog } from '../../src/games/catalog.js';
import { createSolveService } from '../../src/jobs/service.js';
import { loadCatalog } from '../../src/load-catalog.js';
import type { SolveService } from '../../src/jobs/types.js';
import { createLogger, type Logger } from '../../src/log.js';
import { startServer, type QuizDeps, type RunningServer } from '../../src/serve.js';
import { createMetrics, type Metrics } from '../../src/metrics.js';
import { FakeDiscord, type FakeDiscordOptions } from './fake-discord.js';
import { FakeGateway } from './fake-gateway.js';
import { GrundyProcess } from './grundy-process.js';
import { APPLICATION_ID, testKeys, type TestKeys } from './interactions.js';
import { games as slowGames } from './slow-game.js';
import type { PlayStore } from '../../src/play/store.js';

export const slowGamesModule = fileURLToPath(new URL('./slow-game.js', import.meta.url));
export const testGames: readonly AnyGame[] = [...registered, ...slowGames];
/** The catalog the test bots serve: the built-ins and the slow fixture game, as GRUNDY_EXTRA_GAMES_MODULE gives them. */
export const testCatalog = (): Promise<GameCatalog> => loadCatalog(slowGamesModule);

/** Collects pino's JSON lines. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    callback();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface HarnessOptions {
  readonly env?: Record<string, string>;
  readonly settings?: BotSettingsOverrides;
  readonly fake?: FakeDiscordOptions;
  /** How long close() lets running solves finish (default 2 s). */
  readonly graceMs?: number;
  /** Quiz clock, break and store (default: the system clock, 5 s breaks, the store for the config). */
  readonly quiz?: QuizDeps;
  /** Log in to the gateway `fake.gatewayUrl` points at (default false: HTTP interactions only). */
  readonly gateway?: boolean;
  /** A play store to use instead of the one for the config (the caller closes it). */
  readonly play?: { readonly store?: PlayStore };
}

export interface Harness {
  readonly fake: FakeDiscord;
  readonly server: RunningServer;
  readonly service: SolveService;
  readonly keys: TestKeys;
  readonly config: Config;
  readonly logs: LogCapture;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly games: readonly AnyGame[];
  close(): Promise<void>;
}

/** Fast settings for tests; each test may override. */
export const testSettings: Partial<BotSettings> = {
  deferAfterMs: 1500,
  firstProgressMs: 150,
  progressIntervalMs: 300,
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fake = await new FakeDiscord(options.fake).start();
  const keys = testKeys();
  const config = loadConfig({
    DISCORD_PUBLIC_KEY: keys.publicKeyHex,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_API_BASE: fake.apiBase,
    DISCORD_TOKEN: fake.botToken,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'debug',
    GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule,
    ...options.env,
  });
  const logs = new LogCapture();
  const logger = createLogger('debug', logs);
  const metrics = createMetrics({ defaultMetrics: false });
  const service = await createSolveService(config, logger, { metrics });
  let server: RunningServer;
  try {
    server = await startServer(config, logger, {
      service,
      metrics,
      catalog: await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE),
      gateway: options.gateway ?? false,
      settings: { ...testSettings, ...options.settings },
      graceMs: options.graceMs ?? 2000,
      ...(options.quiz === undefined ? {} : { quiz: options.quiz }),
      ...(options.play === undefined ? {} : { play: options.play }),
    });
  } catch (error) {
    await service.close();
    await fake.close();
    throw error;
  }
  // Start the solver thread now, so the first answer a test times is not a cold start.
  await service.solve('seagm', { cards: ['5'] });
  return {
    fake,
    server,
    service,
    keys,
    config,
    logs,
    logger,
    metrics,
    games: testGames,
    async close() {
      await server.close();
      await service.close();
      await fake.close();
    },
  };
}

export interface ServeOnGateway {
  readonly gateway: FakeGateway;
  readonly fake: FakeDiscord;
  /** The built `grundy serve`, ready and logged in ('gateway connected'). */
  readonly serve: GrundyProcess;
  /** Kills the process and closes both fakes. */
  readonly close: () => Promise<void>;
}

/** A real `grundy serve` process logged in to a fake gateway, with the fake REST API beside it. */
export async function serveOnGateway(botToken: string): Promise<ServeOnGateway> {
  const gateway = await new FakeGateway({ token: botToken, applicationId: APPLICATION_ID }).start();
  const fake = await new FakeDiscord({ botToken, gatewayUrl: gateway.url }).start();
  const serve = new GrundyProcess('serve', {
    DISCORD_TOKEN: botToken,
    DISCORD_API_BASE: fake.apiBase,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const close = async (): Promise<void> => {
    await serve.kill();
    await fake.close();
    await gateway.close();
  };
  try {
    await serve.ready();
    await serve.waitForLog((l) => l.msg === 'gateway connected');
  } catch (error) {
    await close();
    throw error;
  }
  return { gateway, fake, serve, close };
}
