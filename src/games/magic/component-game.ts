/**
 * MAGIC seen from components: only the size parities of the components, where the two magicians stand,
 * the parity of E (passages buildable inside components) and who still holds a telepoint matter.
 * This file holds the closed form and the moves of that abstract game; the brute force checks both.
 */

/** A position from the side of the magician to move ("mover"); the other one is the "rival". */
export interface ComponentState {
  readonly moverOdd: boolean;
  readonly rivalOdd: boolean;
  /** Components holding neither magician, by size parity (untouched rooms are odd singletons). */
  readonly otherEven: bigint;
  readonly otherOdd: bigint;
  /** E is odd: one passage can be built inside a component without joining two. */
  readonly missingOdd: boolean;
  readonly moverTelepoints: number;
  readonly rivalTelepoints: number;
}

export type Part = 'own' | 'rival' | 'odd' | 'even';
export type Parity = 'odd' | 'even';

/** A move in component terms: build inside a component or join two, then maybe teleport into a component. */
export interface AbstractMove {
  readonly build: 'inside' | readonly [Part, Part];
  readonly teleport?: Parity;
}

export interface AbstractStep {
  readonly move: AbstractMove;
  /** The position after the move, from the rival's side (he is to move). */
  readonly next: ComponentState;
}

/** Which rule of the closed form decides a position; the explanation names it. */
export type RuleCase =
  | 'odd-board'
  | 'no-telepoints'
  | 'even-target-teleports'
  | 'even-target-rival-teleports'
  | 'odd-target-rival-teleports'
  | 'odd-target-teleports';

/** C(k, 2) is odd exactly when k mod 4 is 2 or 3. */
export function pairsOdd(k: bigint): boolean {
  const r = k % 4n;
  return r === 2n || r === 3n;
}

export function oddTotal(s: ComponentState): bigint {
  return s.otherOdd + (s.moverOdd ? 1n : 0n) + (s.rivalOdd ? 1n : 0n);
}

export function evenTotal(s: ComponentState): bigint {
  return s.otherEven + (s.moverOdd ? 0n : 1n) + (s.rivalOdd ? 0n : 1n);
}

/**
 * The final groups the mover needs, or null when N is odd (every final split then has the same parity).
 * Turns left = (passages of two complete groups) - (passages now) = C(O,2) + E + [both groups odd] (mod 2),
 * where O counts odd components; the mover wins when that count is odd, as he then builds last.
 */
export function moverTarget(s: ComponentState): Parity | null {
  const odd = oddTotal(s);
  if (odd % 2n === 1n) return null;
  return pairsOdd(odd) !== s.missingOdd ? 'even' : 'odd';
}

/** The rule that decides `s`. */
export function ruleCase(s: ComponentState): RuleCase {
  const target = moverTarget(s);
  if (target === null) return 'odd-board';
  const mover = s.moverTelepoints > 0;
  const rival = s.rivalTelepoints > 0;
  if (!mover && !rival) return 'no-telepoints';
  if (target === 'even') return mover ? 'even-target-teleports' : 'even-target-rival-teleports';
  return rival ? 'odd-target-rival-teleports' : 'odd-target-teleports';
}

/** True iff the mover wins with perfect play (the magicians stand in different components). */
export function moverWins(s: ComponentState): boolean {
  const odd = oddTotal(s);
  const even = evenTotal(s);
  const rule = ruleCase(s);
  switch (rule) {
    case 'odd-board':
      return pairsOdd(odd) !== s.missingOdd;
    case 'no-telepoints': {
      // Without telepoints each magician's component only grows; the mover loses when both already have the
      // parity his rival wants.
      const wrong = moverTarget(s) === 'even';
      return !(s.moverOdd === wrong && s.rivalOdd === wrong);
    }
    case 'even-target-teleports':
      return !(even === 0n && odd === 2n);
    case 'even-target-rival-teleports':
      return odd === 0n || (odd === 2n && !(s.moverOdd && s.rivalOdd));
    case 'odd-target-rival-teleports':
      return odd === 2n && even <= 1n;
    case 'odd-target-teleports':
      return odd >= 2n;
  }
}

function partOdd(s: ComponentState, part: Part): boolean {
  switch (part) {
    case 'own':
      return s.moverOdd;
    case 'rival':
      return s.rivalOdd;
    case 'odd':
      return true;
    case 'even':
      return false;
  }
}

const JOINS: readonly (readonly [Part, Part])[] = [
  ['odd', 'odd'],
  ['odd', 'even'],
  ['even', 'even'],
  ['own', 'odd'],
  ['own', 'even'],
  ['rival', 'odd'],
  ['rival', 'even'],
  ['own', 'rival'],
];

/**
 * Every move of the abstract game, with its result. Teleports back into one's own component are left out
 * (they only waste a telepoint); building inside is offered when E is odd, which is all the parity view needs.
 */
export function abstractMoves(s: ComponentState): AbstractStep[] {
  const steps: AbstractStep[] = [];
  const after = (
    build: AbstractMove['build'],
    mover: boolean,
    rival: boolean,
    even: bigint,
    odd: bigint,
    missingOdd: boolean,
    mustTeleport: boolean,
  ): void => {
    if (!mustTeleport) {
      steps.push({
        move: { build },
        next: flip(rival, mover, even, odd, missingOdd, s.rivalTelepoints, s.moverTelepoints),
      });
    }
    if (s.moverTelepoints < 1) return;
    for (const landing of ['even', 'odd'] as const) {
      if ((landing === 'odd' ? odd : even) < 1n) continue;
      // He leaves his component behind (unless it merged with the rival's) and lands in another one.
      const leftOdd = mustTeleport ? 0n : mover ? 1n : 0n;
      const leftEven = mustTeleport ? 0n : mover ? 0n : 1n;
      const nextOdd = odd - (landing === 'odd' ? 1n : 0n) + leftOdd;
      const nextEven = even - (landing === 'even' ? 1n : 0n) + leftEven;
      steps.push({
        move: { build, teleport: landing },
        next: flip(
          rival,
          landing === 'odd',
          nextEven,
          nextOdd,
          missingOdd,
          s.rivalTelepoints,
          s.moverTelepoints - 1,
        ),
      });
    }
  };
  if (s.missingOdd) after('inside', s.moverOdd, s.rivalOdd, s.otherEven, s.otherOdd, false, false);
  for (const [x, y] of JOINS) {
    let even = s.otherEven;
    let odd = s.otherOdd;
    let ok = true;
    for (const part of [x, y]) {
      if (part === 'odd') odd--;
      if (part === 'even') even--;
    }
    if (odd < 0n || even < 0n) ok = false;
    if (!ok) continue;
    const px = partOdd(s, x);
    const py = partOdd(s, y);
    // Joining sizes p and q adds p*q - 1 buildable passages inside the new component.
    const missingOdd = s.missingOdd !== !(px && py);
    const merged = px !== py;
    if (x === 'own' && y === 'rival') {
      after([x, y], merged, merged, even, odd, missingOdd, true);
    } else if (x === 'own') {
      after([x, y], merged, s.rivalOdd, even, odd, missingOdd, false);
    } else if (x === 'rival') {
      after([x, y], s.moverOdd, merged, even, odd, missingOdd, false);
    } else {
      after(
        [x, y],
        s.moverOdd,
        s.rivalOdd,
        even + (merged ? 0n : 1n),
        odd + (merged ? 1n : 0n),
        missingOdd,
        false,
      );
    }
  }
  return steps;
}

function flip(
  moverOdd: boolean,
  rivalOdd: boolean,
  otherEven: bigint,
  otherOdd: bigint,
  missingOdd: boolean,
  moverTelepoints: number,
  rivalTelepoints: number,
): ComponentState {
  return { moverOdd, rivalOdd, otherEven, otherOdd, missingOdd, moverTelepoints, rivalTelepoints };
}

/** The mover's winning moves by the closed form, simplest first (no teleport before teleport). */
export function winningAbstractMoves(s: ComponentState): AbstractStep[] {
  const wins = abstractMoves(s).filter((step) => !moverWins(step.next));
  return [
    ...wins.filter((w) => w.move.teleport === undefined),
    ...wins.filter((w) => w.move.teleport !== undefined),
  ];
}
