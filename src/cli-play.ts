/**
 * `grundy play <game> <input...> [--first you|grundy] [--engine]`: a game against Grundy in a terminal.
 * People get the position and a prompt; with --engine a program gets one JSON line after every move and
 * sends one move (or `hint`, `quit`) per line. An illegal line gets `{"error": ...}` and changes nothing.
 */
import { createInterface } from 'node:readline';
import { InputError } from './core/errors.js';
import type { AnyGame, RawFields } from './core/game.js';
import { paramsFromFields } from './core/params.js';
import { games, getGame } from './games/registry.js';
import {
  hintFor,
  playOf,
  playStudentMove,
  resignSession,
  reviewSession,
  startSession,
  viewSession,
  type PlaySession,
  type Review,
  type Side,
} from './play/session.js';

export interface PlayIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
}

export type FieldsFromArgs = (
  game: AnyGame,
  args: readonly string[],
) => { fields: Record<string, string | number | undefined> };

const MOVES_SHOWN = 24;
/** Longer lines are refused rather than held: no move id comes near it. */
const MAX_LINE = 1000;

export const PLAY_USAGE = `Usage: grundy play <game> <input...> [--first you|grundy] [--engine]
  Play against Grundy: type a move as listed, or "hint", or "quit".
  --first    who moves first: you (default) or grundy
  --engine   a line protocol for programs: one JSON line after every move (see README, "Playing against Grundy")
Games: ${games.map((g) => g.id).join(', ')}
Example: grundy play seagm 2 6 3 --first grundy`;

interface PlayOptions {
  readonly engine: boolean;
  readonly first: Side;
  readonly help: boolean;
  readonly rest: string[];
}

/** Takes play's own flags out; the rest are the game's inputs (so multiplication's "first" stays positional). */
function playOptions(args: readonly string[]): PlayOptions {
  const rest: string[] = [];
  let engine = false;
  let help = false;
  let first: Side = 'you';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--engine') engine = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--first' || arg.startsWith('--first=')) {
      const value = arg === '--first' ? args[++i] : arg.slice('--first='.length);
      if (value !== 'you' && value !== 'grundy')
        throw new InputError(`--first must be "you" or "grundy" (got "${value ?? ''}"), e.g. --first grundy`);
      first = value;
    } else rest.push(arg);
  }
  return { engine, first, help, rest };
}

function line(io: PlayIo, text: string): void {
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
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
  io: PlayIo,
  args: readonly string[],
  fieldsFromArgs: FieldsFromArgs,
): Promise<number> {
  const [gameId, ...rawRest] = args;
  if (gameId === undefined || gameId === '--help' || gameId === '-h') {
    line(io, PLAY_USAGE);
    return gameId === undefined ? 2 : 0;
  }
  const game = getGame(gameId);
  const options = playOptions(rawRest);
  if (options.help) {
    line(io, PLAY_USAGE);
    return 0;
  }
  const params: unknown = paramsFromFields(game, fieldsFromArgs(game, options.rest).fields as RawFields);
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
    line(
      io,
      `Type a move as listed, "hint" for a winning move, or "quit" to resign. (${playOf(game).limit})`,
    );
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
