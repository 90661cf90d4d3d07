/**
 * The HTTP side of `grundy serve`: the signed interactions endpoint (POST /interactions), GET /healthz,
 * GET /metrics and, when enabled, the read-only Bull Board under /admin/queues.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { InteractionResponseType, type REST } from 'discord.js';
import type { Dispatcher } from '../bot/dispatch.js';
import { parseRawInteraction } from '../bot/interaction/request.js';
import { createHttpResponder, type InteractionCallback } from '../bot/transport/http-responder.js';
import { safeError } from '../bot/interaction/safe-error.js';
import type { HealthReport } from '../jobs/types.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import { checkSignature } from './verify.js';

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
  readonly adminHandler?: NodeRequestHandler | undefined;
  readonly now: () => number;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function handleInteraction(
  deps: HttpAppDeps,
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
    if (error instanceof BodyTooLarge) sendJson(res, 413, { error: 'request body too large' });
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
    report = { ok: false, redis: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
  sendJson(res, report.ok ? 200 : 503, { ...report, ...deps.status() });
}

export function createRequestHandler(deps: HttpAppDeps): NodeRequestHandler {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const task = (async () => {
      if (path === '/interactions') {
        if (req.method !== 'POST') return sendText(res, 405, 'POST only');
        return handleInteraction(deps, req, res);
      }
      if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD'))
        return handleHealth(deps, res);
      if (path === '/metrics' && req.method === 'GET') {
        return sendText(res, 200, await deps.metrics.registry.metrics(), deps.metrics.registry.contentType);
      }
      if (deps.adminHandler !== undefined && (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`))) {
        return deps.adminHandler(req, res);
      }
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

export async function listen(
  handler: NodeRequestHandler,
  host: string,
  port: number,
): Promise<RunningHttpServer> {
  const server = createServer(handler);
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
