/**
 * A game's options as the API takes them: the slash command's options (the game's `inputs`), as JSON. Values
 * become the same raw fields the bot and the CLI hand to `paramsFromFields`; what JSON can get wrong on top of
 * that (an unknown name, an object, a text past its cap) is refused here, naming the option.
 */
import { InputError } from '../../core/errors.js';
import type { AnyGame, InputField, RawFields } from '../../core/game.js';
import { paramsFromFields } from '../../core/params.js';

/** Longest text a field takes when the game names no cap (Discord's own string limit). */
export const TEXT_LIMIT = 6000;
/** Fields that take a file on Discord take up to this much text here (the body cap bounds it anyway). */
export const FILE_TEXT_LIMIT = 2_000_000;

/** The longest text this API takes for `input`. */
export function fieldMaxLength(input: InputField): number {
  return input.maxLength ?? (input.acceptsFile === true ? FILE_TEXT_LIMIT : TEXT_LIMIT);
}

/** An input as GET /api/games lists it (the slash option, with the API's own length cap). */
export function describeField(input: InputField): Record<string, unknown> {
  return {
    name: input.name,
    description: input.description,
    kind: input.kind,
    required: input.required,
    ...(input.choices === undefined ? {} : { choices: [...input.choices] }),
    ...(input.min === undefined ? {} : { min: input.min }),
    ...(input.max === undefined ? {} : { max: input.max }),
    ...(input.kind === 'text' ? { maxLength: fieldMaxLength(input) } : {}),
    example: input.example,
    ...(input.acceptsFile === true ? { acceptsFile: true } : {}),
  };
}

function optionNames(game: AnyGame): string {
  return game.inputs.map((i) => i.name).join(', ');
}

/**
 * JSON options -> raw fields, as the slash command would deliver them: integers as numbers (a string of digits
 * is read as one, as the CLI does), text and choices as strings. `extra` names options the caller handles
 * itself (e.g. /api/play's `difficulty`).
 */
export function fieldsFromOptions(game: AnyGame, options: Readonly<Record<string, unknown>>): RawFields {
  const fields: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(options)) {
    const input = game.inputs.find((i) => i.name === name);
    if (input === undefined) {
      throw new InputError(
        `"${name.slice(0, 40)}" is not an option of ${game.id}; its options are ${optionNames(game)}.`,
        name.slice(0, 40),
      );
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new InputError(
        `${name} must be ${input.kind === 'integer' ? 'a whole number' : 'text'}, e.g. ${input.example}.`,
        name,
      );
    }
    if (input.kind === 'integer') {
      const text = String(value).trim();
      if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
        const range =
          input.min !== undefined && input.max !== undefined ? ` from ${input.min} to ${input.max}` : '';
        throw new InputError(
          `${name} must be a whole number${range}, e.g. ${input.example} (got "${text.slice(0, 30)}").`,
          name,
        );
      }
      fields[name] = Number(text);
      continue;
    }
    const text = String(value);
    const cap = fieldMaxLength(input);
    if (text.length > cap) {
      throw new InputError(
        `${name} is too long: at most ${cap.toLocaleString('en-US')} characters (got ${text.length.toLocaleString('en-US')}), e.g. ${input.example}.`,
        name,
      );
    }
    fields[name] = text;
  }
  return fields;
}

/**
 * `paramsFromFields` for the API: an error names the option the client sent. A game's schema may name its own
 * params (SEAGM's `cards` for the option `numbers`); with a single option, that option is meant.
 */
export function paramsFromOptions(game: AnyGame, options: Readonly<Record<string, unknown>>): unknown {
  const fields = fieldsFromOptions(game, options);
  try {
    return paramsFromFields(game, fields);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const names = game.inputs.map((i) => i.name);
    if (error.field !== undefined && names.includes(error.field)) throw error;
    const only = names.length === 1 ? names[0] : undefined;
    throw new InputError(error.message, only, { cause: error });
  }
}
