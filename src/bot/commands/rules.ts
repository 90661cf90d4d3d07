/** `/rules game:<game>`: a game's rules in plain words, a worked example and its picture, for everyone to read. */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import { InputError } from '../../core/errors.js';
import { renderRulesMessage } from '../render/rules.js';
import { defineCommand, type Command } from './types.js';
import { gameChoices } from './options.js';

export function rulesDefinition(games: readonly AnyGame[]) {
  return {
    type: ApplicationCommandType.ChatInput,
    name: 'rules',
    description: 'The rules of a game in plain words, with a small example played out',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'game',
        description: 'The game to learn',
        required: true,
        choices: gameChoices(games),
      },
    ],
  } as const;
}

export function rulesCommand(games: readonly AnyGame[]): Command {
  return defineCommand(rulesDefinition(games), async (ctx, { game }) => {
    const chosen = games.find((g) => g.id === game);
    if (chosen === undefined) {
      throw new InputError(
        `Grundy has no game "${game}"; choose one of ${games.map((g) => g.id).join(', ')}.`,
        'game',
      );
    }
    await ctx.reply.answer(renderRulesMessage(chosen));
  });
}
