/** Loader hooks for ./record-loads.js. */
import { appendFileSync } from 'node:fs';
import { env } from 'node:process';

const file = env['GRUNDY_LOADS_FILE'];

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (file !== undefined && url.startsWith('file:')) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
