// Unit tests of invite-member's logic with stand-in clients: Auth's invite is always tried first (with the school,
// owner and role in its metadata) and a registered address gets the school email, or the sign-in link without SMTP
// or when that fails, with the same answer either way; the database's daily limit and Auth's email budget answer
// 429, Auth's per-address wait does not (a new address has none).
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import type { RenderedEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import { type Clients, inviteMember, isPerAddressWait, type Mailing } from './invite.ts'

const schoolId = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'
const landing = 'http://127.0.0.1:5173/auth/callback?redirect=%2Fstudio'
const perAddressWait = 'For security purposes, you can only request this after 42 seconds.'

type AuthAnswer = { error: null | { code?: string; status?: number; message: string } }
type RpcAnswer = { data: unknown; error: unknown; status: number }

function fakes(options: { rpc?: RpcAnswer; invite?: AuthAnswer; otp?: AuthAnswer } = {}) {
  const calls = { rpc: 0, invites: [] as unknown[][], otps: [] as unknown[] }
  const user = {
    rpc: () => {
      calls.rpc++
      return Promise.resolve(options.rpc ?? { data: { status: 'invited' }, error: null, status: 200 })
    },
  }
  const rows: Record<string, unknown> = {
    schools: { name: 'Alpine & Co', accent_color: '#1e3a8a' },
    profiles: { display_name: 'Olga Owner' },
  }
  const admin = {
    from: (table: string) => {
      const query = {
        select: () => query,
        eq: () => query,
        single: () => Promise.resolve({ data: rows[table], error: null }),
        maybeSingle: () => Promise.resolve({ data: rows[table], error: null }),
      }
      return query
    },
    auth: {
      admin: {
        inviteUserByEmail: (...args: unknown[]) => {
          calls.invites.push(args)
          return Promise.resolve(options.invite ?? { error: null })
        },
      },
    },
  }
  const anon = {
    auth: {
      signInWithOtp: (params: unknown) => {
        calls.otps.push(params)
        return Promise.resolve(options.otp ?? { error: null })
      },
    },
  }
  const clients: Clients = {
    user: user as unknown as Client,
    admin: admin as unknown as Client,
    anon: anon as unknown as Client,
  }
  return { clients, calls }
}

const body = (email: string) => ({ school_id: schoolId, email, role: 'instructor' as const })
const registered = (code: string): AuthAnswer => ({
  error: { code, status: 422, message: 'A user with this email address has already been registered' },
})

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  assert.ok(error instanceof HttpError, `expected an HttpError, got ${error}`)
  return error
}

function mailing(fail = false) {
  const sent: RenderedEmail[] = []
  const send = (email: RenderedEmail) =>
    fail ? Promise.reject(new Error('ECONNREFUSED')) : (sent.push(email), Promise.resolve())
  const deps: Mailing = { inviterId: 'b0000000-0000-4000-8000-000000000001', send, appSite: 'https://summit.example' }
  return { deps, sent }
}

Deno.test('the invite names the school, the owner and the role in its metadata', async () => {
  const { clients, calls } = fakes()
  await inviteMember(clients, body('new@example.com'), landing, mailing().deps)
  assert.deepEqual(calls.invites, [[
    'new@example.com',
    {
      data: { school_name: 'Alpine & Co', inviter_name: 'Olga Owner', school_role: 'instructor' },
      redirectTo: landing,
    },
  ]])
})

Deno.test('a registered address gets the school email, linking to the studio; the sign-in link if it fails', async () => {
  const { clients, calls } = fakes({ invite: registered('email_exists') })
  const { deps, sent } = mailing()
  const result = await inviteMember(clients, body('ada@example.com'), landing, deps)
  assert.deepEqual(result, { status: 'invited', school_id: schoolId, email: 'ada@example.com', role: 'instructor' })
  assert.deepEqual(calls.otps, [])
  assert.equal(sent[0]?.subject, 'Olga Owner invited you to teach at Alpine & Co')
  assert.ok(sent[0]?.html.includes('Olga Owner invited you to teach at Alpine &amp; Co on Summit.'))
  assert.ok(sent[0]?.text.includes('Open the invitation: https://summit.example/studio'))
  assert.ok(sent[0]?.html.includes('border-top:4px solid #1e3a8a'), 'the school’s accent')
  const failing = fakes({ invite: registered('email_exists') })
  await inviteMember(failing.clients, body('ada@example.com'), landing, mailing(true).deps)
  assert.equal(failing.calls.otps.length, 1)
})

Deno.test('a new address gets Auth’s invite and no sign-in link', async () => {
  const { clients, calls } = fakes()
  const result = await inviteMember(clients, body('new@example.com'), landing)
  assert.deepEqual(result, { status: 'invited', school_id: schoolId, email: 'new@example.com', role: 'instructor' })
  assert.deepEqual(calls.invites, [['new@example.com', { redirectTo: landing }]])
  assert.deepEqual(calls.otps, [])
})

Deno.test('a registered address falls back to the sign-in link, and the answer is the same as for a new one', async () => {
  for (const code of ['email_exists', 'user_already_exists']) {
    const { clients, calls } = fakes({ invite: registered(code) })
    const result = await inviteMember(clients, body('new@example.com'), landing)
    assert.deepEqual(result, { status: 'invited', school_id: schoolId, email: 'new@example.com', role: 'instructor' })
    assert.equal(calls.invites.length, 1, 'Auth’s invite is tried first')
    assert.deepEqual(calls.otps, [{
      email: 'new@example.com',
      options: { shouldCreateUser: false, emailRedirectTo: landing },
    }])
  }
})

Deno.test('a member already there gets no email', async () => {
  const { clients, calls } = fakes({ rpc: { data: { status: 'already_member' }, error: null, status: 200 } })
  const result = await inviteMember(clients, body('member@example.com'))
  assert.equal(result.status, 'already_member')
  assert.deepEqual([calls.invites, calls.otps], [[], []])
})

Deno.test('the daily invitation limit answers 429 rate_limited with the wait as Retry-After, and sends nothing', async () => {
  const message = 'You can send up to 50 invitations a day. Try again later.'
  for (const details of ['{"retry_after_s": 3600}', { retry_after_s: 3600 }]) {
    const { clients, calls } = fakes({
      rpc: { data: null, error: { code: 'rate_limited', message, details }, status: 429 },
    })
    const error = await refusal(inviteMember(clients, body('x@example.com')))
    assert.deepEqual([error.status, error.code, error.message, error.headers], [429, 'rate_limited', message, {
      'Retry-After': '3600',
    }])
    assert.deepEqual([calls.invites, calls.otps], [[], []])
  }
})

Deno.test('other refusals keep their code and fields; an unknown database error is not passed on', async () => {
  const invalid = fakes({
    rpc: {
      data: null,
      error: {
        code: 'validation_failed',
        message: 'Enter a valid email address.',
        details: '{"fields": {"email": "Enter a valid email address."}}',
      },
      status: 422,
    },
  })
  const error = await refusal(inviteMember(invalid.clients, body('x@example.com')))
  assert.deepEqual([error.status, error.code, error.fields, error.headers], [422, 'validation_failed', {
    email: 'Enter a valid email address.',
  }, undefined])

  const broken = fakes({
    rpc: { data: null, error: { code: '42883', message: 'function does not exist' }, status: 404 },
  })
  await assert.rejects(inviteMember(broken.clients, body('x@example.com')), (e) => !(e instanceof HttpError))
})

Deno.test('Auth’s email budget answers 429 for a new address and a registered one alike', async () => {
  const budget = { code: 'over_email_send_rate_limit', status: 429, message: 'Email rate limit exceeded' }
  const fresh = fakes({ invite: { error: budget } })
  const existing = fakes({ invite: registered('email_exists'), otp: { error: budget } })
  for (const { clients } of [fresh, existing]) {
    const error = await refusal(inviteMember(clients, body('x@example.com')))
    assert.deepEqual([error.status, error.code], [429, 'rate_limited'])
  }
})

Deno.test('Auth’s per-address wait between sign-in links is not passed on: the invitation is saved', async () => {
  const { clients, calls } = fakes({
    invite: registered('email_exists'),
    otp: { error: { code: 'over_email_send_rate_limit', status: 429, message: perAddressWait } },
  })
  const warn = console.warn
  console.warn = () => {}
  try {
    const result = await inviteMember(clients, body('x@example.com'))
    assert.equal(result.status, 'invited')
    assert.equal(calls.otps.length, 1)
  } finally {
    console.warn = warn
  }
  assert.ok(isPerAddressWait(perAddressWait))
  assert.ok(!isPerAddressWait('Email rate limit exceeded'))
})
