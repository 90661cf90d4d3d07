/**
 * MAGIC explanations (`explain.ts`) against figures counted here by flooding the board: every key fact, the
 * group and parity sentences, who builds last, the telepoint sentence, the rule's verdict, the moves' wording
 * and the line of play, on random boards of up to 9 rooms; and against the brute force (verdict, rule, move
 * classification) on every board of up to 5 rooms: the rule's sentences, why Second wins, every move's words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { explainMagic } from '../../src/games/magic/explain.js';
import { magic } from '../../src/games/magic/index.js';
import { optimalLine } from '../../src/games/magic/line.js';
import type { MagicParams, MagicResult } from '../../src/games/magic/schema.js';
import {
  bruteFirstWins,
  bruteSecuresOptimum,
  bruteSolve,
  classifyMove,
} from '../../src/games/magic/brute.js';
import { solveMagic } from '../../src/games/magic/solve.js';
import { runs } from '../support/runs.js';
import { joined } from './magic.reference.js';

/** The groups of rooms 1..n, each as its list of rooms. */
function groupsOf(n: number, passages: readonly [number, number][]): number[][] {
  const groups: number[][] = [];
  const placed = new Set<number>();
  for (let room = 1; room <= n; room++) {
    if (placed.has(room)) continue;
    const members = Array.from({ length: n }, (_, i) => i + 1).filter((r) => joined(passages, room, r));
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
        const connected = joined(passages, 1, 2);
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
                "more than one never helps, since a teleport is only needed once: to get away right after linking one's own group with the rival's.",
        );
        expect(rule?.endsWith(firstWins ? 'so First wins.' : 'so Second wins.')).toBe(true);
        if (result.rule === 'no-telepoints')
          expect(rule).toContain(`here First's is ${parityOf(s1)} and Second's ${parityOf(s2)}`);
        if (result.rule.endsWith('teleports')) {
          expect(rule).toContain(
            `here there are ${count(odd, 'odd group', 'odd groups')} and ${count(even, 'even group', 'even groups')}`,
          );
        }
        // The reason says the move in mid-sentence; the move list as a sentence of its own.
        const firstMove = e.moves[0]?.text ?? '';
        expect(winning).toBe(
          firstWins
            ? `A winning first move: ${firstMove.charAt(0).toLowerCase()}${firstMove.slice(1)}`
            : undefined,
        );
        for (const [i, m] of e.moves.entries()) {
          const w = result.moves[i];
          if (w === undefined || 'walkTo' in w.move) continue;
          const [a, b] = w.move.join;
          expect(m.text.startsWith(`Build passage ${a}-${b} (`)).toBe(true);
          expect(
            m.text.endsWith(
              w.move.teleportTo === undefined
                ? ') and do not teleport.'
                : `), then teleport to room ${w.move.teleportTo} (an ${w.lands ?? ''} group).`,
            ),
          ).toBe(true);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

const BUILD_WORDS: Record<string, string> = {
  walk: 'walking',
  inside: 'inside a group, which changes nothing but the turn, like a pass',
  'odd+odd': 'joining two odd groups into an even one',
  'odd+even': 'joining an odd and an even group',
  'even+even': 'joining two even groups',
  'own+odd': "joining First's group with an odd one",
  'own+even': "joining First's group with an even one",
  'rival+odd': "joining Second's group with an odd one",
  'rival+even': "joining Second's group with an even one",
  'own+rival': "joining First's group with Second's, so First must teleport away",
};

/** The sentences that depend on the deciding rule, from the brute force's verdict, rule and group sizes. */
function ruleSentences(params: MagicParams): {
  firstWins: boolean;
  rule: string;
  short: string;
  why: string;
} {
  const b = bruteSolve(params);
  const firstWins = bruteFirstWins(params);
  const verdict = firstWins ? 'so First wins' : 'so Second wins';
  const s1 = parityOf(b.firstSize);
  const s2 = parityOf(b.secondSize);
  const counts = `here there are ${count(BigInt(b.oddComponents), 'odd group', 'odd groups')} and ${count(BigInt(b.evenComponents), 'even group', 'even groups')}`;
  const table: Record<MagicResult['rule'], [rule: string, short: string, why: string]> = {
    connected: ['Rooms 1 and 2 share a group, so First walks over and wins.', '', ''],
    'odd-board': [
      `No choice of play changes who builds last, ${verdict}.`,
      '',
      'However the passages are built, Second makes the last build, and First must then link the two final groups.',
    ],
    'no-telepoints': [
      `Nobody holds a telepoint, so each magician's group only grows. The player to move loses exactly when both magicians already stand in groups of the parity his rival needs; here First's is ${s1} and Second's ${s2}, ${verdict}.`,
      `No telepoints: the magicians' groups (${s1}, ${s2}) only grow, and that settles it.`,
      `Both magicians stand in ${s1} groups, the parity Second needs, and without a telepoint First cannot leave his; Second answers every build so that this stays so.`,
    ],
    'even-target-teleports': [
      `First needs even groups and holds a telepoint: he wins unless the board is just two odd groups, his and Second's, because he can pair odd groups off and teleport away when he must link his own with Second's; ${counts}, ${verdict}.`,
      "He can teleport, so he pairs odd groups off and slips away when he must link his group to Second's.",
      "The board is just the two magicians' groups, both odd: the final groups are already odd, as Second needs.",
    ],
    'even-target-rival-teleports': [
      `First needs even groups but only Second holds a telepoint: First wins only when there is no odd group, or exactly two that are not both the magicians' own; ${counts}, ${verdict}.`,
      "Only Second can teleport, so First needs no odd group, or exactly two that are not both the magicians'.",
      "Only Second can teleport: he keeps two odd groups alive, teleporting away when he must link his group with First's, so the final groups cannot both be even.",
    ],
    'odd-target-rival-teleports': [
      `First needs odd groups and Second holds a telepoint: First wins only when he can settle the board in one move, with exactly two odd groups and at most one even one; ${counts}, ${verdict}.`,
      'Second can teleport, so First must settle it in one move: exactly two odd groups, at most one even.',
      'First cannot leave exactly two odd groups in one move, and Second, who can teleport out of trouble, then joins odd groups in pairs until both final groups are even.',
    ],
    'odd-target-teleports': [
      `First needs odd groups, holds a telepoint and Second has none: he wins whenever odd groups exist (there are then at least two); ${counts}, ${verdict}.`,
      'He can teleport and Second cannot, so any odd group is enough for him.',
      'There is no odd group, so both final groups will be even, as Second needs.',
    ],
  };
  const [rule, short, why] = table[b.rule];
  return { firstWins, rule, short, why };
}

/** Every board of n rooms: each subset of the n(n-1)/2 passages. */
function* everyBoard(n: number): Generator<[number, number][]> {
  const pairs: [number, number][] = [];
  for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) pairs.push([a, b]);
  for (let mask = 0; mask < 2 ** pairs.length; mask++) yield pairs.filter((_, i) => (mask >> i) & 1);
}

describe('magic explanations against the brute force, on every board of up to 5 rooms', () => {
  it('the verdict, the deciding rule in words, why Second wins, the line on telepoints and every move', () => {
    for (let n = 2; n <= 5; n++) {
      for (const passages of everyBoard(n)) {
        for (const [p1, p2] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          const params: MagicParams = parseParams(magic, { rooms: String(n), passages, p1, p2 });
          const e = explainMagic(params, solveMagic(params));
          const { firstWins, rule, short, why } = ruleSentences(params);
          const label = `${n} rooms, ${JSON.stringify(passages)}, p1 ${p1}, p2 ${p2}`;
          expect([label, e.winner]).toEqual([label, firstWins ? 'First' : 'Second']);
          for (const { text, move } of e.moves) {
            expect([label, bruteSecuresOptimum(params, move)]).toEqual([label, true]);
            const w = classifyMove(params, move);
            const words =
              'walkTo' in move
                ? `Walk from room 1 to room ${move.walkTo} along the passages and catch Second.`
                : `Build passage ${move.join[0]}-${move.join[1]} (${BUILD_WORDS[w.builds] ?? ''})` +
                  (move.teleportTo === undefined
                    ? ' and do not teleport.'
                    : `, then teleport to room ${move.teleportTo} (an ${w.lands ?? ''} group).`);
            expect([label, text]).toEqual([label, words]);
          }
          if (joined(passages, 1, 2)) {
            const s1 = count(groupsOf(n, passages).find((g) => g.includes(1))?.length ?? 0, 'room', 'rooms');
            expect([label, e.headline, e.brief, e.reasons.slice(0, 2)]).toEqual([
              label,
              'First wins at once: room 2 is in his group, so he walks there before building anything.',
              [
                'Walking along passages to the rival wins at once.',
                `Rooms 1 and 2 are already linked, in one group of ${s1}.`,
              ],
              [
                'A magician may walk along passages as far as he likes, and reaching the rival wins.',
                `Rooms 1 and 2 are already linked, in one group of ${s1}.`,
              ],
            ]);
            expect(e.reasons).toHaveLength(3);
            continue;
          }
          expect([label, e.headline]).toEqual([
            label,
            firstWins
              ? 'First wins: he can make sure that Second is the one forced to link the last two groups.'
              : 'Second wins: every first move of First can be answered.',
          ]);
          const sizeOf = (room: number): number =>
            groupsOf(n, passages).find((g) => g.includes(room))?.length ?? 0;
          const [s1, s2] = [sizeOf(1), sizeOf(2)];
          expect([label, e.reasons[1], e.reasons[3], e.reasons[5], e.reasons[6], e.reasons.length]).toEqual([
            label,
            `First (room 1) is in a group of ${count(s1, 'room', 'rooms')} (${parityOf(s1)}), Second (room 2) in one of ${count(s2, 'room', 'rooms')} (${parityOf(s2)}).`,
            "Linking the two magicians' groups lets the rival walk over and win, unless the builder teleports away at once; so the game ends with two complete groups, one per magician, and whoever must then build loses. The player who builds last wins.",
            p1 === 0 && p2 === 0
              ? 'Neither magician holds a telepoint, so each stays in his group as it grows.'
              : `First holds ${count(p1, 'telepoint', 'telepoints')}, Second ${count(p2, 'telepoint', 'telepoints')}; more than one never helps, since a teleport is only needed once: to get away right after linking one's own group with the rival's.`,
            rule,
            firstWins ? 8 : 7,
          ]);
          expect([label, e.brief?.[1], e.whyNoMove]).toEqual([
            label,
            "Linking the magicians' groups lets the rival walk over (unless one teleports away), so the game ends with two complete groups, and whoever must build then loses.",
            firstWins ? undefined : why,
          ]);
          const k = (n * (n - 1)) / 2 - passages.length;
          const start = `Each turn builds one passage, and ${k} are still missing (${parityOf(k)}). At the end, the pairs of rooms between the two final groups stay unbuilt`;
          const target = k % 2 === 1 ? 'even' : 'odd';
          expect([label, e.reasons[4]]).toEqual([
            label,
            n % 2 === 1
              ? `${start}, and with N odd one group is odd and the other even, so that number is even: the builds before the end are ${parityOf(k)} in number, and ${k % 2 === 1 ? 'First' : 'Second'} builds last.`
              : `${start}: an odd number when both groups are odd, an even number when both are even (with N even they are alike). So First builds last, and wins, when the final groups are ${target}; Second wants them ${target === 'odd' ? 'even' : 'odd'}.`,
          ]);
          expect([label, e.brief?.[2]]).toEqual([
            label,
            n % 2 === 1
              ? `N is odd, so the number of builds left is ${parityOf(k)} however the game goes: ${k % 2 === 1 ? 'First' : 'Second'} builds last.`
              : `First builds last if the two final groups are ${target}. ${short}`,
          ]);
        }
      }
    }
  });
});
