/**
 * MAGIC explanations (`explain.ts`) against figures counted here by flooding the board: every key fact, the
 * group and parity sentences, who builds last, the telepoint sentence, the rule's verdict, the moves' wording
 * and the line of play, on random boards of up to 9 rooms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { explainMagic } from '../../src/games/magic/explain.js';
import { magic } from '../../src/games/magic/index.js';
import { optimalLine } from '../../src/games/magic/line.js';
import type { MagicParams } from '../../src/games/magic/schema.js';
import { solveMagic } from '../../src/games/magic/solve.js';
import { runs } from '../support/runs.js';

/** Whether rooms a and b are linked, by flooding from a. */
function sameGroup(passages: readonly [number, number][], a: number, b: number): boolean {
  const seen = new Set([a]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [x, y] of passages) {
      if (seen.has(x) !== seen.has(y)) {
        seen.add(x);
        seen.add(y);
        grew = true;
      }
    }
  }
  return seen.has(b);
}

/** The groups of rooms 1..n, each as its list of rooms. */
function groupsOf(n: number, passages: readonly [number, number][]): number[][] {
  const groups: number[][] = [];
  const placed = new Set<number>();
  for (let room = 1; room <= n; room++) {
    if (placed.has(room)) continue;
    const members = Array.from({ length: n }, (_, i) => i + 1).filter((r) => sameGroup(passages, room, r));
    for (const r of members) placed.add(r);
    groups.push(members);
  }
  return groups;
}

const count = (k: number | bigint, one: string, many: string): string =>
  `${k.toLocaleString('en-US')} ${BigInt(k) === 1n ? one : many}`;
const parityOf = (k: number | bigint): string => (BigInt(k) % 2n === 1n ? 'odd' : 'even');

const boards = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    passages: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })).filter(([a, b]) => a !== b),
      { maxLength: 12, size: 'max', selector: ([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`) },
    ),
    p1: fc.integer({ min: 0, max: 2 }),
    p2: fc.integer({ min: 0, max: 2 }),
  }),
);

describe('magic explanations against a flood of the board', () => {
  it('states the facts, the groups, who builds last, the telepoints, the verdict and the moves', () => {
    fc.assert(
      fc.property(boards, ({ n, passages, p1, p2 }) => {
        const params: MagicParams = parseParams(magic, { rooms: String(n), passages, p1, p2 });
        const result = solveMagic(params);
        const e = explainMagic(params, result);
        const members = groupsOf(n, passages);
        const groups = members.map((g) => g.length);
        const sizeOf = (room: number): number => members.find((g) => g.includes(room))?.length ?? 0;
        const odd = groups.filter((s) => s % 2 === 1).length;
        const even = groups.length - odd;
        const spare = groups.reduce((sum, s) => sum + (s * (s - 1)) / 2, 0) - passages.length;
        const k = (n * (n - 1)) / 2 - passages.length;
        // The solver counts rooms 1 and 2 as placed even with no passage: "no passage" means rooms 3.. only.
        const lonely = Array.from({ length: n - 2 }, (_, i) => i + 3).filter(
          (room) => !passages.some(([a, b]) => a === room || b === room),
        ).length;
        const [s1, s2] = [sizeOf(1), sizeOf(2)];
        const target = n % 2 === 1 ? null : k % 2 === 1 ? 'even' : 'odd';
        const other = target === 'even' ? 'odd' : 'even';
        const largest = [...groups]
          .sort((x, y) => y - x)
          .slice(0, 8)
          .join(', ');
        expect(Object.fromEntries(e.facts.map((f) => [f.label, f.value]))).toEqual({
          Rooms: String(n),
          Passages: String(passages.length),
          'Groups of linked rooms': `${groups.length} (${odd} odd, ${even} even)`,
          'Largest groups': largest,
          'Rooms with no passage': String(lonely),
          "First's group (room 1)": count(s1, 'room', 'rooms'),
          "Second's group (room 2)": count(s2, 'room', 'rooms'),
          'Spare passages (inside groups)': `${spare} (${parityOf(spare)})`,
          'Passages still missing': `${k} (${parityOf(k)})`,
          Telepoints: `First ${p1}, Second ${p2}`,
          'Final groups First wants':
            target === null ? 'either: N is odd' : `${target} (Second wants ${other})`,
        });
        const connected = sameGroup(passages, 1, 2);
        const firstWins = result.outcome === 'first';
        expect(e.winner).toBe(firstWins ? 'First' : 'Second');
        expect(e.outcome).toBe(result.outcome);
        expect(e.moves.map((m) => m.move)).toEqual(result.moves.map((m) => m.move));
        expect(e.whyNoMove === undefined).toBe(firstWins);
        expect(e.details?.[0]?.lines ?? null).toEqual(n <= 6 ? optimalLine(params) : null);
        const groupSentence =
          `The rooms form ${count(groups.length, 'group', 'groups')} linked by passages: ${odd} with an odd number ` +
          `of rooms and ${even} with an even number (largest: ${largest})` +
          (lonely === 0
            ? '.'
            : `; ${count(lonely, 'room has', 'rooms have')} no passage, each a group of its own.`);
        if (connected) {
          expect(e.headline).toContain('First wins at once');
          expect(e.reasons.at(-1)).toBe(groupSentence);
          expect(e.reasons[1]).toBe(
            `Rooms 1 and 2 are already linked, in one group of ${count(s1, 'room', 'rooms')}.`,
          );
          return;
        }
        expect(e.headline.startsWith(firstWins ? 'First wins:' : 'Second wins:')).toBe(true);
        const [groupsLine, where, spareLine, , lastLine, telepoints, rule, winning] = e.reasons;
        expect(groupsLine).toBe(groupSentence);
        expect(where).toBe(
          `First (room 1) is in a group of ${count(s1, 'room', 'rooms')} (${parityOf(s1)}), ` +
            `Second (room 2) in one of ${count(s2, 'room', 'rooms')} (${parityOf(s2)}).`,
        );
        expect(
          spareLine?.startsWith(
            `${count(spare, 'passage', 'passages')} can still be built inside groups (${parityOf(spare)});`,
          ),
        ).toBe(true);
        if (target === null) {
          expect(lastLine).toContain(
            `the builds before the end are ${parityOf(k)} in number, and ${k % 2 === 1 ? 'First' : 'Second'} builds last.`,
          );
          expect(e.brief?.[2]).toBe(
            `N is odd, so the number of builds left is ${parityOf(k)} however the game goes: ${k % 2 === 1 ? 'First' : 'Second'} builds last.`,
          );
        } else {
          expect(lastLine).toContain(
            `First builds last, and wins, when the final groups are ${target}; Second wants them ${other}.`,
          );
          expect(e.brief?.[2]?.startsWith(`First builds last if the two final groups are ${target}. `)).toBe(
            true,
          );
        }
        expect(e.brief?.[0]).toBe(
          `${count(odd, 'odd group', 'odd groups')}, ${count(even, 'even group', 'even groups')}; ` +
            `First's group has ${count(s1, 'room', 'rooms')}, Second's ${count(s2, 'room', 'rooms')}.`,
        );
        expect(telepoints).toBe(
          p1 === 0 && p2 === 0
            ? 'Neither magician holds a telepoint, so each stays in his group as it grows.'
            : `First holds ${count(p1, 'telepoint', 'telepoints')}, Second ${count(p2, 'telepoint', 'telepoints')}; ` +
                'more than one never helps, since a teleport is only needed once: to get away right after linking one\u2019s own group with the rival\u2019s.',
        );
        expect(rule?.endsWith(firstWins ? 'so First wins.' : 'so Second wins.')).toBe(true);
        if (result.rule === 'no-telepoints')
          expect(rule).toContain(`here First's is ${parityOf(s1)} and Second's ${parityOf(s2)}`);
        if (result.rule.endsWith('teleports')) {
          expect(rule).toContain(
            `here there are ${count(odd, 'odd group', 'odd groups')} and ${count(even, 'even group', 'even groups')}`,
          );
        }
        expect(winning).toBe(firstWins ? `A winning first move: ${e.moves[0]?.text ?? ''}.` : undefined);
        for (const [i, m] of e.moves.entries()) {
          const w = result.moves[i];
          if (w === undefined || 'walkTo' in w.move) continue;
          const [a, b] = w.move.join;
          expect(m.text.startsWith(`build passage ${a}-${b} (`)).toBe(true);
          expect(
            m.text.endsWith(
              w.move.teleportTo === undefined
                ? ') and do not teleport'
                : `), then teleport to room ${w.move.teleportTo} (an ${w.lands ?? ''} group)`,
            ),
          ).toBe(true);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
