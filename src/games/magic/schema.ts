/** MAGIC params, result and move. The bounds here are the limits users see in error messages. */
import { z } from 'zod';
import { decimalInteger } from '../../core/params.js';
import { MAX_PASSAGES, MAX_ROOMS, MAX_TELEPOINTS, PASSAGES_EXAMPLE, checkPassages } from './limits.js';

export {
  MAX_PASSAGES,
  MAX_ROOMS,
  MAX_TELEPOINTS,
  PAIR_KEY_LIMIT,
  PASSAGES_EXAMPLE,
  checkPassages,
  findDuplicate,
  loopMessage,
  repeatMessage,
  showPair,
  toRoom,
  type Room,
} from './limits.js';

const telepointCount = (name: string, who: string) =>
  z
    .number({ error: `${name} must be a whole number of telepoints from 0 to 10^9 ${who}, e.g. 1` })
    .int({ error: `${name} must be a whole number of telepoints from 0 to 10^9 ${who}, e.g. 1` })
    .min(0, { error: `${name} must be from 0 to 10^9 ${who}, e.g. 1` })
    .max(MAX_TELEPOINTS, { error: `${name} must be from 0 to 10^9 ${who}, e.g. 1` });

const passageList = z
  .array(z.unknown(), { error: `passages must be a list of pairs of rooms, e.g. ${PASSAGES_EXAMPLE}` })
  .max(MAX_PASSAGES, {
    error: (issue) =>
      `passages: at most 1,000,000 passages are allowed (got ${(issue.input as unknown[]).length.toLocaleString('en-US')})`,
  });

export const MagicParams = z
  .strictObject({
    rooms: decimalInteger({ name: 'rooms', min: 2n, max: MAX_ROOMS, example: '4' }),
    passages: passageList.default([]),
    telepoints: telepointCount('telepoints', 'for each magician').optional(),
    p1: telepointCount('p1', 'for magician 1 (First)').optional(),
    p2: telepointCount('p2', 'for magician 2 (Second)').optional(),
  })
  .transform((raw, ctx) => {
    const passages = checkPassages(raw.passages, BigInt(raw.rooms), (message, index) => {
      ctx.addIssue({
        code: 'custom',
        message,
        path: index === undefined ? ['passages'] : ['passages', index],
      });
    });
    if (passages === undefined) return z.NEVER;
    const shared = raw.telepoints ?? 0;
    return { rooms: raw.rooms, passages, p1: raw.p1 ?? shared, p2: raw.p2 ?? shared };
  });
export type MagicParams = z.output<typeof MagicParams>;

const decimal = z.string().regex(/^\d+$/);
const RoomValue = z.union([z.number().int().min(1), z.string().regex(/^\d+$/)]);

const WalkMove = z.strictObject({ walkTo: RoomValue });
const JoinMove = z.strictObject({ join: z.tuple([RoomValue, RoomValue]), teleportTo: RoomValue.optional() });
export const MagicMoveSchema = z.union([WalkMove, JoinMove]);
/** First's first move: walk onto the rival and win, or build passage x-y and maybe teleport. */
export type MagicMove = z.infer<typeof MagicMoveSchema>;

/** What a move builds, in component terms ("own" = the mover's component, "odd" = another odd one). */
export const BuildKind = z.enum([
  'walk',
  'inside',
  'odd+odd',
  'odd+even',
  'even+even',
  'own+odd',
  'own+even',
  'rival+odd',
  'rival+even',
  'own+rival',
]);
export type BuildKind = z.infer<typeof BuildKind>;

export const WinningMove = z.strictObject({
  move: MagicMoveSchema,
  builds: BuildKind,
  /** The size parity of the component the teleport lands in. */
  lands: z.enum(['odd', 'even']).optional(),
});
export type WinningMove = z.infer<typeof WinningMove>;

export const RuleName = z.enum([
  'connected',
  'odd-board',
  'no-telepoints',
  'even-target-teleports',
  'even-target-rival-teleports',
  'odd-target-rival-teleports',
  'odd-target-teleports',
]);

export const MagicResult = z.strictObject({
  outcome: z.enum(['first', 'second']),
  /** Rooms 1 and 2 already share a component: First walks over and wins at once. */
  connected: z.boolean(),
  /** Counts of all components, the magicians' included; they may pass 2^53, so they are decimal strings. */
  components: decimal,
  oddComponents: decimal,
  evenComponents: decimal,
  /** Rooms other than 1 and 2 (the magicians') that appear in no passage (each a component of one room). */
  untouched: decimal,
  /** Sizes of the largest components (at most 8), largest first. */
  largest: z.array(z.number().int().min(1)),
  firstSize: z.number().int().min(1),
  secondSize: z.number().int().min(1),
  /** E: passages that can still be built without joining two components. */
  missing: z.number().int().min(0),
  /** The size parity First needs for both final groups; null when N is odd and every split is alike. */
  target: z.enum(['odd', 'even']).nullable(),
  firstCanTeleport: z.boolean(),
  secondCanTeleport: z.boolean(),
  /** The rule of the closed form that decides the position. */
  rule: RuleName,
  /** Winning first moves for First (a few, simplest first); empty when Second wins. */
  moves: z.array(WinningMove),
});
export type MagicResult = z.infer<typeof MagicResult>;
