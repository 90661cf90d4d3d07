/**
 * The byte judge reads a big board's passages a few hundred at a time (`BIG_CHUNK` in judge.ts): boards of
 * several such runs, with one flaw or none anywhere among them (a stray byte, a loop, a repeat, a room out of
 * range, a room the fast reader leaves to the careful one), against the token judge, output or error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { magic } from '../../src/games/magic/index.js';
import { runs } from '../support/runs.js';
import { judgeOutput, judgeOutputInBlocks, legacyJudgeOutput } from './judge-harness.js';

const settle = (work: () => Promise<string>): Promise<string> =>
  work().catch((error: unknown) => `error: ${(error as Error).message}`);

const N = 999_999_999_999_999_958n;

/** What goes wrong at one passage, if anything. */
const flaw = fc.constantFrom('none', 'stray', 'loop', 'repeat', 'range', 'sign', 'short', 'padded');

describe('magic judge: big boards longer than one run of the fast reader', () => {
  it('answers (or fails) as the token judge, whole and in blocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 400, max: 1400 }),
        fc.integer({ min: 60, max: 400 }),
        fc.nat(),
        flaw,
        fc.nat(),
        fc.integer({ min: 200, max: 5000 }),
        async (m, poolSize, seed, kind, where, block) => {
          // A pool of rooms (1 and 2 among them), small enough for some to repeat and join rooms 1 and 2.
          let state = seed | 1;
          const next = (): number => {
            state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9;
            return (state ^ (state >>> 13)) >>> 0;
          };
          const pool = ['1', '2'];
          while (pool.length < poolSize) {
            pool.push(
              String(10n ** 17n + ((BigInt(next()) * 0xffffffffn + BigInt(next())) % (N - 10n ** 17n))),
            );
          }
          const passages: [string, string][] = [];
          const seen = new Set<string>();
          while (passages.length < m) {
            const x = pool[next() % poolSize] ?? '1';
            const y = pool[next() % poolSize] ?? '2';
            if (x === y || seen.has(`${x} ${y}`) || seen.has(`${y} ${x}`)) continue;
            seen.add(`${x} ${y}`);
            passages.push([x, y]);
          }
          const at = where % m;
          const [x, y] = passages[at] ?? ['1', '2'];
          const flawed: Record<string, [string, string]> = {
            none: [x, y],
            stray: [x, `${y.slice(0, 5)}x${y.slice(6)}`],
            loop: [x, x],
            repeat: passages[(at * 7) % Math.max(1, at)] ?? [x, y],
            range: [x, String(N + 1n)],
            sign: [`+${x}`, y],
            short: ['12345', y],
            padded: [x, `000${y}`],
          };
          passages[at] = flawed[kind] ?? [x, y];
          const body = passages.map(([a, b], i) => `${a}${i % 3 === 0 ? '\t' : ' '}${b}\n`).join('');
          const input = `1\n${N} ${m} ${next() % 3}\n${body}`;
          const expected = await settle(() => legacyJudgeOutput(magic, input));
          expect(await settle(() => judgeOutput(magic, input))).toBe(expected);
          expect(await settle(() => judgeOutputInBlocks(magic, input, block))).toBe(expected);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});
