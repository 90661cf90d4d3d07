/** Independent MAGIC references for the tests (nothing from src/). */

/** Whether rooms a and b are joined by the passages, by flooding from a. */
export function joined(passages: readonly (readonly [number, number])[], a: number, b: number): boolean {
  const seen = new Set([a]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [x, y] of passages) {
      if (seen.has(x) !== seen.has(y)) {
        seen.add(x);
        seen.add(y);
        grew = true;
      }
    }
  }
  return seen.has(b);
}
