/** `grundy rules <game> [--picture FILE]`: the rules in plain words with a worked example, and its picture. */
import { parseArgs } from 'node:util';
import { InputError } from './core/errors.js';
import { games, getGame } from './games/registry.js';
import { rulesPicture } from './render/answer-picture.js';
import { renderRulesText } from './render/rules-text.js';
import { terminalWidth, wrapText } from './render/wrap.js';
import { writePicture } from './cli-answer.js';

export const RULES_USAGE = `Usage: grundy rules <game> [--picture FILE]
The rules of a game in plain words, who wins when, and a small example played out move by move.
--picture FILE writes a PNG of the example.
Games: ${games.map((g) => g.id).join(', ')}
Example: grundy rules magic`;

export interface RulesIo {
  readonly stdout: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
}

function parseRulesArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: { help: { type: 'boolean', short: 'h' }, picture: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify.*$/s, '') : String(error);
    throw new InputError(`${message}.\n\n${RULES_USAGE}`);
  }
}

export function runRules(io: RulesIo, args: readonly string[]): number {
  const parsed = parseRulesArgs(args);
  const [gameId, ...extra] = parsed.positionals;
  if (parsed.values.help === true || gameId === undefined) {
    io.stdout.write(`${RULES_USAGE}\n`);
    return gameId === undefined && parsed.values.help !== true ? 2 : 0;
  }
  if (extra.length > 0) throw new InputError(`Unexpected argument "${extra[0] ?? ''}".\n\n${RULES_USAGE}`);
  const game = getGame(gameId);
  let text = renderRulesText(game);
  const path = parsed.values.picture;
  if (path !== undefined) text += `\n\n${writePicture(rulesPicture(game), path, 'the example')}`;
  io.stdout.write(`${wrapText(text, terminalWidth(io.stdout, io.env))}\n`);
  return 0;
}
