/**
 * `grundy worker`: solver workers for the queue. Run any number of them, on any number of machines, against one
 * Redis. SIGTERM or SIGINT: stop taking jobs, finish the active ones, exit 0; a second signal ends them at once
 * (they are picked up again elsewhere as stalled jobs).
 */
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import type { Config } from '../config.js';
import { GrundyError, InputError } from '../core/errors.js';
import { armShutdownDeadline, SHUTDOWN_GRACE_MS } from '../shutdown.js';
import { grundyVersion, parseCommandArgs } from './args.js';

export const workerUsage = `Usage: grundy worker [--concurrency N]

Runs solver workers for the BullMQ queue at REDIS_URL (required).
  --concurrency N   jobs solved at once, one thread each (default: WORKER_CONCURRENCY, else the CPU count)
  -h, --help        show this help

SIGTERM/SIGINT: stop taking jobs, finish the active ones (5 s; then they are stopped and go back to the queue),
exit 0. A second signal stops at once. The process ends within 10 s of the signal, even with Redis down.
Settings (environment): REDIS_URL, CACHE_REDIS_URL, GRUNDY_PREFIX, QUEUE_NAME, JOB_LOCK_MS,
STALLED_INTERVAL_MS, WORKER_METRICS_PORT, GRUNDY_EXTRA_GAMES_MODULE, LOG_LEVEL (see .env.example).`;

interface WorkerArgs {
  readonly help: boolean;
  readonly concurrency?: number;
  readonly version?: true;
}

const CONCURRENCY = 'a whole number from 1 to 256, e.g. --concurrency 4';

export function parseWorkerArgs(argv: readonly string[]): WorkerArgs {
  const { values } = parseCommandArgs(argv, { concurrency: { type: 'string', expects: CONCURRENCY } });
  const help = values['help'] === true;
  const version = values['version'] === true ? { version: true as const } : {};
  const value = values['concurrency'];
  if (typeof value !== 'string') return { help, ...version };
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new InputError(`--concurrency must be ${CONCURRENCY} (got "${value}").`);
  }
  return { help, ...version, concurrency: n };
}

function serveMetrics(port: number, render: () => Promise<string>, contentType: string): Server {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    render().then(
      (text) => res.writeHead(200, { 'content-type': contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port);
  return server;
}

/** Runs until SIGTERM/SIGINT; returns the exit code (2: bad usage or configuration, 1: could not start). */
export async function workerMain(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: WorkerArgs;
  try {
    args = parseWorkerArgs(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${workerUsage}\n`);
    return 2;
  }
  if (args.version === true) {
    process.stdout.write(`${grundyVersion()}\n`);
    return 0;
  }
  if (args.help) {
    process.stdout.write(`${workerUsage}\n`);
    return 0;
  }
  // The settings, the queue and its Redis client, logs and metrics load only now: help and a refused argument
  // answer without them (about half a second).
  const [{ loadConfig }, { createLogger }, { createMetrics }, { safeRedisUrl }, { createSolveWorker }] =
    await Promise.all([
      import('../config.js'),
      import('../log.js'),
      import('../metrics.js'),
      import('../jobs/connection.js'),
      import('../jobs/worker.js'),
    ]);
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${workerUsage}\n`);
    return 2;
  }
  if (config.REDIS_URL === undefined) {
    process.stderr.write(
      'grundy worker needs REDIS_URL, the Redis its queue lives in (e.g. REDIS_URL=redis://127.0.0.1:6379).\n' +
        'Without Redis, `grundy serve` and `grundy solve` solve in their own process and need no worker.\n',
    );
    return 2;
  }
  const logger = createLogger(config.LOG_LEVEL).child({ role: 'worker' });
  const metrics = createMetrics();
  const concurrency = args.concurrency ?? config.WORKER_CONCURRENCY ?? availableParallelism();

  // Our own handlers only (never removeAllListeners): the CLI or a test runner may have theirs.
  const signals = new EventEmitter();
  let signalCount = 0;
  let lastSignal: NodeJS.Signals = 'SIGTERM';
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    // One signal often arrives twice at once (a process group, a wrapper forwarding it): count a second one
    // only when it comes a moment later, as a person pressing Ctrl-C again would.
    if (signalCount === 1 && Date.now() - firstSignalAt < 1_000) return;
    if (signalCount === 0) {
      firstSignalAt = Date.now();
      armShutdownDeadline('worker');
    }
    signalCount++;
    lastSignal = signal;
    signals.emit('signal');
  };
  const waitForSignals = (count: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const check = (): void => {
        if (signalCount < count) return;
        signals.off('signal', check);
        resolve();
      };
      signals.on('signal', check);
      check();
    });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  let metricsServer: Server | undefined;
  try {
    let solveWorker;
    try {
      solveWorker = await createSolveWorker(config, logger, { metrics, concurrency });
    } catch (error) {
      // Expected failures (Redis unreachable, bad settings) need no stack trace; anything else does.
      if (error instanceof GrundyError)
        logger.error({ code: error.code, reason: error.message }, 'worker could not start');
      else logger.error({ err: error }, 'worker could not start');
      process.stderr.write(`grundy worker: ${error instanceof Error ? error.message : String(error)}\n`);
      return error instanceof InputError ? 2 : 1;
    }
    if (config.WORKER_METRICS_PORT !== undefined) {
      metricsServer = serveMetrics(
        config.WORKER_METRICS_PORT,
        () => metrics.registry.metrics(),
        metrics.registry.contentType,
      );
    }
    logger.info(
      {
        concurrency,
        queue: config.QUEUE_NAME,
        prefix: config.GRUNDY_PREFIX,
        redis: safeRedisUrl(config.REDIS_URL),
      },
      'worker ready',
    );
    await waitForSignals(1);
    logger.info(
      { signal: lastSignal },
      'stopping: no new jobs; finishing the active ones (signal again to stop at once)',
    );
    const graceful = solveWorker.close().then(() => 'closed' as const);
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace over'), SHUTDOWN_GRACE_MS);
    });
    const outcome = await Promise.race([
      graceful,
      graceOver,
      waitForSignals(2).then(() => 'second signal' as const),
    ]);
    clearTimeout(graceTimer);
    const finishedGracefully = outcome === 'closed';
    if (!finishedGracefully) {
      logger.warn(
        outcome === 'second signal'
          ? 'second signal: stopping now; active jobs will be retried by other workers'
          : `active jobs did not finish within ${SHUTDOWN_GRACE_MS / 1000} s: stopping them; they will be retried by other workers`,
      );
      await solveWorker.forceClose();
    }
    logger.info('worker stopped');
    return finishedGracefully ? 0 : 1;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    metricsServer?.closeAllConnections();
    metricsServer?.close();
  }
}
