/**
 * The one way every `grundy` command reads its arguments: Node's `util.parseArgs`, with two things added.
 * Its errors become InputErrors a person can read (the caller adds its usage), and a negative number is read
 * as a value, not as an option (`grundy solve seagm -2 6 3`, `--telepoints -1`), so it meets the same range
 * check, with the same message, as any other bad value.
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.js';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What a value must be, for the message when it is missing ("a whole number from 1 to 256, e.g. ..."). */
  readonly expects?: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/** -h/--help and -v/--version, which every command takes. */
export const commonOptions = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies OptionSpecs;

/** A negative number (or one in exponent form); parseArgs would take it for a cluster of short options. */
const negativeNumber = /^-\d[\d.,_eE+-]*$/;
/** Prefixes a shielded negative number; a NUL byte cannot come from a command line. */
const SHIELD = '\u0000';

function readableError(error: unknown, options: OptionSpecs): InputError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return new InputError(`${message.replace(/\. To specify.*$/s, '')}.`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(-[^' ]+)/.exec(message)?.[1] ?? 'an option';
    const expects = options[option.replace(/^-+/, '')]?.expects;
    return new InputError(
      expects === undefined ? `${option} needs a value.` : `${option} must be ${expects} (got nothing).`,
    );
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const word = /'([^']*)'/.exec(message)?.[1] ?? '';
    return new InputError(`Unexpected argument "${word.replace(SHIELD, '')}".`);
  }
  return new InputError(message);
}

/** Parses `args` against `options` (plus -h and -v); throws an InputError naming what was wrong. */
export function parseCommandArgs(
  args: readonly string[],
  options: OptionSpecs,
  { positionals = false }: { readonly positionals?: boolean } = {},
): ParsedArgs {
  const shielded = args.map((arg) => (negativeNumber.test(arg) ? `${SHIELD}${arg}` : arg));
  const config: Record<string, { type: 'string' | 'boolean'; short?: string }> = { ...commonOptions };
  for (const [name, spec] of Object.entries(options))
    config[name] = spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  let parsed;
  try {
    parsed = parseArgs({
      args: shielded,
      options: config,
      allowPositionals: positionals,
      strict: true,
    });
  } catch (error) {
    throw readableError(error, options);
  }
  const unshield = (text: string): string => (text.startsWith(SHIELD) ? text.slice(SHIELD.length) : text);
  const values: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    values[name] = typeof value === 'string' ? unshield(value) : value;
  }
  return { values, positionals: parsed.positionals.map(unshield) };
}

/** The installed version, from package.json (src/cli and dist/cli both sit two levels below it). */
export function grundyVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
