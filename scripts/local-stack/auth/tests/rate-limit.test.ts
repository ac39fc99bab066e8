// Rate limits with config.toml's numbers: per-client buckets keyed only on the configured header (never on the
// socket address, as GoTrue: no per-account lockout either) and the project-wide hourly email budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '@supabase/supabase-js'
import { anonKey } from '../../keys/index.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'
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

  it('uses the project config: no rate-limit header, token_refresh 150 and sign_in_sign_ups 30 per 5 minutes', () => {
    expect(h.config.auth.rateLimitHeader).toBeUndefined()
    expect(h.config.auth.rateLimit).toMatchObject({ tokenRefresh: 150, signInSignUps: 30 })
  })

  it('lets a burst of 200 password sign-ins from 127.0.0.1 through supabase-js, as GoTrue without RATE_LIMIT_HEADER', async () => {
    const { email, password } = await signedInUser(h)
    const client = h.anon()
    const failures: string[] = []
    for (let i = 0; i < 200; i++) {
      const { data, error } = await client.auth.signInWithPassword({ email, password })
      if (error || !data.session) failures.push(`${i}: ${error?.status} ${error?.code}`)
    }
    // 200 is far past the burst of 30 a client gets per bucket: any per-address limit would have answered 429.
    expect(failures).toEqual([])
  })

  it('locks no account after 150 wrong passwords from one address without the hook (GoTrue has no lockout of its own)', async () => {
    // The project's per-account cap is its password verification attempt hook (tests/verification-hooks.test.ts);
    // without it, nothing in GoTrue itself limits guesses on one account when no rate-limit header is configured.
    const hook = h.config.auth.hooks.passwordVerificationAttempt
    h.config.auth.hooks.passwordVerificationAttempt = undefined
    try {
      const { email, password } = await signedInUser(h)
      const client = h.anon()
      const statuses = new Set<number | undefined>()
      // Passwords over 72 bytes fail without bcrypt, which keeps 150 attempts fast.
      for (let i = 0; i < 150; i++) {
        statuses.add((await client.auth.signInWithPassword({ email, password: 'x'.repeat(80) })).error?.status)
      }
      expect([...statuses]).toEqual([400])
      const { data, error } = await client.auth.signInWithPassword({ email, password })
      expect(error).toBeNull()
      expect(data.session).not.toBeNull()
    } finally {
      h.config.auth.hooks.passwordVerificationAttempt = hook
    }
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

describe.skipIf(!testDbUrl())('the hourly email budget (email_sent with [auth.email.smtp] enabled)', () => {
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

  it('keeps the email budget project-wide: a client with a fresh header value is refused too', async () => {
    const other = createClient(h.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'x-client': 'someone-new' } },
      realtime: { transport: NoWebSocket as never },
    })
    const { error } = await other.auth.signUp({ email: uniqueEmail('budget'), password: 'summit-secret-1' })
    expect(error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 })
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
