/** Raw transport fields -> candidate MAGIC params; passages come as text like `1-3 2-4` or an edge-list file. */
import { InputError } from '../../core/errors.js';
import { quoteInput } from '../../core/text.js';
import type { RawFields } from '../../core/game.js';
import { PASSAGES_EXAMPLE, toRoom, type Room } from './schema.js';

function isSeparator(code: number): boolean {
  // Whitespace, comma and semicolon separate passages; both `1-3` and `1 3` name one.
  return (
    code === 32 ||
    code === 10 ||
    code === 13 ||
    code === 9 ||
    code === 44 ||
    code === 59 ||
    code === 11 ||
    code === 12
  );
}

function parseRoom(text: string, token: string): Room {
  const room = text.length <= 15 && /^\d+$/.test(text) ? Number(text) : toRoom(text);
  if (room === undefined || room === 0) {
    throw new InputError(
      `passages: "${quoteInput(token, 30)}" is not a room number or a pair of rooms; write passages like ${PASSAGES_EXAMPLE}`,
      'passages',
    );
  }
  return room;
}

/** `1-3 2-4`, `1 3\n2 4`, `1,3;2,4` -> [[1, 3], [2, 4]]. Range, loop and repeat checks are the schema's. */
export function parsePassageText(text: string): [Room, Room][] {
  const pairs: [Room, Room][] = [];
  let pending: Room | undefined;
  let pendingToken = '';
  const length = text.length;
  let i = 0;
  while (i < length) {
    if (isSeparator(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < length && !isSeparator(text.charCodeAt(i))) i++;
    const token = text.slice(start, i);
    const dash = token.indexOf('-');
    if (dash >= 0) {
      if (pending !== undefined) {
        throw new InputError(
          `passages: room "${quoteInput(pendingToken, 30)}" has no partner; write passages like ${PASSAGES_EXAMPLE}`,
          'passages',
        );
      }
      pairs.push([parseRoom(token.slice(0, dash), token), parseRoom(token.slice(dash + 1), token)]);
    } else if (pending === undefined) {
      pending = parseRoom(token, token);
      pendingToken = token;
    } else {
      pairs.push([pending, parseRoom(token, token)]);
      pending = undefined;
    }
  }
  if (pending !== undefined) {
    throw new InputError(
      `passages: room "${quoteInput(pendingToken, 30)}" has no partner; write passages like ${PASSAGES_EXAMPLE}`,
      'passages',
    );
  }
  return pairs;
}

/** Integer fields may arrive as numbers (Discord) or text (CLI); anything else goes on to the schema's message. */
function integerField(value: string | number | undefined): unknown {
  if (typeof value === 'string' && /^\s*\+?\d{1,15}\s*$/.test(value)) return Number(value);
  return value;
}

export function magicFromFields(fields: RawFields): unknown {
  const passages = fields.passages;
  const candidate: Record<string, unknown> = {
    rooms: fields.rooms,
    passages:
      passages === undefined ? [] : typeof passages === 'number' ? [[passages]] : parsePassageText(passages),
  };
  for (const name of ['telepoints', 'p1', 'p2'] as const) {
    const value = fields[name];
    if (value !== undefined && !(typeof value === 'string' && value.trim() === ''))
      candidate[name] = integerField(value);
  }
  return candidate;
}
