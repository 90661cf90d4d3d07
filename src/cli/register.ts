/** `grundy register [--guild ID] [--dry-run]`: puts the slash commands of the one catalog's games. */
import type { Config } from '../config.js';
import type { AnyGame } from '../core/game.js';
import { parseCommandArgs } from './args.js';

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

interface RegisterArgs {
  readonly help: boolean;
  readonly dryRun: boolean;
  readonly guild?: string;
}

const GUILD =
  "the server's id (a number like 123456789012345678; Developer Mode > right-click the server > Copy Server ID)";

function parseArgs(argv: readonly string[]): RegisterArgs | string {
  let values;
  try {
    ({ values } = parseCommandArgs(argv, {
      'dry-run': { type: 'boolean' },
      guild: { type: 'string', expects: GUILD },
    }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const help = values['help'] === true || values['version'] === true;
  const dryRun = values['dry-run'] === true;
  const guild = values['guild'];
  if (typeof guild !== 'string') return { help, dryRun };
  if (!/^\d{15,25}$/.test(guild)) return `--guild needs ${GUILD}, got "${guild}".`;
  return { help, dryRun, guild };
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
  // discord.js, the settings and the catalog load only now: help and a refused argument answer without them.
  const [
    { scrubTokens },
    { commandBodies, registerCommands, registerFailure },
    { loadConfig },
    { loadCatalog },
  ] = await Promise.all([
    import('../bot/interaction/safe-error.js'),
    import('../bot/commands/deploy.js'),
    import('../config.js'),
    import('../load-catalog.js'),
  ]);
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
    const detail = registerFailure(error);
    io.stderr.write(`grundy register: could not register the commands ${where}. ${scrubTokens(detail)}\n`);
    return 1;
  }
  io.stdout.write(
    `Registered ${body.length} commands ${where}: ${body.map((c) => `/${c.name}`).join(', ')}\n`,
  );
  return 0;
}
