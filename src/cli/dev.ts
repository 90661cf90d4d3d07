/**
 * `grundy dev`: trying Grundy's Discord side with no Discord at all (see docs/discord.md):
 *   keys      a throwaway Ed25519 key pair (DISCORD_PUBLIC_KEY for `grundy serve`, the private half for `send`)
 *   api       a local stand-in for Discord's REST API that prints every message the bot sends
 *   send      signs one slash command like Discord does and POSTs it to a running `grundy serve`
 *   sandbox   all of it in one process: stand-in API, server, signed command, the messages printed, exit
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { GameCatalog } from '../games/catalog.js';
import { privateKeyFromHex, privateKeyToHex, publicKeyToHex, signRequest } from '../http/verify.js';
import { loadCatalog } from '../load-catalog.js';
import { parseCommandArgs } from './args.js';

export const devUsage = `Usage: grundy dev <command>

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

export async function devMain(
  argv: string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  try {
    const { values, positionals } = parseCommandArgs(
      argv,
      {
        port: { type: 'string', expects: 'a port number, e.g. --port 8090' },
        url: {
          type: 'string',
          expects: 'the URL of a running grundy serve, e.g. --url http://127.0.0.1:8080',
        },
        key: { type: 'string', expects: 'the private key printed by grundy dev keys' },
        file: { type: 'string', expects: 'a path, e.g. --file cards.txt' },
      },
      { positionals: true },
    );
    const [command, ...words] = positionals;
    const flag = (name: string): string | undefined => {
      const value = values[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (values['help'] === true) {
      io.stdout.write(`${devUsage}\n`);
      return 0;
    }
    const catalog = (): Promise<GameCatalog> => loadCatalog(env['GRUNDY_EXTRA_GAMES_MODULE'] || undefined);
    switch (command ?? '') {
      case 'keys': {
        const { publicKey, privateKey } = generateKeyPairSync('ed25519');
        say(
          `DISCORD_PUBLIC_KEY=${publicKeyToHex(publicKey)}\n# private key, for "send --key": ${privateKeyToHex(privateKey)}`,
        );
        return 0;
      }
      case 'api': {
        const { StandInDiscord } = await import('./stand-in-discord.js');
        const api = await new StandInDiscord(say).start(Number(flag('port') ?? 8090));
        say(
          `Stand-in Discord API listening: run grundy serve with DISCORD_API_BASE=${api.base}/api (Ctrl-C to stop)`,
        );
        await new Promise<void>((resolve) => process.once('SIGINT', resolve));
        await api.close();
        return 0;
      }
      case 'send': {
        const url = flag('url');
        const key = flag('key');
        if (url === undefined || key === undefined) throw new Error('send needs --url and --key');
        const { buildInteraction } = await import('./stand-in-discord.js');
        const { payload } = buildInteraction((await catalog()).games, words);
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
        return await sandbox(await catalog(), words, flag('file'), say);
      default:
        io.stdout.write(`${devUsage}\n`);
        return command === undefined ? 0 : 2;
    }
  } catch (error) {
    io.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function sandbox(
  catalog: GameCatalog,
  words: readonly string[],
  filePath: string | undefined,
  say: (text: string) => void,
): Promise<number> {
  // The server and the stand-in load only for a sandbox: help and the other commands answer without them.
  const [{ startServer }, { createSolveService }, { loadConfig }, { createLogger }, stand] =
    await Promise.all([
      import('../serve.js'),
      import('../jobs/service.js'),
      import('../config.js'),
      import('../log.js'),
      import('./stand-in-discord.js'),
    ]);
  const { APPLICATION_ID, StandInDiscord, buildInteraction, describeMessage } = stand;
  const api = await new StandInDiscord(say).start();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const config = loadConfig({
    DISCORD_PUBLIC_KEY: publicKeyToHex(publicKey),
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_API_BASE: `${api.base}/api`,
    HOST: '127.0.0.1',
    PORT: '0',
    ...(catalog.extraGamesModule === undefined
      ? {}
      : { GRUNDY_EXTRA_GAMES_MODULE: catalog.extraGamesModule }),
  });
  const logger = createLogger('warn');
  const service = await createSolveService(config, logger, { catalog });
  const server = await startServer(config, logger, { service, catalog });
  try {
    const attachment =
      filePath === undefined ? undefined : api.addFile(basename(filePath), readFileSync(filePath));
    const { payload } = buildInteraction(catalog.games, words, attachment);
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
