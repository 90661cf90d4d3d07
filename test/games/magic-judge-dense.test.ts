/**
 * The byte judge numbers rooms itself and asks the solver only for the outcome (`magicOutcome`), while the
 * token judge builds MagicParams and runs `solveMagic`. Whole inputs of several tests, in each of the byte
 * judge's three ways of numbering rooms (a direct table for small N, a hash table for N up to the exact pair
 * key limit, (high, low) halves beyond it), must get the same lines from both, and the same error. (The fourth
 * way, rooms as their own ids on boards of at most 8 rooms a passage, has magic-judge-own.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { magic } from '../../src/games/magic/index.js';
import { PAIR_KEY_LIMIT } from '../../src/games/magic/limits.js';
import { runs } from '../support/runs.js';
import { judgeError, judgeOutput, legacyJudgeOutput } from './judge-harness.js';

/** Room labels 1..12 placed into a board of N rooms: 1 and 2 stay, the others spread up to N. */
function place(n: bigint, label: number): bigint {
  const step = n >= 32n ? n / 16n : 1n;
  return label <= 2 ? BigInt(label) : n - BigInt(label - 3) * step;
}

const sizes = {
  // Over 8 rooms a passage (at most 20 passages): numbered by the table, not as their own ids.
  direct: fc.bigInt({ min: 161n, max: 2000n }),
  hashed: fc.bigInt({ min: 1n << 21n, max: PAIR_KEY_LIMIT }),
  split: fc.bigInt({ min: PAIR_KEY_LIMIT + 1n, max: 10n ** 18n }),
};

const test = (n: fc.Arbitrary<bigint>) =>
  fc.record({
    n,
    p: fc.integer({ min: 0, max: 2 }),
    passages: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })).filter(([a, b]) => a !== b),
      { maxLength: 20, size: 'max', selector: ([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`) },
    ),
  });

function input(tests: readonly { n: bigint; p: number; passages: [number, number][] }[]): string {
  const lines = [String(tests.length)];
  for (const { n, p, passages } of tests) {
    lines.push(`${n} ${passages.length} ${p}`);
    for (const [a, b] of passages) lines.push(`${place(n, a)} ${place(n, b)}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('magic judge: dense room ids against the token judge', () => {
  it.each(Object.entries(sizes))('rooms numbered by the %s table: the same lines', async (_way, n) => {
    await fc.assert(
      fc.asyncProperty(fc.array(test(n), { minLength: 1, maxLength: 4, size: 'max' }), async (tests) => {
        const text = input(tests);
        expect(await judgeOutput(magic, text)).toBe(await legacyJudgeOutput(magic, text));
      }),
      { numRuns: runs(150) },
    );
  });

  it.each(Object.entries(sizes))(
    'a repeated passage or a loop (%s table): the same error',
    async (_way, n) => {
      await fc.assert(
        fc.asyncProperty(test(n), fc.nat(), fc.boolean(), async (drawn, at, loop) => {
          if (drawn.passages.length === 0) return;
          const [a, b] = drawn.passages[at % drawn.passages.length] ?? [1, 2];
          const bad: [number, number] = loop ? [a, a] : [b, a];
          const text = input([{ ...drawn, passages: [...drawn.passages, bad] }]);
          const error = await judgeError(magic, text);
          expect(error.message).toMatch(loop ? /to itself/ : /listed twice/);
          await expect(legacyJudgeOutput(magic, text)).rejects.toThrow(error.message);
        }),
        { numRuns: runs(80) },
      );
    },
  );
});

describe('magic judge: the room table of a board beyond the pair key limit', () => {
  it('tells apart two rooms whose (high, low) halves hash alike', async () => {
    // high * 10^9 + low: (0, x) and (2, x XOR imul(2, 0x85ebca6b)) meet in the hash, so they share a slot
    // chain and a fingerprint; only the pair itself tells them apart.
    const x = 12_345;
    const twin = 2_000_000_000 + ((x ^ Math.imul(2, 0x85ebca6b)) >>> 0);
    const text = `1\n${10n ** 18n} 3 0\n1 ${x}\n${x} ${twin}\n${twin} 3\n`;
    const answer = await judgeOutput(magic, text);
    expect(answer).toBe(await legacyJudgeOutput(magic, text));
    expect(answer).toMatch(/^(First|Second)\n$/);
  });
});
