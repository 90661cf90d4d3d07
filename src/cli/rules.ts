/** `grundy rules <game> [--picture FILE]`: the rules in plain words with a worked example, and its picture. */
import { InputError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { EntryCatalog } from '../load-catalog.js';
import { renderRulesText } from '../render/rules-text.js';
import { terminalWidth, wrapText } from '../render/wrap.js';
import { grundyVersion, parseCommandArgs } from './args.js';
import { write, type CliIo } from './io.js';
import { writePictureFile } from './picture.js';

function rulesUsage(catalog: EntryCatalog): string {
  return `Usage: grundy rules <game> [--picture FILE]
The rules of a game in plain words, who wins when, and a small example played out move by move.
--picture FILE writes a PNG of the example.
Games: ${catalog.entries.map((g) => g.id).join(', ')}
Example: grundy rules magic`;
}

/** The rules example's picture, written like an answer's (the example is tiny, so it is solved here). */
async function writeExamplePicture(game: AnyGame, path: string): Promise<string> {
  const example = game.rules?.example;
  if (example === undefined) return `No picture written: ${game.title} has no rules example.`;
  const params: unknown = game.params.parse(example.params);
  const result: unknown = game.solve(params);
  return writePictureFile(game, params, result, game.explain(params, result), path);
}

export async function runRules(io: CliIo, catalog: EntryCatalog, args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandArgs(
      args,
      { picture: { type: 'string', expects: 'a file name for the PNG, e.g. example.png' } },
      { positionals: true },
    );
  } catch (error) {
    throw error instanceof InputError ? new InputError(`${error.message}\n\n${rulesUsage(catalog)}`) : error;
  }
  const { values, positionals } = parsed;
  if (values['version'] === true) {
    write(io.stdout, grundyVersion());
    return 0;
  }
  const [gameId, ...extra] = positionals;
  if (values['help'] === true || gameId === undefined) {
    write(io.stdout, rulesUsage(catalog));
    return gameId === undefined && values['help'] !== true ? 2 : 0;
  }
  if (extra.length > 0)
    throw new InputError(`Unexpected argument "${extra[0] ?? ''}".\n\n${rulesUsage(catalog)}`);
  const entry = catalog.resolveEntry(gameId);
  // The text needs only the rules; the picture needs the whole game (its solver and drawing).
  const rules = await entry.loadRules();
  let text = renderRulesText(
    rules === undefined ? entry : { title: entry.title, summary: entry.summary, rules },
  );
  const path = values['picture'];
  if (typeof path === 'string') text += `\n\n${await writeExamplePicture(await entry.load(), path)}`;
  write(io.stdout, wrapText(text, terminalWidth(io.stdout, io.env)));
  return 0;
}
