/** Turns a MAGIC result into an explanation as data: the component picture, the parity argument and a move. */
import type { ExplainedMove, Explanation, KeyFact } from '../../core/game.js';
import { lineFits, optimalLine } from './line.js';
import type { BuildKind, MagicMove, MagicParams, MagicResult, WinningMove } from './schema.js';

const BUILDS: Record<BuildKind, string> = {
  walk: 'walking',
  inside: 'inside a component, which changes nothing but the turn, like a pass',
  'odd+odd': 'joining two odd components into an even one',
  'odd+even': 'joining an odd and an even component',
  'even+even': 'joining two even components',
  'own+odd': "joining First's component with an odd one",
  'own+even': "joining First's component with an even one",
  'rival+odd': "joining Second's component with an odd one",
  'rival+even': "joining Second's component with an even one",
  'own+rival': "joining First's component with Second's, so First must teleport away",
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
  return `${build}, then teleport to room ${move.teleportTo} (an ${winning.lands ?? 'other'} component)`;
}

export function explainMagic(params: MagicParams, result: MagicResult): Explanation<MagicMove> {
  const n = BigInt(params.rooms);
  const m = params.passages.length;
  const k = (n * (n - 1n)) / 2n - BigInt(m);
  const odd = BigInt(result.oddComponents);
  const even = BigInt(result.evenComponents);
  const first = result.target;
  const second = first === null ? null : first === 'odd' ? 'even' : 'odd';
  const moves: ExplainedMove<MagicMove>[] = result.moves.map((w) => ({
    text: describeMove(w),
    move: w.move,
  }));
  const firstWins = result.outcome === 'first';

  const facts: KeyFact[] = [
    { label: 'Rooms (N)', value: big(params.rooms) },
    { label: 'Passages (M)', value: big(m) },
    {
      label: 'Components',
      value: `${big(result.components)} (${big(result.oddComponents)} odd, ${big(result.evenComponents)} even)`,
    },
    { label: 'Largest components', value: result.largest.join(', ') },
    { label: 'Untouched rooms', value: big(result.untouched) },
    { label: "First's component (room 1)", value: plural(result.firstSize, 'room', 'rooms') },
    { label: "Second's component (room 2)", value: plural(result.secondSize, 'room', 'rooms') },
    {
      label: 'E (buildable inside components)',
      value: `${big(result.missing)} (${parity(result.missing % 2 === 1)})`,
    },
    { label: 'C(N,2) - M', value: `${big(k)} (${parity(k % 2n === 1n)})` },
    { label: 'Telepoints', value: `First ${big(params.p1)}, Second ${big(params.p2)}` },
    {
      label: 'Targets for the final groups',
      value: first === null ? 'none: N is odd' : `First ${first}, Second ${second ?? ''}`,
    },
    { label: 'Rule', value: result.rule },
  ];

  const picture =
    `The board has ${plural(result.components, 'component', 'components')}: ${big(result.oddComponents)} of odd size ` +
    `and ${big(result.evenComponents)} of even size (largest: ${result.largest.join(', ')})` +
    (result.untouched === '0'
      ? '.'
      : `; ${plural(result.untouched, 'room is', 'rooms are')} in no passage, each a component of its own.`);
  const where =
    `First (room 1) is in a component of ${plural(result.firstSize, 'room', 'rooms')} (${parity(result.firstSize % 2 === 1)}), ` +
    `Second (room 2) in one of ${plural(result.secondSize, 'room', 'rooms')} (${parity(result.secondSize % 2 === 1)}).`;

  // Tiny boards get a whole game, played out by the solver.
  const details = lineFits(params)
    ? { details: [{ title: 'A line of optimal play', lines: optimalLine(params) }] }
    : {};

  if (result.connected) {
    return {
      outcome: 'first',
      winner: 'First',
      headline: 'First wins at once: room 2 is in his component, so he walks there before building anything.',
      moves,
      reasons: [
        'A magician may walk along passages as far as he likes, and reaching the rival wins.',
        `Rooms 1 and 2 are already in one component of ${plural(result.firstSize, 'room', 'rooms')}.`,
        picture,
      ],
      facts,
      ...details,
    };
  }
  const reasons: string[] = [
    picture,
    where,
    `E = ${big(result.missing)} passages can still be built inside components (${parity(result.missing % 2 === 1)}); ` +
      'building one changes no component, so it works as a pass, and only its parity matters.',
    'Nobody joins the two magicians\u2019 components while any other move exists, since the rival would walk over ' +
      'and win; so the game ends with two complete groups, one per magician, and whoever must then build loses. ' +
      'The player who builds last wins.',
    first === null
      ? `N is odd, so every final split s | N-s has s(N-s) even: the turns left always number C(N,2) - M - s(N-s), ` +
        `whose parity is that of C(N,2) - M = ${big(k)} (${parity(k % 2n === 1n)}).`
      : `N is even, so the final groups are both odd or both even, and s(N-s) is odd exactly when both are odd. ` +
        `The turns left, C(N,2) - M - s(N-s), thus have the parity of C(N,2) - M = ${big(k)} ` +
        `(${parity(k % 2n === 1n)}) with even groups and the other parity with odd groups. First builds last ` +
        `when that number is odd: First's target is ${first} groups, Second's is ${second ?? ''} groups.`,
    params.p1 === 0 && params.p2 === 0
      ? 'Neither magician holds a telepoint, so each stays in his component as it grows.'
      : `First holds ${plural(params.p1, 'telepoint', 'telepoints')}, Second ${plural(params.p2, 'telepoint', 'telepoints')}; ` +
        'more than one never helps, since a teleport is only needed once, to leave after joining the last two ' +
        'odd components when they are the magicians\u2019 own.',
    ruleText(result, odd, even),
  ];
  if (firstWins && moves[0] !== undefined) reasons.push(`A winning first move: ${moves[0].text}.`);

  const explanation: Explanation<MagicMove> = {
    outcome: result.outcome,
    winner: firstWins ? 'First' : 'Second',
    headline: firstWins
      ? `First wins: ${moves[0]?.text ?? 'he has a winning move'}.`
      : 'Second wins: every first move of First can be answered.',
    moves,
    reasons,
    facts,
    ...details,
  };
  return firstWins ? explanation : { ...explanation, whyNoMove: whyNoMove(result, k, odd) };
}

function ruleText(result: MagicResult, odd: bigint, even: bigint): string {
  const verdict = result.outcome === 'first' ? 'so First wins' : 'so Second wins';
  const counts = `here there are ${big(odd)} odd and ${big(even)} even components`;
  switch (result.rule) {
    case 'connected':
      return 'Rooms 1 and 2 share a component, so First walks over and wins.';
    case 'odd-board':
      return `No choice of play changes who builds last, ${verdict}.`;
    case 'no-telepoints':
      return (
        'Nobody holds a telepoint, so each magician\u2019s component only grows. The player to move loses exactly ' +
        'when both magicians already stand in components of the parity his rival needs; ' +
        `here First's is ${parity(result.firstSize % 2 === 1)} and Second's ${parity(result.secondSize % 2 === 1)}, ${verdict}.`
      );
    case 'even-target-teleports':
      return (
        'First needs even groups and holds a telepoint: he wins unless the board is just two odd components, his ' +
        'and Second\u2019s, because he can pair odd components off and teleport away when he must join his own ' +
        `with Second's; ${counts}, ${verdict}.`
      );
    case 'even-target-rival-teleports':
      return (
        'First needs even groups but only Second holds a telepoint: First wins only when there is no odd ' +
        'component, or exactly two that are not both the magicians\u2019 own; ' +
        `${counts}, ${verdict}.`
      );
    case 'odd-target-rival-teleports':
      return (
        'First needs odd groups and Second holds a telepoint: First wins only when he can settle the board in ' +
        `one move, with exactly two odd components and at most one even one; ${counts}, ${verdict}.`
      );
    case 'odd-target-teleports':
      return (
        'First needs odd groups, holds a telepoint and Second has none: he wins whenever odd components exist ' +
        `(there are then at least two); ${counts}, ${verdict}.`
      );
  }
}

function whyNoMove(result: MagicResult, k: bigint, odd: bigint): string {
  switch (result.rule) {
    case 'connected':
    case 'odd-board':
      return (
        `C(N,2) - M = ${big(k)} is even and N is odd, so however the passages are built Second makes the last ` +
        'build, and First must then join the two final groups.'
      );
    case 'no-telepoints':
      return (
        `Both magicians stand in ${parity(result.firstSize % 2 === 1)} components, the parity Second needs, and ` +
        'without telepoints First cannot leave his; Second can answer every build so that this stays so.'
      );
    case 'even-target-teleports':
      return 'The board is just the two magicians\u2019 components, both odd: the final groups are already odd, as Second needs.';
    case 'even-target-rival-teleports':
      return (
        `There are ${big(odd)} odd components and only Second can teleport: he keeps two odd groups alive, ` +
        'teleporting away when he must join his component with First\u2019s, so the final groups cannot both be even.'
      );
    case 'odd-target-rival-teleports':
      return (
        'First cannot leave exactly two odd components in one move, and Second, who can always teleport out of ' +
        'trouble, then joins odd components in pairs until both final groups are even.'
      );
    case 'odd-target-teleports':
      return 'There is no odd component at all, so both final groups will be even, as Second needs.';
  }
}
