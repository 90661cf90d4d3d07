/** Turns a MAGIC result into an explanation as data: the groups of rooms, the parity argument and a move, in plain words. */
import type { ExplainedMove, Explanation, KeyFact } from '../../core/game.js';
import { capitalFirst, sentence } from '../../core/text.js';
import { lineFits, optimalLine } from './line.js';
import type { BuildKind, MagicMove, MagicParams, MagicResult, WinningMove } from './schema.js';

const BUILDS: Record<BuildKind, string> = {
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

function big(text: string | number | bigint): string {
  return BigInt(text).toLocaleString('en-US');
}

function parity(odd: boolean): 'odd' | 'even' {
  return odd ? 'odd' : 'even';
}

function plural(count: string | number | bigint, one: string, many: string): string {
  return `${big(count)} ${BigInt(count) === 1n ? one : many}`;
}

export function describeMove(winning: WinningMove): string {
  const move = winning.move;
  if ('walkTo' in move) return `walk from room 1 to room ${move.walkTo} along the passages and catch Second`;
  const [a, b] = move.join;
  const build = `build passage ${a}-${b} (${BUILDS[winning.builds]})`;
  if (move.teleportTo === undefined) return `${build} and do not teleport`;
  return `${build}, then teleport to room ${move.teleportTo} (an ${winning.lands ?? 'other'} group)`;
}

export function explainMagic(params: MagicParams, result: MagicResult): Explanation<MagicMove> {
  const n = BigInt(params.rooms);
  const m = params.passages.length;
  const k = (n * (n - 1n)) / 2n - BigInt(m);
  const odd = BigInt(result.oddComponents);
  const even = BigInt(result.evenComponents);
  const first = result.target;
  const second = first === null ? null : first === 'odd' ? 'even' : 'odd';
  // Each move as a sentence, as the other games write theirs ("Build passage 1-2 (...), then teleport to room 3.").
  const moves: ExplainedMove<MagicMove>[] = result.moves.map((w) => ({
    text: sentence(describeMove(w)),
    move: w.move,
  }));
  const firstWins = result.outcome === 'first';

  const facts: KeyFact[] = [
    { label: 'Rooms', value: big(params.rooms) },
    { label: 'Passages', value: big(m) },
    {
      label: 'Groups of linked rooms',
      value: `${big(result.components)} (${big(result.oddComponents)} odd, ${big(result.evenComponents)} even)`,
    },
    { label: 'Largest groups', value: result.largest.join(', ') },
    { label: 'Rooms with no passage', value: big(result.untouched) },
    { label: "First's group (room 1)", value: plural(result.firstSize, 'room', 'rooms') },
    { label: "Second's group (room 2)", value: plural(result.secondSize, 'room', 'rooms') },
    {
      label: 'Spare passages (inside groups)',
      value: `${big(result.missing)} (${parity(result.missing % 2 === 1)})`,
    },
    { label: 'Passages still missing', value: `${big(k)} (${parity(k % 2n === 1n)})` },
    { label: 'Telepoints', value: `First ${big(params.p1)}, Second ${big(params.p2)}` },
    {
      label: 'Final groups First wants',
      value: first === null ? 'either: N is odd' : `${first} (Second wants ${second ?? ''})`,
    },
  ];

  const groups =
    `The rooms form ${plural(result.components, 'group', 'groups')} linked by passages: ${big(result.oddComponents)} with an odd number of rooms ` +
    `and ${big(result.evenComponents)} with an even number (largest: ${result.largest.join(', ')})` +
    (result.untouched === '0'
      ? '.'
      : `; ${plural(result.untouched, 'room has', 'rooms have')} no passage, each a group of its own.`);
  const where =
    `First (room 1) is in a group of ${plural(result.firstSize, 'room', 'rooms')} (${parity(result.firstSize % 2 === 1)}), ` +
    `Second (room 2) in one of ${plural(result.secondSize, 'room', 'rooms')} (${parity(result.secondSize % 2 === 1)}).`;

  // Tiny boards get a whole game, played out by the solver.
  const details = lineFits(params)
    ? { details: [{ title: 'A line of optimal play', lines: optimalLine(params) }] }
    : {};

  if (result.connected) {
    return {
      outcome: 'first',
      winner: 'First',
      headline: 'First wins at once: room 2 is in his group, so he walks there before building anything.',
      moves,
      reasons: [
        'A magician may walk along passages as far as he likes, and reaching the rival wins.',
        `Rooms 1 and 2 are already linked, in one group of ${plural(result.firstSize, 'room', 'rooms')}.`,
        groups,
      ],
      facts,
      brief: [
        'Walking along passages to the rival wins at once.',
        `Rooms 1 and 2 are already linked, in one group of ${plural(result.firstSize, 'room', 'rooms')}.`,
      ],
      ...details,
    };
  }
  const endgame =
    "Linking the two magicians' groups lets the rival walk over and win, unless the builder teleports away " +
    'at once; so the game ends with two complete groups, one per magician, and whoever must then build loses. ' +
    'The player who builds last wins.';
  const reasons: string[] = [
    groups,
    where,
    `${plural(result.missing, 'passage', 'passages')} can still be built inside groups (${parity(result.missing % 2 === 1)}); ` +
      'building one changes no group, so it only passes the turn.',
    endgame,
    first === null
      ? `Each turn builds one passage, and ${big(k)} are still missing (${parity(k % 2n === 1n)}). At the end, the pairs of ` +
        'rooms between the two final groups stay unbuilt, and with N odd one group is odd and the other even, so ' +
        `that number is even: the builds before the end are ${parity(k % 2n === 1n)} in number, and ${k % 2n === 1n ? 'First' : 'Second'} builds last.`
      : `Each turn builds one passage, and ${big(k)} are still missing (${parity(k % 2n === 1n)}). At the end, the pairs of ` +
        'rooms between the two final groups stay unbuilt: an odd number when both groups are odd, an even number when ' +
        `both are even (with N even they are alike). So First builds last, and wins, when the final groups are ${first}; ` +
        `Second wants them ${second ?? ''}.`,
    params.p1 === 0 && params.p2 === 0
      ? 'Neither magician holds a telepoint, so each stays in his group as it grows.'
      : `First holds ${plural(params.p1, 'telepoint', 'telepoints')}, Second ${plural(params.p2, 'telepoint', 'telepoints')}; ` +
        "more than one never helps, since a teleport is only needed once: to get away right after linking one's " +
        "own group with the rival's.",
    ruleText(result, odd, even),
  ];
  // Stryker disable next-line LogicalOperator: Second wins exactly when no move is listed, and a won position lists at least one, so || picks the same boards
  if (firstWins && result.moves[0] !== undefined)
    reasons.push(`A winning first move: ${describeMove(result.moves[0])}.`);

  const counts = `${plural(odd, 'odd group', 'odd groups')}, ${plural(even, 'even group', 'even groups')}`;
  const brief = [
    `${counts}; First's group has ${plural(result.firstSize, 'room', 'rooms')}, Second's ${plural(result.secondSize, 'room', 'rooms')}.`,
    "Linking the magicians' groups lets the rival walk over (unless one teleports away), so the game ends with two complete groups, and whoever must build then loses.",
    first === null
      ? `N is odd, so the number of builds left is ${parity(k % 2n === 1n)} however the game goes: ${k % 2n === 1n ? 'First' : 'Second'} builds last.`
      : `${capitalFirst(targetText(first))} ${shortRule(result)}`,
  ];

  const explanation: Explanation<MagicMove> = {
    outcome: result.outcome,
    winner: firstWins ? 'First' : 'Second',
    headline: firstWins
      ? 'First wins: he can make sure that Second is the one forced to link the last two groups.'
      : 'Second wins: every first move of First can be answered.',
    moves,
    reasons,
    facts,
    brief,
    ...details,
  };
  return firstWins ? explanation : { ...explanation, whyNoMove: whyNoMove(result) };
}

function targetText(first: 'odd' | 'even'): string {
  return `first builds last if the two final groups are ${first}.`;
}

/** The deciding rule in one short clause. */
function shortRule(result: MagicResult): string {
  switch (result.rule) {
    // Stryker disable ConditionalExpression: unreachable; shortRule is only asked when First has a target (N even) and the magicians are apart
    case 'connected':
    case 'odd-board':
      return '';
    // Stryker restore ConditionalExpression
    case 'no-telepoints':
      return `No telepoints: the magicians' groups (${parity(result.firstSize % 2 === 1)}, ${parity(result.secondSize % 2 === 1)}) only grow, and that settles it.`;
    case 'even-target-teleports':
      return "He can teleport, so he pairs odd groups off and slips away when he must link his group to Second's.";
    case 'even-target-rival-teleports':
      return "Only Second can teleport, so First needs no odd group, or exactly two that are not both the magicians'.";
    case 'odd-target-rival-teleports':
      return 'Second can teleport, so First must settle it in one move: exactly two odd groups, at most one even.';
    case 'odd-target-teleports':
      return 'He can teleport and Second cannot, so any odd group is enough for him.';
  }
}

function ruleText(result: MagicResult, odd: bigint, even: bigint): string {
  const verdict = result.outcome === 'first' ? 'so First wins' : 'so Second wins';
  const counts = `here there are ${plural(odd, 'odd group', 'odd groups')} and ${plural(even, 'even group', 'even groups')}`;
  switch (result.rule) {
    // Stryker disable next-line ConditionalExpression: unreachable; a connected board is explained before ruleText is asked
    case 'connected':
      return 'Rooms 1 and 2 share a group, so First walks over and wins.';
    case 'odd-board':
      return `No choice of play changes who builds last, ${verdict}.`;
    case 'no-telepoints':
      return (
        "Nobody holds a telepoint, so each magician's group only grows. The player to move loses exactly " +
        'when both magicians already stand in groups of the parity his rival needs; ' +
        `here First's is ${parity(result.firstSize % 2 === 1)} and Second's ${parity(result.secondSize % 2 === 1)}, ${verdict}.`
      );
    case 'even-target-teleports':
      return (
        'First needs even groups and holds a telepoint: he wins unless the board is just two odd groups, his ' +
        "and Second's, because he can pair odd groups off and teleport away when he must link his own " +
        `with Second's; ${counts}, ${verdict}.`
      );
    case 'even-target-rival-teleports':
      return (
        'First needs even groups but only Second holds a telepoint: First wins only when there is no odd ' +
        "group, or exactly two that are not both the magicians' own; " +
        `${counts}, ${verdict}.`
      );
    case 'odd-target-rival-teleports':
      return (
        'First needs odd groups and Second holds a telepoint: First wins only when he can settle the board in ' +
        `one move, with exactly two odd groups and at most one even one; ${counts}, ${verdict}.`
      );
    case 'odd-target-teleports':
      return (
        'First needs odd groups, holds a telepoint and Second has none: he wins whenever odd groups exist ' +
        `(there are then at least two); ${counts}, ${verdict}.`
      );
  }
}

function whyNoMove(result: MagicResult): string {
  switch (result.rule) {
    case 'connected':
    case 'odd-board':
      return 'However the passages are built, Second makes the last build, and First must then link the two final groups.';
    case 'no-telepoints':
      return (
        `Both magicians stand in ${parity(result.firstSize % 2 === 1)} groups, the parity Second needs, and ` +
        'without a telepoint First cannot leave his; Second answers every build so that this stays so.'
      );
    case 'even-target-teleports':
      return "The board is just the two magicians' groups, both odd: the final groups are already odd, as Second needs.";
    case 'even-target-rival-teleports':
      return (
        'Only Second can teleport: he keeps two odd groups alive, teleporting away when he must link his group ' +
        "with First's, so the final groups cannot both be even."
      );
    case 'odd-target-rival-teleports':
      return (
        'First cannot leave exactly two odd groups in one move, and Second, who can teleport out of trouble, ' +
        'then joins odd groups in pairs until both final groups are even.'
      );
    case 'odd-target-teleports':
      return 'There is no odd group, so both final groups will be even, as Second needs.';
  }
}
