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
