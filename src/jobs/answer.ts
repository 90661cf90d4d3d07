/**
 * What is cached and what a queued job returns: `{ result, explanation, solveMs }`. Whatever comes back from
 * Redis or another process is checked against the game's `result` schema and a light explanation schema.
 */
import { z } from 'zod';
import type { AnyGame, Explanation } from '../core/game.js';

export interface StoredAnswer {
  readonly result: unknown;
  readonly explanation: Explanation<unknown>;
  /** Solver time (solve + explain) in ms, measured in the thread that ran it. */
  readonly solveMs: number;
  /** For an input read as a stream (a file): what it was, for people (StreamedSolve.inputSummary). */
  readonly inputSummary?: string;
}

const ExplanationSchema = z.object({
  outcome: z.enum(['first', 'second', 'tie']),
  winner: z.string().nullable(),
  headline: z.string(),
  moves: z.array(z.object({ text: z.string(), move: z.unknown() })),
  whyNoMove: z.string().exactOptional(),
  reasons: z.array(z.string()),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  details: z.array(z.object({ title: z.string(), lines: z.array(z.string()) })).exactOptional(),
  brief: z.array(z.string()).exactOptional(),
  refutation: z.string().exactOptional(),
});

const schemas = new WeakMap<AnyGame, z.ZodType<StoredAnswer>>();

function answerSchema(game: AnyGame): z.ZodType<StoredAnswer> {
  let schema = schemas.get(game);
  if (schema === undefined) {
    schema = z.object({
      result: game.result,
      explanation: ExplanationSchema,
      solveMs: z.number().min(0),
      inputSummary: z.string().max(1000).exactOptional(),
    });
    schemas.set(game, schema);
  }
  return schema;
}

/** The answer if `value` is a valid one for `game`, else undefined. */
export function decodeAnswer(game: AnyGame, value: unknown): StoredAnswer | undefined {
  const parsed = answerSchema(game).safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Like decodeAnswer, from JSON text (a cache entry). */
export function decodeAnswerJson(game: AnyGame, text: string): StoredAnswer | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return decodeAnswer(game, value);
}

/** Why `value` is not a valid answer for `game` (for logs), or undefined when it is one. */
export function answerProblem(game: AnyGame, value: unknown): string | undefined {
  const parsed = answerSchema(game).safeParse(value);
  return parsed.success ? undefined : z.prettifyError(parsed.error).slice(0, 500);
}
