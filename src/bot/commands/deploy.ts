/**
 * Registering the slash commands (generated from the games' schemas, plus /games, /help and /quiz) with one
 * bulk PUT: in a guild (instant, for testing) or globally. `grundy register` (src/cli/register.ts) calls it.
 */
import {
  DiscordAPIError,
  REST,
  Routes,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord.js';
import type { Config } from '../../config.js';
import type { AnyGame } from '../../core/game.js';
import { buildCommands } from './index.js';
import { toRegistrationBody } from './types.js';

/** The bulk-overwrite body: every command's registration JSON. */
export function commandBodies(games: readonly AnyGame[]): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return buildCommands(games).map((command) => toRegistrationBody(command.definition));
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

/** Why registering failed, in a sentence for the operator (what Discord answered, when it did). */
export function registerFailure(error: unknown): string {
  if (error instanceof DiscordAPIError)
    return `Discord answered ${error.status}: ${error.message}${error.status === 401 ? ' (is DISCORD_TOKEN the bot token?)' : ''}`;
  return error instanceof Error ? error.message : String(error);
}
