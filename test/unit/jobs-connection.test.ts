import { describe, expect, it } from 'vitest';
import {
  cannotReachMessage,
  isConnectionError,
  reconnectDelayMs,
  redisOptionsFor,
  safeRedisUrl,
} from '../../src/jobs/connection.js';

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
