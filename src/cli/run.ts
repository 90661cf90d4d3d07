/**
 * `grundy`, the one entry: solve, explain, rules, judge, games, serve, worker, register, dev. Every command reads its
 * arguments the same way (./args.ts, Node's util.parseArgs) and gets the one catalog of games. Answers go to
 * stdout; errors go to stderr as one clear message (exit 2 for bad input), never a stack.
 */
import { InputError, publicMessage } from '../core/errors.js';
import { loadEntries, type EntryCatalog } from '../load-catalog.js';
import { grundyVersion, parseCommandArgs } from './args.js';
import { write, writeText, type CliIo } from './io.js';
import { answerBareVerb, playUsage, solveUsage } from './usage.js';

export type { CliIo } from './io.js';

const USAGE = `grundy — solves and explains two-player games

Usage:
  grundy solve <game> <input...> [--json] [--details]   the short answer (see: grundy games)
      [--picture FILE]                                  also write the answer's picture as a PNG
  grundy explain <game> <input...>                      the same, with every detail
  grundy rules <game> [--picture FILE]                  the rules in plain words, with an example played out
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
  grundy rules seagm
  grundy judge seagm < input.txt`;

function runGames(io: CliIo, catalog: EntryCatalog, args: readonly string[]): number {
  const games = catalog.entries;
  const { values } = parseCommandArgs(args, { json: { type: 'boolean' } });
  if (values['help'] === true || values['version'] === true) {
    write(io.stdout, values['help'] === true ? 'Usage: grundy games [--json]' : grundyVersion());
    return 0;
  }
  if (values['json'] === true) {
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

/**
 * The CLI's one catalog (the built-ins plus GRUNDY_EXTRA_GAMES_MODULE, like `grundy serve` and `grundy worker`)
 * as light entries: a command loads only the game it names (and its own verb module), so `grundy games`,
 * `judge`, `rules`, `solve` and `play` start fast.
 */
function cliEntries(io: CliIo): Promise<EntryCatalog> {
  return loadEntries(io.env['GRUNDY_EXTRA_GAMES_MODULE'] || undefined);
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
      case 'version':
      case '--version':
      case '-v':
        write(io.stdout, grundyVersion());
        return 0;
      case 'games':
        return runGames(io, await cliEntries(io), args);
      case 'solve':
      case 'explain': {
        const [gameId, ...rest] = args;
        const entries = await cliEntries(io);
        const bare = answerBareVerb(io, gameId, () => solveUsage(verb, entries));
        if (bare !== undefined || gameId === undefined) return bare ?? 2;
        const { runSolve } = await import('./solve.js');
        return await runSolve(io, entries, gameId, rest, verb);
      }
      case 'judge': {
        const { runJudge } = await import('./judge.js');
        return await runJudge(io, await cliEntries(io), args);
      }
      case 'rules': {
        const { runRules } = await import('./rules.js');
        return await runRules(io, await cliEntries(io), args);
      }
      case 'play': {
        const [gameId, ...rest] = args;
        const entries = await cliEntries(io);
        const bare = answerBareVerb(io, gameId, () => playUsage(entries));
        if (bare !== undefined || gameId === undefined) return bare ?? 2;
        const { runPlay } = await import('./play.js');
        return await runPlay(io, entries, gameId, rest);
      }
      case 'serve': {
        const { serveMain } = await import('./serve.js');
        return await serveMain([...args], io.env);
      }
      case 'worker': {
        const { workerMain } = await import('./worker.js');
        return await workerMain([...args], io.env);
      }
      case 'dev': {
        const { devMain } = await import('./dev.js');
        return await devMain([...args], { stdout: io.stdout, stderr: io.stderr }, io.env);
      }
      case 'register': {
        const { registerMain } = await import('./register.js');
        return await registerMain([...args], io.env);
      }
      default:
        writeText(io.stderr, `grundy: unknown command "${verb}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const message = publicMessage(error);
    if (error instanceof InputError || message !== undefined) {
      writeText(
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
