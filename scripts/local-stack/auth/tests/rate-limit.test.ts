// Rate limits with config.toml's numbers: per-client buckets keyed only on the configured header (never on the
// socket address, as GoTrue), the hourly email budget, and failed password attempts per account, which a stranger
// cannot turn into a lockout of the owner or of other accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenBucket } from '../rate-limit.ts'
import { signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

describe.skipIf(!testDbUrl())('rate limits with the project config.toml (no rate-limit header)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(() => {}, { realRateLimits: true })
  })
  afterAll(() => h.stop())

  it('lets a burst of 200 password sign-ins from 127.0.0.1 through, as GoTrue without RATE_LIMIT_HEADER', async () => {
    const { email, password } = await signedInUser(h)
    const statuses: number[] = []
    for (let i = 0; i < 200; i++) {
      statuses.push((await h.call('/token?grant_type=password', post({ email, password }))).status)
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  })

  it('caps a password brute force on one account without locking another account out', async () => {
    const victim = await signedInUser(h)
    const other = await signedInUser(h)
    const attempt = (email: string, pw: string) => h.call('/token?grant_type=password', post({ email, password: pw }))
    // Passwords over 72 bytes fail without bcrypt, which keeps 100 attempts fast; they count all the same.
    for (let i = 0; i < 100; i++) expect((await attempt(victim.email, 'x'.repeat(80))).status).toBe(400)
    const blocked = await attempt(victim.email, victim.password)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    expect((await attempt(other.email, other.password)).status).toBe(200)
  })
})

describe.skipIf(!testDbUrl())('per-client rate limits keyed on the configured header', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(
      (config) => {
        config.auth.rateLimitHeader = 'x-forwarded-for'
      },
      { realRateLimits: true },
    )
  })
  afterAll(() => h.stop())

  it('allows a burst of 30 sign-ups per header value, then answers over_request_rate_limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      // Invalid bodies are cheap and still count: the limit applies before anything else.
      const response = await h.call('/signup', post({ email: 'x', password: '' }, { 'x-forwarded-for': '10.0.0.1' }))
      statuses.push(response.status)
      if (i === 30)
        expect(await response.json()).toEqual({
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        })
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
    // Another client behind the same socket address has its own bucket.
    const other = await h.call('/signup', post({ email: 'x', password: '' }, { 'x-forwarded-for': '10.0.0.2' }))
    expect(other.status).toBe(400)
  })

  it('limits the token endpoint the same way', async () => {
    let last = 0
    for (let i = 0; i < 31; i++) {
      const body = post({ refresh_token: 'unknown-token' }, { 'x-forwarded-for': '10.0.0.3' })
      last = (await h.call('/token?grant_type=refresh_token', body)).status
    }
    expect(last).toBe(429)
  })

  it('does not limit a request that lacks the header (GoTrue logs a warning and lets it through)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await h.call('/signup', post({ email: 'x', password: '' }))).status)
    expect(statuses.filter((s) => s === 429)).toEqual([])
  })
})

describe.skipIf(!testDbUrl())('rate limits keyed on a header, the email budget and failed passwords', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness((config) => {
      config.auth.rateLimitHeader = 'x-client'
      config.auth.rateLimit.emailSent = 2
    })
  })
  afterAll(() => h.stop())

  it('sends at most email_sent emails an hour', async () => {
    const results = []
    for (let i = 0; i < 3; i++) {
      results.push(await h.anon().auth.signUp({ email: uniqueEmail('budget'), password: 'summit-secret-1' }))
    }
    expect(results.slice(0, 2).every((r) => r.error === null)).toBe(true)
    expect(results[2]!.error).toMatchObject({
      code: 'over_email_send_rate_limit',
      status: 429,
      message: 'Email rate limit exceeded',
    })
  })

  it('stops a client after 100 failed passwords for an account, but not the owner on a clean client', async () => {
    const { email, password } = await signedInUser(h)
    // Passwords over 72 bytes fail without bcrypt, which keeps 100 attempts fast; they count all the same.
    const attempt = (client: string, pw: string) =>
      h.call('/token?grant_type=password', post({ email, password: pw }, { 'x-client': client }))
    for (let i = 0; i < 100; i++) expect((await attempt('attacker', 'x'.repeat(80))).status).toBe(400)
    const blocked = await attempt('attacker', password)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' })
    expect((await attempt('owner-laptop', password)).status).toBe(200)
    expect((await attempt('someone-else', 'x'.repeat(80))).status).toBe(400)
    expect((await attempt('someone-else', password)).status).toBe(429)
  })
})

describe('TokenBucket', () => {
  it('allows the burst, then refills at the steady rate', () => {
    const bucket = new TokenBucket(1, 3)
    const t = 1_000_000
    expect([1, 2, 3, 4].map(() => bucket.take('k', t))).toEqual([true, true, true, false])
    expect(bucket.take('other', t)).toBe(true)
    expect(bucket.take('k', t + 999)).toBe(false)
    expect(bucket.take('k', t + 1000)).toBe(true)
  })
})
