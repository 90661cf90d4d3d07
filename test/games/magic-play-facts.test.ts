/**
 * MAGIC move by move (`play.ts`), every field a user sees: the moves listed (walk to a rival in the mover's
 * component; build any passage not built, then stay or, with a telepoint, teleport to any room), the position
 * after each, the status, the shown lines, the start and its limits, the verdict and the best move, against a
 * minimax written here over those moves (a player with no move, or caught, has lost). Nothing here uses the
 * solver.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { magic } from '../../src/games/magic/index.js';
import { magicPlay as play, type MagicPosition } from '../../src/games/magic/play.js';

type Seat = 0 | 1;

const at = (p: MagicPosition, seat: Seat) => p.at[seat];

/** Groups of rooms (smallest room as label), by flooding from each room. */
function groupOf(p: MagicPosition): number[] {
  const label = Array.from({ length: p.rooms + 1 }, () => 0);
  for (let r = 1; r <= p.rooms; r++) {
    if (label[r] !== 0) continue;
    const stack = [r];
    label[r] = r;
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (const [a, b] of p.passages) {
        const other = a === x ? b : b === x ? a : 0;
        if (other !== 0 && label[other] === 0) {
          label[other] = r;
          stack.push(other);
        }
      }
    }
  }
  return label;
}

interface Listed {
  id: string;
  text: string;
  after: MagicPosition;
}

function listed(p: MagicPosition): Listed[] {
  if (p.caught) return [];
  const me = at(p, p.turn);
  const other: Seat = p.turn === 0 ? 1 : 0;
  const rival = at(p, other);
  const label = groupOf(p);
  const out: Listed[] = [];
  if (label[me] === label[rival]) {
    const moved: [number, number] = [p.at[0], p.at[1]];
    moved[p.turn] = rival;
    out.push({
      id: `walk ${rival}`,
      text: `walk to room ${rival} along the passages and catch the rival`,
      after: { ...p, at: moved, turn: other, caught: true },
    });
  }
  for (let x = 1; x <= p.rooms; x++) {
    for (let y = x + 1; y <= p.rooms; y++) {
      if (p.passages.some(([a, b]) => a === x && b === y)) continue;
      const passages = [...p.passages, [x, y] as [number, number]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      out.push({
        id: `${x}-${y}`,
        text: `build passage ${x}-${y} and stay`,
        after: { ...p, passages, turn: other },
      });
      if (p.telepoints[p.turn] === 0) continue;
      for (let r = 1; r <= p.rooms; r++) {
        const moved: [number, number] = [p.at[0], p.at[1]];
        moved[p.turn] = r;
        const points: [number, number] = [p.telepoints[0], p.telepoints[1]];
        points[p.turn] -= 1;
        out.push({
          id: `${x}-${y} tp ${r}`,
          text: `build passage ${x}-${y}, then teleport to room ${r}`,
          after: { ...p, passages, at: moved, telepoints: points, turn: other },
        });
      }
    }
  }
  return out;
}

/** Whether the player to move wins, by trying every listed move. */
function wins(p: MagicPosition, memo = new Map<string, boolean>()): boolean {
  const key = JSON.stringify(p);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = listed(p).some((m) => !wins(m.after, memo));
  memo.set(key, value);
  return value;
}

const start = (raw: Record<string, unknown>): MagicPosition => play.start(parseParams(magic, raw));

describe('MAGIC move by move', () => {
  it('starts with First in room 1 and Second in room 2, passages sorted, at most 10 rooms', () => {
    expect(
      start({
        rooms: '4',
        passages: [
          [4, 3],
          [2, 1],
        ],
        p1: 1,
        p2: 100,
      }),
    ).toEqual({
      rooms: 4,
      passages: [
        [1, 2],
        [3, 4],
      ],
      at: [1, 2],
      telepoints: [1, 64],
      turn: 0,
      caught: false,
    });
    expect(start({ rooms: '10', passages: [], p1: 64, p2: 65 }).telepoints).toEqual([64, 64]);
    // Passages from the same room are ordered by their other room.
    expect(
      start({
        rooms: '5',
        passages: [
          [1, 5],
          [4, 1],
          [1, 3],
        ],
      }).passages,
    ).toEqual([
      [1, 3],
      [1, 4],
      [1, 5],
    ]);
    expect(() => start({ rooms: '11', passages: [] })).toThrow(
      'rooms: play takes at most 10 rooms (got 11); solve handles bigger boards, e.g. 4',
    );
    expect(play.limit).toBe('at most 10 rooms');
  });

  it('three rooms: moves, their words, the position after each, and the shown lines', () => {
    const p = start({ rooms: '3', passages: [[1, 3]], p1: 1, p2: 0 });
    expect(play.moves(p)).toEqual([
      { id: '1-2', text: 'build passage 1-2 and stay' },
      { id: '1-2 tp 1', text: 'build passage 1-2, then teleport to room 1' },
      { id: '1-2 tp 2', text: 'build passage 1-2, then teleport to room 2' },
      { id: '1-2 tp 3', text: 'build passage 1-2, then teleport to room 3' },
      { id: '2-3', text: 'build passage 2-3 and stay' },
      { id: '2-3 tp 1', text: 'build passage 2-3, then teleport to room 1' },
      { id: '2-3 tp 2', text: 'build passage 2-3, then teleport to room 2' },
      { id: '2-3 tp 3', text: 'build passage 2-3, then teleport to room 3' },
    ]);
    const after = play.apply(p, '2-3 tp 3');
    expect(after).toEqual({
      rooms: 3,
      passages: [
        [1, 3],
        [2, 3],
      ],
      at: [3, 2],
      telepoints: [0, 0],
      turn: 1,
      caught: false,
    });
    expect(play.moves(after)).toEqual([
      { id: 'walk 3', text: 'walk to room 3 along the passages and catch the rival' },
      { id: '1-2', text: 'build passage 1-2 and stay' },
    ]);
    const caught = play.apply(after, 'walk 3');
    expect(caught).toEqual({ ...after, at: [3, 3], turn: 0, caught: true });
    expect(play.moves(caught)).toEqual([]);
    expect(play.status(caught)).toEqual({ toMove: 0, over: true, winner: 1 });
    expect(play.verdict(caught)).toBe('loss');
    expect(play.show(after)).toEqual([
      'Rooms 1-3; passages: 1-3 2-3',
      'Components: {1 2 3}',
      'First in room 3 (0 telepoints), Second in room 2 (0 telepoints)',
    ]);
    expect(play.show(start({ rooms: '4', passages: [[2, 4]], p1: 2, p2: 1 }))).toEqual([
      'Rooms 1-4; passages: 2-4',
      'Components: {1} {2 4} {3}',
      'First in room 1 (2 telepoints), Second in room 2 (1 telepoints)',
    ]);
    expect(play.show(start({ rooms: '2', passages: [] }))[0]).toBe('Rooms 1-2; passages: none');
  });

  it('best moves: a catch, a winning build with its reason, and a lost position that avoids handing over a catch', () => {
    const reachable = play.apply(start({ rooms: '3', passages: [[1, 3]], p1: 1, p2: 0 }), '2-3 tp 3');
    expect(play.bestMove(reachable)).toEqual({
      move: 'walk 3',
      verdict: 'win',
      reason: 'The rival stands in your component: walk 3 catches them.',
    });
    expect(play.verdict(reachable)).toBe('win');
    // Two rooms apart, no telepoints: First must build 1-2, and Second walks over.
    const lost = play.bestMove(start({ rooms: '2', passages: [] }));
    expect(lost.move).toBe('1-2');
    expect(lost.verdict).toBe('loss');
    expect(lost.reason).toBe(
      'Every move can be answered. 2 components (2 odd, 0 even). The game ends when the board is two complete groups, one magician in each, and the player to move must join them; with 0 passages still buildable inside components, you need both final groups even.',
    );
    const four = start({ rooms: '4', passages: [[3, 4]], p1: 2, p2: 1 });
    const best = play.bestMove(four);
    expect(best.verdict).toBe('win');
    expect(best.move).toBe('1-2 tp 3');
    expect(best.reason).toBe(
      'Play 1-2 tp 3. 3 components (2 odd, 1 even). The game ends when the board is two complete groups, one magician in each, and the player to move must join them; with 0 passages still buildable inside components, you need both final groups even.',
    );
    // Three rooms: an odd number, so every final split has one odd and one even group.
    expect(play.bestMove(start({ rooms: '3', passages: [] }))).toEqual({
      move: '1-3',
      verdict: 'win',
      reason:
        'Play 1-3. 3 components (3 odd, 0 even). The game ends when the board is two complete groups, one magician in each, and the player to move must join them; with an odd number of rooms every final split has one odd and one even group.',
    });
    expect(() => play.bestMove({ ...four, caught: true })).toThrow(
      'The game is over: there is no move to make.',
    );
  });

  it('random boards of up to 4 rooms: moves, positions after, status, verdict and best move against a minimax', () => {
    const board = fc
      .record({
        rooms: fc.integer({ min: 2, max: 4 }),
        pairs: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 4,
          size: 'max',
        }),
        p1: fc.integer({ min: 0, max: 2 }),
        p2: fc.integer({ min: 0, max: 2 }),
        walk: fc.array(fc.nat(), { maxLength: 3, size: 'max' }),
      })
      .map(({ rooms, pairs, p1, p2, walk }) => {
        const seen = new Set<string>();
        const passages = pairs
          .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const)
          .filter(([x, y]) => x !== y && y <= rooms && !seen.has(`${x}-${y}`) && seen.add(`${x}-${y}`));
        return { raw: { rooms: String(rooms), passages: passages.map(([x, y]) => [x, y]), p1, p2 }, walk };
      });
    fc.assert(
      fc.property(board, ({ raw, walk }) => {
        // A start, then a few listed moves to reach positions mid-game (either player to move, rooms moved).
        let p = start(raw);
        for (const step of walk) {
          const options = listed(p);
          if (options.length === 0) break;
          p = options[step % options.length]!.after;
        }
        const expected = listed(p);
        expect(play.moves(p)).toEqual(expected.map(({ id, text }) => ({ id, text })));
        for (const m of expected) expect(play.apply(p, m.id)).toEqual(m.after);
        const other: Seat = p.turn === 0 ? 1 : 0;
        expect(play.status(p)).toEqual(
          expected.length === 0
            ? { toMove: p.turn, over: true, winner: other }
            : { toMove: p.turn, over: false, winner: null },
        );
        const win = wins(p);
        expect(play.verdict(p)).toBe(win ? 'win' : 'loss');
        if (expected.length === 0) return;
        const best = play.bestMove(p);
        expect(best.verdict).toBe(win ? 'win' : 'loss');
        const chosen = expected.find((m) => m.id === best.move)!;
        expect(chosen, best.move).toBeDefined();
        if (win) {
          expect(wins(chosen.after), `${best.move} leaves the rival lost`).toBe(false);
        } else {
          // A lost player does not hand over a catch when some move avoids it.
          const handsOver = (q: MagicPosition) => {
            const label = groupOf(q);
            return label[q.at[0]] === label[q.at[1]];
          };
          if (expected.some((m) => !handsOver(m.after))) expect(handsOver(chosen.after)).toBe(false);
          else expect(best.move).toBe(expected[0]!.id);
        }
      }),
      { numRuns: 200 },
    );
  });
});
