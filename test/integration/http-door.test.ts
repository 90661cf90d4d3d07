/**
 * The HTTP door under hostile clients, over real sockets on loopback: oversized bodies (declared or chunked) get
 * a 413 and the connection closes without the server reading on; slow requests time out; connections are capped.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/http/server.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { waitFor } from './helpers.js';

interface RawExchange {
  /** Everything the server sent. */
  readonly received: string;
  /** Body bytes the client managed to write before the server closed. */
  readonly written: number;
  /** ms from connecting until the server closed the connection. */
  readonly closedAfterMs: number;
}

/**
 * Sends `head`, then writes `chunk` as fast as the socket takes it (up to `maxBytes`) until the server closes
 * the connection; `frame` wraps each chunk (e.g. for chunked encoding).
 */
function flood(
  url: string,
  head: string,
  chunk: Buffer,
  maxBytes: number,
  frame: (chunk: Buffer) => Buffer = (c) => c,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(Number(port), hostname);
    let received = '';
    let written = 0;
    let open = true;
    const pump = (): void => {
      while (open && written < maxBytes) {
        written += chunk.length;
        if (!socket.write(frame(chunk))) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      open = false;
      resolve({ received, written, closedAfterMs: Date.now() - started });
    });
  });
}

describe('the HTTP door', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: {
        HTTP_REQUEST_TIMEOUT_MS: '1000',
        HTTP_HEADERS_TIMEOUT_MS: '800',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
        HTTP_MAX_CONNECTIONS: '4',
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  const chunk = Buffer.alloc(64 * 1024, 0x61);

  test('a huge declared body gets 413 and the connection closes at once, unread', async () => {
    const head =
      'POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${10 * 1024 ** 3}\r\n\r\n`;
    const exchange = await flood(h.server.url, head, chunk, 2 * 1024 ** 3);
    expect(exchange.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(exchange.received.toLowerCase()).toContain('connection: close');
    // The server stopped reading: the client could not push more than socket buffers hold.
    expect(exchange.written).toBeLessThan(64 * 1024 * 1024);
    expect(exchange.closedAfterMs).toBeLessThan(5_000);
  });

  test('an oversized chunked body gets 413 (not a bare reset) and the connection closes', async () => {
    const head =
      'POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const exchange = await flood(h.server.url, head, chunk, 2 * 1024 ** 3, (c) =>
      Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]),
    );
    expect(exchange.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(exchange.received).toContain(`at most ${MAX_BODY_BYTES} bytes`);
    expect(exchange.written).toBeLessThan(64 * 1024 * 1024);
    expect(exchange.closedAfterMs).toBeLessThan(5_000);
  });

  /** Connects, sends `text`, then sends nothing more; resolves with what came back and when the server closed. */
  function stall(text: string): Promise<{ received: string; closedAfterMs: number }> {
    const { hostname, port } = new URL(h.server.url);
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(Number(port), hostname, () => socket.write(text));
      let received = '';
      socket.on('data', (data: Buffer) => {
        received += data.toString('latin1');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ received, closedAfterMs: Date.now() - started }));
    });
  }

  test('a body that trickles in is cut off at the request timeout (408), headers at the headers timeout', async () => {
    const [slowBody, slowHeaders] = await Promise.all([
      stall(
        'POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"type":',
      ),
      stall('GET /healthz HTTP/1.1\r\nHost: x\r\n'),
    ]);
    expect(slowBody.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowBody.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(slowBody.closedAfterMs).toBeLessThan(4_000);
    expect(slowHeaders.closedAfterMs).toBeLessThan(4_000);
  });

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const idle = await stall('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(idle.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(idle.closedAfterMs).toBeLessThan(3_000);
  });

  test('connections beyond the cap are closed at once; the door opens again when they go', async () => {
    const { hostname, port } = new URL(h.server.url);
    const open = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket = connect(Number(port), hostname, () => resolve(socket));
        socket.on('error', () => undefined);
      });
    const held = await Promise.all([open(), open(), open(), open()]);
    // The kernel hands connections to the server in order, so the fifth is accepted after the four.
    const fifth = await stall('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(fifth.received).toBe('');
    expect(fifth.closedAfterMs).toBeLessThan(1_000);
    for (const socket of held) socket.destroy();
    const status = await waitFor('the server to take connections again', async () => {
      const response = await fetch(`${h.server.url}/healthz`).catch(() => undefined);
      return response?.status;
    });
    expect(status).toBe(200);
  });
});
