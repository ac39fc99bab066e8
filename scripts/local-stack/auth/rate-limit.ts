// GoTrue's rate limits from [auth.rate_limit]: token buckets (tollbooth's semantics: a burst, then a steady rate)
// per client for each endpoint group, keyed on the configured header or else the client address, plus the global
// hourly budget of emails sent. Exceeding one answers 429 with GoTrue's codes and messages.
import type { AuthSettings } from '../config/index.ts'
import { tooManyRequests } from './errors.ts'

interface Bucket {
  tokens: number
  at: number
}

export class TokenBucket {
  private readonly buckets = new Map<string, Bucket>()

  /** `perSecond` tokens come back each second, up to `burst`; an unseen key starts full. */
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (this.buckets.size > 10_000) this.prune(now)
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key)
    }
  }
}

const fiveMinutes = 300

/** Per 5 minutes with a burst of 30, as GoTrue's newLimiterPer5mOver1h. */
const per5m = (events: number) => new TokenBucket(events / fiveMinutes, 30)

export class RateLimits {
  readonly token: TokenBucket
  readonly verify: TokenBucket
  readonly signup: TokenBucket
  readonly recover: TokenBucket
  readonly resend: TokenBucket
  readonly otp: TokenBucket
  readonly magicLink: TokenBucket
  readonly user: TokenBucket
  readonly anonymous: TokenBucket
  readonly factorChallenge: TokenBucket
  readonly factorVerify: TokenBucket
  readonly passkey: TokenBucket
  private readonly email: TokenBucket

  constructor(settings: AuthSettings['rateLimit']) {
    this.token = per5m(settings.tokenRefresh)
    this.verify = per5m(settings.tokenVerifications)
    this.signup = per5m(settings.signInSignUps)
    this.recover = per5m(settings.signInSignUps)
    this.resend = per5m(settings.signInSignUps)
    this.otp = per5m(settings.signInSignUps)
    this.magicLink = per5m(settings.signInSignUps)
    this.user = per5m(settings.signInSignUps)
    this.passkey = per5m(settings.signInSignUps)
    this.anonymous = new TokenBucket(settings.anonymousUsers / 3600, Math.max(1, settings.anonymousUsers))
    // GoTrue's default MFA limit: 15 challenges and 15 verifications a minute.
    this.factorChallenge = new TokenBucket(15 / 60, 30)
    this.factorVerify = new TokenBucket(15 / 60, 30)
    this.email = new TokenBucket(settings.emailSent / 3600, settings.emailSent)
  }

  /** Throws GoTrue's 429 when `bucket` has no token left for `key`. */
  enforce(bucket: TokenBucket, key: string): void {
    if (!bucket.take(key)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached')
  }

  /** The hourly budget of emails, shared by all clients (not applied when confirmations are off, as in GoTrue). */
  enforceEmail(): void {
    if (!this.email.take('email')) throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
  }
}
