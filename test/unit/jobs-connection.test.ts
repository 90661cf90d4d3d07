import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import {
  cannotReachMessage,
  isClusterUrl,
  isConnectionError,
  parseClusterUrl,
  reconnectDelayMs,
  redisOptionsFor,
  safeRedisUrl,
} from '../../src/jobs/connection.js';
import { queuePrefix } from '../../src/jobs/queue.js';
import { storePrefix } from '../../src/jobs/versioned-hash.js';

describe('Redis connections', () => {
  it('never shows a password', () => {
    expect(safeRedisUrl('redis://:s3cret@redis.internal:6380/2')).toBe('redis://:***@redis.internal:6380/2');
    expect(safeRedisUrl('rediss://grundy:s3cret@host')).toBe('rediss://grundy:***@host');
    expect(safeRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(safeRedisUrl('not a url')).not.toContain('not a url');
  });

  it('says where Redis was expected, why it failed and what to do', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(cannotReachMessage('redis://:pw@127.0.0.1:6399', refused)).toBe(
      'Cannot reach Redis at redis://:***@127.0.0.1:6399 (ECONNREFUSED); is it running? ' +
        'Check REDIS_URL, or unset it to solve everything in one process.',
    );
    expect(cannotReachMessage('redis://cache:6379/1', undefined, 'CACHE_REDIS_URL')).toBe(
      'Cannot reach Redis at redis://cache:6379/1 (connection lost); is it running? Check CACHE_REDIS_URL.',
    );
  });

  it('uses the options the BullMQ production guide asks for, per role', () => {
    expect(redisOptionsFor('producer')).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    expect(redisOptionsFor('worker').maxRetriesPerRequest).toBeNull();
    expect(redisOptionsFor('worker').enableOfflineQueue).toBeUndefined();
    expect(redisOptionsFor('blocking').maxRetriesPerRequest).toBeNull();
    expect([1, 2, 3, 4, 5, 6, 50].map(reconnectDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('tells connection trouble from other errors', () => {
    expect(isConnectionError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isConnectionError(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionError(new Error('WRONGTYPE Operation against a key'))).toBe(false);
    expect(isConnectionError('nope')).toBe(false);
  });
});

describe('Redis Cluster URLs', () => {
  it('reads seed nodes and credentials from redis+cluster://, and leaves plain URLs alone', () => {
    expect(isClusterUrl('redis://127.0.0.1:6379')).toBe(false);
    expect(isClusterUrl('redis+cluster://10.0.0.1:7000')).toBe(true);
    expect(parseClusterUrl('rediss+cluster://:s3cret@10.0.0.1:7000,[::1]:7001/')).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '::1', port: 7001 },
      ],
      tls: true,
      password: 's3cret',
    });
    expect(safeRedisUrl('redis+cluster://:s3cret@10.0.0.1:7000,10.0.0.2:7000')).toBe(
      'redis+cluster://:***@10.0.0.1:7000,10.0.0.2:7000',
    );
  });

  it('refuses a node without a port, naming REDIS_URL and showing the expected form', () => {
    expect(() => parseClusterUrl('redis+cluster://10.0.0.1')).toThrow(InputError);
    expect(() => parseClusterUrl('redis+cluster://10.0.0.1:7000,10.0.0.2')).toThrow(
      /bad cluster node "10\.0\.0\.2".*e\.g\. redis\+cluster:\/\/10\.0\.0\.1:7000,10\.0\.0\.2:7000/,
    );
  });

  it('puts each queue in one hash slot on a cluster only; a store prefix gets its own tag', () => {
    const cluster = { REDIS_URL: 'redis+cluster://127.0.0.1:7000', GRUNDY_PREFIX: 'grundy' };
    expect(queuePrefix(cluster, 'solve')).toBe('grundy:{solve}');
    expect(queuePrefix({ ...cluster, GRUNDY_PREFIX: '{g}' }, 'solve')).toBe('{g}');
    expect(queuePrefix({ REDIS_URL: 'redis://127.0.0.1:6379', GRUNDY_PREFIX: 'grundy' }, 'solve')).toBe(
      'grundy',
    );
    expect(storePrefix(cluster, 'quiz')).toBe('{grundy:quiz}');
    expect(storePrefix({ GRUNDY_PREFIX: 'grundy' }, 'quiz')).toBe('grundy:quiz');
  });
});
