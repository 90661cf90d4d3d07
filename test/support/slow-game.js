/**
 * An extra games module (GRUNDY_EXTRA_GAMES_MODULE) for tests of long solves: `slow` spins for `ms`
 * milliseconds in a solver thread, reporting progress, so tests can kill a worker mid-job, hit a time limit,
 * cancel, watch progress edits (`/slow ms:<integer>`) and outlive a (shortened) interaction-token lifetime.
 * Plain JavaScript because solver threads and spawned workers load it without a TypeScript loader.
 * Unlike a real game it reads the clock: a fixture needs a predictable duration, not purity.
 */
import { z } from 'zod';

const Params = z.strictObject({
  ms: z.number().int().min(0).max(60_000),
  /** Makes otherwise equal questions distinct (separate cache keys and jobs per test). */
  tag: z.string().max(100).default(''),
  /** `solve` itself reports bad input (as games do for what the schema cannot see). */
  reject: z.boolean().default(false),
});

class FixtureInputError extends Error {
  code = 'bad_input';
}

const Result = z.strictObject({ spunMs: z.number(), tag: z.string() });

/** @type {import('../../src/core/game.js').AnyGame} */
const slow = {
  id: 'slow',
  title: 'Slow (test fixture)',
  summary: 'Spins for a while; for tests of long solves.',
  origin: 'Grundy tests',
  solverVersion: '1',
  players: () => ['First player', 'Second player'],
  params: Params,
  result: Result,
  inputs: [
    {
      name: 'ms',
      description: 'How long to spin, in ms',
      kind: 'integer',
      required: true,
      min: 0,
      max: 60_000,
      example: '100',
    },
    {
      name: 'tag',
      description: 'Any text, to tell questions apart',
      kind: 'text',
      required: false,
      example: 'a',
    },
  ],
  fromFields: (fields) => ({
    ms: Number(fields['ms'] ?? 0),
    ...(fields['tag'] === undefined ? {} : { tag: String(fields['tag']) }),
  }),
  examples: [{ cli: 'slow 100', fields: { ms: 100 }, note: 'spins for 100 ms' }],
  solve(params, ctx) {
    if (params.reject) throw new FixtureInputError(`slow: ${params.tag} was refused by the solver`);
    // An unexpected failure (a solver bug), for the error-id path.
    if (params.tag === 'explode') throw new TypeError('the slow fixture exploded on purpose');
    const start = Date.now();
    let now = start;
    while (now - start < params.ms) {
      for (let i = 0; i < 10_000; i++) Math.sqrt(i);
      now = Date.now();
      ctx?.onProgress?.((now - start) / Math.max(1, params.ms));
    }
    return { spunMs: params.ms, tag: params.tag };
  },
  outcome: () => 'first',
  outcomes: ['first', 'second'],
  brute: {
    limit: 'any',
    fits: () => true,
    solve: (params) => ({ spunMs: params.ms, tag: params.tag }),
    securesOptimum: () => true,
  },
  explain: (params, result) => ({
    outcome: 'first',
    winner: 'First player',
    headline: `Spun for ${result.spunMs} ms.`,
    moves: [],
    whyNoMove: 'There is nothing to move.',
    reasons: [`The fixture spins for ${params.ms} ms.`],
    facts: [{ label: 'tag', value: params.tag === '' ? '(none)' : params.tag }],
  }),
  judge: {
    async *parse() {},
    format: (result) => String(result.spunMs),
  },
  estimateCostMs: (params) => params.ms,
  randomInstance: () => ({ ms: 1, tag: '', reject: false }),
};

export const games = [slow];
