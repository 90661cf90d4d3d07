/** The settings file `.env` over the process environment, read without zod (the CLI's entry needs only this). */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { InputError } from './core/errors.js';

/**
 * The process environment over the settings in `path` (default `.env` in the working directory) when that file
 * exists: real environment variables take precedence. The file is parsed with Node's own dotenv parser (the one
 * behind `process.loadEnvFile`), without writing into process.env. An unreadable file is an InputError.
 */
export function readEnvironment(path = '.env'): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ...process.env };
    throw new InputError(
      `Cannot read the settings file ${path} (${code ?? 'unknown error'}): make it a readable file or remove it.`,
    );
  }
  return { ...parseEnv(text), ...process.env };
}
