/** The API's one mapping from errors to statuses: what the client reads, and what the operator's log gets. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError, ServiceUnavailableError } from '../../src/core/errors.js';
import { refusalFor } from '../../src/http/api/errors.js';
import { createLogger } from '../../src/log.js';

function loggedLines(): {
  logger: ReturnType<typeof createLogger>;
  lines: () => { level: number; msg: string }[];
} {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return {
    logger: createLogger('debug', stream),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { level: number; msg: string }),
  };
}

describe('refusalFor', () => {
  it('answers a busy refusal 503 with its text for people, and leaves the log alone', () => {
    const { logger, lines } = loggedLines();
    const text = 'Grundy is busy: its one solver thread is taken. Ask again in a few minutes.';
    const refusal = refusalFor(new ServiceUnavailableError(text, { publicText: text, busy: true }), logger);
    expect(refusal).toEqual({ status: 503, body: { error: { message: text } }, headers: {} });
    expect(lines()).toEqual([]);
  });

  it('answers an outage 503 with the public text only, and warns the operator with the detail', () => {
    const { logger, lines } = loggedLines();
    const outage = new ServiceUnavailableError('Redis at 10.0.0.5:6379 is unreachable', {
      publicText: 'The solve service is unavailable right now.',
    });
    const refusal = refusalFor(outage, logger, { route: 'solve' });
    expect(refusal.status).toBe(503);
    expect(refusal.body).toEqual({ error: { message: 'The solve service is unavailable right now.' } });
    expect(lines().map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: 'API: the solve service is unavailable' },
    ]);
  });

  it('answers bad input 400 with its field', () => {
    const { logger, lines } = loggedLines();
    const refusal = refusalFor(new InputError('numbers: "x" is not a whole number.', 'numbers'), logger);
    expect(refusal).toEqual({
      status: 400,
      body: { error: { message: 'numbers: "x" is not a whole number.', field: 'numbers' } },
      headers: {},
    });
    expect(lines()).toEqual([]);
  });
});
