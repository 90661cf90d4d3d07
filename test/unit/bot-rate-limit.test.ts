/** The per-user token bucket. */
import { describe, expect, test } from 'vitest';
import { RateLimiter } from '../../src/bot/interaction/rate-limit.js';

describe('RateLimiter', () => {
  test('allows a burst of perMinute, then refills one every 60/perMinute seconds, per user', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.take('ada').ok)).toEqual([true, true, true]);
    expect(limiter.take('ada')).toEqual({ ok: false, retryAfterMs: 20_000 });
    expect(limiter.take('bob').ok).toBe(true);
    now = 10_000;
    expect(limiter.take('ada')).toEqual({ ok: false, retryAfterMs: 10_000 });
    now = 20_000;
    expect(limiter.take('ada').ok).toBe(true);
    expect(limiter.take('ada').ok).toBe(false);
  });

  test('0 per minute turns it off', () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 100; i++) expect(limiter.take('ada').ok).toBe(true);
  });
});
