/**
 * The quiz's limits, defined once: the /quiz options' ranges, the runner's check of a start request, the stored
 * state's schema and the points all read them from here.
 */

/** Questions per quiz. */
export const QUIZ_ROUNDS = { min: 1, max: 20, default: 5 } as const;
/** Seconds to answer each question. */
export const QUIZ_SECONDS = { min: 10, max: 120, default: 30 } as const;
/** Points for a correct part, plus up to SPEED_BONUS for answering early (see question.ts). */
export const BASE_POINTS = 100;
export const SPEED_BONUS = 50;
