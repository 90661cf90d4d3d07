import { describe, expect, it } from 'vitest';
import { InputError, SolveCancelledError, SolveTimeoutError } from '../../src/core/errors.js';
import {
  decodeFailure,
  encodeFailure,
  errorFromFailure,
  jobIdFor,
  SolveJobData,
} from '../../src/jobs/queue.js';

const data: SolveJobData = {
  gameId: 'seagm',
  solverVersion: '1',
  params: { cards: [2] },
  key: 'k',
  timeoutMs: 3_000,
};

describe('solve queue conventions', () => {
  it('job ids are canonical keys without the prefix and without colons (BullMQ forbids them)', () => {
    expect(jobIdFor('grundy:v1:seagm:1:abc', 'grundy')).toBe('v1.seagm.1.abc');
    expect(jobIdFor('{grundy}:v1:seagm:1:abc', '{grundy}')).toBe('v1.seagm.1.abc');
  });

  it('failure reasons carry their kind and the message for the user', () => {
    const reason = encodeFailure('bad_input', 'card 2 is "x"\nExample: seagm 2 6 3');
    expect(reason).toBe('[bad_input] card 2 is "x"\nExample: seagm 2 6 3');
    expect(decodeFailure(reason)).toEqual({
      code: 'bad_input',
      message: 'card 2 is "x"\nExample: seagm 2 6 3',
    });
    expect(decodeFailure('boom')).toEqual({ code: undefined, message: 'boom' });
  });

  it('turns a failed job back into the error the caller expects', () => {
    const input = errorFromFailure('[bad_input] too many cards', data, 'j');
    expect(input).toBeInstanceOf(InputError);
    expect(input.message).toBe('too many cards');
    const timeout = errorFromFailure('[timeout] The solver did not finish within 3 s.', data, 'j');
    expect(timeout).toBeInstanceOf(SolveTimeoutError);
    expect(timeout.message).toBe('The solver did not finish within 3 s.');
    expect(errorFromFailure('[cancelled] x', data, 'j')).toBeInstanceOf(SolveCancelledError);
    const other = errorFromFailure('thread crashed', data, 'j');
    expect(other.constructor).toBe(Error);
    expect(other.message).toBe('Solve job j failed: thread crashed');
  });

  it('job data is checked at the trust boundary', () => {
    expect(SolveJobData.safeParse(data).success).toBe(true);
    expect(SolveJobData.safeParse({ ...data, timeoutMs: -1 }).success).toBe(false);
    expect(SolveJobData.safeParse({ ...data, extra: 1 }).success).toBe(false);
    expect(SolveJobData.safeParse({ hello: 'world' }).success).toBe(false);
  });
});
