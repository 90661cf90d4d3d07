/**
 * Attachment fetches cannot be turned against the network (SSRF): only the allowed origins (scheme, host and
 * port together) are contacted, redirects elsewhere are not followed, and a file's content never reaches an
 * error shown in the channel. Real HTTP servers on loopback stand in for the CDN and for what must stay unreached.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readAttachmentText, type AttachmentLimits } from '../../src/bot/transport/attachments.js';
import type { AttachmentRef } from '../../src/bot/interaction/request.js';
import { InputError } from '../../src/core/errors.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { chatInput, postInteraction } from '../support/interactions.js';

interface Site {
  readonly origin: string;
  readonly hits: string[];
  close(): Promise<void>;
}

async function site(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Site> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('attachment fetches', () => {
  let cdn: Site;
  let inside: Site;
  let limits: AttachmentLimits;
  beforeAll(async () => {
    // What must never be contacted: another port on the same host (think: Redis on 6379).
    inside = await site((_req, res) => res.end('{"aws_secret":"inside"}'));
    cdn = await site((req, res) => {
      if (req.url === '/to-inside') res.writeHead(302, { location: `${inside.origin}/secret` }).end();
      else if (req.url === '/to-cdn') res.writeHead(301, { location: '/cards.txt' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.end('2 6 3');
    });
    limits = { textBytes: 1024, streamBytes: 4096, origins: [cdn.origin], timeoutMs: 5_000 };
  });
  afterAll(async () => {
    await cdn.close();
    await inside.close();
  });

  const file = (url: string): AttachmentRef => ({
    kind: 'attachment',
    id: '1',
    filename: 'cards.txt',
    size: 5,
    url,
    contentType: 'text/plain',
  });

  async function refusal(url: string): Promise<InputError> {
    const error = await readAttachmentText(file(url), limits, 'numbers').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }

  test('an allowed origin is read, and a redirect within it is followed', async () => {
    expect(await readAttachmentText(file(`${cdn.origin}/cards.txt`), limits, 'numbers')).toBe('2 6 3');
    expect(await readAttachmentText(file(`${cdn.origin}/to-cdn`), limits, 'numbers')).toBe('2 6 3');
  });

  test('the same host on another port is never contacted', async () => {
    const error = await refusal(`${inside.origin}/secret`);
    expect(error.message).toMatch(/only read over https from Discord’s CDN/);
    expect(inside.hits).toEqual([]);
  });

  test('a redirect to another origin is not followed', async () => {
    const error = await refusal(`${cdn.origin}/to-inside`);
    expect(error.message).toMatch(/only read over https from Discord’s CDN/);
    expect(inside.hits).toEqual([]);
    await refusal(`${cdn.origin}/loop`);
  });

  test('Discord’s CDN only over https on the default port, without credentials', async () => {
    const discord = {
      ...limits,
      origins: ['https://cdn.discordapp.com', 'https://media.discordapp.net'],
    };
    for (const url of [
      'http://cdn.discordapp.com/attachments/1/2/cards.txt',
      'https://cdn.discordapp.com:6379/attachments/1/2/cards.txt',
      'https://user:pass@cdn.discordapp.com/attachments/1/2/cards.txt',
      'https://cdn.discordapp.com.evil.example/attachments/1/2/cards.txt',
    ]) {
      const error = await readAttachmentText(file(url), discord, 'numbers').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(InputError);
    }
  });
});

describe('a file’s content in error messages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('what a bad file holds is not shown in the channel; where it went wrong is', async () => {
    const secret = '{"aws_secret":"AKIAIOSFODNN7EXAMPLE"} 3 4';
    const attachment = h.fake.addAttachment('keys.txt', secret);
    const built = chatInput(h.games, 'seagm', { file: attachment }, { fake: h.fake });
    expect((await postInteraction(h.server.url, h.keys, built.payload)).status).toBe(200);
    const shown = await h.fake.waitFor(
      (r) => r.params['token'] === built.token && r.route === 'POST /webhooks/:app/:token',
    );
    const content = (shown.body as { content: string }).content;
    expect(content).toMatch(/^⚠️ card 1 is \(a value not shown\), but the numbers must be/);
    expect(content).toContain('(in the attached file "keys.txt")');
    for (const leaked of ['aws_secret', 'AKIA', '{"']) expect(content).not.toContain(leaked);
    expect(h.fake.problems).toEqual([]);
  });
});
