import type { AnyGame } from '../../src/core/game.js';

export declare const games: readonly AnyGame[];
