/**
 * Multiplication: the kernel's judge loop (multiplicationRunKernel), which reads and answers plain tests with
 * no JavaScript per test. Its answers against the brute force (its minimax, and the rules applied to its plain
 * trial division) below 2^31; above it, against N built from primes whose exponents are known, and against
 * the JavaScript solver (BigInt, solve.ts); where it stops (before anything it does not read, with the bytes
 * and newlines it read up to there); and whole files through the byte judge, against the token judge, as one
 * block and in pieces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteOutcome, primeExponents } from '../../src/games/multiplication/brute.js';
import { multiplication as game } from '../../src/games/multiplication/index.js';
import { solveMultiplication } from '../../src/games/multiplication/solve.js';
import { multiplicationRunKernel } from '../../src/games/multiplication/kernel.js';
import { runs } from '../support/runs.js';
import {
  expectSameError,
  judgeError,
  judgeOutput,
  judgeOutputInBlocks,
  legacyJudgeError,
  legacyJudgeOutput,
} from './judge-harness.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The answer the rules give (solve.ts's closed form, restated from the exponents). */
function answer(n: number, first: 'Alice' | 'Bob'): string {
  return answerFor(
    primeExponents(n).map((f) => f.exponent),
    first,
  );
}

function answerFor(found: readonly number[], first: 'Alice' | 'Bob'): string {
  const other = first === 'Alice' ? 'Bob' : 'Alice';
  const [a = 0, b] = found;
  if (found.length >= 3) return 'tie';
  if (b === undefined) return a % 2 === 1 ? first : other;
  if (a === b) return other;
  return Math.abs(a - b) === 1 ? first : 'tie';
}

const run = (text: string, eof = true, maxTests = 1 << 30) =>
  multiplicationRunKernel(bytes(text), eof, maxTests);

describe('multiplication: the kernel reads and answers plain tests', () => {
  it('answers every N from 2 to 3,000 as the brute force, for both first players', () => {
    const ns = Array.from({ length: 2999 }, (_, i) => i + 2);
    for (const first of ['Alice', 'Bob'] as const) {
      const result = run(ns.map((n) => `${n} ${first}`).join('\n'));
      expect(result.tests).toBe(ns.length);
      const other = first === 'Alice' ? 'Bob' : 'Alice';
      expect(result.text.split('\n')).toEqual(
        ns.map((n) => {
          const outcome = bruteOutcome(n);
          return outcome === 'first' ? first : outcome === 'second' ? other : 'tie';
        }),
      );
    }
  });

  const prime = fc.constantFrom(2, 3, 5, 7, 31, 997, 1009, 1031, 46_337, 65_521, 999_983);
  const shaped = fc.oneof(
    fc.integer({ min: 2, max: 2 ** 31 - 1 }),
    // p^a and p^a q^b, the cases the closed form tells apart
    fc.tuple(prime, fc.integer({ min: 1, max: 30 })).map(([p, a]) => p ** a),
    fc
      .tuple(prime, prime, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
      .map(([p, q, a, b]) => p ** a * q ** b),
    fc.tuple(prime, prime, prime).map(([p, q, r]) => p * q * r),
    fc.constantFrom(2, 3, 4, 2 ** 30, 2 ** 31 - 1, 2 ** 31 - 2, 46_337 ** 2, 46_337 * 46_327),
  );
  const small = shaped.filter((n) => n >= 2 && n <= 2 ** 31 - 1);

  it('answers random N below 2^31 as the rules say', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(small, fc.boolean()), { minLength: 1, maxLength: 50, size: 'max' }),
        (tests) => {
          const text = tests.map(([n, alice]) => `${n} ${alice ? 'Alice' : 'Bob'}\n`).join('');
          const result = run(text);
          expect(result.tests).toBe(tests.length);
          expect(result.consumed).toBe(text.length - 1);
          expect(result.newlines).toBe(tests.length - 1);
          expect(result.text).toBe(tests.map(([n, alice]) => answer(n, alice ? 'Alice' : 'Bob')).join('\n'));
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('reads any whitespace between tokens and counts the newlines in it', () => {
    const result = run(' \t12\r\n\n Alice\t\f\v8\nBob\r\n');
    expect(result).toEqual({ tests: 2, consumed: 21, newlines: 3, text: 'Alice\nBob' });
  });

  it('reads leading zeros up to 19 digits, as the number they spell', () => {
    expect(run('0000000012 Alice\n').text).toBe('Alice');
    expect(run('0000000000000000012 Alice\n0001000000000000000 Bob\n').text).toBe('Alice\nAlice');
  });

  it.each([
    ['1 Alice', 'N below 2'],
    ['0 Bob', 'N of 0'],
    ['1000000000000000001 Bob', 'N above 10^18'],
    ['9999999999999999999 Bob', 'nineteen digits above 10^18'],
    ['00000000000000000012 Alice', 'twenty digits'],
    ['18446744073709551617 Alice', 'a number past 2^64'],
    ['-5 Alice', 'a sign'],
    ['+5 Alice', 'a plus sign'],
    ['12abc Bob', 'a number run into letters'],
    ['12 Carol', 'another name'],
    ['12 alice', 'a name in other case'],
    ['12 Alicee', 'a longer name'],
    ['12 Bo', 'a shorter name'],
    ['12 Alic', 'a name cut short'],
    ['12 Bobb', 'Bob run on'],
    ['12 Ali\u00e7e', 'a name with another byte'],
    ['12', 'a number where the name should be'],
  ])('stops before %j (%s), after the plain tests before it', (bad) => {
    const text = `6 Alice\n7 Bob\n${bad}\n9 Bob\n`;
    expect(run(text)).toEqual({ tests: 2, consumed: 13, newlines: 1, text: 'Bob\nBob' });
  });

  it('leaves a token that reaches the end of the bytes unless the input ends there', () => {
    expect(run('6 Alice\n7 Bob', false)).toEqual({ tests: 1, consumed: 7, newlines: 0, text: 'Bob' });
    expect(run('6 Alice\n7 Bob', true)).toEqual({ tests: 2, consumed: 13, newlines: 1, text: 'Bob\nBob' });
    expect(run('6 Alice\n7', false).tests).toBe(1);
    expect(run('6 Alice\n7', true).tests).toBe(1);
    expect(run('6 Alice\n7 ', false).tests).toBe(1);
    expect(run('6 Alice ', false)).toEqual({ tests: 1, consumed: 7, newlines: 0, text: 'Bob' });
  });

  it('reads no more than it is asked for', () => {
    expect(run('6 Alice\n7 Bob\n8 Alice\n', true, 2)).toEqual({
      tests: 2,
      consumed: 13,
      newlines: 1,
      text: 'Bob\nBob',
    });
    expect(run('6 Alice\n', true, 0)).toEqual({ tests: 0, consumed: 0, newlines: 0, text: '' });
  });
});

describe('multiplication: the kernel answers N from 2^31 to 10^18', () => {
  // Primes (each checked by Miller-Rabin with the first twelve prime bases when this list was written): small
  // ones the trial division strips, the first rough ones, the sweep's bound (10^6) on either side, near 10^9
  // (p q near 10^18 and p^2), near 10^12, and the largest below 10^18.
  const PRIMES = [
    2n,
    3n,
    5n,
    7n,
    1009n,
    1013n,
    1021n,
    1031n,
    1033n,
    46_337n,
    65_521n,
    999_983n,
    1_000_003n,
    1_000_033n,
    999_999_937n,
    1_000_000_007n,
    1_000_000_009n,
    2_147_483_647n,
    999_999_999_989n,
    1_000_000_000_039n,
    999_999_999_999_999_989n,
  ];
  const LOW = 2n ** 31n;
  const HIGH = 10n ** 18n;
  /** N from distinct primes and their exponents, when it lies from 2^31 to 10^18. */
  const built = fc
    .uniqueArray(fc.constantFrom(...PRIMES), { minLength: 1, maxLength: 4, size: 'max' })
    .chain((primes) =>
      fc.tuple(
        fc.constant(primes),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: primes.length, maxLength: primes.length }),
      ),
    )
    .map(([primes, exponents]) => ({
      n: primes.reduce((product, p, i) => product * p ** BigInt(exponents[i] ?? 1), 1n),
      exponents,
    }))
    .filter(({ n }) => n >= LOW && n <= HIGH);
  const name = fc.constantFrom('Alice', 'Bob' as const);

  it('answers N built from known primes as the rules say of their exponents', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(built, name), { minLength: 1, maxLength: 40, size: 'max' }), (tests) => {
        const text = tests.map(([{ n }, first]) => `${n} ${first}\n`).join('');
        const result = run(text);
        expect(result.tests).toBe(tests.length);
        expect(result.text).toBe(
          tests.map(([{ exponents }, first]) => answerFor(exponents, first)).join('\n'),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  /** Each shape the solver tells apart, among them the ones only a sweep to the cube root settles. */
  const shapes: readonly (readonly [string, bigint, readonly number[]])[] = [
    ['2^31', 2n ** 31n, [31]],
    ['10^18', 10n ** 18n, [18, 18]],
    ['a prime near 10^18', 999_999_999_999_999_989n, [1]],
    ['p q, both near 10^9 (past the sweep)', 999_999_937n * 1_000_000_007n, [1, 1]],
    ['p q, p just below 10^6 (the sweep finds it)', 999_983n * 999_999_999_989n, [1, 1]],
    ['p q, p just above 10^6 (past the sweep)', 1_000_003n * 999_999_937n, [1, 1]],
    ['p^2 q, p just below 10^6', 999_983n ** 2n * 1_000_003n, [2, 1]],
    ['p q r, all rough', 1031n * 1033n * 999_999_937n, [1, 1, 1]],
    ['p^2 near 10^18', 999_999_937n ** 2n, [2]],
    ['(p q)^2', (1031n * 65_521n) ** 2n, [2, 2]],
    ['p^3', 999_983n ** 3n, [3]],
    ['p^4', 1033n ** 4n, [4]],
    ['2^3 p^4 (p^4 is no (p q)^2)', 8n * 1033n ** 4n, [3, 4]],
    ['p^5', 1031n ** 5n, [5]],
    ['2 p^3', 2n * 65_521n ** 3n, [1, 3]],
    ['2 (p q)^2', 2n * (1031n * 65_521n) ** 2n, [1, 2, 2]],
    ['2 p q, rough', 2n * 1_000_003n * 999_999_937n, [1, 1, 1]],
    ['2^a 3^b', 2n ** 20n * 3n ** 21n, [20, 21]],
  ];

  it.each(shapes)('answers %s as the rules say', (_, n, exponents) => {
    expect(n >= LOW && n <= HIGH).toBe(true);
    for (const first of ['Alice', 'Bob'] as const) {
      expect(run(`${n} ${first}\n`).text).toBe(answerFor(exponents, first));
    }
  });

  it('answers random N as the JavaScript solver (BigInt), many waiting for one sweep together', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.bigInt({ min: LOW, max: HIGH }),
              built.map(({ n }) => n),
            ),
            name,
          ),
          {
            minLength: 1,
            maxLength: 30,
            size: 'max',
          },
        ),
        (tests) => {
          const text = tests.map(([n, first]) => `${n} ${first}`).join('\n');
          expect(run(text).text).toBe(
            tests
              .map(([n, first]) => solveMultiplication({ n: String(n), first }).winner ?? 'tie')
              .join('\n'),
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

type Parts = readonly [string, string, string, string];

describe('multiplication: the byte judge with the kernel', () => {
  const spaces = fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n ', '\n\n');
  const n = fc.oneof(
    { arbitrary: fc.integer({ min: 2, max: 2 ** 31 - 1 }).map(String), weight: 4 },
    { arbitrary: fc.integer({ min: 2, max: 99_999 }).map((v) => String(v).padStart(10, '0')), weight: 1 },
    { arbitrary: fc.integer({ min: 2, max: 99_999 }).map((v) => String(v).padStart(12, '0')), weight: 1 },
    { arbitrary: fc.bigInt({ min: 2n ** 31n, max: 10n ** 18n }).map(String), weight: 1 },
  );
  const test = fc.tuple(spaces, n, spaces, fc.constantFrom('Alice', 'Bob'));
  const body = (tests: readonly Parts[]): string => tests.map((parts) => parts.join('')).join('');
  const file = (tests: readonly Parts[], end = '\n'): string => `${tests.length}${body(tests)}${end}`;

  it('answers whole files as the token judge, read at once and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(test, { minLength: 1, maxLength: 60, size: 'max' }),
        fc.constantFrom('', '\n', ' \r\n'),
        fc.integer({ min: 1, max: 128 }),
        async (tests, end, block) => {
          const input = file(tests, end);
          const expected = await legacyJudgeOutput(game, input);
          expect(await judgeOutput(game, input)).toBe(expected);
          expect(await judgeOutputInBlocks(game, input, block)).toBe(expected);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('refuses a test more than T, read in the kernel or not', async () => {
    for (const extra of ['12 Alice', '1000000000000000000 Bob']) {
      const input = `3\n${'6 Bob\n'.repeat(3)}${extra}\n`;
      const reference = await legacyJudgeError(game, input);
      expect(String(reference)).toMatch(/line 5: expected the end of the input, found "/);
      await expectSameError(game, input, reference, [undefined, 1, 13]);
    }
  });

  it('takes a name cut off by the end of a stretch handed to the kernel for no name', async () => {
    // The kernel is handed 256 bytes at first: here they end just after "Alice" of the token "Alicee".
    const input = `42\n\n${'2 Bob\n'.repeat(41)}12 Alicee\n`;
    expect(input.indexOf('Alicee') + 5 - '42'.length).toBe(256);
    const reference = await legacyJudgeError(game, input);
    expect(String(reference)).toMatch(/line 44: expected the first player of test 42/);
    // Read whole and at its end (as from a file): the stretch ends before the input does.
    expect(String(await judgeError(game, input))).toBe(String(reference));
  });

  it('names a mistake after many plain tests as the token judge does, every answer before it written', async () => {
    const tests = fc.sample(test, { numRuns: 400, seed: 11 });
    // Each mistake, with the whole tests it starts with (a large N, which the kernel answers too).
    const mistakes: readonly (readonly [string, readonly Parts[]])[] = [
      ['', []], // the input ends early: named on the line of the last token read
      ['\n1 Alice', []],
      ['\n12 Carol', []],
      ['\n12abc Bob', []],
      ['\n12', []],
      ['\n2147483648 Bob\n5 Eve', [['\n', '2147483648', ' ', 'Bob']]],
    ];
    for (const [mistake, whole] of mistakes) {
      for (const at of [0, 1, 399]) {
        const before = [...tests.slice(0, at), ...whole];
        const input = `${tests.length}${body(tests.slice(0, at))}${mistake}\n`;
        const reference = await legacyJudgeError(game, input);
        expect(String(reference)).toMatch(/^JudgeInputError: line \d+: /);
        const expected = before.length === 0 ? '' : await legacyJudgeOutput(game, file(before));
        await expectSameError(game, input, reference, [undefined, 1, 13, 100], expected);
      }
    }
  });
});
