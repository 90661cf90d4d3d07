/** Process entry for the `grundy` binary. It imports little: each verb loads what it needs (./run.ts). */
import { readEnvironment } from '../env-file.js';
import { exitWhenDone } from '../shutdown.js';
import { runCli } from './run.js';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`grundy judge ... | head`) is not an error worth a stack trace.
  if (error.code === 'EPIPE') process.exit(0);
});

/** The command of the process's arguments. Not top-level await: the bundle is a script (see bin/grundy.js). */
async function main(): Promise<void> {
  let env: NodeJS.ProcessEnv;
  try {
    env = readEnvironment();
  } catch (error) {
    process.stderr.write(`grundy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  process.exitCode = await runCli(process.argv.slice(2), {
    // Created only when a command reads it: `grundy judge` reads descriptor 0 directly.
    get stdin() {
      return process.stdin;
    },
    stdinFd: 0,
    stdout: process.stdout,
    stderr: process.stderr,
    env,
  });
  exitWhenDone();
}

void main();
