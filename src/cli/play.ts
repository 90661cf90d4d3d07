/**
 * `grundy play <game> <input...> [--first you|grundy] [--engine]`: a game against Grundy in a terminal.
 * People get the position and a prompt; with --engine a program gets one JSON line after every move and
 * sends one move (or `hint`, `quit`) per line. An illegal line gets `{"error": ...}` and changes nothing.
 */
import { createInterface } from 'node:readline';
import { InputError } from '../core/errors.js';
import type { AnyGame, RawFields } from '../core/game.js';
import { paramsFromFields } from '../core/params.js';
import type { EntryCatalog } from '../load-catalog.js';
import {
  hintFor,
  playStudentMove,
  resignSession,
  reviewSession,
  startSession,
  viewSession,
  type PlaySession,
  type Review,
  type Side,
} from '../play/session.js';
import { grundyVersion, parseCommandArgs, type OptionSpec } from './args.js';
import { write, type CliIo } from './io.js';
import { inputFields } from './solve.js';
import { playUsage } from './usage.js';

const MOVES_SHOWN = 24;
/** Longer lines are refused rather than held: no move id comes near it. */
const MAX_LINE = 1000;

interface PlayOptions {
  readonly engine: boolean;
  readonly first: Side;
  readonly help: boolean;
  readonly version: boolean;
  readonly fields: Record<string, string | number | undefined>;
}

/**
 * Play's own flags (--engine, --first) beside the game's inputs, all through the one argument parser. A game
 * input that shares a flag's name (multiplication's Alice/Bob "first") is then given positionally.
 */
function playOptions(catalog: EntryCatalog, game: AnyGame, args: readonly string[]): PlayOptions {
  const options: Record<string, OptionSpec> = {
    engine: { type: 'boolean' },
    first: { type: 'string', expects: '"you" or "grundy", e.g. --first grundy' },
  };
  for (const input of game.inputs)
    if (options[input.name] === undefined) options[input.name] = { type: 'string' };
  const usage = (message: string): InputError => new InputError(`${message}\n\n${playUsage(catalog)}`);
  let parsed;
  try {
    parsed = parseCommandArgs(args, options, { positionals: true });
  } catch (error) {
    throw error instanceof InputError ? usage(error.message) : error;
  }
  const first = parsed.values['first'] ?? 'you';
  if (first !== 'you' && first !== 'grundy')
    throw new InputError(`--first must be "you" or "grundy" (got "${String(first)}"), e.g. --first grundy`);
  // The game's own "first" (if any) can only come positionally: --first is play's.
  const ownFirst = { ...parsed, values: { ...parsed.values, first: undefined } };
  return {
    engine: parsed.values['engine'] === true,
    first,
    help: parsed.values['help'] === true,
    version: parsed.values['version'] === true,
    fields: inputFields(game, ownFirst, usage),
  };
}

function line(io: CliIo, text: string): void {
  write(io.stdout, text);
}

function engineState(game: AnyGame, session: PlaySession, review: Review | null): string {
  const view = viewSession(game, session);
  const state: Record<string, unknown> = {
    position: session.position,
    toMove: view.toMove,
    moves: view.moves.map((m) => m.id),
    over: view.over,
    winner: view.winner,
    grundyMove: view.grundyMove,
  };
  if (review !== null) state['review'] = { mistake: review.mistake, lines: review.lines };
  return JSON.stringify(state);
}

function humanState(game: AnyGame, session: PlaySession, names: readonly [string, string]): string {
  const view = viewSession(game, session);
  const lines = ['', ...view.position.map((l) => `  ${l}`)];
  if (view.over) return lines.join('\n');
  const shown = view.moves.slice(0, MOVES_SHOWN).map((m) => m.id);
  const more = view.moves.length > MOVES_SHOWN ? `, ... (${view.moves.length} in all)` : '';
  lines.push(
    `${view.toMove === 'you' ? `You (${names[session.student]})` : 'Grundy'} to move. Moves: ${shown.join(', ')}${more}`,
  );
  return lines.join('\n');
}

export async function runPlay(
  io: CliIo,
  catalog: EntryCatalog,
  gameId: string,
  rest: readonly string[],
): Promise<number> {
  const game = await catalog.resolveEntry(gameId).load();
  const options = playOptions(catalog, game, rest);
  if (options.help || options.version) {
    line(io, options.help ? playUsage(catalog) : grundyVersion());
    return 0;
  }
  const params: unknown = paramsFromFields(game, options.fields as RawFields);
  const names = game.players(params);
  let session = startSession(game, params, { id: 'terminal', owner: 'local', first: options.first, now: 0 });
  const engine = options.engine;
  const show = (): void =>
    line(io, engine ? engineState(game, session, null) : humanState(game, session, names));
  const finish = (): number => {
    const review = reviewSession(game, session);
    line(io, engine ? engineState(game, session, review) : ['', ...review.lines].join('\n'));
    return 0;
  };

  if (!engine) {
    line(
      io,
      `${game.title}. You play ${names[session.student]}, Grundy plays ${names[1 - session.student] ?? ''}.`,
    );
    line(io, 'Type a move as listed, "hint" for a winning move, or "quit" to resign.');
    const first = session.moves[0];
    if (first !== undefined) line(io, `Grundy: ${first.text}`);
  }
  if (viewSession(game, session).over) return finish();
  show();
  const reader = createInterface({ input: io.stdin, crlfDelay: Infinity });
  try {
    for await (const raw of reader) {
      const text = raw.trim();
      const error = (message: string): void =>
        line(io, engine ? JSON.stringify({ error: message }) : `  ${message}`);
      if (text.length > MAX_LINE) {
        error(
          `That line is ${text.length} characters long; a move is a few characters, e.g. one of the listed moves.`,
        );
        continue;
      }
      if (text === '') {
        if (engine) error('Empty line: send a move from "moves", or hint, or quit.');
        continue;
      }
      const command = text.toLowerCase();
      if (command === 'quit') {
        session = resignSession(game, session, 0);
        return finish();
      }
      if (command === 'hint') {
        const asked = hintFor(game, session, 0);
        session = asked.session;
        line(
          io,
          engine
            ? JSON.stringify({ hint: asked.hint.move, verdict: asked.hint.verdict, text: asked.hint.text })
            : `  Hint: ${asked.hint.text}`,
        );
        continue;
      }
      try {
        const before = session.moves.length;
        session = playStudentMove(game, session, text, 0);
        if (!engine) {
          for (const played of session.moves.slice(before))
            line(io, `${played.by === 'you' ? 'You' : 'Grundy'}: ${played.text}`);
        }
      } catch (caught) {
        if (!(caught instanceof InputError)) throw caught;
        error(caught.message);
        continue;
      }
      if (viewSession(game, session).over) {
        if (!engine) show();
        return finish();
      }
      show();
    }
  } finally {
    reader.close();
  }
  // Input ended mid-game: the game is simply left, as with quit.
  if (!engine) line(io, '\nInput ended; the game is left unfinished.');
  return 0;
}
