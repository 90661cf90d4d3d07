/** `grundy solve|explain <game> <input...>`: one question from a terminal, answered in this process. */
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import { InputError } from '../core/errors.js';
import type { AnyGame, RawFields, StreamedSolve } from '../core/game.js';
import { paramsFromFields } from '../core/params.js';
import type { EntryCatalog } from '../load-catalog.js';
import { explainCommand, renderCliAnswer } from './answer.js';
import { grundyVersion, parseCommandArgs, type OptionSpec, type ParsedArgs } from './args.js';
import { write, writeText, type CliIo } from './io.js';
import { writePictureFile } from './picture.js';
import { progressLine } from './progress.js';
import { inputHelp } from '../render/input-help.js';

/** Files larger than this are refused unless the game can stream them. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export type SolveVerb = 'solve' | 'explain';

export function gameUsage(game: AnyGame, verb: SolveVerb): string {
  const positional = game.inputs.filter((i) => i.positional !== undefined);
  const flags = game.inputs.filter((i) => i.positional === undefined);
  const synopsis = [
    `grundy ${verb} ${game.id}`,
    ...positional.map((i) =>
      i.positional === 'rest' ? `<${i.name}...>` : i.required ? `<${i.name}>` : `[${i.name}]`,
    ),
    ...flags.map((i) => (i.required ? `--${i.name} <value>` : `[--${i.name} <value>]`)),
  ].join(' ');
  const lines = [
    `${game.title}: ${game.summary}`,
    `From ${game.origin}.`,
    '',
    `Usage: ${synopsis} [--json] [--details] [--picture FILE]`,
    '',
    'Inputs:',
    ...game.inputs.map(
      (i) => `  ${i.name.padEnd(12)} ${inputHelp(i, i.acceptsFile === true ? '; or --file <path>' : '')}`,
    ),
    '',
    'Examples:',
    ...game.examples.map((e) => `  grundy ${verb} ${e.cli}    # ${e.note}`),
    '',
    `Brute-force reference: ${game.brute.limit}.`,
  ];
  return lines.join('\n');
}

interface SolveArgs {
  readonly fields: Record<string, string | number | undefined>;
  readonly json: boolean;
  readonly details: boolean;
  readonly help: boolean;
  readonly version: boolean;
  readonly file: string | undefined;
  /** Where to write the answer's picture as a PNG. */
  readonly picture: string | undefined;
}

/** The game's input fields from parsed arguments: --flags first, then positionals in the inputs' order. */
export function inputFields(
  game: AnyGame,
  parsed: ParsedArgs,
  usage: (message: string) => InputError,
): Record<string, string | number | undefined> {
  const { values } = parsed;
  const fields: Record<string, string | number | undefined> = {};
  const positionals = [...parsed.positionals];
  for (const input of game.inputs) {
    const flag = values[input.name];
    if (typeof flag === 'string') fields[input.name] = flag;
  }
  for (const input of game.inputs) {
    if (input.positional === undefined || positionals.length === 0) continue;
    if (fields[input.name] !== undefined) continue;
    fields[input.name] = input.positional === 'rest' ? positionals.splice(0).join(' ') : positionals.shift();
  }
  if (positionals.length > 0) throw usage(`Unexpected argument "${positionals[0]}".`);
  for (const input of game.inputs) {
    const value = fields[input.name];
    if (input.kind === 'integer' && typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) {
      fields[input.name] = Number(value);
    }
  }
  return fields;
}

/** Maps CLI positionals and --flags onto the game's input fields. */
function solveArgs(game: AnyGame, verb: SolveVerb, args: readonly string[]): SolveArgs {
  const options: Record<string, OptionSpec> = {
    json: { type: 'boolean' },
    details: { type: 'boolean' },
    file: { type: 'string' },
    picture: { type: 'string', expects: 'a file name for the PNG, e.g. answer.png' },
  };
  for (const input of game.inputs) options[input.name] = { type: 'string' };
  const usage = (message: string) => new InputError(`${message}\n\n${gameUsage(game, verb)}`);
  let parsed;
  try {
    parsed = parseCommandArgs(args, options, { positionals: true });
  } catch (error) {
    throw error instanceof InputError ? usage(error.message) : error;
  }
  const { values } = parsed;
  const fields = inputFields(game, parsed, usage);
  const file = values['file'];
  const picture = values['picture'];
  return {
    fields,
    json: values['json'] === true,
    details: verb === 'explain' || values['details'] === true,
    help: values['help'] === true,
    version: values['version'] === true,
    file: typeof file === 'string' ? file : undefined,
    picture: typeof picture === 'string' ? picture : undefined,
  };
}

function fileStats(path: string): Stats {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    throw new InputError(`Cannot read the file "${path}": it does not exist or is not readable.`);
  }
  if (stats.isDirectory()) throw new InputError(`"${path}" is a directory; --file needs a file.`);
  if (!stats.isFile()) throw new InputError(`"${path}" is not a regular file; --file needs a file.`);
  return stats;
}

export async function runSolve(
  io: CliIo,
  catalog: EntryCatalog,
  gameId: string,
  rest: readonly string[],
  verb: SolveVerb,
): Promise<number> {
  const game = await catalog.resolveEntry(gameId).load();
  const parsed = solveArgs(game, verb, rest);
  if (parsed.help) {
    write(io.stdout, gameUsage(game, verb));
    return 0;
  }
  if (parsed.version) {
    write(io.stdout, grundyVersion());
    return 0;
  }
  const { fields, json, details, file, picture } = parsed;
  if (file !== undefined) {
    const target = game.inputs.find((i) => i.acceptsFile === true);
    if (target === undefined)
      throw new InputError(`${game.id} takes no file input.\n\n${gameUsage(game, verb)}`);
    if (fields[target.name] !== undefined) {
      throw new InputError(
        `Give either ${target.name} as values or --file, not both (got "${String(fields[target.name])}" and --file ${file}).`,
      );
    }
    const { size } = fileStats(file);
    if (game.solveStream !== undefined) {
      const streamed: StreamedSolve<unknown, unknown> = await game.solveStream(
        createReadStream(file, { highWaterMark: 1 << 20 }),
      );
      if (json) {
        write(
          io.stdout,
          JSON.stringify({
            game: game.id,
            input: { file, bytes: size },
            result: streamed.result,
            explanation: streamed.explanation,
          }),
        );
      } else {
        writeText(
          io.stdout,
          renderCliAnswer(
            game,
            { explanation: streamed.explanation, inputSummary: streamed.inputSummary },
            { details, moreCommand: `grundy explain ${game.id} --file ${file}` },
            { stream: io.stdout, env: io.env },
          ),
        );
      }
      // A streamed input is never held as params, and a picture is drawn from params.
      if (picture !== undefined)
        write(io.stderr, 'No picture written: a streamed file is summarised in words only.');
      return 0;
    }
    if (size > MAX_FILE_BYTES) {
      throw new InputError(
        `The file "${file}" is ${size.toLocaleString('en-US')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en-US')} are accepted.`,
      );
    }
    fields[target.name] = readFileSync(file, 'utf8');
  }
  const params: unknown = paramsFromFields(game, fields as RawFields);
  const progress = progressLine(io.stderr);
  let result: unknown;
  try {
    result = game.solve(params, { onProgress: progress.onProgress });
  } finally {
    progress.done();
  }
  const explanation = game.explain(params, result);
  if (json) {
    write(io.stdout, JSON.stringify({ game: game.id, params, result, explanation }));
  } else {
    writeText(
      io.stdout,
      renderCliAnswer(
        game,
        { explanation },
        { details, moreCommand: explainCommand(game.id, rest) },
        { stream: io.stdout, env: io.env },
      ),
    );
  }
  if (picture !== undefined)
    write(io.stderr, await writePictureFile(game, params, result, explanation, picture));
  return 0;
}
