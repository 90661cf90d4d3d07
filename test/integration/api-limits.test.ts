/**
 * The API's limits and the page's files, on `startServer` in this process: the per-client rate limit shared
 * with the bot (429 + Retry-After), the body cap (413 without reading the body), field caps, and the static
 * files of a web folder at / with their types and Content-Security-Policy, and nothing outside that folder.
 */
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { API_MAX_BODY_BYTES, clientAddress } from '../../src/http/api/index.js';
import { PAGE_CSP } from '../../src/http/static.js';
import { createSolveService } from '../../src/jobs/service.js';
import type { SolveService } from '../../src/jobs/types.js';
import { startServer, type RunningServer } from '../../src/serve.js';
import { ApiClient } from './api-helpers.js';
import { quietLogger } from './helpers.js';
import { testCatalog } from '../support/bot-harness.js';

const PER_MINUTE = 4;

let service: SolveService;
let server: RunningServer;
let api: ApiClient;
let web: string;

beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), 'grundy-web-'));
  await mkdir(join(web, 'css'));
  await writeFile(
    join(web, 'index.html'),
    '<!doctype html><title>Grundy</title><script src="app.js"></script>',
  );
  await writeFile(join(web, 'app.js'), 'console.log("hi");');
  await writeFile(join(web, 'css', 'page.css'), 'body { margin: 0 }');
  await writeFile(join(web, '.env'), 'SECRET=1');
  await writeFile(join(web, 'notes.md'), '# not served');
  await symlink('/etc/hostname', join(web, 'host.txt'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  });
  const catalog = await testCatalog();
  service = await createSolveService(config, quietLogger, { catalog });
  server = await startServer(config, quietLogger, {
    service,
    catalog,
    gateway: false,
    graceMs: 500,
    webRoot: web,
  });
  api = new ApiClient(server.url);
});

afterAll(async () => {
  await server.close();
  await service.close();
  await rm(web, { recursive: true, force: true });
});

/** A POST that declares a body of `bytes` and sends none of it: the answer must come from the header alone. */
function declareBody(
  bytes: number,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/solve',
      headers: { 'content-type': 'application/json', 'content-length': bytes },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

function rawGet(path: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'GET', path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('limits', () => {
  test('a body over the cap: 413 at once, the connection closed, nothing read', async () => {
    const answer = await declareBody(API_MAX_BODY_BYTES + 1);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      error: { message: `The request body is too large: at most ${API_MAX_BODY_BYTES} bytes.` },
    });
  });

  test(`the per-client limit (${PER_MINUTE} a minute, the 413 above counted): then 429 with Retry-After`, async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < PER_MINUTE + 1; i++) {
      last = await api.post('/api/solve', { game: 'seagm', options: { numbers: '2 6 3' } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(last?.headers.get('retry-after'))).toBeLessThanOrEqual(60 / PER_MINUTE);
    // Reading is not counted: the page polls jobs and fetches pictures freely.
    expect((await api.get('/api/games')).status).toBe(200);
  });
});

describe('the page at /', () => {
  test('/ is index.html, with the CSP and the security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(PAGE_CSP).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Grundy</title>');
  });

  test.each([
    ['/app.js', 'text/javascript; charset=utf-8'],
    ['/css/page.css', 'text/css; charset=utf-8'],
  ])('%s is served as %s', async (path, type) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  test('HEAD gets the headers only', async () => {
    const response = await fetch(`${server.url}/app.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('18');
    expect(await response.text()).toBe('');
  });

  test.each([
    '/.env',
    '/notes.md',
    '/host.txt',
    '/%2e%2e/package.json',
    '/css/%2e%2e/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/css/',
    '/missing.js',
    '/%E0%A4%A.js',
  ])('%s is not served (404)', async (path) => {
    expect(await rawGet(path)).toBe(404);
  });

  test('POST to a page file is not served', async () => {
    expect((await fetch(`${server.url}/app.js`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the client address behind reverse proxies (TRUST_PROXY_HOPS)', () => {
  /** What `clientAddress` makes of a real request carrying `forwarded`, with `hops` trusted proxies. */
  async function addressFor(hops: number, forwarded: string | undefined): Promise<string> {
    const echo = createServer((req, res) => res.end(clientAddress(req, hops)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = echo.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      });
      return await response.text();
    } finally {
      await new Promise((resolve) => echo.close(resolve));
    }
  }

  test.each([
    [0, '203.0.113.9', '127.0.0.1'],
    [1, undefined, '127.0.0.1'],
    [1, '203.0.113.9', '203.0.113.9'],
    [1, '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    [2, '198.51.100.1, 203.0.113.9', '198.51.100.1'],
    [3, '198.51.100.1, 203.0.113.9', '198.51.100.1'],
    [1, '198.51.100.1, not-an-address', '127.0.0.1'],
  ])('hops %i, X-Forwarded-For %s: %s', async (hops, forwarded, expected) => {
    expect(await addressFor(hops, forwarded)).toBe(expected);
  });
});
