/** Reading a JSON request body's members, each refusal naming the member, what it must be and an example. */
import { ApiError } from './errors.js';

/** `raw` as an object holding only `allowed` members. */
export function readObject(raw: unknown, allowed: readonly string[]): Readonly<Record<string, unknown>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ApiError(400, `The body must be a JSON object with ${allowed.join(', ')}.`);
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new ApiError(
      400,
      `"${unknown.slice(0, 40)}" is not part of this request; it takes ${allowed.join(', ')}.`,
      unknown.slice(0, 40),
    );
  }
  return body;
}

export function requiredString(body: Readonly<Record<string, unknown>>, name: string, what: string): string {
  const value = body[name];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    throw new ApiError(400, `Missing "${name}": ${what}.`, name);
  if (typeof value !== 'string') throw new ApiError(400, `${name} must be a string: ${what}.`, name);
  return value;
}

export function optionalString(body: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ApiError(400, `${name} must be a string.`, name);
  return value;
}
