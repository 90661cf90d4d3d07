/** Stable serialisation and hashing of params: equal questions get equal cache keys and job ids. */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth; rejects values JSON cannot carry faithfully. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('non-finite number in canonical params');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  throw new TypeError(`cannot serialise ${typeof value} in canonical params`);
}

export function hashParams(params: unknown): string {
  return createHash('sha256').update(stableStringify(params)).digest('hex').slice(0, 40);
}

/** `grundy:v1:<game>:<solverVersion>:<hash>`; `prefix` replaces `grundy` (tests, Redis Cluster hash tags). */
export function canonicalKey(
  gameId: string,
  solverVersion: string,
  params: unknown,
  prefix = 'grundy',
): string {
  return `${prefix}:v1:${gameId}:${solverVersion}:${hashParams(params)}`;
}
