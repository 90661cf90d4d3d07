/** Process entry for the `grundy` binary. */
import { runCli } from './run.js';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`grundy judge ... | head`) is not an error worth a stack trace.
  if (error.code === 'EPIPE') process.exit(0);
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
