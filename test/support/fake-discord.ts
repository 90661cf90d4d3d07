/**
 * A fake Discord HTTP API on loopback (node:http). It records every request, validates every JSON body (or the
 * `payload_json` part of a multipart body) against Discord's OpenAPI schemas, enforces what Discord enforces
 * that the schemas cannot say (bot token on bot routes, none on webhook routes, interaction tokens that expire,
 * one initial response per interaction), and answers like Discord: 204 on interaction callbacks, message
 * objects on webhook and channel routes (and edits of messages it created; others are refused), the command
 * list on registration. It also serves attachments, as Discord's CDN would, and the route discord.js asks
 * before connecting to the gateway.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { botMessage } from '../../src/bot/render/message.js';
import { discordSchemas, type RequestSchemaName } from './discord-schema.js';
import { ChangeWaiters } from './change-waiters.js';

export interface RecordedFile {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly text: string;
  /** The bytes as sent (pictures are binary). */
  readonly data: Buffer;
}

export interface RecordedRequest {
  readonly at: number;
  readonly method: string;
  /** Path under the API version, e.g. `/webhooks/1/[token]/messages/@original` (tokens stay as sent). */
  readonly path: string;
  /** The route with ids and tokens abstracted, e.g. `PATCH /webhooks/:app/:token/messages/@original`. */
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  /** The JSON body (for multipart: the parsed `payload_json`). */
  readonly body: unknown;
  readonly files: readonly RecordedFile[];
  readonly status: number;
}

/** A message Grundy created through a channel post or a webhook follow-up, as it stands after any edits. */
export interface FakeMessage {
  readonly id: string;
  readonly channelId: string;
  readonly via: 'channel' | 'webhook';
  /** The interaction token, for follow-ups. */
  readonly token?: string;
  /** The message's fields as last sent (creation merged with every edit). */
  body: Record<string, unknown>;
  edits: number;
}

export interface FakeAttachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly url: string;
  readonly proxy_url: string;
  readonly content_type: string;
}

interface PendingDrop {
  left: number;
  readonly when: 'before' | 'after';
  readonly match: (route: string) => boolean;
}

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly name: string;
  readonly keys: readonly string[];
}

function route(method: string, template: string): Route {
  const keys: string[] = [];
  const source = template
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`), name: `${method} ${template}`, keys };
}

const routes = {
  callback: route('POST', '/interactions/:interaction/:token/callback'),
  editOriginal: route('PATCH', '/webhooks/:app/:token/messages/@original'),
  getOriginal: route('GET', '/webhooks/:app/:token/messages/@original'),
  deleteOriginal: route('DELETE', '/webhooks/:app/:token/messages/@original'),
  editFollowUp: route('PATCH', '/webhooks/:app/:token/messages/:message'),
  followUp: route('POST', '/webhooks/:app/:token'),
  channelMessage: route('POST', '/channels/:channel/messages'),
  editChannelMessage: route('PATCH', '/channels/:channel/messages/:message'),
  putGlobalCommands: route('PUT', '/applications/:app/commands'),
  putGuildCommands: route('PUT', '/applications/:app/guilds/:guild/commands'),
  gatewayBot: route('GET', '/gateway/bot'),
};
type RouteName = keyof typeof routes;

const schemaOf: Partial<Record<RouteName, RequestSchemaName>> = {
  callback: 'interactionCallback',
  editOriginal: 'webhookEdit',
  editFollowUp: 'webhookMessageEdit',
  followUp: 'webhookExecute',
  channelMessage: 'channelMessage',
  editChannelMessage: 'channelMessageEdit',
  putGlobalCommands: 'commandsPut',
  putGuildCommands: 'commandsPut',
};

const botRoutes: readonly RouteName[] = [
  'channelMessage',
  'editChannelMessage',
  'putGlobalCommands',
  'putGuildCommands',
  'gatewayBot',
];

/** A request the fake Discord may drop (socket destroyed, no response), as a flaky network would. */
export interface DropRule {
  readonly match: (request: { method: string; path: string; body: unknown }) => boolean;
  /** How many matching requests to drop (default: all). */
  times?: number;
}

export interface FakeDiscordOptions {
  /** The bot token bot routes must carry (`Authorization: Bot <token>`). */
  readonly botToken?: string;
  /** Interaction tokens registered with `issueToken` stop working after this long (Discord: 15 minutes). */
  readonly tokenTtlMs?: number;
  /** What `GET /gateway/bot` answers as the gateway's URL (default: a port where nothing listens). */
  readonly gatewayUrl?: string;
}

function snowflake(): string {
  return (
    (BigInt(Date.now() - 1_420_070_400_000) << 22n) |
    BigInt(randomBytes(2).readUInt16BE(0))
  ).toString();
}

export class FakeDiscord {
  readonly requests: RecordedRequest[] = [];
  /** Messages created by channel posts and webhook follow-ups, by id, in creation order. */
  readonly messages = new Map<string, FakeMessage>();
  /** Anything Discord would have refused: schema violations, wrong auth, unknown routes, expired tokens. */
  readonly problems: string[] = [];
  readonly botToken: string;
  /** What `GET /gateway/bot` answers as the gateway's URL; a fake gateway sets it to its own. */
  gatewayUrl: string;
  private readonly tokenTtlMs: number;
  private readonly issued = new Map<string, number>();
  private readonly channelOfToken = new Map<string, string>();
  private readonly answered = new Set<string>();
  private readonly originals = new Map<string, Record<string, unknown>>();
  private readonly attachments = new Map<string, { data: Buffer; contentType: string }>();
  private readonly waiters = new ChangeWaiters();
  /** Requests whose connection `dropNext` dropped, with when. */
  readonly droppedNext: { readonly route: string; readonly when: 'before' | 'after' }[] = [];
  private readonly nextDrops: PendingDrop[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly dropRules = new Set<DropRule>();
  /** Requests dropped by `dropConnections`, in order. */
  readonly dropped: { method: string; path: string; body: unknown }[] = [];
  private server: Server | undefined;
  private base = '';

  constructor(options: FakeDiscordOptions = {}) {
    this.botToken = options.botToken ?? 'fake-bot-token';
    this.tokenTtlMs = options.tokenTtlMs ?? 15 * 60 * 1000;
    this.gatewayUrl = options.gatewayUrl ?? 'ws://127.0.0.1:9';
  }

  /** The origin, e.g. http://127.0.0.1:1234. */
  get origin(): string {
    return this.base;
  }

  /** What DISCORD_API_BASE is set to (the REST client appends /v10). */
  get apiBase(): string {
    return `${this.base}/api`;
  }

  async start(): Promise<this> {
    discordSchemas();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.problems.push(`fake discord crashed: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.base = `http://127.0.0.1:${address.port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Destroys every open connection (keep-alive ones included), as a network failure would. */
  resetSockets(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /**
   * The next `count` requests whose route (e.g. `PATCH /webhooks/:app/:token/messages/@original`) matches lose
   * their connection: `before` Discord acts on them (nothing happens), or `after` (it acted, but the answer
   * never arrives). They are listed in `droppedNext`, not in `problems`.
   */
  dropNext(count: number, when: 'before' | 'after', match: (route: string) => boolean = () => true): void {
    this.nextDrops.push({ left: count, when, match });
  }

  private takeDrop(route: string): 'before' | 'after' | undefined {
    const rule = this.nextDrops.find((d) => d.left > 0 && d.match(route));
    if (rule === undefined) return undefined;
    rule.left--;
    this.droppedNext.push({ route, when: rule.when });
    return rule.when;
  }

  /** Starts the lifetime clock of an interaction token (as Discord does when it sends the interaction). */
  issueToken(token: string, at = Date.now(), channelId?: string): void {
    this.issued.set(token, at);
    if (channelId !== undefined) this.channelOfToken.set(token, channelId);
  }

  /** Serves `content` as an attachment, returning the resolved-attachment object an interaction carries. */
  addAttachment(
    filename: string,
    content: string | Buffer,
    contentType = 'text/plain; charset=utf-8',
  ): FakeAttachment {
    const id = snowflake();
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.attachments.set(id, { data, contentType });
    const url = `${this.base}/attachments/${id}/${encodeURIComponent(filename)}`;
    return { id, filename, size: data.length, url, proxy_url: url, content_type: contentType };
  }

  /**
   * Drops the connection of matching requests (after reading them, before answering): the caller sees the
   * socket close with no response. Returns a function that stops dropping.
   */
  dropConnections(match: DropRule['match'], times = Number.POSITIVE_INFINITY): () => void {
    const rule: DropRule = { match, times };
    this.dropRules.add(rule);
    return () => this.dropRules.delete(rule);
  }

  /** Resolves with the first recorded request (in order) matching `match`, waiting for it if need be. */
  waitFor(
    match: (request: RecordedRequest) => boolean,
    what = 'a request',
    timeoutMs = 10_000,
  ): Promise<RecordedRequest> {
    return this.waiters.until(
      () => this.requests.find(match),
      timeoutMs,
      () =>
        `timed out after ${timeoutMs} ms waiting for ${what}; got:\n${this.requests.map((r) => `  ${r.route}`).join('\n')}`,
    );
  }

  /** Resolves with the edit (PATCH) that puts an answer (an embed) in place for `token`. */
  waitForAnswerEdit(token: string, timeoutMs = 60_000): Promise<RecordedRequest> {
    return this.waitFor(
      (r) =>
        r.params['token'] === token && r.method === 'PATCH' && JSON.stringify(r.body).includes('"embeds":[{'),
      'the answer edit',
      timeoutMs,
    );
  }

  /** Requests for one interaction token (callbacks and webhook calls), in order. */
  forToken(token: string): RecordedRequest[] {
    return this.requests.filter((r) => r.params['token'] === token);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Arrival, as Discord would judge a token's age: before this process spends time parsing and validating.
    const arrivedAt = Date.now();
    const url = new URL(req.url ?? '/', this.base);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

    const attachment = /^\/attachments\/(\d+)\//.exec(url.pathname);
    if (req.method === 'GET' && attachment !== null) {
      const file = this.attachments.get(attachment[1] ?? '');
      if (file === undefined) res.writeHead(404).end();
      else
        res
          .writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length })
          .end(file.data);
      return;
    }

    const pathname = decodeURIComponent(url.pathname);
    const path = pathname.startsWith('/api/v10/') ? pathname.slice('/api/v10'.length) : pathname;
    const contentType = req.headers['content-type'];
    const { body, files } = await parseBody(raw, contentType, this.base);
    const seen = { method: req.method ?? '', path, body };
    for (const rule of this.dropRules) {
      if ((rule.times ?? 0) <= 0 || !rule.match(seen)) continue;
      rule.times = (rule.times ?? 0) - 1;
      this.dropped.push(seen);
      req.socket.destroy();
      this.waiters.changed();
      return;
    }
    const matched = (Object.entries(routes) as [RouteName, Route][]).flatMap(([name, r]) => {
      if (r.method !== req.method) return [];
      const m = r.pattern.exec(path);
      if (m === null) return [];
      const params = Object.fromEntries(r.keys.map((key, i) => [key, m[i + 1] ?? '']));
      return [{ name, route: r, params }];
    })[0];

    const drop = this.takeDrop(matched === undefined ? `${req.method ?? ''} ${path}` : matched.route.name);
    if (drop === 'before') {
      req.socket.destroy();
      return;
    }
    const problems: string[] = [];
    let status = 200;
    let reply: unknown = undefined;
    if (!url.pathname.startsWith('/api/v10/'))
      problems.push(`${req.method} ${url.pathname}: not under /api/v10`);
    if (matched === undefined) {
      status = 404;
      reply = { message: '404: Not Found', code: 0 };
      problems.push(`unexpected request ${req.method} ${path}`);
    } else {
      const { name, params } = matched;
      const authorization = req.headers.authorization;
      if (botRoutes.includes(name)) {
        if (authorization !== `Bot ${this.botToken}`) {
          status = 401;
          problems.push(
            `${matched.route.name}: needs "Authorization: Bot <token>", got ${authorization ?? 'none'}`,
          );
        }
      } else if (authorization !== undefined) {
        problems.push(`${matched.route.name}: sent an Authorization header on an interaction-token route`);
      }
      const schema = schemaOf[name];
      if (schema !== undefined) {
        const error = discordSchemas().validate(schema, body);
        if (error !== undefined) {
          status = 400;
          reply = { code: 50035, message: 'Invalid Form Body', errors: error };
          problems.push(
            `${matched.route.name}: body does not match Discord's schema:\n${error}\n${JSON.stringify(body)}`,
          );
        }
      }
      if (status === 200) {
        const mismatch = attachmentProblem(body, files);
        if (mismatch !== undefined) {
          status = 400;
          reply = { code: 50035, message: 'Invalid Form Body' };
          problems.push(`${matched.route.name}: ${mismatch}`);
        }
      }
      const token = params['token'];
      if (status === 200 && token !== undefined) {
        const issuedAt = this.issued.get(token);
        if (issuedAt !== undefined && Date.now() - issuedAt > this.tokenTtlMs) {
          status = 401;
          reply = { message: 'Invalid Webhook Token', code: 50027 };
          problems.push(
            `${matched.route.name}: used an interaction token ${Date.now() - issuedAt} ms after it was issued`,
          );
        }
      }
      if (status === 200) ({ status, reply } = this.respond(name, params, url.searchParams, body));
    }
    if (status >= 400 && reply === undefined) reply = { message: 'refused by the fake Discord', code: 0 };
    this.problems.push(...problems);
    this.requests.push({
      at: arrivedAt,
      method: req.method ?? '',
      path,
      route: matched === undefined ? `${req.method ?? ''} ${path}` : matched.route.name,
      params: matched?.params ?? {},
      query: url.searchParams,
      authorization: req.headers.authorization,
      contentType,
      body,
      files,
      status,
    });
    if (drop === 'after') req.socket.destroy();
    else if (reply === undefined) res.writeHead(status).end();
    else {
      const text = JSON.stringify(reply);
      res
        .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        .end(text);
    }
    this.waiters.changed();
  }

  /** Messages in a channel (posts, and follow-ups of interactions from it), oldest first. */
  channelMessages(channelId?: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => channelId === undefined || m.channelId === channelId);
  }

  private remember(created: Record<string, unknown>, via: 'channel' | 'webhook', token?: string): void {
    const id = String(created['id']);
    const channelId =
      via === 'webhook' ? (this.channelOfToken.get(token ?? '') ?? '0') : String(created['channel_id']);
    const { id: _id, ...body } = created;
    this.messages.set(id, { id, channelId, via, ...(token === undefined ? {} : { token }), body, edits: 0 });
  }

  private respond(
    name: RouteName,
    params: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
  ): { status: number; reply: unknown } {
    const message = (channelId: string, data: unknown): Record<string, unknown> =>
      botMessage({ id: snowflake(), channelId, applicationId: params['app'] ?? '1' }, data ?? {});
    switch (name) {
      case 'callback': {
        const token = params['token'] ?? '';
        if (this.answered.has(token)) {
          this.problems.push(
            'POST /interactions/:interaction/:token/callback: the interaction was already answered',
          );
          return {
            status: 400,
            reply: { message: 'Interaction has already been acknowledged.', code: 40060 },
          };
        }
        this.answered.add(token);
        return { status: 204, reply: undefined };
      }
      case 'editOriginal': {
        const key = params['token'] ?? '';
        const updated = message('0', { ...this.originals.get(key), ...(body as Record<string, unknown>) });
        this.originals.set(key, updated);
        return { status: 200, reply: updated };
      }
      case 'getOriginal':
        return { status: 200, reply: this.originals.get(params['token'] ?? '') ?? message('0', {}) };
      case 'deleteOriginal':
        this.originals.delete(params['token'] ?? '');
        return { status: 204, reply: undefined };
      case 'followUp': {
        if (query.get('wait') !== 'true') return { status: 204, reply: undefined };
        const created = message('0', body);
        this.remember(created, 'webhook', params['token']);
        return { status: 200, reply: created };
      }
      case 'channelMessage': {
        const created = message(params['channel'] ?? '0', body);
        this.remember(created, 'channel');
        return { status: 200, reply: created };
      }
      case 'editFollowUp':
      case 'editChannelMessage': {
        const id = params['message'] ?? '';
        const known = this.messages.get(id);
        const where =
          name === 'editChannelMessage'
            ? known?.via === 'channel' && known.channelId === params['channel']
            : known?.via === 'webhook' && known.token === params['token'];
        if (known === undefined || !where) {
          this.problems.push(`${routes[name].name}: no such message ${id} there`);
          return { status: 404, reply: { message: 'Unknown Message', code: 10008 } };
        }
        known.body = { ...known.body, ...(body as Record<string, unknown>) };
        known.edits++;
        return { status: 200, reply: message(known.channelId, { ...known.body, id }) };
      }
      case 'putGlobalCommands':
      case 'putGuildCommands': {
        const commands = (body as Record<string, unknown>[]).map((command) => ({
          id: snowflake(),
          application_id: params['app'],
          version: snowflake(),
          default_member_permissions: null,
          type: 1,
          ...(params['guild'] === undefined ? {} : { guild_id: params['guild'] }),
          ...command,
        }));
        return { status: 200, reply: commands };
      }
      case 'gatewayBot':
        return {
          status: 200,
          reply: {
            url: this.gatewayUrl,
            shards: 1,
            session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
          },
        };
    }
  }
}

/**
 * What Discord checks between a multipart body's parts: every `files[n]` part is described by an `attachments`
 * entry with id n and the same filename, and every `attachment://name` an embed shows names an attachment of
 * the message (or the image shows broken).
 */
function attachmentProblem(body: unknown, files: readonly RecordedFile[]): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { data?: unknown }).data ?? body;
  if (typeof message !== 'object' || message === null) return undefined;
  const { attachments, embeds } = message as {
    attachments?: { id: string | number; filename?: string }[];
    embeds?: { image?: { url?: string }; thumbnail?: { url?: string } }[];
  };
  for (const file of files) {
    const index = /^files\[(\d+)\]$/.exec(file.field)?.[1];
    if (index === undefined) return `multipart part "${file.field}" is not files[n]`;
    const described = attachments?.find((a) => String(a.id) === index);
    if (described === undefined)
      return `files[${index}] (${file.filename}) has no attachments entry with id ${index}`;
    if (described.filename !== undefined && described.filename !== file.filename)
      return `files[${index}] is "${file.filename}" but its attachments entry says "${described.filename}"`;
  }
  const names = new Set([
    ...files.map((f) => f.filename),
    ...(attachments ?? []).map((a) => a.filename ?? ''),
  ]);
  for (const embed of embeds ?? []) {
    for (const url of [embed.image?.url, embed.thumbnail?.url]) {
      if (url?.startsWith('attachment://') === true && !names.has(url.slice('attachment://'.length)))
        return `an embed shows ${url}, but the message has no attachment of that name`;
    }
  }
  return undefined;
}

async function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  base: string,
): Promise<{ body: unknown; files: RecordedFile[] }> {
  if (raw.length === 0) return { body: undefined, files: [] };
  if (contentType?.startsWith('multipart/form-data') === true) {
    const form = await new Request(base, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
    let body: unknown = undefined;
    const files: RecordedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') body = JSON.parse(value);
      } else {
        const data = Buffer.from(await value.arrayBuffer());
        files.push({
          field,
          filename: value.name,
          contentType: value.type,
          text: data.toString('utf8'),
          data,
        });
      }
    }
    return { body, files };
  }
  const text = raw.toString('utf8');
  try {
    return { body: JSON.parse(text), files: [] };
  } catch {
    return { body: text, files: [] };
  }
}
