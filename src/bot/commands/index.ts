/** The explicit list of slash commands: one per game, then /games, /help, /rules, /quiz and /play. */
import type { AnyGame } from '../../core/game.js';
import { gameCommand } from './game.js';
import { gamesCommand } from './games.js';
import { helpCommand } from './help.js';
import { playCommand } from './play.js';
import { quizCommand } from './quiz.js';
import { rulesCommand } from './rules.js';
import type { Command } from './types.js';

export function buildCommands(games: readonly AnyGame[]): Command[] {
  return [
    ...games.map((game) => gameCommand(game)),
    gamesCommand(games),
    helpCommand(games),
    rulesCommand(games),
    quizCommand(games),
    playCommand(games),
  ];
}
