/**
 * Two copies of src/core/errors.ts in one process (the CLI bundle's and tsc's output) hand out one set of
 * classes, so an error thrown by either passes `instanceof` in the other.
 */
import { describe, expect, it } from 'vitest';
import * as first from '../../src/core/errors.js';

/** A second, separate instance of the module (a query makes Vite load it again). */
async function secondCopy(): Promise<typeof first> {
  const url = new URL('../../src/core/errors.ts', import.meta.url);
  url.searchParams.set('copy', 'second');
  return (await import(/* @vite-ignore */ url.href)) as typeof first;
}

describe('the error classes', () => {
  it('are the same objects in a second copy of the module', async () => {
    const second = await secondCopy();
    expect(second).not.toBe(first);
    for (const name of [
      'GrundyError',
      'InputError',
      'JudgeInputError',
      'UnknownGameError',
      'SolveTimeoutError',
      'SolveCancelledError',
      'ServiceUnavailableError',
    ] as const)
      expect(second[name], name).toBe(first[name]);
  });

  it('an error made by one copy is recognised by the other, with its own name and text', async () => {
    const second = await secondCopy();
    const error = new second.JudgeInputError(3, 'expected a number');
    expect(error).toBeInstanceOf(first.InputError);
    expect(first.isInputError(error)).toBe(true);
    expect(first.publicMessage(error)).toBe('line 3: expected a number');
    expect(error.name).toBe('JudgeInputError');
    expect(new first.SolveTimeoutError(2000).name).toBe('SolveTimeoutError');
  });

  it('isInputError knows bad input by its code too, from a games module with classes of its own', () => {
    // Such a module's InputError is another class with the same shape (code 'bad_input').
    class ForeignInputError extends Error {
      readonly code = 'bad_input';
    }
    class ForeignTimeout extends Error {
      readonly code = 'timeout';
    }
    expect(first.isInputError(new ForeignInputError('N must be at least 2'))).toBe(true);
    expect(first.isInputError(new first.InputError('N must be at least 2'))).toBe(true);
    expect(first.isInputError(new ForeignTimeout('too slow'))).toBe(false);
    expect(first.isInputError(new Error('N must be at least 2'))).toBe(false);
    expect(first.isInputError({ code: 'bad_input', message: 'not an Error' })).toBe(false);
    expect(first.isInputError(new first.SolveTimeoutError(2000))).toBe(false);
  });
});
