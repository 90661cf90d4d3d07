/**
 * The HTTP side of `grundy serve`, a thin router: the signed interactions endpoint (POST /interactions),
 * GET /healthz, GET /metrics, the JSON API under /api (src/http/api/) and the page's files at / (static.ts).
 * (Bull Board has its own listener: src/http/admin.ts.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { InteractionResponseType, MessageFlags, type REST } from 'discord.js';
import type { Config } from '../config.js';
import type { Dispatcher } from '../bot/dispatch.js';
import { parseRawInteraction } from '../bot/interaction/request.js';
import { createHttpResponder, type InteractionCallback } from '../bot/transport/http-responder.js';
import { MemoryReplayGuard, type ReplayGuard } from '../bot/interaction/replay-guard.js';
import { safeError } from '../bot/interaction/safe-error.js';
import type { HealthReport } from '../jobs/types.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import { checkSignature } from './verify.js';
import { BodyTooLarge, header, readBody, refuseBody, sendJson, sendText } from './respond.js';
import type { Api } from './api/index.js';
import type { StaticSite } from './static.js';

export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Interaction payloads are a few kB; anything this big is not from Discord. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const ADMIN_PATH = '/admin/queues';

export interface HttpAppDeps {
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly dispatcher: Dispatcher;
  /** REST client for webhook follow-ups and channel posts (api = DISCORD_API_BASE). */
  readonly rest: REST;
  /** Undefined when DISCORD_PUBLIC_KEY is not set: the endpoint then answers 503. */
  readonly publicKey: KeyObject | undefined;
  readonly health: () => Promise<HealthReport>;
  /** Extra facts for /healthz (transports, uptime). */
  readonly status: () => Record<string, unknown>;
  /** Remembers interaction ids (default: this process only). */
  readonly replays?: ReplayGuard | undefined;
  readonly now: () => number;
  /** The JSON API under /api (absent: /api is 404 like any unknown path). */
  readonly api?: Api | undefined;
  /** The page's files at / (absent: no page). */
  readonly web?: StaticSite | undefined;
}

async function handleInteraction(
  deps: HttpAppDeps,
  replays: ReplayGuard,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { logger, metrics } = deps;
  if (deps.publicKey === undefined) {
    sendJson(res, 503, { error: 'DISCORD_PUBLIC_KEY is not set, so Discord’s requests cannot be verified.' });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge)
      refuseBody(req, res, { error: `request body too large (at most ${MAX_BODY_BYTES} bytes)` });
    else res.destroy();
    return;
  }
  const receivedAt = deps.now();
  const check = checkSignature(
    deps.publicKey,
    header(req, 'x-signature-ed25519'),
    header(req, 'x-signature-timestamp'),
    body,
    receivedAt,
  );
  if (check !== 'ok') {
    metrics.interactions.inc({ kind: 'http', outcome: 'unauthorized' });
    logger.warn({ reason: check }, 'refused an interaction request: bad signature');
    sendJson(res, 401, {
      error: check === 'stale' ? 'stale request timestamp' : 'invalid request signature',
    });
    return;
  }
  let parsed;
  try {
    parsed = parseRawInteraction(JSON.parse(body.toString('utf8')), receivedAt);
  } catch {
    sendJson(res, 400, { error: 'not an interaction payload' });
    return;
  }
  if (parsed.kind === 'ping') {
    metrics.interactions.inc({ kind: 'ping', outcome: 'ok' });
    sendJson(res, 200, { type: InteractionResponseType.Pong });
    return;
  }
  if (parsed.kind === 'unsupported') {
    sendJson(res, 400, { error: `interaction type ${parsed.type} is not handled by Grundy` });
    return;
  }
  if (!(await replays.firstSight(parsed.request.interactionId))) {
    metrics.interactions.inc({ kind: 'http', outcome: 'replay' });
    logger.warn({ interactionId: parsed.request.interactionId }, 'refused a replayed interaction');
    sendJson(res, 200, {
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        content: 'Grundy already received this interaction; its answer is on its way or already posted.',
        flags: MessageFlags.Ephemeral,
        allowed_mentions: { parse: [] },
      },
    });
    return;
  }
  let answered = false;
  const respond = (callback: InteractionCallback): void => {
    if (answered) throw new Error('the interaction was already answered');
    answered = true;
    sendJson(res, 200, callback);
  };
  const responder = createHttpResponder({
    rest: deps.rest,
    applicationId: parsed.request.applicationId,
    token: parsed.token,
    respond,
  });
  await deps.dispatcher.handle(parsed.request, responder);
  if (!answered) {
    logger.error({ interactionId: parsed.request.interactionId }, 'an interaction ended without a response');
    sendJson(res, 500, { error: 'no response' });
  }
}

async function handleHealth(deps: HttpAppDeps, res: ServerResponse): Promise<void> {
  let report: HealthReport;
  try {
    report = await deps.health();
  } catch (error) {
    // The reason may name hosts and ports: it goes to the log, not to whoever asks.
    deps.logger.warn({ err: safeError(error) }, 'health check failed');
    report = { ok: false, redis: 'down', detail: 'the health check failed; see the logs' };
  }
  sendJson(res, report.ok ? 200 : 503, { ...report, ...deps.status() });
}

export function createRequestHandler(deps: HttpAppDeps): NodeRequestHandler {
  const replays = deps.replays ?? new MemoryReplayGuard(undefined, deps.now);
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const task = (async () => {
      if (path === '/interactions') {
        if (req.method !== 'POST') return sendText(res, 405, 'POST only');
        return handleInteraction(deps, replays, req, res);
      }
      if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD'))
        return handleHealth(deps, res);
      if (path === '/metrics' && req.method === 'GET') {
        return sendText(res, 200, await deps.metrics.registry.metrics(), deps.metrics.registry.contentType);
      }
      if (deps.api !== undefined && (await deps.api.handle(req, res, path))) return;
      if (deps.web !== undefined && (await deps.web.handle(req, res, path))) return;
      return sendText(res, 404, 'Not found');
    })();
    task.catch((error: unknown) => {
      deps.logger.error({ err: safeError(error), path }, 'HTTP request failed');
      sendJson(res, 500, { error: 'internal error' });
    });
  };
}

export interface RunningHttpServer {
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

/** Timeouts and the connection cap of a listener (HTTP_* settings). */
export interface HttpLimits {
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly maxConnections: number;
}

export const defaultHttpLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
} as const satisfies HttpLimits;

export function httpLimitsFromConfig(config: Config): HttpLimits {
  return {
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: config.HTTP_MAX_CONNECTIONS,
  };
}

export async function listen(
  handler: NodeRequestHandler,
  host: string,
  port: number,
  limits: HttpLimits = defaultHttpLimits,
): Promise<RunningHttpServer> {
  const requestTimeout = limits.requestTimeoutMs;
  const server = createServer(
    {
      requestTimeout,
      // Node requires headersTimeout <= requestTimeout.
      headersTimeout: Math.min(limits.headersTimeoutMs, requestTimeout),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks these timeouts on this interval (default 30 s), so a short limit needs a short interval.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeout / 4))),
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
