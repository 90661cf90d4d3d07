/**
 * `grundy register [--guild ID] [--dry-run]`: puts the slash commands (generated from the games' schemas,
 * plus /games, /help and /quiz) with one bulk PUT: in a guild (instant, for testing) or globally.
 */
import {
  DiscordAPIError,
  REST,
  Routes,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord.js';
import { loadConfig, type Config } from '../../config.js';
import type { AnyGame } from '../../core/game.js';
import { loadCatalog } from '../../load-catalog.js';
import { buildCommands } from './index.js';
import { toRegistrationBody } from './types.js';
import { scrubTokens } from '../interaction/safe-error.js';

export const registerUsage = `Usage: grundy register [--guild ID] [--dry-run]

Registers Grundy's slash commands (one per game, /games, /help, /quiz) for DISCORD_APPLICATION_ID, using
DISCORD_TOKEN, at DISCORD_API_BASE.
  --guild ID   register in one server: available at once (for testing); without it, globally
  --dry-run    print the JSON body instead of sending it (needs no token)
  -h, --help   show this help`;

export interface RegisterIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** The bulk-overwrite body: every command's registration JSON. */
export function commandBodies(games: readonly AnyGame[]): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return buildCommands(games).map((command) => toRegistrationBody(command.definition));
}

interface RegisterArgs {
  readonly help: boolean;
  readonly dryRun: boolean;
  readonly guild?: string;
}

function parseArgs(argv: readonly string[]): RegisterArgs | string {
  let help = false;
  let dryRun = false;
  let guild: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '--dry-run') dryRun = true;
    else if (arg === '--guild' || arg.startsWith('--guild=')) {
      const value = arg === '--guild' ? argv[++i] : arg.slice('--guild='.length);
      if (value === undefined || !/^\d{15,25}$/.test(value)) {
        return `--guild needs the server's id (a number like 123456789012345678; Developer Mode > right-click the server > Copy Server ID), got "${value ?? ''}".`;
      }
      guild = value;
    } else return `unknown argument "${arg}".`;
  }
  return guild === undefined ? { help, dryRun } : { help, dryRun, guild };
}

export async function registerCommands(
  config: Pick<Config, 'DISCORD_API_BASE'> & { DISCORD_TOKEN: string; DISCORD_APPLICATION_ID: string },
  body: RESTPutAPIApplicationCommandsJSONBody,
  guild?: string,
): Promise<unknown> {
  const rest = new REST({ api: config.DISCORD_API_BASE }).setToken(config.DISCORD_TOKEN);
  try {
    const route =
      guild === undefined
        ? Routes.applicationCommands(config.DISCORD_APPLICATION_ID)
        : Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, guild);
    return await rest.put(route, { body });
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

export async function registerMain(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: RegisterIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr.write(`grundy register: ${args}\n\n${registerUsage}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(`${registerUsage}\n`);
    return 0;
  }
  let config: Config;
  let games: readonly AnyGame[];
  try {
    config = loadConfig(env);
    games = (await loadCatalog(config.GRUNDY_EXTRA_GAMES_MODULE)).games;
  } catch (error) {
    io.stderr.write(`grundy register: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const body = commandBodies(games);
  if (args.dryRun) {
    io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  const { DISCORD_TOKEN: token, DISCORD_APPLICATION_ID: applicationId } = config;
  if (token === undefined || applicationId === undefined) {
    const missing = [
      token === undefined ? 'DISCORD_TOKEN' : '',
      applicationId === undefined ? 'DISCORD_APPLICATION_ID' : '',
    ]
      .filter((name) => name !== '')
      .join(' and ');
    io.stderr.write(
      `grundy register: ${missing} must be set. Both are on https://discord.com/developers/applications: ` +
        `DISCORD_APPLICATION_ID is the Application ID (General Information), DISCORD_TOKEN the bot token (Bot > Reset Token). ` +
        `See docs/discord.md.\n`,
    );
    return 2;
  }
  const where =
    args.guild === undefined ? 'globally (may take a while to show up)' : `in guild ${args.guild}`;
  try {
    await registerCommands(
      {
        DISCORD_API_BASE: config.DISCORD_API_BASE,
        DISCORD_TOKEN: token,
        DISCORD_APPLICATION_ID: applicationId,
      },
      body,
      args.guild,
    );
  } catch (error) {
    const detail =
      error instanceof DiscordAPIError
        ? `Discord answered ${error.status}: ${error.message}${error.status === 401 ? ' (is DISCORD_TOKEN the bot token?)' : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
    io.stderr.write(`grundy register: could not register the commands ${where}. ${scrubTokens(detail)}\n`);
    return 1;
  }
  io.stdout.write(
    `Registered ${body.length} commands ${where}: ${body.map((c) => `/${c.name}`).join(', ')}\n`,
  );
  return 0;
}
