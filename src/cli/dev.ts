/**
 * Trying Grundy's Discord side with no Discord at all (see docs/discord.md):
 *   keys      a throwaway Ed25519 key pair (DISCORD_PUBLIC_KEY for `grundy serve`, the private half for `send`)
 *   api       a local stand-in for Discord's REST API that prints every message the bot sends
 *   send      signs one slash command like Discord does and POSTs it to a running `grundy serve`
 *   sandbox   all of it in one process: stand-in API, server, signed command, the messages printed, exit
 * Run with `npx tsx src/cli/dev.ts <command>` (or `node dist/cli/dev.js` after `npm run build`).
 */
import { builtInGames } from '../games/catalog.js';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApplicationCommandOptionType, type APIEmbed } from 'discord.js';
import { commandBodies } from '../bot/commands/deploy.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import { privateKeyFromHex, privateKeyToHex, publicKeyToHex, signRequest } from '../http/verify.js';

export const devUsage = `Usage: grundy dev <command>   (or npx tsx src/cli/dev.ts <command>)

  keys                                   print a new key pair: DISCORD_PUBLIC_KEY=<hex> for grundy serve,
                                         and the private key (hex) for "send"
  api [--port 8090]                      a stand-in for Discord's REST API that prints what the bot sends;
                                         run grundy serve with DISCORD_API_BASE=http://127.0.0.1:8090/api
  send --url URL --key HEX /cmd [name=value ...]
                                         sign /cmd like Discord and POST it to URL/interactions
  sandbox /cmd [name=value ...] [--file PATH]
                                         all in one process, nothing else needed: prints the first response
                                         and every later edit, as Discord would show them

Examples:
  grundy dev sandbox /seagm numbers="2 6 3"
  grundy dev sandbox /seagm --file cards.txt`;

interface Io {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

const APPLICATION_ID = '1000000000000000001';
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

/** A message object as Discord returns it for one the bot posted, for stand-ins of Discord's API. */
export function botMessage(
  ids: { readonly id: string; readonly channelId: string; readonly applicationId: string },
  fields: object = {},
): Record<string, unknown> {
  return {
    id: ids.id,
    type: 0,
    channel_id: ids.channelId,
    author: {
      id: ids.applicationId,
      username: 'Grundy',
      discriminator: '0000',
      avatar: null,
      global_name: null,
      bot: true,
    },
    content: '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    ...fields,
  };
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
  words: readonly string[],
  attachment?: ReturnType<StandInDiscord['addFile']>,
): { payload: Record<string, unknown>; token: string } {
  const [commandWord, ...afterCommand] = words;
  const name = (commandWord ?? '').replace(/^\//, '');
  const command = commandBodies(builtInGames).find((c) => c.name === name);
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

function parseFlags(argv: readonly string[]): { flags: Map<string, string>; words: string[] } {
  const flags = new Map<string, string>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) flags.set(arg.slice(2), argv[++i] ?? '');
    else words.push(arg);
  }
  return { flags, words };
}

export async function devMain(
  argv: string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const [command, ...rest] = argv;
  const { flags, words } = parseFlags(rest);
  const say = (text: string) => io.stdout.write(`${text}\n`);
  try {
    switch (command ?? '') {
      case 'keys': {
        const { publicKey, privateKey } = generateKeyPairSync('ed25519');
        say(
          `DISCORD_PUBLIC_KEY=${publicKeyToHex(publicKey)}\n# private key, for "send --key": ${privateKeyToHex(privateKey)}`,
        );
        return 0;
      }
      case 'api': {
        const api = await new StandInDiscord(say).start(Number(flags.get('port') ?? 8090));
        say(
          `Stand-in Discord API listening: run grundy serve with DISCORD_API_BASE=${api.base}/api (Ctrl-C to stop)`,
        );
        await new Promise<void>((resolve) => process.once('SIGINT', resolve));
        await api.close();
        return 0;
      }
      case 'send': {
        const url = flags.get('url');
        const key = flags.get('key');
        if (url === undefined || key === undefined) throw new Error('send needs --url and --key');
        const { payload } = buildInteraction(words);
        const body = JSON.stringify(payload);
        const response = await fetch(`${url.replace(/\/$/, '')}/interactions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signRequest(privateKeyFromHex(key), body) },
          body,
        });
        const text = await response.text();
        say(`HTTP ${response.status}\n${text}`);
        return response.ok ? 0 : 1;
      }
      case 'sandbox':
        return await sandbox(words, flags.get('file'), say);
      default:
        io.stdout.write(`${devUsage}\n`);
        return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
    }
  } catch (error) {
    io.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function sandbox(
  words: readonly string[],
  filePath: string | undefined,
  say: (text: string) => void,
): Promise<number> {
  const { startServer } = await import('../serve.js');
  const { createSolveService } = await import('../jobs/service.js');
  const api = await new StandInDiscord(say).start();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const config = loadConfig({
    DISCORD_PUBLIC_KEY: publicKeyToHex(publicKey),
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_API_BASE: `${api.base}/api`,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const logger = createLogger('warn');
  const service = await createSolveService(config, logger);
  const server = await startServer(config, logger, { service });
  try {
    const attachment =
      filePath === undefined ? undefined : api.addFile(basename(filePath), readFileSync(filePath));
    const { payload } = buildInteraction(words, attachment);
    const body = JSON.stringify(payload);
    const started = performance.now();
    const response = await fetch(`${server.url}/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signRequest(privateKey, body) },
      body,
    });
    const json = (await response.json()) as { type: number; data?: unknown };
    const ms = (performance.now() - started).toFixed(0);
    say(
      json.type === 5
        ? `── the first response (${ms} ms): "Grundy is thinking…"`
        : `── the first response (${ms} ms, type ${json.type})\n${describeMessage(json.data)}`,
    );
    while (server.dispatcher.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    // `/quiz start`: the first question follows the announcement.
    await server.quiz.idle();
    return 0;
  } finally {
    await server.close();
    await service.close();
    await api.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await devMain(process.argv.slice(2));
}
