/** `/games`: every game Grundy knows, with its command and an example. */
import { ApplicationCommandType } from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import { clip } from '../render/message.js';
import { EMBED_LIMITS } from '../render/answer.js';
import { discordExample, gameCommandDefinition, usage } from './game.js';
import { defineCommand, type Command } from './types.js';

export const gamesDefinition = {
  type: ApplicationCommandType.ChatInput,
  name: 'games',
  description: 'List the games Grundy can solve and explain',
} as const;

export function gamesCommand(games: readonly AnyGame[]): Command {
  return defineCommand(gamesDefinition, async (ctx) => {
    const fields = games.slice(0, EMBED_LIMITS.fields).map((game) => ({
      name: clip(game.title, EMBED_LIMITS.fieldName),
      value: clip(
        `${game.summary}\n\`${usage(gameCommandDefinition(game))}\`\ne.g. \`${discordExample(game)}\``,
        EMBED_LIMITS.fieldValue,
      ),
    }));
    await ctx.reply.answer({
      ephemeral: true,
      embeds: [
        {
          title: 'Games Grundy solves',
          description:
            'Ask with the command; `/help <game>` explains the options. Big inputs can come as a text file.',
          fields,
        },
      ],
    });
  });
}
