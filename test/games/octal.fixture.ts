/** Conformance inputs for octal games: codes of up to four digits in every accepted form, heaps the brute force can take. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { octal } from '../../src/games/octal/index.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

interface Candidate {
  readonly code: string;
  readonly heaps: readonly (string | number)[];
}

const digits = fc
  .array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 4 })
  .map((ds) => ds.join(''));
const code = fc.oneof(
  { weight: 6, arbitrary: digits.map((d) => `0.${d}`) },
  { weight: 2, arbitrary: digits.map((d) => `.${d}0`) },
  { weight: 1, arbitrary: fc.constantFrom('nim', 'NIM', '0.333...', '0.77', '0.07', '0.137') },
);
const heap = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }).map(String));

export const fixture: ConformanceFixture = {
  small: fc
    // A small search keeps each of the hundreds of random codes quick; the default is exercised elsewhere.
    .tuple(code, fc.array(heap, { minLength: 1, maxLength: 4 }), fc.constantFrom(1000, 2048))
    .map(([c, heaps, search]) => ({ code: c, heaps, search })),
  invalid: [
    { fields: { code: '0.78', heaps: '5' }, mentions: ['code', '8', 'octal', '0.77'] },
    { fields: { code: '77', heaps: '5' }, mentions: ['code', 'point', '0.77'] },
    { fields: { code: '1.7', heaps: '5' }, mentions: ['code', 'before the point', '0.77'] },
    { fields: { code: `0.${'7'.repeat(33)}`, heaps: '5' }, mentions: ['code', '33', '32'] },
    { fields: { code: '0.', heaps: '5' }, mentions: ['code', 'no digits'] },
    { fields: { code: '0.7...', heaps: '5' }, mentions: ['code', 'Nim'] },
    { fields: { code: '0.77', heaps: '-1' }, mentions: ['heaps', '0', '10^18', '5,8,13'] },
    { fields: { code: '0.77', heaps: '1000000000000000001' }, mentions: ['heaps', '10^18'] },
    { fields: { code: '0.77', heaps: '5 eight' }, mentions: ['heaps', 'eight', '5,8,13'] },
    { fields: { code: '0.77', heaps: Array(101).fill('1').join(',') }, mentions: ['heaps', '100', '101'] },
    { fields: { code: '0.77', heaps: '5', search: 999 }, mentions: ['search', '1,000'] },
    { fields: { code: '0.77', heaps: '5', search: 10_000_001 }, mentions: ['search', '10,000,000'] },
    { fields: { heaps: '5' }, mentions: ['code', '0.77'] },
    { fields: { code: '0.77' }, mentions: ['heaps', '5,8,13'] },
  ],
  runs: 200,
  sizes: [
    {
      name: 'heap',
      measure: (c: Candidate) => Math.max(...c.heaps.map(Number)),
      min: 0,
      max: 60,
      within: 0.05,
    },
    { name: 'heap count', measure: (c: Candidate) => c.heaps.length, min: 1, max: 4 },
  ],
  wholeResult: wholeResultCheck(octal, ({ fast, brute, explanation, confirms }) => {
    // Every heap's value and their XOR, exactly as the definition gives them.
    expect(fast.values).toEqual(brute.values);
    expect(fast.xor).toBe(brute.xor);
    // A won position names at least one move; every named move (result and explanation) is confirmed.
    expect(fast.moves.length > 0).toBe(brute.xor !== '0');
    expect(explanation.moves.length > 0).toBe(brute.xor !== '0');
    for (const move of fast.moves) expect(confirms(move)).toBe(true);
    for (const { move } of explanation.moves) expect(confirms(move)).toBe(true);
    // The values shown as the sequence's start agree with the definition as far as both go.
    const shown = Math.min(fast.sample.length, brute.sample.length);
    expect(fast.sample.slice(0, shown)).toEqual(brute.sample.slice(0, shown));
  }),
};
