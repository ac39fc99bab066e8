// GoTrue's rate limits from [auth.rate_limit]: token buckets (tollbooth's semantics: a burst, then a steady rate)
// per client for each endpoint group, keyed only on the configured header ([auth.rate_limit] header, GoTrue's
// RATE_LIMIT_HEADER) and never on the socket address, plus the project-wide hourly budgets of emails and SMS sent.
// Exceeding one answers 429 with GoTrue's codes.
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

/** The per-client buckets, named as the route table names them. */
export type RateLimitBucket =
  | 'token'
  | 'verify'
  | 'signup'
  | 'recover'
  | 'resend'
  | 'otp'
  | 'magicLink'
  | 'user'
  | 'anonymous'
  | 'factorChallenge'
  | 'factorVerify'
  | 'passkey'
  | 'web3'
  | 'oauthClientRegister'

export class RateLimits {
  private readonly buckets: Record<RateLimitBucket, TokenBucket>
  private readonly email: TokenBucket
  private readonly sms: TokenBucket

  constructor(settings: AuthSettings['rateLimit']) {
    this.buckets = {
      token: per5m(settings.tokenRefresh),
      verify: per5m(settings.tokenVerifications),
      signup: per5m(settings.signInSignUps),
      recover: per5m(settings.signInSignUps),
      resend: per5m(settings.signInSignUps),
      otp: per5m(settings.signInSignUps),
      magicLink: per5m(settings.signInSignUps),
      user: per5m(settings.signInSignUps),
      passkey: per5m(settings.signInSignUps),
      web3: per5m(settings.web3),
      anonymous: new TokenBucket(settings.anonymousUsers / 3600, Math.max(1, settings.anonymousUsers)),
      // GoTrue's default MFA limit: 15 challenges and 15 verifications a minute.
      factorChallenge: new TokenBucket(15 / 60, 30),
      factorVerify: new TokenBucket(15 / 60, 30),
      // GOTRUE_RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER, which the CLI leaves at GoTrue's 10 per 5 minutes.
      oauthClientRegister: per5m(10),
    }
    this.email = new TokenBucket(settings.emailSent / 3600, settings.emailSent)
    this.sms = new TokenBucket(settings.smsSent / 3600, settings.smsSent)
  }

  /**
   * Throws GoTrue's 429 when `bucket` has no token left for `key`. Without a key (no rate-limit header configured,
   * or the request lacks it) nothing is limited, as GoTrue's performRateLimiting: it never keys on the socket.
   */
  enforce(bucket: RateLimitBucket, key: string | undefined): void {
    if (key === undefined) return
    if (!this.buckets[bucket].take(key)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached')
  }

  /** The hourly budget of emails, shared by all clients (not applied when confirmations are off, as in GoTrue). */
  enforceEmail(): void {
    if (!this.email.take('email')) throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
  }

  /** The hourly budget of SMS, shared by all clients (GoTrue applies it only when sms confirmations are on). */
  enforceSms(): void {
    if (!this.sms.take('sms')) throw tooManyRequests('over_sms_send_rate_limit', 'SMS rate limit exceeded')
  }
}
