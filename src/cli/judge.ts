/** `grundy judge <game>`: the original contest input on stdin, the original output on stdout. */
import { InputError } from '../core/errors.js';
import { parseParams } from '../core/params.js';
import { InputReader } from '../core/reader.js';
import type { GameCatalog } from '../games/catalog.js';
import { grundyVersion, parseCommandArgs } from './args.js';
import { write, type CliIo } from './io.js';

export async function runJudge(io: CliIo, catalog: GameCatalog, args: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {}, { positionals: true });
  if (values['version'] === true) {
    write(io.stdout, grundyVersion());
    return 0;
  }
  const [gameId, ...rest] = positionals;
  if (gameId === undefined || values['help'] === true) {
    const game = gameId === undefined ? undefined : catalog.resolveGame(gameId);
    write(
      io.stdout,
      `Usage: grundy judge <game> < input > output\nReads the original contest input on stdin and writes the original output on stdout.\nGames: ${catalog.games.map((g) => g.id).join(', ')}${game === undefined ? '' : `\n\n${game.title} (${game.origin})`}`,
    );
    return gameId === undefined && values['help'] !== true ? 2 : 0;
  }
  if (rest.length > 0)
    throw new InputError(`grundy judge takes only the game name, got "${rest.join(' ')}".`);
  const game = catalog.resolveGame(gameId);
  const reader = new InputReader(io.stdin as AsyncIterable<string | Uint8Array>);
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
  if (game.judge.answerAll !== undefined) {
    let notes = 0;
    for await (const answer of game.judge.answerAll(reader)) {
      test++;
      if (answer.note !== undefined) {
        notes++;
        write(io.stderr, `test ${test}: ${answer.note}`);
      }
      out.push(answer.line);
      pending += answer.line.length;
      if (pending > 1 << 16) await flush();
    }
    await flush();
    // Lines that are not answers (see stderr) make the run fail, so scripts notice.
    return notes === 0 ? 0 : 1;
  }
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
