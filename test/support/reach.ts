/** Checks that an arbitrary really produces the sizes a test declares (fast-check's default size is small). */
import fc from 'fast-check';
import { expect } from 'vitest';

export interface Declared {
  readonly min: number;
  readonly max: number;
  /** Allowed shortfall at either end, as a fraction of the range (wide uniform ranges rarely hit an end). */
  readonly within?: number;
}

export function expectReaches<T>(
  arbitrary: fc.Arbitrary<T>,
  measure: (value: T) => number,
  declared: Declared,
  numRuns = 1000,
): void {
  const sizes = fc.sample(arbitrary, { numRuns, seed: 20261123 }).map(measure);
  const [low, high] = [Math.min(...sizes), Math.max(...sizes)];
  const slack = (declared.within ?? 0) * (declared.max - declared.min);
  expect(low).toBeGreaterThanOrEqual(declared.min);
  expect(high).toBeLessThanOrEqual(declared.max);
  expect(low).toBeLessThanOrEqual(declared.min + slack);
  expect(high).toBeGreaterThanOrEqual(declared.max - slack);
}
