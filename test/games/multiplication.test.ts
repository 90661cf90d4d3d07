import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../support/runs.js';
import type { Outcome } from '../../src/core/game.js';
import type { JudgeInputError } from '../../src/core/errors.js';
import { paramsFromFields, parseParams } from '../../src/core/params.js';
import { bruteOutcome } from '../../src/games/multiplication/brute.js';
import { planMove, type PlanRole } from '../../src/games/multiplication/explain.js';
import { factorize, integerRoot, isPrime, MAX_FACTOR_INPUT } from '../../src/math/factor.js';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import type { MultiplicationParams } from '../../src/games/multiplication/schema.js';
import { exponentSignature, ruleOf } from '../../src/games/multiplication/solve.js';
import { kernelBase64 } from '../../scripts/u64-kernel-source.js';
import { KERNEL_WASM } from '../../src/math/kernel-wasm.js';
import { decodeBase64 } from '../../src/math/u64-kernel.js';
import { smallN } from './multiplication.fixture.js';
import { judgeError as judgeErrorOf, judgeOutput } from './judge-harness.js';
const judge = (input: string): Promise<string> => judgeOutput(game, input);
const judgeError = (input: string): Promise<JudgeInputError> => judgeErrorOf(game, input);

const params = (n: number | bigint | string, first: 'Alice' | 'Bob' = 'Alice'): MultiplicationParams =>
  parseParams(game, { n: String(n), first });

// ---------------------------------------------------------------------------------------------------------
// An independent, slow reference for primality: plain BigInt Miller-Rabin with the first 13 primes as bases,
// deterministic below 3.3 * 10^24 (Sorenson and Webster), plus trial division for small n.

function powMod(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = base % m;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

function slowIsPrime(n: bigint): boolean {
  if (n < 2n) return false;
  if (n < 1_000_000n) {
    for (let d = 2n; d * d <= n; d++) if (n % d === 0n) return false;
    return true;
  }
  const bases = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];
  for (const p of bases) if (n % p === 0n) return false;
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  witness: for (const a of bases) {
    let x = powMod(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    for (let r = 1; r < s; r++) {
      x = (x * x) % n;
      if (x === n - 1n) continue witness;
    }
    return false;
  }
  return true;
}

function nextPrime(from: bigint): bigint {
  let p = from < 2n ? 2n : from;
  while (!slowIsPrime(p)) p++;
  return p;
}

/** A prime of roughly `digits` decimal digits, from fast-check's randomness. */
const primeOfDigits = (minDigits: number, maxDigits: number) =>
  fc
    .tuple(fc.integer({ min: minDigits, max: maxDigits }), fc.bigInt({ min: 0n, max: 10n ** 18n }))
    .map(([digits, r]) => nextPrime(10n ** BigInt(digits - 1) + (r % (9n * 10n ** BigInt(digits - 1)))));

function expectFactorisation(n: bigint): void {
  const factors = factorize(n);
  let product = 1n;
  let previous = 1n;
  for (const { prime, exponent } of factors) {
    expect(prime > previous).toBe(true);
    expect(slowIsPrime(prime)).toBe(true);
    expect(exponent).toBeGreaterThan(0);
    product *= prime ** BigInt(exponent);
    previous = prime;
  }
  expect(product).toBe(n);
  // The solver's shortcut (defined for N <= 10^18) agrees with the full factorisation.
  if (n > 10n ** 18n) return;
  const exponents = factors.map((f) => f.exponent);
  const signature = exponentSignature(n);
  expect(ruleOf(signature)).toBe(ruleOf(exponents));
  if (signature !== 'three-or-more') expect([...signature].sort()).toEqual([...exponents].sort());
  else expect(exponents.length).toBeGreaterThanOrEqual(3);
}

describe('multiplication: official sample and CLI examples', () => {
  it('reproduces the published sample byte for byte', async () => {
    const input =
      '10\n10 Alice\n20 Bob\n30 Alice\n40 Bob\n50 Alice\n60 Bob\n70 Alice\n80 Bob\n90 Alice\n100 Bob\n';
    expect(await judge(input)).toBe('Bob\nBob\ntie\ntie\nAlice\ntie\ntie\ntie\ntie\nAlice\n');
  });

  it('grundy solve multiplication 40 Bob: a tie that Bob forces by opening with 5', () => {
    const p = paramsFromFields(game, { n: '40', first: 'Bob' });
    const r = game.solve(p);
    expect(r).toEqual({ outcome: 'tie', winner: null, rule: 'two-primes-further-apart' });
    const e = game.explain(p, r);
    expect(e.moves.map((m) => m.move)).toEqual([{ prime: '5' }]);
    expect(e.facts).toContainEqual({ label: 'N', value: '40 = 2^3 × 5' });
    expect(e.headline).toContain('only Alice could make the 4th');
  });

  it('reads names case-insensitively, defaults the first player to Alice, and accepts big N as text', () => {
    expect(paramsFromFields(game, { n: '40', first: 'bob' })).toEqual({ n: '40', first: 'Bob' });
    expect(paramsFromFields(game, { n: '1_000_000' })).toEqual({ n: '1000000', first: 'Alice' });
    expect(paramsFromFields(game, { n: ' 1000000000000000000 ' })).toEqual({
      n: '1000000000000000000',
      first: 'Alice',
    });
    expect(parseParams(game, { n: 10n ** 18n, first: 'Bob' }).n).toBe('1000000000000000000');
    expect(game.players(params(40, 'Bob'))).toEqual(['Bob', 'Alice']);
  });
});

describe('multiplication: the closed form against the brute force', () => {
  it('agrees with the minimax over M for every N up to 10,000', () => {
    for (let n = 2; n <= 10_000; n++) {
      expect([n, game.solve(params(n)).outcome]).toEqual([n, bruteOutcome(n)]);
    }
  });

  it('agrees for every N up to 10^6, via the brute force on each exponent signature that occurs', () => {
    const limit = 1_000_000;
    // Smallest prime factors by a sieve, independent of the solver's factoriser.
    const spf = new Int32Array(limit + 1);
    for (let i = 2; i <= limit; i++) {
      if (spf[i] !== 0) continue;
      for (let j = i; j <= limit; j += i) if (spf[j] === 0) spf[j] = i;
    }
    const bySignature = new Map<string, Outcome>();
    let bruteCalls = 0;
    for (let n = 2; n <= limit; n++) {
      const exponents: number[] = [];
      for (let m = n; m > 1;) {
        const p = spf[m] ?? m;
        let e = 0;
        while (m % p === 0) {
          m /= p;
          e++;
        }
        exponents.push(e);
      }
      const key = exponents.sort((a, b) => a - b).join(',');
      let expected = bySignature.get(key);
      if (expected === undefined) {
        // The first N with this signature is the smallest one, the cheapest for the brute force.
        expected = bruteOutcome(n);
        bySignature.set(key, expected);
        bruteCalls++;
      }
      const outcome = game.solve({ n: String(n), first: 'Alice' }).outcome;
      if (outcome !== expected) expect({ n, outcome }).toEqual({ n, outcome: expected });
    }
    expect(bruteCalls).toBeGreaterThan(100);
  }, 60_000);

  it('the answer depends only on the signature: random N with the same exponents agree with the brute force', () => {
    fc.assert(
      fc.property(smallN, fc.constantFrom('Alice' as const, 'Bob' as const), (n, first) => {
        const p = params(n, first);
        expect(game.solve(p)).toEqual(game.brute.solve(p));
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('multiplication: factoriser', () => {
  it('runs the kernel its readable source assembles to (regenerate KERNEL_WASM after editing the source)', () => {
    expect(KERNEL_WASM).toBe(kernelBase64());
  });

  it('decodes the kernel without Node as with it (the plain loop, for a runtime with no Buffer)', () => {
    const plain = decodeBase64(KERNEL_WASM);
    expect(plain).toEqual(new Uint8Array(Buffer.from(KERNEL_WASM, 'base64')));
    expect([...decodeBase64('AP8QgA==')]).toEqual([0, 255, 16, 128]);
  });

  it('isPrime matches a slow reference, including strong pseudoprimes and Carmichael numbers', () => {
    const tricky = [
      561n,
      1105n,
      2047n,
      41041n,
      825265n,
      // Either side of 2^31, where isPrime moves from the 32-bit kernel to the 64-bit one.
      2147483647n,
      2147483649n,
      2147483659n,
      4294967291n,
      4294967297n,
      3215031751n,
      2152302898747n,
      3474749660383n,
      341550071728321n,
      3825123056546413051n,
      318665857834031151n,
      999999999999999989n,
      1000000000000000003n,
      4611686018427387847n,
    ];
    for (const n of tricky) expect([n, isPrime(n)]).toEqual([n, slowIsPrime(n)]);
    for (let n = 0n; n < 5000n; n++) expect([n, isPrime(n)]).toEqual([n, slowIsPrime(n)]);
    fc.assert(
      fc.property(fc.bigInt({ min: 2n, max: MAX_FACTOR_INPUT }), (n) => {
        expect(isPrime(n)).toBe(slowIsPrime(n));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('factors random N: the primes multiply back to N and each passes the slow primality check', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), (n) => expectFactorisation(n)),
      { numRuns: runs(1000) },
    );
  });

  it('factors built products: two primes near 10^9, squares and cubes of large primes, p^2 q, p q r', () => {
    const big = primeOfDigits(7, 9);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(big, big).map(([p, q]) => p * q),
          big.map((p) => p * p),
          primeOfDigits(4, 6).map((p) => p ** 3n),
          fc.tuple(primeOfDigits(4, 6), primeOfDigits(4, 8)).map(([p, q]) => p * p * q),
          fc
            .tuple(primeOfDigits(4, 6), primeOfDigits(4, 6), primeOfDigits(4, 6))
            .map(([p, q, r]) => p * q * r),
          fc.tuple(primeOfDigits(4, 6), primeOfDigits(4, 6)).map(([p, q]) => (p * q) ** 2n),
          fc
            .tuple(primeOfDigits(1, 3), primeOfDigits(7, 9), primeOfDigits(7, 8))
            .map(([a, p, q]) => a * p * q),
          primeOfDigits(17, 18),
        ),
        (n) => {
          if (n <= MAX_FACTOR_INPUT) expectFactorisation(n);
        },
      ),
      { numRuns: runs(400) },
    );
    for (const n of [
      999999866000004473n, // 999999929 * 999999937
      999999874000003969n, // 999999937^2
      10n ** 18n,
      2n ** 59n,
      3n ** 37n,
      1031n ** 5n,
      1031n ** 4n * 1033n,
      999983n ** 3n,
      999_979n * 999_983n * 1_000_003n,
      1_000_003n * 999_983n * 1_000_033n, // above 10^18: factorised, not given to the solver
      999999999999999989n,
      2n * 3n * 5n * 7n * 11n * 13n * 17n * 19n * 23n * 29n * 31n * 37n * 41n * 43n * 47n,
    ]) {
      expectFactorisation(n);
    }
  });

  it('integerRoot is the exact floor of the k-th root', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 1, max: 7 }), (n, k) => {
        const r = integerRoot(n, k);
        expect(r ** BigInt(k) <= n && (r + 1n) ** BigInt(k) > n).toBe(true);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// The explanation's plan, played against every reply: positions are M (as the brute force has them), the
// planner's moves come from `planMove`, the opponent tries every prime of N.

function primesOf(n: number): { prime: number; exponent: number }[] {
  return factorize(BigInt(n)).map((f) => ({ prime: Number(f.prime), exponent: f.exponent }));
}

/** The planner's guaranteed value (+1 win, 0 tie, -1 loss) when the plan is followed against everything. */
function planValue(n: number, planner: 'first' | 'second', role: PlanRole): number {
  const factors = primesOf(n);
  const exponents = factors.map((f) => f.exponent);
  const memo = new Map<string, number>();
  const value = (m: number, plannerToMove: boolean): number => {
    const key = `${m}/${plannerToMove}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const used = factors.map(({ prime }) => {
      let count = 0;
      for (let x = m; x % prime === 0; x /= prime) count++;
      return count;
    });
    const outcomes = (
      plannerToMove ? [factors[planMove(exponents, used, role)]?.prime ?? 0] : factors.map((f) => f.prime)
    ).map((p) => {
      const next = m * p;
      if (next === n) return plannerToMove ? 1 : -1;
      if (next > n) return 0;
      return value(next, !plannerToMove);
    });
    const result = plannerToMove ? Math.max(...outcomes) : Math.min(...outcomes);
    memo.set(key, result);
    return result;
  };
  return value(1, planner === 'first');
}

describe('multiplication: the explained plan secures the result against every reply', () => {
  it('for every N up to 3,000 and both seats; the explained first move is confirmed by the brute force', () => {
    for (let n = 2; n <= 3000; n++) {
      const p = params(n, n % 2 === 0 ? 'Alice' : 'Bob');
      const result = game.solve(p);
      const explanation = game.explain(p, result);
      expect(explanation.outcome).toBe(result.outcome);
      for (const move of explanation.moves)
        expect([n, game.brute.securesOptimum(p, move.move)]).toEqual([n, true]);
      const exponents = primesOf(n).map((f) => f.exponent);
      const total = exponents.reduce((a, b) => a + b, 0);
      const lastMover = total % 2 === 1 ? 'first' : 'second';
      if (result.outcome === 'tie') {
        const spoiler = lastMover === 'first' ? 'second' : 'first';
        expect([n, planValue(n, spoiler, 'spoiler')]).toEqual([n, 0]);
        expect([n, planValue(n, lastMover, 'holder')]).toEqual([n, 0]);
      } else {
        expect([n, planValue(n, result.outcome, 'winner')]).toEqual([n, 1]);
      }
    }
  });

  it('for every exponent signature with up to four primes and exponents up to 5', () => {
    const firstPrimes = [2, 3, 5, 7];
    const signatures: number[][] = [];
    const extend = (prefix: number[]): void => {
      if (prefix.length > 0) signatures.push(prefix);
      if (prefix.length === 4) return;
      for (let e = 1; e <= (prefix[prefix.length - 1] ?? 5); e++) extend([...prefix, e]);
    };
    extend([]);
    for (const exponents of signatures) {
      const n = exponents.reduce((acc, e, i) => acc * (firstPrimes[i] ?? 1) ** e, 1);
      if (n > 1_000_000) continue;
      const total = exponents.reduce((a, b) => a + b, 0);
      const lastMover = total % 2 === 1 ? 'first' : 'second';
      const outcome = bruteOutcome(n);
      if (outcome === 'tie') {
        expect([exponents, planValue(n, lastMover === 'first' ? 'second' : 'first', 'spoiler')]).toEqual([
          exponents,
          0,
        ]);
      } else {
        expect([exponents, planValue(n, outcome, 'winner')]).toEqual([exponents, 1]);
      }
      for (const first of ['Alice', 'Bob'] as const) {
        const p = params(n, first);
        for (const move of game.explain(p, game.solve(p)).moves)
          expect(game.brute.securesOptimum(p, move.move)).toBe(true);
      }
    }
  });

  it('names the factorisation, the length of a won game and the only possible winner', () => {
    const p = params(999999866000004473n, 'Bob');
    const e = game.explain(p, game.solve(p));
    expect(e.winner).toBe('Alice');
    expect(e.moves).toHaveLength(0);
    expect(e.whyNoMove).toContain('Alice answers with the other prime');
    expect(e.facts).toContainEqual({ label: 'N', value: '999999866000004473 = 999999929 × 999999937' });
    expect(e.facts).toContainEqual({ label: 'Multiplications in a won game', value: '2 (1 + 1)' });
    const big = nextPrime(700_000_000n);
    const q = params(2n * big ** 2n, 'Alice');
    const f = game.explain(q, game.solve(q));
    expect(f.moves).toEqual([expect.objectContaining({ move: { prime: String(big) } })]);
  });
});

describe('multiplication: judge input errors name the line', () => {
  it.each([
    ['0\n', 1, 'the number of tests T (an integer from 1 to 10000), found "0"'],
    ['x\n', 1, 'found "x"'],
    ['2\n10 Alice\n1 Bob\n', 3, 'N of test 2 (an integer from 2 to 1000000000000000000), found "1"'],
    ['1\n1000000000000000001 Bob\n', 2, 'found "1000000000000000001"'],
    ['2\n10 Alice\n20 Carol\n', 3, 'the first player of test 2 ("Alice" or "Bob"), found "Carol"'],
    ['2\n10 alice\n', 2, 'found "alice"'],
    ['2\n10 Alice\n20\n', 3, 'the first player of test 2'],
    ['1\n10 Alice\n20 Bob\n', 3, 'expected the end of the input, found "20"'],
  ])('%j -> line %i', async (input, line, message) => {
    const error = await judgeError(input);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}:`);
    expect(error.message).toContain(message);
  });

  it('accepts N up to 10^18, beyond the contest limit', async () => {
    expect(await judge('2\n1000000000000000000 Alice\n999999866000004473 Alice\n')).toBe('Bob\nBob\n');
  });
});
