/**
 * The admin listener: Bull Board (BULL_BOARD=1) on its own HOST:PORT, ADMIN_HOST:ADMIN_PORT, bound to loopback
 * by default; anywhere else only behind Basic credentials from the environment. The public listener never
 * serves it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { InputError } from '../core/errors.js';
import { httpLimitsFromConfig, listen, type NodeRequestHandler, type RunningHttpServer } from './server.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.');
}

/** Refuses an admin setup that would put the board on the network unguarded, or half-set credentials. */
export function checkAdminSetup(config: Config): void {
  if (!config.BULL_BOARD) return;
  const user = config.BULL_BOARD_USER;
  const password = config.BULL_BOARD_PASSWORD;
  if ((user === undefined) !== (password === undefined)) {
    throw new InputError('Bad configuration: set both BULL_BOARD_USER and BULL_BOARD_PASSWORD, or neither.');
  }
  if (user === undefined && !isLoopbackHost(config.ADMIN_HOST)) {
    throw new InputError(
      `Bad configuration: BULL_BOARD on ADMIN_HOST=${config.ADMIN_HOST} would show the queue to the network; ` +
        'set BULL_BOARD_USER and BULL_BOARD_PASSWORD, or keep ADMIN_HOST=127.0.0.1 (the default).',
    );
  }
}

/** Compares digests, so neither the length nor the content leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Wraps `handler` in HTTP Basic authentication. */
export function requireBasicAuth(
  handler: NodeRequestHandler,
  user: string,
  password: string,
): NodeRequestHandler {
  return (req, res) => {
    const header = req.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    const decoded = match?.[1] === undefined ? '' : Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const ok =
      colon >= 0 &&
      sameSecret(decoded.slice(0, colon), user) &&
      sameSecret(decoded.slice(colon + 1), password);
    if (!ok) {
      res.writeHead(401, {
        'www-authenticate': 'Basic realm="Grundy admin", charset="UTF-8"',
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end('Authentication required');
      return;
    }
    handler(req, res);
  };
}

/** Starts the admin listener for `handler` (the board); the caller closes it. */
export async function startAdminListener(
  config: Config,
  handler: NodeRequestHandler,
): Promise<RunningHttpServer> {
  checkAdminSetup(config);
  const guarded =
    config.BULL_BOARD_USER !== undefined && config.BULL_BOARD_PASSWORD !== undefined
      ? requireBasicAuth(handler, config.BULL_BOARD_USER, config.BULL_BOARD_PASSWORD)
      : handler;
  return listen(guarded, config.ADMIN_HOST, config.ADMIN_PORT, httpLimitsFromConfig(config));
}
