/** Errors as they may be logged: interaction and webhook tokens (which sit in REST URLs) scrubbed out. */

const tokenInPath = /((?:webhooks|interactions)\/\d+\/)[^/?\s"']+/g;

export function scrubTokens(text: string): string {
  return text.replace(tokenInPath, '$1[token]');
}

export interface SafeError {
  readonly type: string;
  readonly message: string;
  readonly code?: string | number;
  readonly status?: number;
  readonly method?: string;
  readonly url?: string;
  readonly stack?: string;
}

/** A plain object for pino's `err` key, with every string that could hold a token scrubbed. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubTokens(String(error)) };
  const extra = error as Error & { code?: unknown; status?: unknown; method?: unknown; url?: unknown };
  return {
    type: error.name,
    message: scrubTokens(error.message),
    ...(typeof extra.code === 'string' || typeof extra.code === 'number' ? { code: extra.code } : {}),
    ...(typeof extra.status === 'number' ? { status: extra.status } : {}),
    ...(typeof extra.method === 'string' ? { method: extra.method } : {}),
    ...(typeof extra.url === 'string' ? { url: scrubTokens(extra.url) } : {}),
    ...(error.stack === undefined ? {} : { stack: scrubTokens(error.stack) }),
  };
}
