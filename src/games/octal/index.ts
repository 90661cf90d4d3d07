/** Octal games: Kayles, Dawson's Kayles, Nim, subtraction games and every code 0.d1d2...dk. */
import { octalMeta } from './meta.js';
import { defineGame, type Difficulty, type RawFields } from '../../core/game.js';
import { splitList } from '../../core/params.js';
import { randomBigInt, type Rng } from '../../core/rng.js';
import { octalBrute } from './brute.js';
import { explainOctal } from './explain.js';
import { octalJudge } from './judge.js';
import {
  DEFAULT_SEARCH,
  MAX_HEAP,
  MAX_SEARCH,
  MIN_SEARCH,
  OctalParams,
  OctalResult,
  type OctalMove,
} from './schema.js';
import { codeFacts, estimateOctalCost, solveOctal } from './solve.js';
import { readOctalCode } from './code.js';
import { octalRules } from './rules.js';
import { pictureOctal } from './picture.js';
import { octalPlay } from './play.js';

function fromFields(fields: RawFields): unknown {
  const code = fields['code'];
  const heaps = fields['heaps'];
  const search = fields['search'];
  const heapText =
    heaps === undefined
      ? undefined
      : String(heaps)
          .trim()
          .replace(/^[[{(]\s*|\s*[\]})]$/g, '');
  return {
    code: typeof code === 'string' ? code.trim() : code,
    heaps: heapText === undefined ? undefined : splitList(heapText),
    ...(search === undefined || search === ''
      ? {}
      : { search: typeof search === 'string' && /^\s*\d+\s*$/.test(search) ? Number(search) : search }),
  };
}

/** Codes from the literature, for easy questions. */
const CLASSICS = [
  '0.77',
  '0.07',
  '0.137',
  '0.3',
  '0.33',
  '0.333',
  '0.03',
  '0.7',
  '0.17',
  '0.4',
  '0.6',
  'nim',
];

function randomCode(rng: Rng, length: number): string {
  const digits = Array.from({ length }, () => rng.int(0, 7));
  digits[length - 1] = rng.int(1, 7);
  return `0.${digits.join('')}`;
}

/** A code of up to `length` digits whose period G(0..probe) prove, so every heap size has an answer. */
function provenCode(rng: Rng, length: number, probe: number): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = readOctalCode(randomCode(rng, rng.int(1, length)));
    if (codeFacts(code.code, code.digits, probe).period !== null) return code.code;
  }
  return '0.77';
}

/** Easy and medium quiz questions stay small enough to work out by hand within a round. */
const shapes: Record<Difficulty, { heaps: number; max: bigint }> = {
  tiny: { heaps: 3, max: 40n },
  easy: { heaps: 3, max: 8n },
  medium: { heaps: 3, max: 30n },
  hard: { heaps: 5, max: MAX_HEAP },
};

function randomInstance(rng: Rng, difficulty: Difficulty): OctalParams {
  const { heaps, max } = shapes[difficulty];
  let code: string;
  if (difficulty === 'tiny') code = readOctalCode(randomCode(rng, rng.int(1, 3))).code;
  else if (difficulty === 'easy') code = rng.pick(CLASSICS);
  else code = provenCode(rng, 3, 4096);
  const count = rng.int(1, heaps);
  const sizes = Array.from({ length: count }, () =>
    randomBigInt(rng, difficulty === 'tiny' ? 0n : 1n, max).toString(),
  );
  // Tiny questions stay tiny in time as well: any code, a small search.
  return { code, heaps: sizes, search: difficulty === 'tiny' ? MIN_SEARCH : DEFAULT_SEARCH };
}

export const octal = defineGame<OctalParams, OctalResult, OctalMove>({
  ...octalMeta,
  solverVersion: '1',
  players: () => ['First player', 'Second player'],
  outcomes: ['first', 'second'],
  params: OctalParams,
  result: OctalResult,
  inputs: [
    {
      name: 'code',
      description: 'Octal code 0.d1d2...dk (1 to 32 octal digits) or nim, e.g. 0.77 for Kayles',
      kind: 'text',
      required: true,
      positional: true,
      maxLength: 60,
      example: '0.77',
    },
    {
      name: 'heaps',
      description: 'Heap sizes from 0 to 10^18, 1 to 100 of them, e.g. 5,8,13',
      kind: 'text',
      required: true,
      positional: 'rest',
      maxLength: 2500,
      example: '5,8,13',
    },
    {
      name: 'search',
      description: `Most values G(0..m) to compute looking for a period (default ${DEFAULT_SEARCH.toLocaleString('en-US')})`,
      kind: 'integer',
      required: false,
      min: MIN_SEARCH,
      max: MAX_SEARCH,
      tuning: true,
      example: '1000000',
    },
  ],
  fromFields,
  solve: (params, ctx) => solveOctal(params, ctx ?? {}),
  outcome: (result) => (result.xor === '0' ? 'second' : 'first'),
  brute: octalBrute,
  explain: explainOctal,
  picture: pictureOctal,
  judge: octalJudge,
  estimateCostMs: estimateOctalCost,
  randomInstance,
  rules: octalRules,
  play: octalPlay,
});
