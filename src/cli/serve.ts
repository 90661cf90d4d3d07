/**
 * `grundy serve`'s command line: its help and version, and any argument refused, before the server's modules
 * (discord.js, the service stack) load; the server itself is src/serve.ts.
 */
import type { ServeOptions } from '../serve.js';
import { grundyVersion, parseCommandArgs } from './args.js';

export const serveUsage = `Usage: grundy serve

Serves the page at / and the JSON API under /api (docs/api.md) on HOST:PORT (default 0.0.0.0:8080), with no
setting needed, and answers Discord slash commands two ways at once:
  - the HTTP interactions endpoint, POST /interactions on the same listener, verified with
    DISCORD_PUBLIC_KEY; also GET /healthz and GET /metrics. BULL_BOARD=1 (with REDIS_URL) serves /admin/queues
    on a separate admin listener, ADMIN_HOST:ADMIN_PORT (default 127.0.0.1:9090);
  - the gateway, when DISCORD_TOKEN is set.
REST calls go to DISCORD_API_BASE (default https://discord.com/api). With REDIS_URL, costly solves go to the
queue for \`grundy worker\`s; without it everything runs in this process.
SIGTERM/SIGINT: stop taking interactions, let running solves finish (5 s), exit 0; the process ends within
10 s of the signal whatever is down (Redis, the gateway).
See docs/discord.md and .env.example.`;

/** `grundy serve`: runs until SIGTERM/SIGINT (or `options.signal`); returns the exit code. */
export async function serveMain(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: ServeOptions = {},
): Promise<number> {
  const stderr = options.stderr ?? process.stderr;
  let args;
  try {
    args = parseCommandArgs(argv, {});
  } catch (error) {
    stderr.write(
      `grundy serve: ${error instanceof Error ? error.message : String(error)}\n\n${serveUsage}\n`,
    );
    return 2;
  }
  if (args.values['help'] === true || args.values['version'] === true) {
    process.stdout.write(`${args.values['help'] === true ? serveUsage : grundyVersion()}\n`);
    return 0;
  }
  const { runServe } = await import('../serve.js');
  return runServe(env, options);
}
