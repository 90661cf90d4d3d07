/**
 * A stand-in for Discord's REST API for `grundy dev` (not for tests: they use test/support/fake-discord.ts,
 * which also checks every request against Discord's OpenAPI description): answers the routes the bot uses,
 * prints each message as a person would see it, serves attachments; and slash-command payloads built from
 * `/cmd name=value` words.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationCommandOptionType, type APIEmbed } from 'discord.js';
import { commandBodies } from '../bot/commands/deploy.js';
import { botMessage } from '../bot/render/message.js';
import type { AnyGame } from '../core/game.js';

export const APPLICATION_ID = '1000000000000000001';
const CHANNEL_ID = '1000000000000000003';

function describeEmbed(embed: APIEmbed): string[] {
  const lines: string[] = [];
  if (embed.author?.name !== undefined) lines.push(`  [${embed.author.name}]`);
  if (embed.title !== undefined) lines.push(`  ${embed.title}`);
  if (embed.description !== undefined) lines.push(...embed.description.split('\n').map((l) => `  ${l}`));
  for (const field of embed.fields ?? [])
    lines.push(`  • ${field.name}: ${field.value.replace(/\n/g, '\n      ')}`);
  if (embed.footer?.text !== undefined) lines.push(`  — ${embed.footer.text}`);
  return lines;
}

/** One message body as a person would see it. */
export function describeMessage(body: unknown, files: readonly string[] = []): string {
  const message = (body ?? {}) as {
    content?: string;
    embeds?: APIEmbed[];
    flags?: number;
    components?: { components?: { label?: string }[] }[];
  };
  const lines: string[] = [];
  if ((message.flags ?? 0) & 64) lines.push('  (only you can see this)');
  if (message.content !== undefined && message.content !== '')
    lines.push(...message.content.split('\n').map((l) => `  ${l}`));
  for (const embed of message.embeds ?? []) lines.push(...describeEmbed(embed));
  const buttons = (message.components ?? [])
    .flatMap((row) => row.components ?? [])
    .map((c) => `[${c.label ?? '?'}]`);
  if (buttons.length > 0) lines.push(`  ${buttons.join(' ')}`);
  for (const file of files) lines.push(`  📎 ${file}`);
  return lines.join('\n');
}

/** A stand-in for Discord's REST API: answers the routes the bot uses, prints each message, serves files. */
export class StandInDiscord {
  private server: Server | undefined;
  private readonly files = new Map<string, Buffer>();
  base = '';

  constructor(private readonly print: (text: string) => void) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void this.handle(
          req.method ?? 'GET',
          decodeURIComponent(req.url ?? '/'),
          req.headers['content-type'],
          Buffer.concat(chunks),
        ).then(({ status, body, raw }) => {
          if (raw !== undefined)
            res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(raw);
          else if (body === undefined) res.writeHead(status).end();
          else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  addFile(
    name: string,
    data: Buffer,
  ): { id: string; filename: string; size: number; url: string; proxy_url: string; content_type: string } {
    const id = String(BigInt(Date.now()) << 22n);
    this.files.set(id, data);
    const url = `${this.base}/attachments/${id}/${encodeURIComponent(name)}`;
    return {
      id,
      filename: name,
      size: data.length,
      url,
      proxy_url: url,
      content_type: 'text/plain; charset=utf-8',
    };
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  }

  private async handle(
    method: string,
    url: string,
    contentType: string | undefined,
    raw: Buffer,
  ): Promise<{ status: number; body: unknown; raw?: Buffer }> {
    const file = /^\/attachments\/(\d+)\//.exec(url);
    if (file !== null) {
      const data = this.files.get(file[1] ?? '');
      return data === undefined
        ? { status: 404, body: undefined }
        : { status: 200, body: undefined, raw: data };
    }
    let body: unknown;
    const names: string[] = [];
    if (contentType?.startsWith('multipart/form-data') === true) {
      const form = await new Request(this.base, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') {
          if (key === 'payload_json') body = JSON.parse(value);
        } else names.push(`${value.name} (${value.size} bytes)`);
      }
    } else if (raw.length > 0) body = JSON.parse(raw.toString('utf8'));
    const path = url.replace(/^\/api\/v\d+/, '').split('?')[0] ?? '';
    const message = botMessage(
      { id: String(BigInt(Date.now()) << 22n), channelId: CHANNEL_ID, applicationId: APPLICATION_ID },
      body as object,
    );
    let what: string;
    if (method === 'PATCH' && path.endsWith('/messages/@original')) what = 'the reply, edited';
    else if (method === 'PATCH' && path.startsWith('/webhooks/')) what = 'a follow-up, edited';
    else if (method === 'PATCH' && path.startsWith('/channels/')) what = 'a message in the channel, edited';
    else if (method === 'DELETE') what = 'the reply, deleted';
    else if (method === 'POST' && path.startsWith('/webhooks/')) what = 'a follow-up';
    else if (method === 'POST' && path.startsWith('/channels/')) what = 'a message in the channel';
    else if (method === 'POST' && path.startsWith('/interactions/')) what = 'the first response (callback)';
    else if (method === 'PUT' && path.startsWith('/applications/')) {
      this.print(
        `── commands registered: ${(body as { name: string }[]).map((c) => `/${c.name}`).join(', ')}`,
      );
      return { status: 200, body };
    } else {
      this.print(`── ${method} ${path}: not something Discord's API offers the bot`);
      return { status: 404, body: { message: '404: Not Found', code: 0 } };
    }
    this.print(`── ${what}\n${method === 'DELETE' ? '' : describeMessage(body, names)}`);
    return method === 'DELETE' || path.startsWith('/interactions/')
      ? { status: 204, body: undefined }
      : { status: 200, body: message };
  }
}

/**
 * `/seagm numbers="2 6 3"` or `/quiz practice game=seagm` -> a chat-input interaction payload (option types
 * from the registered definitions; a word naming a subcommand holds the options after it).
 */
export function buildInteraction(
  games: readonly AnyGame[],
  words: readonly string[],
  attachment?: ReturnType<StandInDiscord['addFile']>,
): { payload: Record<string, unknown>; token: string } {
  const [commandWord, ...afterCommand] = words;
  const name = (commandWord ?? '').replace(/^\//, '');
  const command = commandBodies(games).find((c) => c.name === name);
  if (command === undefined) throw new Error(`unknown command /${name}; try /help or /games`);
  const subcommands = (command.options ?? []).filter(
    (o) => o.type === ApplicationCommandOptionType.Subcommand,
  );
  const sub = subcommands.find((o) => o.name === afterCommand[0]);
  if (subcommands.length > 0 && sub === undefined) {
    throw new Error(`/${name} needs one of: ${subcommands.map((o) => o.name).join(', ')}`);
  }
  const definition = (sub ?? command) as { options?: readonly { name: string; type: number }[] };
  const rest = sub === undefined ? afterCommand : afterCommand.slice(1);
  const values = rest.map((word) => {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new Error(`options are name=value, got "${word}"`);
    const optionName = word.slice(0, eq);
    const text = word.slice(eq + 1);
    const type: number = definition.options?.find((o) => o.name === optionName)?.type ?? 3;
    // 4 INTEGER and 10 NUMBER carry numbers; everything else typed here is text.
    return { name: optionName, type, value: type === 4 || type === 10 ? Number(text) : text };
  });
  const options: { name: string; type: number; value?: string | number; options?: typeof values }[] =
    sub === undefined ? values : [{ name: sub.name, type: 1, options: values }];
  const data: Record<string, unknown> = { id: '1000000000000000010', name, type: 1, options };
  if (attachment !== undefined) {
    options.push({ name: 'file', type: 11, value: attachment.id });
    data['resolved'] = { attachments: { [attachment.id]: attachment } };
  }
  const token = `dev-${randomBytes(24).toString('base64url')}`;
  const user = {
    id: '1000000000000000100',
    username: 'you',
    global_name: 'You',
    avatar: null,
    discriminator: '0',
  };
  return {
    token,
    payload: {
      id: String(BigInt(Date.now()) << 22n),
      application_id: APPLICATION_ID,
      type: 2,
      token,
      version: 1,
      guild_id: '1000000000000000002',
      channel_id: CHANNEL_ID,
      channel: { id: CHANNEL_ID, type: 0 },
      member: { user, roles: [], permissions: '0', nick: null },
      data,
    },
  };
}
