/**
 * One line of optimal play on a small board, played out by the fast solver (never the brute force, which
 * checks the explanation): each turn the board is relabelled so that the magician to move stands in room 1
 * and his rival in room 2, and the solver's first winning move is played; the losing side builds a passage
 * that keeps him out of his rival's reach while one exists.
 */
import type { MagicParams } from './schema.js';
import { solveMagic } from './solve.js';

/** Boards of at most this many rooms get a whole game in the explanation. */
export const LINE_ROOM_LIMIT = 6;

type Pair = readonly [number, number];

function componentOf(n: number, built: readonly Pair[]): number[] {
  const label = Array.from({ length: n + 1 }, (_, room) => room);
  // Relabel until stable: a board of six rooms needs a handful of passes at most.
  for (let changed = true; changed;) {
    changed = false;
    for (const [x, y] of built) {
      // Stryker disable next-line MethodExpression: labelling each group by its largest room instead of its smallest still gives one label per group
      const low = Math.min(label[x] ?? x, label[y] ?? y);
      if (label[x] !== low || label[y] !== low) {
        label[x] = low;
        label[y] = low;
        changed = true;
      }
    }
  }
  return label;
}

export function lineFits(params: MagicParams): boolean {
  return BigInt(params.rooms) <= BigInt(LINE_ROOM_LIMIT);
}

export function optimalLine(params: MagicParams): string[] {
  const n = Number(params.rooms);
  const built: Pair[] = params.passages.map(([x, y]) => [Number(x), Number(y)]);
  const names = ['First', 'Second'] as const;
  const pos = [1, 2];
  const tele = [params.p1, params.p2];
  const lines: string[] = [];
  // Stryker disable next-line ArithmeticOperator: only a larger bound on the turns: every game ends earlier, by a walk or a full board
  const total = (n * (n - 1)) / 2;
  for (let turn = 0; turn <= total; turn++) {
    const me = turn % 2;
    const [here, there] = [pos[me] ?? 1, pos[1 - me] ?? 2];
    const component = componentOf(n, built);
    if (component[here] === component[there]) {
      lines.push(`${names[me]} walks to ${names[1 - me]}'s room ${there} and wins.`);
      break;
    }
    const missing: Pair[] = [];
    // Stryker disable next-line EqualityOperator: room n pairs only with larger rooms, and there are none
    for (let x = 1; x <= n; x++) {
      for (let y = x + 1; y <= n; y++) {
        if (!built.some(([a, b]) => (a === x && b === y) || (a === y && b === x))) missing.push([x, y]);
      }
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: a full board links the magicians, and the walk is checked first
    if (missing.length === 0) {
      lines.push(`${names[me]} has no passage left to build and loses.`);
      break;
    }
    // Relabel: the mover's room becomes 1, the rival's 2, the others 3.. in order.
    const order = [
      here,
      there,
      ...Array.from({ length: n }, (_, i) => i + 1).filter((r) => r !== here && r !== there),
    ];
    const toLocal = (room: number): number => order.indexOf(room) + 1;
    const toBoard = (room: number): number => order[room - 1] ?? room;
    const solved = solveMagic({
      rooms: params.rooms,
      passages: built.map(([x, y]) => [toLocal(x), toLocal(y)]),
      p1: tele[me] ?? 0,
      p2: tele[1 - me] ?? 0,
    });
    // Stryker disable next-line ConditionalExpression,OptionalChaining: a losing position has no moves listed, and a winning one at least one
    const winning = solved.outcome === 'first' ? solved.moves[0]?.move : undefined;
    let pair: Pair;
    let room = here;
    if (winning !== undefined && 'join' in winning) {
      pair = [toBoard(Number(winning.join[0])), toBoard(Number(winning.join[1]))];
      if (winning.teleportTo !== undefined) room = toBoard(Number(winning.teleportTo));
    } else {
      const safe = missing.find(([x, y]) => {
        const after = componentOf(n, [...built, [x, y]]);
        return after[here] !== after[there];
      });
      // Stryker disable next-line ArrayDeclaration: unreachable: the missing list is never empty here (see above)
      pair = safe ?? missing[0] ?? [1, 2];
    }
    const teleported = room !== here;
    lines.push(
      `${names[me]} builds ${Math.min(...pair)}-${Math.max(...pair)}` +
        (teleported ? ` and teleports to room ${room}.` : '.'),
    );
    built.push(pair);
    pos[me] = room;
    if (teleported) tele[me] = (tele[me] ?? 1) - 1;
  }
  return lines;
}
