/** Runs the contract suite for every registered game; a game without a fixture fails here. */
import { builtInGames as games } from '../../src/games/catalog.js';
import { runConformance, type ConformanceFixture } from './conformance.js';

for (const game of games) {
  const { fixture } = (await import(`./${game.id}.fixture.ts`)) as { fixture: ConformanceFixture };
  runConformance(game, fixture);
}
