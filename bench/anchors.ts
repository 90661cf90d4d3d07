/**
 * `npm run bench:anchors [GAME...]`: Grundy beside plain C++ solvers of the same games. Runs the anchors'
 * perf.sh (../shared/anchors, or $GRUNDY_ANCHORS) on this checkout and passes its table through: per large
 * input the C++ time, `grundy judge`'s time (process start included) and the ratio, and whether the outputs
 * are identical. Exits with perf.sh's status (0 iff every output matched); without the anchors it says so
 * and exits 0, so a checkout outside the team's tree is not an error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const anchors = resolve(root, process.env['GRUNDY_ANCHORS'] ?? '../shared/anchors');
const script = resolve(anchors, 'perf.sh');

if (!existsSync(script)) {
  console.log(
    `bench:anchors: the C++ anchors are absent (no ${script}); nothing to compare. ` +
      'Set GRUNDY_ANCHORS to the folder holding perf.sh to run them.',
  );
  process.exit(0);
}

const games = process.argv.slice(2);
console.log(`bench:anchors: ${script} ${root}${games.length > 0 ? ` ${games.join(' ')}` : ''}`);
const run = spawnSync('bash', [script, root, ...games], { stdio: 'inherit' });
if (run.error !== undefined) {
  console.error(`bench:anchors: could not start perf.sh: ${run.error.message}`);
  process.exit(2);
}
process.exit(run.status ?? 1);
