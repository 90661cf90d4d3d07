/** Structured logs (pino). Secrets are redacted wherever they might appear. */
import { pino, type Logger } from 'pino';

export type { Logger };

export const redactPaths = [
  'token',
  '*.token',
  'DISCORD_TOKEN',
  '*.DISCORD_TOKEN',
  'config.DISCORD_TOKEN',
  'headers.authorization',
  '*.headers.authorization',
  'req.headers.authorization',
  'interaction.token',
  'body.token',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, base: { app: 'grundy' }, redact: { paths: redactPaths, censor: '[redacted]' } };
  // Logs go to stderr so that stdout stays clean for answers (`grundy solve --json`, `grundy judge`).
  return destination === undefined ? pino(options, pino.destination(2)) : pino(options, destination);
}
