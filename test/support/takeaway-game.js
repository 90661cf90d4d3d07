/**
 * A plugin game module (GRUNDY_EXTRA_GAMES_MODULE) that is a small but real game, for the test that a plugin
 * gets every door a built-in game has: n stones, take 1 or 2 in turn, whoever takes the last stone wins. The
 * first player wins iff n is not a multiple of 3. Plain JavaScript because solver threads and spawned workers
 * load it without a TypeScript loader.
 */
import { z } from 'zod';

const Params = z.strictObject({ n: z.number().int().min(1).max(1_000_000) });
const Result = z.strictObject({ firstWins: z.boolean(), take: z.number().int().min(0).max(2) });

/** The obviously-right reference: search every line of play. */
function bruteWins(n) {
  const wins = [false];
  for (let k = 1; k <= n; k++) wins.push(!wins[k - 1] || (k >= 2 && !wins[k - 2]));
  return wins[n];
}

const solve = ({ n }) => ({ firstWins: n % 3 !== 0, take: n % 3 });

/** @type {import('../../src/core/game.js').AnyGame} */
const takeaway = {
  id: 'takeaway',
  title: 'Take-away (plugin fixture)',
  summary: 'Take 1 or 2 stones in turn; whoever takes the last stone wins.',
  origin: 'Grundy tests',
  solverVersion: '1',
  players: () => ['First player', 'Second player'],
  params: Params,
  result: Result,
  inputs: [
    {
      name: 'n',
      description: 'Stones on the table',
      kind: 'integer',
      required: true,
      min: 1,
      max: 1_000_000,
      positional: true,
      example: '7',
    },
  ],
  fromFields: (fields) => ({ n: Number(fields['n']) }),
  examples: [{ cli: 'takeaway 7', fields: { n: 7 }, note: 'take 1, leaving 6' }],
  solve,
  outcome: (result) => (result.firstWins ? 'first' : 'second'),
  brute: {
    limit: 'n <= 1000',
    fits: ({ n }) => n <= 1000,
    solve: ({ n }) => {
      const firstWins = bruteWins(n);
      return { firstWins, take: !firstWins ? 0 : !bruteWins(n - 1) ? 1 : 2 };
    },
    securesOptimum: ({ n }, move) => move >= 1 && move <= Math.min(2, n) && !bruteWins(n - move),
  },
  explain: ({ n }, result) => ({
    outcome: result.firstWins ? 'first' : 'second',
    winner: result.firstWins ? 'First player' : 'Second player',
    headline: result.firstWins
      ? `The first player wins ${n} stones by taking ${result.take}.`
      : `The second player wins ${n} stones: every move leaves a number that is not a multiple of 3.`,
    moves: result.firstWins ? [{ text: `take ${result.take}`, move: result.take }] : [],
    ...(result.firstWins ? {} : { whyNoMove: 'Every move leaves the opponent a winning count.' }),
    reasons: ['Multiples of 3 are lost for the player to move.'],
    facts: [{ label: 'stones', value: String(n) }],
  }),
  judge: {
    async *parse(reader) {
      const t = await reader.int('the number of tests T', 1, 100);
      for (let test = 1; test <= t; test++) yield { n: await reader.int(`n of test ${test}`, 1, 1_000_000) };
      await reader.expectEnd();
    },
    format: (result) => (result.firstWins ? 'First' : 'Second'),
  },
  // Big tables count as costly, so with REDIS_URL they go to the queue and its workers.
  estimateCostMs: ({ n }) => (n >= 100_000 ? 1_000 : 1),
  randomInstance: (rng) => ({ n: rng.int(1, 30) }),
};

export const games = [takeaway];
