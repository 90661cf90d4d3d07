/** The one way raw input becomes a game's params: fields -> candidate -> zod schema -> readable errors. */
import { z } from 'zod';
import { quoteInput } from './text.js';
import { InputError } from './errors.js';
import type { GameDefinition, InputField, RawFields } from './game.js';

/** Validates params against the game's schema; a failure becomes an InputError a person can act on. */
export function parseParams<P, R, M>(game: GameDefinition<P, R, M>, candidate: unknown): P {
  const parsed = game.params.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  // Custom messages already name the field, the range and an example; zod's own ones get the path added.
  const lines = parsed.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    // A message that already starts with its own label ("numbers: ...", "first must be ...") gets no second one.
    const labelled = /^[\w.-]+: /.test(issue.message) || issue.message.startsWith(`${path} `);
    return issue.code === 'custom' || path === '' || labelled ? issue.message : `${path}: ${issue.message}`;
  });
  throw new InputError(lines.join('\n'), typeof field === 'string' ? field : undefined);
}

/** True when an input's description gives an example of its own ("e.g. ..."): none is added after it. */
export function givesExample(input: InputField): boolean {
  return input.description.includes('e.g.');
}

/** Raw transport fields (slash options, CLI args) -> validated params. */
export function paramsFromFields<P, R, M>(game: GameDefinition<P, R, M>, fields: RawFields): P {
  for (const input of game.inputs) {
    const value = fields[input.name];
    if (input.required && (value === undefined || (typeof value === 'string' && value.trim() === ''))) {
      throw new InputError(
        `Missing "${input.name}": ${input.description}${givesExample(input) ? '' : `, e.g. ${input.example}`}`,
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
 * A run of decimal digits as a bigint, or null when it has more than `limit` significant digits: such a run is
 * never parsed (a stranger's two megabytes of digits cost one scan, not a BigInt conversion of a second).
 */
function boundedDigits(digits: string, limit: number): bigint | null {
  const significant = digits.replace(/^0+/, '');
  // BigInt('') is 0n: a run of zeros reads as 0.
  return significant.length > limit ? null : BigInt(significant);
}

/**
 * The integer a person wrote: plain decimal digits, a power as Grundy writes its limits (`10^18`, `2^60`, also
 * `10**18`) or a power of ten in e-notation (`1e18`, `5e6`); undefined for anything else. A value that would
 * exceed `max` (at least 0) is never computed, nor a number longer than max ever parsed: it comes back as
 * max + 1 (-(max + 1) below -max), so `10^99999999` or a megabyte of digits costs nothing.
 */
export function readInteger(text: string, max: bigint): bigint | undefined {
  const maxDigits = max.toString().length;
  const plain = /^([+-]?)(\d+)$/.exec(text);
  if (plain?.[2] !== undefined) {
    const value = boundedDigits(plain[2], maxDigits) ?? max + 1n;
    return plain[1] === '-' ? -value : value;
  }
  const power = /^(\d+)(?:\^|\*\*)(\d+)$/.exec(text);
  const scientific = /^(\d+)[eE]\+?(\d+)$/.exec(text);
  const match = power ?? scientific;
  // Stryker disable next-line ConditionalExpression: both groups are mandatory, so match[2] is there whenever match[1] is
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  const limitBits = BigInt(max.toString(2).length);
  // null: too long to be anything but huge (and not 0: leading zeros do not count).
  const base = boundedDigits(match[1], maxDigits);
  const exponent = boundedDigits(match[2], String(limitBits).length);
  if (power !== null) {
    // 0 and 1 to any power are read without computing it (0^0 is 1), as is anything to the power 0.
    if (exponent === 0n) return 1n;
    if (base !== null && base <= 1n) return base;
    if (base === null || exponent === null) return max + 1n;
    // base^exponent >= 2^((bits of base - 1) * exponent): past max whenever that exponent reaches max's bits. With
    // base and exponent as short as boundedDigits lets them be, computing instead costs little and gives a value past
    // max all the same: this spares the work, and keeps it bounded for a larger max.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: see above
    if ((BigInt(base.toString(2).length) - 1n) * exponent > limitBits) return max + 1n;
    return base ** exponent;
  }
  if (base === 0n) return 0n;
  if (base === null || exponent === null) return max + 1n;
  // base * 10^exponent >= 2^(3 * exponent) for base >= 1 (as above: spares the work of a value past max).
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: see above
  if (3n * exponent > limitBits) return max + 1n;
  return base * 10n ** exponent;
}

/**
 * A big decimal integer as a canonical decimal string (JSON-safe), from a string, number or bigint; a string may
 * also write it as a power (`10^18`, `1e18`: see readInteger). The messages name the field, the allowed range
 * and an example.
 */
export function decimalInteger(options: { name: string; min: bigint; max: bigint; example: string }) {
  const { name, min, max, example } = options;
  const range = `an integer from ${formatBig(min)} to ${formatBig(max)}`;
  return z
    .union([z.string(), z.number(), z.bigint()], { error: `${name} must be ${range}, e.g. ${example}` })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim().replace(/_/g, '') : String(value);
      const big = readInteger(text, max);
      if (big === undefined || (typeof value === 'number' && !Number.isSafeInteger(value))) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be ${range}, e.g. ${example} (got "${quoteInput(text, 30)}")`,
        });
        return z.NEVER;
      }
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

/** A bound for a person: 10^18 rather than 1000000000000000000 for powers of ten from 10^6, else 1,000 or 12,345. */
export function formatBig(value: bigint): string {
  const text = value.toString();
  const match = /^1(0+)$/.exec(text);
  if (match?.[1] !== undefined && match[1].length >= 6) return `10^${match[1].length}`;
  return value.toLocaleString('en-US');
}
