/** The one way raw input becomes a game's params: fields -> candidate -> zod schema -> readable errors. */
import { z } from 'zod';
import { quoteInput } from './text.js';
import { InputError } from './errors.js';
import type { GameDefinition, RawFields } from './game.js';

/** Validates params against the game's schema; a failure becomes an InputError a person can act on. */
export function parseParams<P, R, M>(game: GameDefinition<P, R, M>, candidate: unknown): P {
  const parsed = game.params.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  // Custom messages already name the field, the range and an example; zod's own ones get the path added.
  const lines = parsed.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    return issue.code === 'custom' || path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  throw new InputError(lines.join('\n'), typeof field === 'string' ? field : undefined);
}

/** Raw transport fields (slash options, CLI args) -> validated params. */
export function paramsFromFields<P, R, M>(game: GameDefinition<P, R, M>, fields: RawFields): P {
  for (const input of game.inputs) {
    const value = fields[input.name];
    if (input.required && (value === undefined || (typeof value === 'string' && value.trim() === ''))) {
      throw new InputError(
        `Missing "${input.name}": ${input.description}, e.g. ${input.example}`,
        input.name,
      );
    }
  }
  return parseParams(game, game.fromFields(fields));
}

/** Splits a list typed by a person: spaces, commas, semicolons or new lines. */
export function splitList(text: string): string[] {
  return text.split(/[\s,;]+/).filter((part) => part.length > 0);
}

/**
 * A big decimal integer as a canonical decimal string (JSON-safe), from a string, number or bigint.
 * The messages name the field, the allowed range and an example.
 */
export function decimalInteger(options: { name: string; min: bigint; max: bigint; example: string }) {
  const { name, min, max, example } = options;
  const range = `an integer from ${formatBig(min)} to ${formatBig(max)}`;
  return z
    .union([z.string(), z.number(), z.bigint()], { error: `${name} must be ${range}, e.g. ${example}` })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim().replace(/_/g, '') : String(value);
      if (!/^[+-]?\d+$/.test(text) || (typeof value === 'number' && !Number.isSafeInteger(value))) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be ${range}, e.g. ${example} (got "${quoteInput(text, 30)}")`,
        });
        return z.NEVER;
      }
      const big = BigInt(text);
      if (big < min || big > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be ${range}, e.g. ${example} (got ${quoteInput(text, 30)})`,
        });
        return z.NEVER;
      }
      return big.toString();
    });
}

/** 10^18 rather than 1000000000000000000 where that is shorter for a person. */
export function formatBig(value: bigint): string {
  const text = value.toString();
  const match = /^1(0+)$/.exec(text);
  if (match?.[1] !== undefined && match[1].length >= 6) return `10^${match[1].length}`;
  return text;
}
