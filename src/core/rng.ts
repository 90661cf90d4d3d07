/** Seeded random numbers for instance generation (quizzes, benches, tests). Never Math.random. */
import { xoroshiro128plus, unsafeUniformIntDistribution, type RandomGenerator } from 'pure-rand';

export interface Rng {
  /** A uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

class PureRng implements Rng {
  constructor(private readonly gen: RandomGenerator) {}
  int(min: number, max: number): number {
    return unsafeUniformIntDistribution(min, max, this.gen);
  }
  chance(p: number): boolean {
    return this.int(0, 999_999) < p * 1_000_000;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
}

export function createRng(seed: number): Rng {
  return new PureRng(xoroshiro128plus(seed | 0));
}

/** A uniform bigint in [lo, hi], from 30-bit draws (the generator deals in safe integers). */
export function randomBigInt(rng: Rng, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  let x = 0n;
  for (let bits = 0n; 1n << bits < span * 1024n; bits += 30n)
    x = (x << 30n) | BigInt(rng.int(0, 2 ** 30 - 1));
  return lo + (x % span);
}
