/**
 * MAGIC's transport fields (`fields.ts`): passages written as text in every separator the parser knows, rooms
 * as numbers or exact decimal strings, telepoints as numbers or text, and the exact message for each bad
 * shape.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { paramsFromFields } from '../../src/core/params.js';
import { magicFromFields, parsePassageText } from '../../src/games/magic/fields.js';
import { magic } from '../../src/games/magic/index.js';

const example = 'write passages like 1-3 2-4';

describe('magic fields: passage text', () => {
  it.each([
    ['1-3', [[1, 3]]],
    ['1 3', [[1, 3]]],
    [
      '1\v3\f2\t4\r\n3;5,4\v5',
      [
        [1, 3],
        [2, 4],
        [3, 5],
        [4, 5],
      ],
    ],
    [
      ' ,;1-3;;2-4,, ',
      [
        [1, 3],
        [2, 4],
      ],
    ],
    [
      '1-3 2 4 5-1',
      [
        [1, 3],
        [2, 4],
        [5, 1],
      ],
    ],
    ['000000000000003-1', [[3, 1]]],
    ['0000000000000003-01', [[3, 1]]],
    ['123456789012345 9007199254740991', [[123456789012345, 9007199254740991]]],
    ['9007199254740992-1', [['9007199254740992', 1]]],
    ['+7 1', [[7, 1]]],
    [
      '1-3\r2-4',
      [
        [1, 3],
        [2, 4],
      ],
    ],
    ['', []],
    [' \n\t', []],
  ])('%j reads as %j', (text, pairs) => {
    expect(parsePassageText(text)).toEqual(pairs);
  });

  it.each([
    ['1 2-3', 'passages: room "1" has no partner; write passages like 1-3 2-4'],
    ['1 2 3', 'passages: room "3" has no partner; write passages like 1-3 2-4'],
    ['1 2-3 4', 'passages: room "1" has no partner; write passages like 1-3 2-4'],
    ['3 -1', 'passages: room "3" has no partner; write passages like 1-3 2-4'],
    ['4', 'passages: room "4" has no partner; write passages like 1-3 2-4'],
    ['1-3x', `passages: "1-3x" is not a room number or a pair of rooms; ${example}`],
    ['x3-1', `passages: "x3-1" is not a room number or a pair of rooms; ${example}`],
    ['1 3x', `passages: "3x" is not a room number or a pair of rooms; ${example}`],
    ['0-1', `passages: "0-1" is not a room number or a pair of rooms; ${example}`],
    ['2 0', `passages: "0" is not a room number or a pair of rooms; ${example}`],
    ['000-1', `passages: "000-1" is not a room number or a pair of rooms; ${example}`],
    ['1-', `passages: "1-" is not a room number or a pair of rooms; ${example}`],
    ['-1', `passages: "-1" is not a room number or a pair of rooms; ${example}`],
    ['1--2', `passages: "1--2" is not a room number or a pair of rooms; ${example}`],
    ['1-2.5', `passages: "1-2.5" is not a room number or a pair of rooms; ${example}`],
    [
      `1-3 ${'x'.repeat(40)}`,
      `passages: "${'x'.repeat(30)}..." is not a room number or a pair of rooms; ${example}`,
    ],
  ])('%j is refused: %s', (text, message) => {
    let caught: unknown;
    try {
      parsePassageText(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).message).toBe(message);
  });
});

describe('magic fields: the whole candidate', () => {
  it('passages default to none; a lone number is a pair missing its partner', () => {
    expect(magicFromFields({ rooms: '5' })).toStrictEqual({ rooms: '5', passages: [] });
    expect(magicFromFields({ rooms: 5, passages: 3 })).toEqual({ rooms: 5, passages: [[3]] });
    expect(() => paramsFromFields(magic, { rooms: '5', passages: 3 })).toThrow(
      'passages: item 1 must be a pair of rooms like [1, 3], e.g. 1-3 2-4',
    );
  });

  it('telepoints as text are read as whole numbers; blank ones are left out; anything else goes to the schema', () => {
    expect(magicFromFields({ rooms: '5', telepoints: ' +2 ', p1: '7', p2: 0 })).toEqual({
      rooms: '5',
      passages: [],
      telepoints: 2,
      p1: 7,
      p2: 0,
    });
    expect(magicFromFields({ rooms: '5', p1: '', p2: ' \t' })).toStrictEqual({ rooms: '5', passages: [] });
    expect(magicFromFields({ rooms: '5', p1: '123456789012345' })).toMatchObject({ p1: 123456789012345 });
    expect(magicFromFields({ rooms: '5', p1: '1234567890123456' })).toMatchObject({ p1: '1234567890123456' });
    expect(magicFromFields({ rooms: '5', p2: '2 3' })).toMatchObject({ p2: '2 3' });
    expect(magicFromFields({ rooms: '5', p2: 'x2' })).toMatchObject({ p2: 'x2' });
    expect(magicFromFields({ rooms: '5', p2: '2x' })).toMatchObject({ p2: '2x' });
    expect(magicFromFields({ rooms: '5', p2: 2.5 })).toMatchObject({ p2: 2.5 });
    expect(paramsFromFields(magic, { rooms: '5', telepoints: ' 3', p2: '1 ' })).toEqual({
      rooms: '5',
      passages: [],
      p1: 3,
      p2: 1,
    });
    expect(() => paramsFromFields(magic, { rooms: '5', telepoints: '1234567890123456' })).toThrow(
      'telepoints must be a whole number of telepoints from 0 to 10^9 for each magician, e.g. 1',
    );
  });
});
