/**
 * What every route of the public listener shares: reading a capped body, writing JSON or text with the same
 * security headers, and refusing an oversized body without reading it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sent with every response of the public listener (the page adds its Content-Security-Policy). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
} as const satisfies Record<string, string>;

export type ExtraHeaders = Readonly<Record<string, string | number>>;

export class BodyTooLarge extends Error {}

/**
 * The body, up to `limit` bytes. Past the limit (declared or counted) it stops reading at once: the socket is
 * paused, so a client streaming gigabytes only fills its own buffers until `refuseBody` closes the connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.pause();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** How long a refused connection may linger so the 413 reaches the client before the socket is destroyed. */
const REFUSE_LINGER_MS = 500;

/** 413 with `Connection: close`, then the connection ends without reading another byte of the body. */
export function refuseBody(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  const socket = req.socket;
  const text = JSON.stringify(body);
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  });
  res.end(text, () => {
    // FIN after the response; the unread body is dropped with the socket shortly after.
    socket.end();
    setTimeout(() => socket.destroy(), REFUSE_LINGER_MS).unref();
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: ExtraHeaders = {},
): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Bytes (a PNG, a static file) with their type; HEAD gets the headers only. */
export function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Uint8Array,
  contentType: string,
  headers: ExtraHeaders = {},
): void {
  if (res.headersSent) return;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    ...headers,
    'content-type': contentType,
    'content-length': bytes.byteLength,
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
