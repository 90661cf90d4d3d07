/**
 * `grundy serve`, the composition root: config -> logger -> metrics -> solve service -> quiz store and runner
 * -> dispatcher -> HTTP server (+ the gateway when DISCORD_TOKEN is set) -> quizzes resumed. SIGINT/SIGTERM
 * close everything in reverse order, once.
 * (Longer than ~400 lines on purpose: every part is built here in start order and closed in reverse, in one place.)
 */
import { EventEmitter } from 'node:events';
import { randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { Events, REST, type Client } from 'discord.js';
import { loadConfig, type Config } from './config.js';
import { InputError } from './core/errors.js';
import { botSettingsFromConfig, type BotSettingsOverrides } from './bot/context.js';
import { createDispatcher, type Dispatcher } from './bot/dispatch.js';
import { attachGateway, createGatewayClient } from './bot/transport/gateway.js';
import { destroyGatewayClient } from './bot/transport/gateway-close.js';
import { createQuizPoster, type QuizPoster } from './bot/interaction/quiz-post.js';
import { RunRegistry } from './bot/interaction/runs.js';
import { openSharedBotState } from './bot/interaction/shared-state.js';
import { safeError } from './bot/interaction/safe-error.js';
import {
  createRequestHandler,
  httpLimitsFromConfig,
  listen,
  type NodeRequestHandler,
  type RunningHttpServer,
} from './http/server.js';
import { checkAdminSetup, startAdminListener } from './http/admin.js';
import { createApi } from './http/api/index.js';
import { createStaticSite } from './http/static.js';
import { publicKeyFromHex } from './http/verify.js';
import type { SolveService } from './jobs/types.js';
import type { GameCatalog } from './games/catalog.js';
import { loadCatalog } from './load-catalog.js';
import { createLogger, type Logger } from './log.js';
import { createMetrics, type Metrics } from './metrics.js';
import { isActive } from './quiz/machine.js';
import type { QuizClock } from './quiz/clock.js';
import { createQuizRunner, quizRunnerDefaults, type QuizRunner } from './quiz/runner.js';
import type { QuizStore } from './quiz/store.js';
import { createQuizStore } from './quiz/storage/index.js';
import { armShutdownDeadline, SHUTDOWN_GRACE_MS } from './shutdown.js';
import { createPlayStore } from './play/storage/index.js';
import { PlayService } from './play/service.js';
import type { PlayStore } from './play/store.js';

export interface ServerDeps {
  readonly service: SolveService;
  readonly metrics?: Metrics;
  /** The one catalog (default: the built-ins plus GRUNDY_EXTRA_GAMES_MODULE, loaded once per process). */
  readonly catalog?: GameCatalog;
  /** Overrides of timing and limits (tests shorten them). */
  readonly settings?: BotSettingsOverrides;
  /** Log in to the gateway when DISCORD_TOKEN is set (default true). */
  readonly gateway?: boolean;
  readonly adminHandler?: NodeRequestHandler;
  readonly now?: () => number;
  /** How long close() lets running solves finish (default 10 s). */
  readonly graceMs?: number;
  /** Quiz timing and storage; tests inject a fake clock. */
  readonly quiz?: QuizDeps;
  /** Games against Grundy: a store to use instead of `createPlayStore(config)` (then the caller closes it). */
  readonly play?: { readonly store?: PlayStore };
  /** The folder the page is served from at / (default: the package's web/). */
  readonly webRoot?: string;
}

export interface QuizDeps {
  /** Time and timers of quiz rounds (default: the system clock). */
  readonly clock?: QuizClock;
  /** The pause between a reveal and the next question (default 5 s). */
  readonly breakMs?: number;
  /** A store to use instead of `createQuizStore(config)`; then the caller closes it. */
  readonly store?: QuizStore;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 (POST /interactions is under it). */
  readonly url: string;
  /** The admin listener (Bull Board), when there is one, e.g. http://127.0.0.1:9090. */
  readonly adminUrl: string | undefined;
  readonly dispatcher: Dispatcher;
  readonly quiz: QuizRunner;
  /** The discord.js client when the gateway is on. */
  readonly client: Client | undefined;
  readonly rest: REST;
  /** Idempotent: HTTP stops accepting, the gateway disconnects, running solves finish or stop. */
  close(): Promise<void>;
}

/** What `grundy serve` can and cannot do with the Discord settings present, for the start-up log. */
export function describeDiscordSetup(config: Config): { ready: string[]; missing: string[] } {
  const ready: string[] = [];
  const missing: string[] = [];
  if (config.DISCORD_PUBLIC_KEY === undefined) {
    missing.push(
      'DISCORD_PUBLIC_KEY is not set: POST /interactions answers 503 (it cannot verify Discord’s signatures).',
    );
  } else ready.push('HTTP interactions endpoint on');
  if (config.DISCORD_TOKEN === undefined) {
    missing.push(
      'DISCORD_TOKEN is not set: no gateway connection, answers that outlive the interaction token cannot be posted, and quizzes must finish within 15 minutes (they post through the /quiz start interaction) and cannot survive a restart.',
    );
  } else ready.push('gateway on');
  if (config.DISCORD_APPLICATION_ID === undefined) {
    missing.push(
      'DISCORD_APPLICATION_ID is not set: `grundy register` needs it to register the slash commands.',
    );
  }
  return { ready, missing };
}

export async function startServer(config: Config, logger: Logger, deps: ServerDeps): Promise<RunningServer> {
  const now = deps.now ?? Date.now;
  const metrics = deps.metrics ?? createMetrics({ defaultMetrics: false });
  const publicKey: KeyObject | undefined =
    config.DISCORD_PUBLIC_KEY === undefined ? undefined : publicKeyFromHex(config.DISCORD_PUBLIC_KEY);
  const catalog = deps.catalog ?? (await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE));
  const games = catalog.games;
  const runs = new RunRegistry();

  const rest = new REST({ api: config.DISCORD_API_BASE });
  if (config.DISCORD_TOKEN !== undefined) rest.setToken(config.DISCORD_TOKEN);

  const quizLogger = logger.child({ component: 'quiz' });
  const quizStore = deps.quiz?.store ?? createQuizStore(config);
  const poster = createQuizPoster({
    rest,
    // Without the bot token, quiz posts ride on the /quiz start interaction's webhook.
    mode: config.DISCORD_TOKEN === undefined ? 'webhook' : 'channel',
    logger: quizLogger,
    now,
    games,
  });
  const breakMs = deps.quiz?.breakMs ?? quizRunnerDefaults.breakMs;
  const quizRunner = createQuizRunner({
    store: quizStore,
    solver: deps.service,
    emit: (event) => poster.emit(event),
    catalog,
    breakMs,
    ...(deps.quiz?.clock === undefined ? {} : { clock: deps.quiz.clock }),
    onError: (error, context) => quizLogger.warn({ err: safeError(error), context }, 'quiz step failed'),
  });
  const closeQuizzes = async (): Promise<void> => {
    await quizRunner.close();
    if (deps.quiz?.store === undefined) await quizStore.close();
  };

  const shared = await openSharedBotState(config, logger, now);
  const playStore = deps.play?.store ?? createPlayStore(config);
  const playService = new PlayService({
    store: playStore,
    findGame: (id) => catalog.findGame(id),
    now,
    newId: () => randomBytes(8).toString('hex'),
  });
  const closePlay = async (): Promise<void> => {
    if (deps.play?.store === undefined) await playStore.close();
  };

  const dispatcher = createDispatcher({
    service: deps.service,
    quiz: { runner: quizRunner, poster, breakMs },
    play: { service: playService, randomSeed: () => randomInt(2 ** 31) },
    logger: logger.child({ component: 'bot' }),
    metrics,
    games,
    settings: botSettingsFromConfig(config, deps.settings),
    runs,
    rateLimit: shared.rateLimit,
    now,
  });

  const api = createApi({
    service: deps.service,
    catalog,
    play: playService,
    rateLimit: shared.rateLimit,
    inlineCostMs: config.INLINE_COST_MS,
    proxyHops: config.TRUST_PROXY_HOPS,
    logger: logger.child({ component: 'api' }),
    randomSeed: () => randomInt(2 ** 31),
    now,
  });

  let client: Client | undefined;
  let detachGateway: (() => void) | undefined;
  let gatewayState = config.DISCORD_TOKEN === undefined ? 'off (no DISCORD_TOKEN)' : 'off';
  if (config.DISCORD_TOKEN !== undefined && deps.gateway !== false) {
    client = createGatewayClient(config.DISCORD_API_BASE);
    detachGateway = attachGateway(client, dispatcher, logger.child({ component: 'gateway' }), now);
    const gatewayClient = client;
    gatewayState = 'connecting';
    // An 'error' event without a listener would crash the process.
    gatewayClient.on(Events.Error, (error) => logger.error({ err: safeError(error) }, 'gateway error'));
    gatewayClient.on(Events.ShardDisconnect, () => {
      gatewayState = 'reconnecting';
    });
    for (const back of [Events.ShardResume, Events.ShardReady] as const) {
      gatewayClient.on(back, () => {
        gatewayState = 'connected';
      });
    }
    gatewayClient.once(Events.ClientReady, () => {
      gatewayState = 'connected';
      logger.info({ user: gatewayClient.user?.tag }, 'gateway connected');
    });
    gatewayClient.login(config.DISCORD_TOKEN).catch((error: unknown) => {
      gatewayState = 'login failed';
      logger.error(
        { err: safeError(error) },
        'gateway login failed (check DISCORD_TOKEN); the HTTP endpoint keeps running',
      );
    });
  }

  const handler = createRequestHandler({
    logger: logger.child({ component: 'http' }),
    metrics,
    dispatcher,
    rest,
    publicKey,
    health: () => deps.service.health(),
    status: () => ({
      interactionsEndpoint: publicKey === undefined ? 'off (no DISCORD_PUBLIC_KEY)' : 'on',
      gateway: gatewayState,
      inFlight: dispatcher.inFlight,
      uptimeSeconds: Math.round(process.uptime()),
    }),
    replays: shared.replays,
    now,
    api,
    web: createStaticSite(deps.webRoot),
  });
  let http;
  try {
    http = await listen(handler, config.HOST, config.PORT, httpLimitsFromConfig(config));
  } catch (error) {
    detachGateway?.();
    if (client !== undefined) await destroyGatewayClient(client, logger);
    await dispatcher.close(0);
    await closeQuizzes();
    await shared.close();
    await closePlay();
    throw error;
  }
  const running = http;
  let admin: RunningHttpServer | undefined;
  if (deps.adminHandler !== undefined) {
    try {
      admin = await startAdminListener(config, deps.adminHandler);
    } catch (error) {
      await running.close();
      detachGateway?.();
      await client?.destroy();
      await dispatcher.close(0);
      await closeQuizzes();
      await shared.close();
      throw error;
    }
  }
  await resumeQuizzes(quizStore, quizRunner, poster, quizLogger);

  let closing: Promise<void> | undefined;
  const step = async (name: string, fn: () => unknown): Promise<void> => {
    try {
      await fn();
    } catch (error) {
      logger.warn({ err: safeError(error), step: name }, 'error while closing');
    }
  };
  return {
    url: running.url,
    adminUrl: admin?.url,
    dispatcher,
    quiz: quizRunner,
    client,
    rest,
    close() {
      closing ??= (async () => {
        const httpClosed = running.close();
        const adminClosed = admin?.close();
        await step('gateway', async () => {
          detachGateway?.();
          if (client !== undefined) await destroyGatewayClient(client, logger);
        });
        await step('api', () => api.close());
        await step('dispatcher', () => dispatcher.close(deps.graceMs ?? 10_000));
        await step('quizzes', closeQuizzes);
        await step('play', closePlay);
        await step('http', async () => {
          running.server.closeAllConnections();
          admin?.server.closeAllConnections();
          await httpClosed;
          await adminClosed;
        });
        await step('shared state', () => shared.close());
        await step('rest', () => {
          rest.clearHashSweeper();
          rest.clearHandlerSweeper();
        });
      })();
      return closing;
    },
  };
}

/**
 * After a restart: re-arms the timers of stored quizzes and posts what a dead process left undelivered. A quiz
 * that posted through a /quiz start interaction (no DISCORD_TOKEN) has lost its way to post, so it is stopped.
 * A failure is logged, not fatal: a click on a quiz re-arms its timer too.
 */
async function resumeQuizzes(
  store: QuizStore,
  runner: QuizRunner,
  poster: QuizPoster,
  logger: Logger,
): Promise<void> {
  try {
    if (poster.mode === 'webhook') {
      for (const { channelId } of await store.listActive()) {
        const { state } = await store.load(channelId);
        if (!isActive(state)) continue;
        await runner.stop({ channelId, userId: state.starterId, canManage: true });
        logger.warn(
          { channelId, quizId: state.quizId },
          'stopped a quiz left running by the previous process: without DISCORD_TOKEN it cannot post any more',
        );
      }
    }
    const resumed = await runner.resumeAll();
    if (resumed > 0) logger.info({ quizzes: resumed }, 'quizzes resumed');
  } catch (error) {
    logger.error({ err: safeError(error) }, 'could not resume the stored quizzes');
  }
}

export interface ServeOptions {
  /** Stops the server like SIGTERM (tests, embedding). */
  readonly signal?: AbortSignal;
  /** Called once listening, with the base URL. */
  readonly onListening?: (url: string) => void;
  /** Where logs go (default stderr). */
  readonly logStream?: NodeJS.WritableStream;
  /** Where start-up errors are written (default process.stderr). */
  readonly stderr?: { write(text: string): unknown };
}

/**
 * `grundy serve` once its command line is read (src/cli/serve.ts): runs until SIGTERM/SIGINT (or
 * `options.signal`); returns the exit code.
 */
export async function runServe(
  env: NodeJS.ProcessEnv = process.env,
  options: ServeOptions = {},
): Promise<number> {
  const stderr = options.stderr ?? process.stderr;
  let config: Config;
  try {
    config = loadConfig(env);
    if (config.DISCORD_PUBLIC_KEY !== undefined) publicKeyFromHex(config.DISCORD_PUBLIC_KEY);
    checkAdminSetup(config);
  } catch (error) {
    stderr.write(`grundy serve: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const logger = createLogger(config.LOG_LEVEL, options.logStream).child({ role: 'serve' });
  const metrics = createMetrics();

  const stop = new EventEmitter();
  let stopReason = '';
  const onSignal = (signal: NodeJS.Signals | 'abort'): void => {
    if (stopReason === '' && signal !== 'abort') armShutdownDeadline('serve', stderr);
    stopReason ||= signal;
    stop.emit('stop');
  };
  const stopped = new Promise<void>((resolve) => stop.once('stop', resolve));
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const onAbort = (): void => onSignal('abort');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted === true) onAbort();

  let service: SolveService | undefined;
  let server: RunningServer | undefined;
  try {
    try {
      const catalog = await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE);
      const { createSolveService } = await import('./jobs/service.js');
      service = await createSolveService(config, logger, { metrics, catalog });
      let adminHandler: NodeRequestHandler | undefined;
      if (config.BULL_BOARD) {
        const { bullBoardFor } = await import('./jobs/bull-board.js');
        adminHandler = bullBoardFor(config, service);
        if (adminHandler === undefined)
          logger.warn('BULL_BOARD is on but there is no queue (REDIS_URL unset): no board');
      }
      server = await startServer(config, logger, {
        service,
        metrics,
        graceMs: SHUTDOWN_GRACE_MS,
        catalog,
        ...(adminHandler === undefined ? {} : { adminHandler }),
      });
    } catch (error) {
      logger.error({ err: safeError(error) }, 'grundy serve could not start');
      stderr.write(`grundy serve: ${error instanceof Error ? error.message : String(error)}\n`);
      return error instanceof InputError ? 2 : 1;
    }
    const setup = describeDiscordSetup(config);
    logger.info(
      {
        url: server.url,
        interactions: `${server.url}/interactions`,
        api: config.DISCORD_API_BASE,
        ready: setup.ready,
      },
      'grundy serve listening',
    );
    if (server.adminUrl !== undefined) {
      logger.info({ adminUrl: `${server.adminUrl}/admin/queues` }, 'Bull Board on the admin listener');
    }
    for (const line of setup.missing) logger.warn(line);
    options.onListening?.(server.url);
    await stopped;
    logger.info({ signal: stopReason }, 'stopping: no new interactions; letting running solves finish');
    return 0;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    options.signal?.removeEventListener('abort', onAbort);
    await server?.close();
    try {
      await service?.close();
    } catch (error) {
      logger.warn({ err: safeError(error) }, 'error while closing the solve service');
    }
    logger.info('stopped');
    logger.flush();
  }
}
