/** The solve-service contract, in one process: solver threads and an in-memory cache, no Redis. */
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/core/errors.js';
import { createSolveService } from '../../src/jobs/service.js';
import { createLogger } from '../../src/log.js';
import { testConfig, withTimeout } from './helpers.js';
import { runServiceSuite } from './service-suite.js';

runServiceSuite({ name: 'in-process', env: () => ({}) });

it('tells the operator of busy refusals once a minute, not once each', async () => {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const config = testConfig({ WORKER_CONCURRENCY: '1', INLINE_COST_MS: '100', SOLVE_BACKLOG_MAX: '0' });
  const service = await createSolveService(config, createLogger('info', stream));
  const controller = new AbortController();
  try {
    const running = new Promise<void>((resolve) => {
      service
        .solve(
          'slow',
          { ms: 30_000, tag: 'busy-log' },
          { signal: controller.signal, onProgress: () => resolve() },
        )
        .catch(() => undefined);
    });
    await withTimeout(running, 15_000, 'the costly question to start');
    for (const tag of ['a', 'b', 'c']) {
      await expect(service.solve('slow', { ms: 30_000, tag: `busy-log-${tag}` })).rejects.toBeInstanceOf(
        ServiceUnavailableError,
      );
    }
    const said = lines.filter((line) => line.includes('refusing big questions as busy'));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0] ?? '{}')).toMatchObject({ level: 40, backlogMax: 0 });
  } finally {
    controller.abort();
    await service.close();
  }
});
