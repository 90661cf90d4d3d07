/** `/help [game]`: how to use Grundy, or one game's rules, options, limits and examples. */
import { ApplicationCommandOptionType, ApplicationCommandType, type APIEmbed } from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import { inputHelp } from '../../render/input-help.js';
import { clip } from '../render/message.js';
import { EMBED_LIMITS } from '../render/answer.js';
import { answerButtonsRow } from './answer-buttons.js';
import { discordExample, FILE_OPTION, fileInputOf, gameCommandDefinition, usage } from './game.js';
import { defineCommand, type Command } from './types.js';
import { gameChoices } from './options.js';

export function helpDefinition(games: readonly AnyGame[]) {
  return {
    type: ApplicationCommandType.ChatInput,
    name: 'help',
    description: 'How to use Grundy, or how to ask about one game',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'game',
        description: 'The game to explain',
        required: false,
        choices: gameChoices(games),
      },
    ],
  } as const;
}

function overview(games: readonly AnyGame[]): APIEmbed {
  return {
    title: 'Grundy solves two-player games and explains who wins',
    description: clip(
      [
        'Ask with a game command, e.g. ' + games.map((g) => `\`${discordExample(g)}\``).join(', ') + '.',
        'The answer comes short: who wins, the move to play, a few lines of why and a picture. **Show the reasoning** ' +
          'opens the full argument and **Rules** the game’s rules. Long solves show progress and a **Cancel** button.',
        'New to a game? `/rules game:<name>` explains it in plain words, with a small example played out: ' +
          games.map((g) => `\`/rules game:${g.id}\``).join(', ') +
          '.',
        `Big inputs: attach a text file as \`${FILE_OPTION}\` instead of typing them.`,
        '`/games` lists every game; `/help game:<name>` shows how to ask about one.',
      ].join('\n\n'),
      EMBED_LIMITS.description,
    ),
  };
}

function gameHelp(game: AnyGame): APIEmbed {
  const definition = gameCommandDefinition(game);
  const fileInput = fileInputOf(game);
  const options = game.inputs.map((input) => {
    const fileNote = input === fileInput ? ` — or attach a text file as \`${FILE_OPTION}\`` : '';
    const text = inputHelp(input, fileNote, (example) => `\`${example}\``);
    return `• \`${input.name}\`${input.required ? '' : ' (optional)'}: ${text}`;
  });
  const examples = game.examples.map((example) => `• \`${example.cli}\` — ${example.note}`);
  return {
    title: clip(game.title, EMBED_LIMITS.title),
    description: clip(
      `${game.summary}\nFrom ${game.origin}.\n\n\`${usage(definition)}\``,
      EMBED_LIMITS.description,
    ),
    fields: [
      ...(game.rules === undefined
        ? []
        : [
            {
              name: 'What it is',
              value: clip(
                `${game.rules.what}\nThe rules: \`/rules game:${game.id}\` or the **Rules** button.`,
                EMBED_LIMITS.fieldValue,
              ),
            },
          ]),
      { name: 'Options', value: clip(options.join('\n'), EMBED_LIMITS.fieldValue) },
      { name: 'Examples (as for the CLI)', value: clip(examples.join('\n'), EMBED_LIMITS.fieldValue) },
      { name: 'Try', value: clip(`\`${discordExample(game)}\``, EMBED_LIMITS.fieldValue) },
    ],
  };
}

export function helpCommand(games: readonly AnyGame[]): Command {
  return defineCommand(helpDefinition(games), async (ctx, { game }) => {
    const chosen = game === undefined ? undefined : games.find((g) => g.id === game);
    const row = chosen === undefined ? undefined : answerButtonsRow(chosen, undefined);
    await ctx.reply.answer({
      ephemeral: true,
      embeds: [chosen === undefined ? overview(games) : gameHelp(chosen)],
      ...(row === undefined ? {} : { components: [row] }),
    });
  });
}
