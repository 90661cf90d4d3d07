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
  return keyFromHash(gameId, solverVersion, hashParams(params), prefix);
}

/** The canonical key for a params hash already known (e.g. carried by a button to find a cached answer). */
export function keyFromHash(gameId: string, solverVersion: string, hash: string, prefix = 'grundy'): string {
  return `${prefix}:v1:${gameId}:${solverVersion}:${hash}`;
}

/** The params hash at the end of a canonical key. */
export function hashOfKey(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}
