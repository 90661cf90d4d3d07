/** `node dist/jobs/worker-entry.js [--concurrency N]`: the worker alone, without the CLI (same as `grundy worker`). */
import { workerMain } from './worker-main.js';

process.exitCode = await workerMain(process.argv.slice(2));
