/**
 * Random ABGAME boards, sized for quizzes (easy and medium can be worked out by hand within a round). Tiny ones
 * fit the brute force; medium and hard ones tie the spare moves on purpose,
 * so counting characters or dots cannot guess the winner and the contested gaps' XOR decides.
 */
import type { Difficulty } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { AbgameParams } from './schema.js';

type Owner = 'A' | 'B';

interface Pair {
  readonly left: Owner;
  readonly right: Owner;
  readonly gap: number;
}

function randomCells(rng: Rng, length: number): string {
  let board = '';
  for (let i = 0; i < length; i++) board += rng.chance(0.5) ? '.' : rng.pick(['A', 'B'] as const);
  return board;
}

function insertAt(rng: Rng, pairs: Pair[], pair: Pair): void {
  pairs.splice(rng.int(0, pairs.length), 0, pair);
}

/** A board whose spare moves tie; the contested XOR is 0 about half the time. */
function balancedBoard(rng: Rng, pairCount: number, maxGap: number): string {
  const owners = ['A', 'B'] as const;
  const pairs: Pair[] = [];
  for (let k = 0; k < pairCount; k++) {
    pairs.push({ left: rng.pick(owners), right: rng.pick(owners), gap: rng.int(0, maxGap) });
  }
  const tail = rng.chance(0.3) ? { owner: rng.pick(owners), gap: rng.int(0, maxGap) } : undefined;
  let spareA = tail?.owner === 'A' ? tail.gap : 0;
  let spareB = tail?.owner === 'B' ? tail.gap : 0;
  let xor = 0;
  for (const p of pairs) {
    if (p.left !== p.right) xor ^= p.gap;
    else if (p.left === 'A') spareA += p.gap;
    else spareB += p.gap;
  }
  if (spareA !== spareB) {
    const owner: Owner = spareA < spareB ? 'A' : 'B';
    insertAt(rng, pairs, { left: owner, right: owner, gap: Math.abs(spareA - spareB) });
  }
  const contested = (gap: number): Pair =>
    rng.chance(0.5) ? { left: 'A', right: 'B', gap } : { left: 'B', right: 'A', gap };
  const wantZero = rng.chance(0.5);
  if (wantZero && xor !== 0) insertAt(rng, pairs, contested(xor));
  if (!wantZero && xor === 0) insertAt(rng, pairs, contested(rng.int(1, maxGap)));
  const parts: string[] = ['.'.repeat(rng.int(0, 2))];
  for (const p of pairs) parts.push(p.left, '.'.repeat(p.gap), p.right, '.'.repeat(rng.int(0, 2)));
  if (tail !== undefined) parts.push(tail.owner, '.'.repeat(tail.gap));
  const board = parts.join('');
  return board.length > 0 ? board : '.';
}

export function randomBoard(rng: Rng, difficulty: Difficulty): AbgameParams {
  switch (difficulty) {
    case 'tiny':
      return { board: randomCells(rng, rng.int(1, 10)) };
    // Quiz sizes: easy boards are read at a glance, medium ones in the time a round gives (about 30 cells).
    case 'easy':
      return { board: randomCells(rng, rng.int(5, 12)) };
    case 'medium':
      return { board: balancedBoard(rng, rng.int(2, 4), 4) };
    case 'hard':
      return { board: balancedBoard(rng, rng.int(8, 20), 12) };
  }
}
