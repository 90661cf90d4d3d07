/**
 * `/play game:<game> [difficulty] [starts] [the game's own options]` and the play controls (custom ids
 * `play:`): a game against Grundy in the channel. The starter moves with buttons, select menus or a typed
 * move; Grundy answers at once with a perfect move; Hint is private; Resign ends the game; everyone else
 * may watch but gets a private refusal when they press a control. Games live in the play store (Redis when
 * configured), so a restart of serve loses nothing.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord.js';
import { InputError } from '../../core/errors.js';
import type { AnyGame, InputField, RawFields } from '../../core/game.js';
import { paramsFromFields } from '../../core/params.js';
import { createRng } from '../../core/rng.js';
import { PLAY_DIFFICULTIES, randomWonStart, type PlayDifficulty } from '../../play/random-start.js';
import { NotYourGameError } from '../../play/service.js';
import type { BotContext } from '../context.js';
import type { InteractionReply } from '../interaction/reply.js';
import type { ComponentRequest } from '../interaction/request.js';
import { PLAY_PREFIX, parsePlayCustomId, renderMoveModal, renderPlayMessage } from '../render/play.js';
import { gameChoices, inputOption, plainChoices } from './options.js';
import type { Command, CommandDefinition, OptionDefinition } from './types.js';

const OWN_OPTIONS = ['game', 'difficulty', 'starts'] as const;

/** One option per input name across the games (games sharing a name share the option). */
function inputOptions(games: readonly AnyGame[]): OptionDefinition[] {
  const byName = new Map<string, { input: InputField; games: string[] }>();
  for (const game of games) {
    for (const input of game.inputs) {
      const known = byName.get(input.name);
      if (known === undefined) byName.set(input.name, { input, games: [game.id] });
      else known.games.push(game.id);
    }
  }
  return [...byName.values()].map(({ input, games: ids }) =>
    inputOption(input, { description: `${ids.join('/')}: ${input.description}`, required: false }),
  );
}

export function playDefinition(games: readonly AnyGame[]): CommandDefinition {
  const playable = games.filter((g) => g.play !== undefined);
  return {
    type: ApplicationCommandType.ChatInput,
    name: 'play',
    description: 'Play a game against Grundy, with hints and a review of your first mistake',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'game',
        description: 'The game to play',
        required: true,
        choices: gameChoices(playable),
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'difficulty',
        description: "A random position you can win with perfect play (instead of the game's options)",
        required: false,
        choices: plainChoices(PLAY_DIFFICULTIES),
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'starts',
        description: 'Who makes the first move: you (default) or grundy',
        required: false,
        choices: plainChoices(['you', 'grundy']),
      },
      ...inputOptions(playable),
    ],
  };
}

function isDifficulty(value: unknown): value is PlayDifficulty {
  return PLAY_DIFFICULTIES.some((d) => d === value);
}

export function playCommand(games: readonly AnyGame[]): Command {
  return {
    definition: playDefinition(games),
    async run({ request, reply, bot }) {
      const gameId = request.options.get('game');
      const game = bot.games.find((g) => g.id === gameId && g.play !== undefined);
      if (game === undefined)
        throw new InputError(`Choose a game to play: ${bot.games.map((g) => g.id).join(', ')}.`);
      const starts = request.options.get('starts') ?? 'you';
      if (starts !== 'you' && starts !== 'grundy') throw new InputError('starts must be "you" or "grundy".');
      const difficulty = request.options.get('difficulty');
      const fields: Record<string, string | number> = {};
      const foreign: string[] = [];
      for (const [name, value] of request.options) {
        if ((OWN_OPTIONS as readonly string[]).includes(name)) continue;
        if (typeof value === 'object' || typeof value === 'boolean') continue;
        if (game.inputs.some((input) => input.name === name)) fields[name] = value;
        else foreign.push(name);
      }
      if (foreign.length > 0) {
        throw new InputError(
          `${foreign.join(', ')} ${foreign.length === 1 ? 'is not an option' : 'are not options'} of ${game.id}; its options are ${game.inputs.map((i) => i.name).join(', ')} (or difficulty for a random position).`,
        );
      }
      let params: unknown;
      if (difficulty !== undefined || Object.keys(fields).length === 0) {
        if (Object.keys(fields).length > 0)
          throw new InputError(`Give either difficulty or ${game.id}'s own options, not both.`);
        const level = difficulty ?? 'medium';
        if (!isDifficulty(level))
          throw new InputError(`difficulty must be one of ${PLAY_DIFFICULTIES.join(', ')}.`);
        params = randomWonStart(game, createRng(bot.play.randomSeed()), level);
      } else {
        params = paramsFromFields(game, fields as RawFields);
      }
      const session = await bot.play.service.start({
        game,
        params,
        owner: request.user.id,
        first: starts,
      });
      await reply.answer(renderPlayMessage(game, session, { studentName: request.user.name }));
    },
  };
}

export function isPlayComponent(request: ComponentRequest): boolean {
  return request.customId.startsWith(PLAY_PREFIX);
}

export async function handlePlayComponent(
  bot: BotContext,
  request: ComponentRequest,
  reply: InteractionReply,
): Promise<void> {
  const action = parsePlayCustomId(request.customId);
  if (action === undefined) throw new InputError('That control is not Grundy’s (any more).');
  const { service } = bot.play;
  const user = request.user;
  const show = { studentName: user.name };
  switch (action.kind) {
    case 'move':
    case 'select':
    case 'typed': {
      const move = action.kind === 'move' ? action.move : request.values?.[0];
      if (move === undefined) throw new InputError('Choose a move first.');
      const { game, session } = await service.move(action.id, user.id, move);
      await reply.update(renderPlayMessage(game, session, show));
      return;
    }
    case 'resign': {
      const { game, session } = await service.resign(action.id, user.id);
      await reply.update(renderPlayMessage(game, session, show));
      return;
    }
    case 'hint': {
      const { hint } = await service.hint(action.id, user.id);
      await reply.answer({ content: `💡 ${hint.text}`, ephemeral: true });
      return;
    }
    case 'type': {
      const { game, session } = await service.get(action.id);
      if (session.owner !== user.id) throw new NotYourGameError();
      await reply.modal(renderMoveModal(game, session));
      return;
    }
  }
}
