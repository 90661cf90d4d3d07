/** Per-user token bucket: `perMinute` requests at once, refilled evenly over a minute. 0 turns it off. */

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Above this many tracked users, full buckets are forgotten (they carry no information). */
const SWEEP_AT = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(userId: string): RateDecision {
    if (this.perMinute <= 0) return { ok: true };
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(userId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    if (this.buckets.size >= SWEEP_AT && !this.buckets.has(userId)) this.sweep(now, perMs);
    this.buckets.set(userId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil((1 - bucket.tokens) / perMs) };
  }

  private sweep(now: number, perMs: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * perMs >= this.perMinute) this.buckets.delete(id);
    }
  }
}

/** A per-user limit, wherever its counters live. */
export interface RateLimit {
  take(userId: string): Promise<RateDecision>;
}

/** This process's buckets behind the async interface. */
export function memoryRateLimit(perMinute: number, now: () => number = Date.now): RateLimit {
  const limiter = new RateLimiter(perMinute, now);
  return { take: (userId) => Promise.resolve(limiter.take(userId)) };
}

/** The same token bucket as RateLimiter, updated atomically in Redis: [ok, retryAfterMs]. */
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local perMs = capacity / 60000
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(stored[1]) or capacity
local at = tonumber(stored[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * perMs)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 61000)
if ok == 1 then return {1, 0} end
return {0, math.ceil((1 - tokens) / perMs)}
`;

/** The structural part of an ioredis client this needs. */
export interface EvalClient {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Counters in Redis, so every `serve` process shares one bucket per user. While Redis is away it falls back to
 * this process's buckets (a limit that still holds per process beats refusing everyone).
 */
export class RedisRateLimit implements RateLimit {
  private readonly fallback: RateLimit;

  constructor(
    private readonly client: EvalClient,
    private readonly prefix: string,
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly onFallback: (error: unknown) => void = () => undefined,
  ) {
    this.fallback = memoryRateLimit(perMinute, now);
  }

  async take(userId: string): Promise<RateDecision> {
    if (this.perMinute <= 0) return { ok: true };
    try {
      const reply = await this.client.eval(
        TAKE_SCRIPT,
        1,
        `${this.prefix}:rate:${userId}`,
        this.perMinute,
        this.now(),
      );
      const [ok, retryAfterMs] = Array.isArray(reply) ? reply.map(Number) : [];
      if (ok === 1) return { ok: true };
      if (ok === 0 && retryAfterMs !== undefined) return { ok: false, retryAfterMs };
      throw new Error(`unexpected rate-limit reply ${JSON.stringify(reply)}`);
    } catch (error) {
      this.onFallback(error);
      return this.fallback.take(userId);
    }
  }
}
