/** Multiplication Game limits without zod, so the judge and the solver load light (schema.ts re-exports them). */
export const MIN_N = 2n;
export const MAX_N = 10n ** 18n;
export const PLAYERS = ['Alice', 'Bob'] as const;
export type Player = (typeof PLAYERS)[number];

export function otherPlayer(player: Player): Player {
  return player === 'Alice' ? 'Bob' : 'Alice';
}
