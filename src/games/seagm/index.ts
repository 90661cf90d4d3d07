/** SEAGM, the gcd game (CodeChef SEAGM, May Challenge 2014). */
import { seagmMeta } from './meta.js';
import { defineGame, type Difficulty } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { splitList } from '../../core/params.js';
import { seagmBrute } from './brute.js';
import { explainSeagm } from './explain.js';
import { seagmJudge } from './judge.js';
import { pictureSeagm } from './picture.js';
import { SeagmParams, SeagmResult, type SeagmMove } from './schema.js';
import { solveSeagm } from './solve.js';
import { seagmRules } from './rules.js';
import { gcd } from '../../math/gcd.js';
import { seagmPlay } from './play.js';

const shapes: Record<Difficulty, { minN: number; maxN: number; maxValue: number }> = {
  tiny: { minN: 1, maxN: 7, maxValue: 30 },
  easy: { minN: 3, maxN: 6, maxValue: 30 },
  medium: { minN: 6, maxN: 10, maxValue: 100 },
  hard: { minN: 10, maxN: 24, maxValue: 1000 },
};

function randomCards(rng: Rng, difficulty: Difficulty): number[] {
  const { minN, maxN, maxValue } = shapes[difficulty];
  const n = rng.int(minN, maxN);
  const cards = Array.from({ length: n }, () => rng.int(1, maxValue));
  // Beyond easy, avoid the shortcut "gcd of all > 1 decides by parity": make sure g can reach 1.
  if (difficulty !== 'tiny' && difficulty !== 'easy') {
    while (cards.reduce(gcd, 0) > 1) cards[rng.int(0, n - 1)] = rng.int(2, maxValue);
  }
  return cards.sort((a, b) => a - b);
}

export const seagm = defineGame<SeagmParams, SeagmResult, SeagmMove>({
  ...seagmMeta,
  solverVersion: '1',
  players: () => ['First player', 'Second player'],
  params: SeagmParams,
  result: SeagmResult,
  inputs: [
    {
      name: 'numbers',
      description: 'The cards: whole numbers from 1 to 10^9, separated by spaces or commas (up to 100,000)',
      kind: 'text',
      required: true,
      positional: 'rest',
      acceptsFile: true,
      example: '2 6 3',
    },
  ],
  fromFields: (fields) => ({ cards: splitList(String(fields['numbers'] ?? '')) }),
  solve: (params) => solveSeagm(params),
  outcome: (result) => (result.firstWins ? 'first' : 'second'),
  outcomes: ['first', 'second'],
  randomPlay: (result) => ({ probability: result.probability, fraction: result.fraction }),
  brute: seagmBrute,
  explain: explainSeagm,
  picture: pictureSeagm,
  judge: seagmJudge,
  // Measured on 2 cores: about 10 us per distinct card up to 10^9 (factoring dominates), far less for small values.
  estimateCostMs: (params) => {
    const max = params.cards[params.cards.length - 1] ?? 1;
    return 1 + params.cards.length * (max > 1_000_000 ? 0.01 : 0.001);
  },
  play: seagmPlay,
  randomInstance: (rng, difficulty) => ({ cards: randomCards(rng, difficulty) }),
  rules: seagmRules,
});
