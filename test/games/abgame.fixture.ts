import fc from 'fast-check';
import type { ConformanceFixture } from './conformance.js';

const cell = fc.constantFrom('A', 'B', '.');

export const fixture: ConformanceFixture = {
  small: fc.string({ unit: cell, minLength: 1, maxLength: 12 }).map((board) => ({ board })),
  invalid: [
    { fields: { board: 'A..C' }, mentions: ['board', 'cell 4', '"C"', '"A", "B" and "."', 'A..B.A..B'] },
    { fields: { board: 'A. B' }, mentions: ['board', 'cell 3', 'a space'] },
    { fields: { board: 'AB\u00e9' }, mentions: ['board', 'cell 3', 'non-ASCII'] },
    { fields: { board: '   ' }, mentions: ['board', 'A..B.A..B'] },
    { fields: { board: 42 }, mentions: ['board', 'A..B.A..B'] },
  ],
};
