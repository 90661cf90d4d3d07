/** The solve-service contract over BullMQ on a real Redis, with a spawned `grundy worker`. */
import { Queue } from 'bullmq';
import { deleteKeys, REDIS_URL, startWorker, uniquePrefix, type WorkerProcess } from './helpers.js';
import { inspectQueueJob, runServiceSuite } from './service-suite.js';

const prefix = uniquePrefix('suite');
// Every question goes through the queue (the inline path is the in-process driver's, tested there).
const env = { REDIS_URL, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve', INLINE_COST_MS: '0' };
let worker: WorkerProcess | undefined;
let queue: Queue | undefined;

runServiceSuite({
  name: 'redis',
  env: () => env,
  async setUp() {
    worker = await startWorker({ ...env, STALLED_INTERVAL_MS: '1000' }, ['--concurrency', '2']);
    queue = new Queue('solve', { connection: { url: REDIS_URL }, prefix });
  },
  async tearDown() {
    try {
      await queue?.close();
    } finally {
      await worker?.stop();
      await deleteKeys(prefix);
    }
  },
  inspectJob: (key) => inspectQueueJob(queue, key, prefix),
});
