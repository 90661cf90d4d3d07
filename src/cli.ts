/**
 * `grundy` — the same registry from a terminal: solve, explain, judge, games, serve, worker, register.
 * Answers go to stdout; errors go to stderr as one clear message (exit 2 for bad input), never a stack.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError, publicMessage } from './core/errors.js';
import type { AnyGame, RawFields, StreamedSolve } from './core/game.js';
import { paramsFromFields, parseParams } from './core/params.js';
import { TokenReader } from './core/tokens.js';
import { games, getGame } from './games/registry.js';
import { renderExplanationText } from './text-render.js';

const VERSION = '0.1.0';
/** Files larger than this are refused unless the game can stream them. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface CliIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
}

const USAGE = `grundy — solves and explains two-player games

Usage:
  grundy solve <game> <input...> [--json] [--details]   answer a question (see: grundy games)
  grundy explain <game> <input...>                      the same, with every detail
  grundy judge <game>                                   original contest input on stdin -> output on stdout
  grundy play <game> <input...> [--first you|grundy] [--engine]   play against Grundy (hints, review)
  grundy games [--json]                                 the games, with an example each
  grundy serve                                          the bot: HTTP interactions endpoint (+ gateway)
  grundy worker [--concurrency N]                       solver worker for the Redis queue (needs REDIS_URL)
  grundy register [--guild ID]                          register slash commands with Discord
  grundy dev sandbox /seagm numbers="2 6 3"             try the bot with no Discord at all (see docs/discord.md)

Options:
  -h, --help       help for any command (grundy solve seagm --help)
  -v, --version    the version

Examples:
  grundy solve seagm 2 6 3
  grundy solve seagm 2 6 3 --json
  grundy judge seagm < input.txt`;

function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

function gameUsage(game: AnyGame, verb: string): string {
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
    `Usage: ${synopsis} [--json] [--details]`,
    '',
    'Inputs:',
    ...game.inputs.map((i) => {
      const range = i.choices
        ? ` (one of: ${i.choices.join(', ')})`
        : i.min !== undefined || i.max !== undefined
          ? ` (${i.min ?? ''}..${i.max ?? ''})`
          : '';
      const file = i.acceptsFile === true ? `; or --file <path>` : '';
      return `  ${i.name.padEnd(12)} ${i.description}${range}${file}. e.g. ${i.example}`;
    }),
    '',
    'Examples:',
    ...game.examples.map((e) => `  grundy ${verb} ${e.cli}    # ${e.note}`),
    '',
    `Brute-force reference: ${game.brute.limit}.`,
  ];
  return lines.join('\n');
}

/** Maps CLI positionals and --flags onto the game's input fields. */
export function fieldsFromArgs(
  game: AnyGame,
  args: readonly string[],
): { fields: Record<string, string | number | undefined>; values: Record<string, unknown> } {
  const options: NonNullable<ParseArgsConfig['options']> = {
    json: { type: 'boolean' },
    details: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    file: { type: 'string' },
  };
  for (const input of game.inputs) options[input.name] = { type: 'string' };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
      allowNegative: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify.*$/s, '') : String(error);
    throw new InputError(`${message}.\n\n${gameUsage(game, 'solve')}`);
  }
  const fields: Record<string, string | number | undefined> = {};
  const positionals = [...parsed.positionals];
  for (const input of game.inputs) {
    const flag = parsed.values[input.name];
    if (typeof flag === 'string') fields[input.name] = flag;
  }
  for (const input of game.inputs) {
    if (input.positional === undefined || positionals.length === 0) continue;
    if (fields[input.name] !== undefined) continue;
    fields[input.name] = input.positional === 'rest' ? positionals.splice(0).join(' ') : positionals.shift();
  }
  if (positionals.length > 0) {
    throw new InputError(`Unexpected argument "${positionals[0]}".\n\n${gameUsage(game, 'solve')}`);
  }
  for (const input of game.inputs) {
    const value = fields[input.name];
    if (input.kind === 'integer' && typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) {
      fields[input.name] = Number(value);
    }
  }
  return { fields, values: parsed.values };
}

async function runSolve(io: CliIo, args: readonly string[], verb: 'solve' | 'explain'): Promise<number> {
  const [gameId, ...rest] = args;
  if (gameId === undefined || gameId === '--help' || gameId === '-h') {
    write(
      io.stdout,
      `Usage: grundy ${verb} <game> <input...>\nGames: ${games.map((g) => g.id).join(', ')}\nExample: grundy ${verb} seagm 2 6 3`,
    );
    return gameId === undefined ? 2 : 0;
  }
  const game = getGame(gameId);
  const { fields, values } = fieldsFromArgs(game, rest);
  if (values['help'] === true) {
    write(io.stdout, gameUsage(game, verb));
    return 0;
  }
  const asJson = values['json'] === true;
  const details = verb === 'explain' || values['details'] === true;
  const file = values['file'];
  if (typeof file === 'string') {
    const target = game.inputs.find((i) => i.acceptsFile === true);
    if (target === undefined)
      throw new InputError(`${game.id} takes no file input.\n\n${gameUsage(game, verb)}`);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      throw new InputError(`Cannot read the file "${file}": it does not exist or is not readable.`);
    }
    if (game.solveStream !== undefined) {
      const streamed: StreamedSolve<unknown, unknown> = await game.solveStream(
        createReadStream(file, { highWaterMark: 1 << 20 }),
      );
      if (asJson) {
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
        write(
          io.stdout,
          renderExplanationText(game, streamed.explanation, { details, inputSummary: streamed.inputSummary }),
        );
      }
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
  const result: unknown = game.solve(params);
  const explanation = game.explain(params, result);
  if (asJson) {
    write(io.stdout, JSON.stringify({ game: game.id, params, result, explanation }));
  } else {
    write(io.stdout, renderExplanationText(game, explanation, { details }));
  }
  return 0;
}

async function runJudge(io: CliIo, args: readonly string[]): Promise<number> {
  const [gameId, ...rest] = args;
  if (
    gameId === undefined ||
    gameId === '--help' ||
    gameId === '-h' ||
    rest.includes('--help') ||
    rest.includes('-h')
  ) {
    const game = gameId === undefined || gameId.startsWith('-') ? undefined : getGame(gameId);
    write(
      io.stdout,
      `Usage: grundy judge <game> < input > output\nReads the original contest input on stdin and writes the original output on stdout.\nGames: ${games.map((g) => g.id).join(', ')}${game === undefined ? '' : `\n\n${game.title} (${game.origin})`}`,
    );
    return gameId === undefined ? 2 : 0;
  }
  if (rest.length > 0)
    throw new InputError(`grundy judge takes only the game name, got "${rest.join(' ')}".`);
  const game = getGame(gameId);
  const reader = new TokenReader(io.stdin as AsyncIterable<string | Uint8Array>);
  let out: string[] = [];
  let pending = 0;
  let test = 0;
  const flush = async (): Promise<void> => {
    if (out.length === 0) return;
    const text = `${out.join('\n')}\n`;
    out = [];
    pending = 0;
    if (!io.stdout.write(text))
      await new Promise<void>((resolve) => io.stdout.once('drain', () => resolve()));
  };
  for await (const candidate of game.judge.parse(reader)) {
    test++;
    let params: unknown;
    try {
      params = parseParams(game, candidate);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`test ${test}: ${error.message}`);
      throw error;
    }
    const line = game.judge.format(game.solve(params), params);
    out.push(line);
    pending += line.length;
    if (pending > 1 << 16) await flush();
  }
  await flush();
  return 0;
}

function runGames(io: CliIo, args: readonly string[]): number {
  if (args.includes('--json')) {
    write(
      io.stdout,
      JSON.stringify(
        games.map((g) => ({
          id: g.id,
          title: g.title,
          summary: g.summary,
          origin: g.origin,
          examples: g.examples.map((e) => `grundy solve ${e.cli}`),
        })),
      ),
    );
    return 0;
  }
  const width = Math.max(...games.map((g) => g.id.length));
  const lines = games.map(
    (g) =>
      `  ${g.id.padEnd(width)}  ${g.summary}\n  ${' '.repeat(width)}  e.g. grundy solve ${g.examples[0].cli}`,
  );
  write(io.stdout, `Games (${games.length}):\n${lines.join('\n')}\n\nMore: grundy solve <game> --help`);
  return 0;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb, ...args] = argv;
  try {
    switch (verb) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        write(io.stdout, USAGE);
        return verb === undefined ? 2 : 0;
      case '--version':
      case '-v':
        write(io.stdout, VERSION);
        return 0;
      case 'games':
        return runGames(io, args);
      case 'solve':
        return await runSolve(io, args, 'solve');
      case 'explain':
        return await runSolve(io, args, 'explain');
      case 'judge':
        return await runJudge(io, args);
      case 'play': {
        const { runPlay } = await import('./cli-play.js');
        return await runPlay(io, args, fieldsFromArgs);
      }
      case 'serve': {
        const { serveMain } = await import('./main.js');
        return await serveMain([...args], io.env);
      }
      case 'worker': {
        const { workerMain } = await import('./jobs/worker-main.js');
        return await workerMain([...args], io.env);
      }
      case 'dev': {
        const { devMain } = await import('./http/dev.js');
        return await devMain([...args]);
      }
      case 'register': {
        const { registerMain } = await import('./bot/deploy.js');
        return await registerMain([...args], io.env);
      }
      default:
        write(io.stderr, `grundy: unknown command "${verb}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const message = publicMessage(error);
    if (error instanceof InputError || message !== undefined) {
      write(
        io.stderr,
        `grundy ${verb}${args[0] !== undefined && !args[0].startsWith('-') ? ` ${args[0]}` : ''}: ${message ?? ''}`,
      );
      return 2;
    }
    const id = Math.random().toString(36).slice(2, 10);
    write(io.stderr, `grundy: internal error (id ${id}). Please report it with the command you ran.`);
    if (io.env['LOG_LEVEL'] === 'debug' || io.env['LOG_LEVEL'] === 'trace')
      write(io.stderr, String((error as Error).stack ?? error));
    return 1;
  }
}
