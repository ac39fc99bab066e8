// The password and MFA verification attempt hooks as GoTrue v2.189 runs them: Postgres functions called as
// supabase_auth_admin after each checked password or TOTP code with GoTrue's payload; "continue", "reject" (400
// invalid_credentials / 403 mfa_verification_rejected, sessions ended), the hook's own error object, a failing,
// missing, unexecutable or slow (2 s statement_timeout) function; then the project's own hooks from config.toml.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AuthHook, AuthHookSettings } from '../../config/auth-hooks.ts'
import { codeAt, currentStep, period } from '../mfa/totp.ts'
import { signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'

const schema = `auth_hook_tests_${process.pid}`

/** Test hooks: each answers one way; record_* keep the payload they were given. */
const functions: Record<string, string> = {
  record_and_continue: `insert into ${schema}.calls (event) values (event); return '{"decision": "continue"}';`,
  reject_and_logout: `return '{"decision": "reject", "message": "Locked for a while", "should_logout_user": true}';`,
  reject_quietly: `return '{"decision": "reject"}';`,
  refuse_with_error: `return '{"error": {"http_code": 429, "message": "Slow down"}}';`,
  error_without_status: `return '{"error": {"message": "Something broke"}}';`,
  raise_exception: `raise exception 'boom';`,
  sleep_past_timeout: `perform pg_sleep(3); return '{"decision": "continue"}';`,
  answer_a_string: `return '"continue"';`,
  not_granted: `return '{"decision": "continue"}';`,
}

const hook = (name: string): AuthHook => ({
  kind: 'pg-function',
  uri: `pg-functions://postgres/${schema}/${name}`,
  schema,
  name,
})

/** A TOTP code that is not valid now (nor one step either side). */
function wrongCode(secret: string): string {
  const step = currentStep()
  const valid = new Set([-1, 0, 1].map((d) => codeAt(secret, step + d)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!valid.has(code)) return code
  }
}

async function awayFromStepBoundary(): Promise<void> {
  const intoStep = (Date.now() / 1000) % period
  if (intoStep > period - 6) await new Promise((resolve) => setTimeout(resolve, (period - intoStep + 0.2) * 1000))
}

describe.skipIf(!testDbUrl())('verification attempt hooks (Postgres functions)', () => {
  let h: Harness
  let db: pg.Client
  let projectHooks: AuthHookSettings
  beforeAll(async () => {
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
    await db.query(`create schema ${schema}`)
    await db.query(`create table ${schema}.calls (id bigint generated always as identity, event jsonb not null)`)
    for (const [name, body] of Object.entries(functions)) {
      await db.query(
        `create function ${schema}.${name}(event jsonb) returns jsonb language plpgsql as $$ begin ${body} end $$`,
      )
      if (name !== 'not_granted')
        await db.query(`grant execute on function ${schema}.${name}(jsonb) to supabase_auth_admin`)
    }
    await db.query(`revoke execute on function ${schema}.not_granted(jsonb) from public`)
    await db.query(`grant usage on schema ${schema} to supabase_auth_admin`)
    await db.query(`grant insert on ${schema}.calls to supabase_auth_admin`)
    // The failing hooks answer 500 on purpose, as GoTrue does.
    h = await startHarness(() => {}, { expectedServerErrors: /^POST \/auth\/v1\/(token|factors\/[^/]+\/verify)/ })
    projectHooks = structuredClone(h.config.auth.hooks)
  })
  // Each test sets the hooks it calls, once its users are signed in without any.
  beforeEach(() => {
    h.config.auth.hooks = { passwordVerificationAttempt: undefined, mfaVerificationAttempt: undefined }
  })
  afterAll(async () => {
    await h?.stop()
    await db.query(`drop schema if exists ${schema} cascade`)
    await db.end()
  })

  const usePasswordHook = (name: string | undefined) => {
    h.config.auth.hooks.passwordVerificationAttempt = name === undefined ? undefined : hook(name)
  }
  const useMfaHook = (name: string | undefined) => {
    h.config.auth.hooks.mfaVerificationAttempt = name === undefined ? undefined : hook(name)
  }
  const calls = async () =>
    (await db.query<{ event: Record<string, unknown> }>(`select event from ${schema}.calls order by id`)).rows.map(
      (row) => row.event,
    )
  const signIn = (email: string, password: string) =>
    h.call('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })

  it('reads the project hooks from config.toml', () => {
    expect(projectHooks).toEqual({
      passwordVerificationAttempt: {
        kind: 'pg-function',
        uri: 'pg-functions://postgres/private/hook_password_verification_attempt',
        schema: 'private',
        name: 'hook_password_verification_attempt',
      },
      mfaVerificationAttempt: {
        kind: 'pg-function',
        uri: 'pg-functions://postgres/private/hook_mfa_verification_attempt',
        schema: 'private',
        name: 'hook_mfa_verification_attempt',
      },
    })
  })

  it('calls the password hook after every checked password with GoTrue payload, as supabase_auth_admin', async () => {
    const { email, password, user } = await signedInUser(h)
    await db.query(`truncate ${schema}.calls`)
    usePasswordHook('record_and_continue')
    const right = await h.anon().auth.signInWithPassword({ email, password })
    expect(right.error).toBeNull()
    const wrong = await h.anon().auth.signInWithPassword({ email, password: 'not the password' })
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    // An address without an account is refused before any password is checked: no call.
    await h.anon().auth.signInWithPassword({ email: uniqueEmail('nobody'), password })
    const events = await calls()
    expect(events).toHaveLength(2)
    expect(events[0]).toEqual({
      metadata: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        time: expect.any(String),
        name: 'password-verification',
        ip_address: '127.0.0.1',
      },
      user_id: user.id,
      valid: true,
    })
    expect(events[1]).toMatchObject({ user_id: user.id, valid: false })
    // metadata.time is when Auth called the hook (GoTrue's time.Time in JSON).
    const time = Date.parse((events[1]!.metadata as { time: string }).time)
    expect(Math.abs(Date.now() - time)).toBeLessThan(60_000)
  })

  it('refuses a right password the hook rejects with 400 invalid_credentials and its message, ending sessions when asked', async () => {
    const { email, password, client, session } = await signedInUser(h)
    usePasswordHook('reject_and_logout')
    const response = await signIn(email, password)
    expect(response.status).toBe(400)
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Locked for a while' })
    // should_logout_user: every session of the user ended, so the earlier one cannot be refreshed.
    const refreshed = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toMatchObject({ code: 'refresh_token_not_found' })

    usePasswordHook('reject_quietly')
    const quiet = await signIn(email, password)
    expect(await quiet.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Further password verification attempts will be rejected.',
    })
  })

  it('keeps sessions when a rejection does not ask to sign the user out', async () => {
    const { email, password, client, session } = await signedInUser(h)
    usePasswordHook('reject_quietly')
    expect((await signIn(email, password)).status).toBe(400)
    const refreshed = await client.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toBeNull()
  })

  it("answers the hook's error object with its status, message and no error code of its own", async () => {
    const { email, password } = await signedInUser(h)
    usePasswordHook('refuse_with_error')
    const refused = await signIn(email, password)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('x-sb-error-code')).toBeNull()
    expect(await refused.json()).toEqual({ code: 'unknown', message: 'Slow down' })
    usePasswordHook('error_without_status')
    const broken = await signIn(email, password)
    expect(broken.status).toBe(500)
    expect(await broken.json()).toEqual({ code: 'unexpected_failure', message: 'Something broke' })
  })

  it('answers 500 "Error running hook URI" when the function fails, is not executable or does not exist', async () => {
    const { email, password } = await signedInUser(h)
    for (const name of ['raise_exception', 'not_granted', 'no_such_function']) {
      usePasswordHook(name)
      const response = await signIn(email, password)
      expect(response.status, name).toBe(500)
      expect(await response.json(), name).toEqual({
        code: 'unexpected_failure',
        message: `Error running hook URI: pg-functions://postgres/${schema}/${name}`,
      })
    }
    usePasswordHook('answer_a_string')
    const odd = await signIn(email, password)
    expect(await odd.json()).toEqual({ code: 'unexpected_failure', message: 'Error unmarshaling JSON output.' })
  })

  it('gives a function 2 seconds (statement_timeout), then answers 500', async () => {
    const { email, password } = await signedInUser(h)
    usePasswordHook('sleep_past_timeout')
    const started = performance.now()
    const response = await signIn(email, password)
    const elapsed = performance.now() - started
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toBe(
      `Error running hook URI: pg-functions://postgres/${schema}/sleep_past_timeout`,
    )
    expect(elapsed).toBeGreaterThan(1900)
    expect(elapsed).toBeLessThan(2900)
    // The connection's timeout went back to normal: a slow-ish query of Auth's own still runs.
    usePasswordHook(undefined)
    expect((await signIn(email, password)).status).toBe(200)
  })

  it('calls the MFA hook after every checked TOTP code; a rejection is 403 mfa_verification_rejected and ends every session', async () => {
    usePasswordHook(undefined)
    const { client, user } = await signedInUser(h)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no totp factor')
    const factorId = enrolled.data.id
    const secret = enrolled.data.totp.secret
    await db.query(`truncate ${schema}.calls`)
    useMfaHook('record_and_continue')
    await awayFromStepBoundary()
    const challenge = await client.auth.mfa.challenge({ factorId })
    const wrong = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrongCode(secret) })
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    })
    const events = await calls()
    expect(events).toEqual([
      {
        metadata: {
          uuid: expect.any(String),
          time: expect.any(String),
          name: 'mfa-verification',
          ip_address: '127.0.0.1',
        },
        user_id: user.id,
        factor_id: factorId,
        factor_type: 'totp',
        valid: false,
      },
    ])

    useMfaHook('reject_and_logout')
    const again = await client.auth.mfa.challenge({ factorId })
    const right = await client.auth.mfa.verify({
      factorId,
      challengeId: again.data!.id,
      code: codeAt(secret, currentStep()),
    })
    expect(right.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected', message: 'Locked for a while' })
    // Unlike passwords, GoTrue ends every session of the user on any MFA rejection.
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [
      user.id,
    ])
    expect(rows[0]?.n).toBe(0)
    useMfaHook(undefined)
  })

  it('answers a rejected code without a message with GoTrue default sentence', async () => {
    const { client } = await signedInUser(h)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no totp factor')
    useMfaHook('reject_quietly')
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data.id })
    const refused = await client.auth.mfa.verify({
      factorId: enrolled.data.id,
      challengeId: challenge.data!.id,
      code: wrongCode(enrolled.data.totp.secret),
    })
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: 'Further MFA verification attempts will be rejected.',
    })
    useMfaHook(undefined)
  })
})

describe.skipIf(!testDbUrl())("the project's hooks (config.toml and the migration)", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(() => {}, { realRateLimits: true })
  })
  afterAll(() => h.stop())

  it('300 wrong passwords on one account: 10 are checked, then even the right one is refused; other accounts sign in', async () => {
    const victim = await signedInUser(h)
    const bystander = await signedInUser(h)
    const client = h.anon()
    const answers: string[] = []
    for (let i = 0; i < 300; i++) {
      const { error } = await client.auth.signInWithPassword({ email: victim.email, password: `guess-${i}-xxxxxxxxx` })
      answers.push(`${error?.status} ${error?.code} ${error?.message}`)
    }
    // Every refusal reads like a wrong password: a locked account cannot be told from an unknown address.
    expect(new Set(answers)).toEqual(new Set(['400 invalid_credentials Invalid login credentials']))
    const locked = await client.auth.signInWithPassword({ email: victim.email, password: victim.password })
    expect(locked.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    const other = await client.auth.signInWithPassword({ email: bystander.email, password: bystander.password })
    expect(other.error).toBeNull()
    // The victim's own session from before is untouched: the password hook does not sign anyone out.
    expect((await victim.client.auth.refreshSession({ refresh_token: victim.session.refresh_token })).error).toBeNull()
  })

  it('10 wrong codes: the next, even a right one, is refused with when to try again, and the sessions end', async () => {
    const { client, email, password, session } = await signedInUser(h)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no totp factor')
    const { id: factorId, totp } = enrolled.data
    await awayFromStepBoundary()
    const codes: string[] = []
    for (let i = 0; i < 10; i++) {
      const challenge = await client.auth.mfa.challenge({ factorId })
      const { error } = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: wrongCode(totp.secret),
      })
      codes.push(`${error?.status} ${error?.code}`)
    }
    expect(new Set(codes)).toEqual(new Set(['422 mfa_verification_failed']))
    const challenge = await client.auth.mfa.challenge({ factorId })
    const right = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: codeAt(totp.secret, currentStep()),
    })
    expect(right.error).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: 'Too many wrong codes. Try again in 15 minutes.',
    })
    const refreshed = await h.anon().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toMatchObject({ code: 'refresh_token_not_found' })
    // The password still works (the locks are per kind), but the code does not until the lock ends.
    const again = h.anon()
    expect((await again.auth.signInWithPassword({ email, password })).error).toBeNull()
    const next = await again.auth.mfa.challenge({ factorId })
    const still = await again.auth.mfa.verify({
      factorId,
      challengeId: next.data!.id,
      code: codeAt(totp.secret, currentStep()),
    })
    expect(still.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' })
  })
})

describe.skipIf(!testDbUrl())('verification attempt hooks over HTTP', () => {
  const secret = Buffer.from('a-32-byte-secret-for-the-tests!!').toString('base64')
  let h: Harness
  let server: Server
  let url: string
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  // What the hook answers next: status, content type and body.
  let answer: { status: number; type?: string; body?: string; delayMs?: number } = { status: 204 }
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
        const reply = () => {
          res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {})
          res.end(answer.body)
        }
        if (answer.delayMs) setTimeout(reply, answer.delayMs).unref()
        else reply()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    // "Invalid payload sent to hook" is GoTrue's own 500.
    h = await startHarness(() => {}, { expectedServerErrors: /^POST \/auth\/v1\/token/ })
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await h?.stop()
  })
  beforeEach(() => {
    h.config.auth.hooks = { passwordVerificationAttempt: undefined, mfaVerificationAttempt: undefined }
    received.length = 0
  })
  const useHttpHook = () => {
    h.config.auth.hooks.passwordVerificationAttempt = { kind: 'http', uri: url, secrets: [`v1,whsec_${secret}`] }
  }
  const signIn = (email: string, password: string) =>
    h.call('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })

  it('POSTs the payload signed per Standard Webhooks; 204 continues, a reject refuses', async () => {
    const { email, password, user } = await signedInUser(h)
    useHttpHook()
    answer = { status: 204 }
    expect((await signIn(email, password)).status).toBe(200)
    const [call] = received
    expect(JSON.parse(call!.body)).toMatchObject({
      user_id: user.id,
      valid: true,
      metadata: { name: 'password-verification' },
    })
    const id = String(call!.headers['webhook-id'])
    const timestamp = String(call!.headers['webhook-timestamp'])
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
    const expected = createHmac('sha256', Buffer.from(secret, 'base64'))
      .update(`${id}.${timestamp}.${call!.body}`)
      .digest('base64')
    expect(call!.headers['webhook-signature']).toBe(`v1,${expected}`)
    expect(call!.headers['content-type']).toBe('application/json')

    answer = { status: 200, type: 'application/json', body: '{"decision": "reject", "message": "No"}' }
    const refused = await signIn(email, password)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ code: 'invalid_credentials', message: 'No' })
  })

  it("answers GoTrue's errors for a refusing, mistyped or silent endpoint", async () => {
    const { email, password } = await signedInUser(h)
    useHttpHook()
    answer = { status: 400 }
    expect(await (await signIn(email, password)).json()).toEqual({
      code: 'unexpected_failure',
      message: 'Invalid payload sent to hook',
    })
    answer = { status: 200, type: 'text/plain', body: 'ok' }
    const mistyped = await signIn(email, password)
    expect(mistyped.status).toBe(400)
    expect(await mistyped.json()).toEqual({
      code: 'hook_payload_invalid_content_type',
      message: 'Invalid JSON response. Received content-type: text/plain',
    })
    answer = { status: 204, delayMs: 6000 }
    const started = performance.now()
    const silent = await signIn(email, password)
    expect(performance.now() - started).toBeGreaterThan(4900)
    expect(silent.status).toBe(422)
    expect(await silent.json()).toEqual({
      code: 'hook_timeout',
      message: 'Failed to reach hook within maximum time of 5.000000 seconds',
    })
  }, 15_000)
})
