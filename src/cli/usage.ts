/**
 * The usage texts of `grundy solve`, `explain` and `play` as a whole, from the light catalog entries alone: a
 * bare verb, its `--help` and its `--version` answer without loading a game or the verb's own module.
 */
import type { EntryCatalog } from '../load-catalog.js';
import { grundyVersion } from './args.js';
import { write, type CliIo } from './io.js';

export function solveUsage(verb: 'solve' | 'explain', catalog: EntryCatalog): string {
  return `Usage: grundy ${verb} <game> <input...>\nGames: ${catalog.entries.map((g) => g.id).join(', ')}\nExample: grundy ${verb} seagm 2 6 3`;
}

export function playUsage(catalog: EntryCatalog): string {
  return `Usage: grundy play <game> <input...> [--first you|grundy] [--engine]
  Play against Grundy: type a move as listed, or "hint", or "quit".
  --first    who moves first: you (default) or grundy
  --engine   a line protocol for programs: one JSON line after every move (see README, "Playing against Grundy")
Games, and how big a game Grundy plays move by move:
${playableGames(catalog)}
Example: grundy play seagm 2 6 3 --first grundy`;
}

/** One line per game that can be played: its id and, in words, the largest instance play takes. */
function playableGames(catalog: EntryCatalog): string {
  const playable = catalog.entries.filter((entry) => entry.playLimit !== undefined);
  const width = Math.max(...playable.map((entry) => entry.id.length));
  return playable.map((entry) => `  ${entry.id.padEnd(width)}  ${entry.playLimit ?? ''}`).join('\n');
}

/**
 * Answers a verb given no game, `--help` or `--version` in the game's place (exit 2, 0, 0), and returns the
 * exit code; undefined when `first` names a game, for the verb to handle.
 */
export function answerBareVerb(
  io: CliIo,
  first: string | undefined,
  usage: () => string,
): number | undefined {
  if (first === '--version' || first === '-v') {
    write(io.stdout, grundyVersion());
    return 0;
  }
  if (first !== undefined && first !== '--help' && first !== '-h') return undefined;
  write(io.stdout, usage());
  return first === undefined ? 2 : 0;
}
