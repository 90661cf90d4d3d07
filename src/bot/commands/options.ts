/** Option pieces the commands share, within Discord's limits: a game's input as an option, and choice lists. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { AnyGame, InputField } from '../../core/game.js';
import { clip } from '../render/message.js';
import type { OptionDefinition } from './types.js';

/** Discord's longest option (and command) description. */
export const DESCRIPTION_LIMIT = 100;
/** Discord's longest string option value. */
const STRING_LIMIT = 6000;
/** Discord's most choices per option. */
const CHOICE_LIMIT = 25;

/** Choosing a game by its title (Discord shows at most 25 choices). */
export function gameChoices(games: readonly AnyGame[]): { name: string; value: string }[] {
  return games
    .slice(0, CHOICE_LIMIT)
    .map((game) => ({ name: clip(game.title, DESCRIPTION_LIMIT), value: game.id }));
}

/** Choices shown as their own values. */
export function plainChoices(values: readonly string[]): { name: string; value: string }[] {
  return values.slice(0, CHOICE_LIMIT).map((value) => ({ name: value, value }));
}

/**
 * A game's input field as an option: text -> STRING, integer -> INTEGER with min/max, choice -> STRING with its
 * choices. Shared by the per-game commands and `/play`.
 */
export function inputOption(
  input: InputField,
  shown: { readonly description: string; readonly required: boolean },
): OptionDefinition {
  const base = {
    name: input.name,
    description: clip(shown.description, DESCRIPTION_LIMIT),
    required: shown.required,
  };
  switch (input.kind) {
    case 'text':
      return {
        ...base,
        type: ApplicationCommandOptionType.String,
        max_length: Math.min(input.maxLength ?? STRING_LIMIT, STRING_LIMIT),
      };
    case 'integer':
      return {
        ...base,
        type: ApplicationCommandOptionType.Integer,
        ...(input.min === undefined ? {} : { min_value: Math.max(input.min, Number.MIN_SAFE_INTEGER) }),
        ...(input.max === undefined ? {} : { max_value: Math.min(input.max, Number.MAX_SAFE_INTEGER) }),
      };
    case 'choice':
      return {
        ...base,
        type: ApplicationCommandOptionType.String,
        choices: plainChoices(input.choices ?? []),
      };
  }
}
