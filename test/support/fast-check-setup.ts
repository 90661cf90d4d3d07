/**
 * fast-check for the whole suite: FC_SEED replays a failure (fast-check prints the seed and path of every
 * counterexample; with FC_SEED set, every property starts from that seed). Sizes stay explicit per
 * arbitrary: the default "small" size would cut a list declared up to 300 items to about a dozen.
 */
import fc from 'fast-check';

const raw = process.env['FC_SEED'];
const seed = raw === undefined || raw.trim() === '' ? undefined : Number(raw);
if (seed !== undefined && !Number.isInteger(seed)) {
  throw new Error(
    `FC_SEED must be an integer seed as fast-check prints it, e.g. FC_SEED=-1234567, not "${raw}"`,
  );
}

// fast-check's failure message already names the seed and the shrink path ("{ seed: ..., path: ... }").
if (seed !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
// Under `npm run mutate` a failure only has to be seen, not shrunk: stop at the first counterexample.
if (process.env['GRUNDY_MUTATION'] === '1')
  fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
