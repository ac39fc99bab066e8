// Unit tests of add-learners' logic with stand-in clients: invalid addresses never reach the database; a registered
// and an unknown address are both answered "invited", the first with the course email naming the instructor, school
// and course (or Auth's sign-in link without SMTP or when it fails), the second with Auth's invite carrying those
// names, both to /invitations/<id>; a spent email budget leaves the rest answered alike; refusals keep their code
// and fields.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import type { RenderedEmail } from '../_shared/mail/mod.ts'
import type { Client } from '../_shared/supabase.ts'
import { addLearners, courseInvitationEmail, isPerAddressWait, type Mailing, refusalOf } from './add-learners.ts'

const courseId = '0a7c1a3e-52c2-4d7b-9a57-1c7e8f1f2b3c'
const site = 'http://127.0.0.1:5173'

interface FakeOptions {
  inviteError?: { code?: string; status?: number; message: string }
  linkError?: { code?: string; status?: number; message: string }
  alreadySent?: Set<string>
}

function fakes(options: FakeOptions = {}) {
  const accounts = new Set(['ada@example.com'])
  const enrolled = new Set(['bo@example.com'])
  const calls = {
    rpc: [] as string[][],
    invites: [] as string[],
    links: [] as string[],
    redirects: [] as string[],
    data: [] as unknown[],
  }
  const user = {
    rpc: (_name: string, args: { emails: string[] }) => {
      calls.rpc.push(args.emails)
      const data = args.emails.map((email) => ({
        email,
        result: enrolled.has(email) ? 'already_enrolled' : 'invited',
        invitation_id: enrolled.has(email) ? null : `inv-${email}`,
        send_email: !enrolled.has(email) && !options.alreadySent?.has(email),
      }))
      return Promise.resolve({ data, error: null, status: 200 })
    },
  }
  const rows: Record<string, unknown> = {
    courses: { title: 'Rock <Basics>', schools: { name: 'Alpine & Co', accent_color: '#1e3a8a' } },
    profiles: { display_name: 'Ian Instructor' },
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
        inviteUserByEmail: (email: string, opts?: { redirectTo?: string; data?: unknown }) => {
          calls.invites.push(email)
          calls.redirects.push(opts?.redirectTo ?? '')
          calls.data.push(opts?.data)
          if (options.inviteError) return Promise.resolve({ error: options.inviteError })
          if (accounts.has(email)) {
            return Promise.resolve({ error: { code: 'email_exists', status: 422, message: 'registered' } })
          }
          accounts.add(email)
          return Promise.resolve({ error: null })
        },
      },
    },
  }
  const anon = {
    auth: {
      signInWithOtp: ({ email, options: opts }: { email: string; options: { emailRedirectTo?: string } }) => {
        calls.links.push(email)
        calls.redirects.push(opts.emailRedirectTo ?? '')
        return Promise.resolve({ error: options.linkError ?? null })
      },
    },
  }
  const clients = {
    user: user as unknown as Client,
    admin: admin as unknown as Client,
    anon: anon as unknown as Client,
  }
  return { clients, calls }
}

Deno.test('a registered and an unknown address get the same answer, each an email to its invitation', async () => {
  const { clients, calls } = fakes()
  const results = await addLearners(
    clients,
    {
      course_id: courseId,
      emails: [' Ada@example.com', 'bo@example.com', 'nope', 'new@example.com', 'ada@example.com'],
    },
    site,
  )
  assert.deepEqual(results, [
    { email: 'ada@example.com', result: 'invited' },
    { email: 'bo@example.com', result: 'already_enrolled' },
    { email: 'nope', result: 'invalid' },
    { email: 'new@example.com', result: 'invited' },
  ])
  assert.deepEqual(calls.rpc, [['ada@example.com', 'bo@example.com', 'new@example.com']])
  assert.deepEqual(calls.invites, ['ada@example.com', 'new@example.com'])
  assert.deepEqual(calls.links, ['ada@example.com'])
  assert.deepEqual(calls.redirects, [
    `${site}/auth/callback?redirect=%2Finvitations%2Finv-ada%40example.com`,
    `${site}/auth/callback?redirect=%2Finvitations%2Finv-ada%40example.com`,
    `${site}/auth/callback?redirect=%2Finvitations%2Finv-new%40example.com`,
  ])
})

const inviterId = 'b0000000-0000-4000-8000-000000000001'

function mailing(fail = false) {
  const sent: RenderedEmail[] = []
  const send = (email: RenderedEmail) =>
    fail ? Promise.reject(new Error('ECONNREFUSED')) : (sent.push(email), Promise.resolve())
  return { mailing: { inviterId, send, appSite: 'https://summit.example' } satisfies Mailing, sent }
}

Deno.test('the emails name the instructor, the school and the course: Auth’s invite by its metadata, the course email', async () => {
  const { clients, calls } = fakes()
  const { mailing: deps, sent } = mailing()
  const results = await addLearners(
    clients,
    { course_id: courseId, emails: ['ada@example.com', 'new@example.com'] },
    site,
    deps,
  )
  assert.deepEqual(results, [
    { email: 'ada@example.com', result: 'invited' },
    { email: 'new@example.com', result: 'invited' },
  ])
  const names = { course_title: 'Rock <Basics>', school_name: 'Alpine & Co', inviter_name: 'Ian Instructor' }
  assert.deepEqual(calls.data, [names, names])
  assert.deepEqual(calls.links, [], 'no sign-in link once the course email went')
  assert.equal(sent.length, 1)
  const email = sent[0]!
  assert.equal(email.to, 'ada@example.com')
  assert.equal(email.subject, 'Ian Instructor at Alpine & Co invited you to Rock <Basics>')
  assert.ok(
    email.html.includes('Ian Instructor at Alpine &amp; Co invited you to learn in Rock &lt;Basics&gt; on Summit.'),
  )
  assert.ok(email.html.includes('<a href="https://summit.example/invitations/inv-ada@example.com"'))
  assert.ok(email.html.includes('border-top:4px solid #1e3a8a'), 'the school’s accent')
  assert.ok(email.text.includes('Accept the invitation: https://summit.example/invitations/inv-ada@example.com'))
  assert.ok(email.text.includes('You get this email because Ian Instructor added ada@example.com to the learners'))
})

Deno.test('when the course email cannot go, Auth’s sign-in link goes instead and the answer is the same', async () => {
  const { clients, calls } = fakes()
  const { mailing: deps } = mailing(true)
  const results = await addLearners(clients, { course_id: courseId, emails: ['ada@example.com'] }, site, deps)
  assert.deepEqual(results, [{ email: 'ada@example.com', result: 'invited' }])
  assert.deepEqual(calls.links, ['ada@example.com'])
  const noSmtp = fakes()
  await addLearners(noSmtp.clients, { course_id: courseId, emails: ['ada@example.com'] }, site, {
    ...deps,
    send: undefined,
  })
  assert.deepEqual(noSmtp.calls.links, ['ada@example.com'])
})

Deno.test('the course email keeps names on one line and escapes them in HTML', () => {
  const email = courseInvitationEmail(
    'ada@example.com',
    { course_title: 'A\r\nBcc: x@example.com', school_name: '<b>S</b>', inviter_name: 'I' },
    'https://summit.example/invitations/1',
  )
  assert.equal(email.subject, 'I at <b>S</b> invited you to A Bcc: x@example.com')
  assert.ok(!email.html.includes('<b>S</b>'))
})

Deno.test('an address invited again within the day gets no second email', async () => {
  const { clients, calls } = fakes({ alreadySent: new Set(['new@example.com']) })
  const results = await addLearners(clients, { course_id: courseId, emails: ['new@example.com'] }, site)
  assert.deepEqual(results, [{ email: 'new@example.com', result: 'invited' }])
  assert.deepEqual([calls.invites, calls.links], [[], []])
})

Deno.test("a per-address wait on a registered address's link is not told apart from an unknown address", async () => {
  const wait = {
    code: 'over_email_send_rate_limit',
    status: 429,
    message: 'you can only request this after 42 seconds',
  }
  const { clients } = fakes({ linkError: wait })
  assert.ok(isPerAddressWait(wait.message))
  assert.deepEqual(
    await addLearners(clients, { course_id: courseId, emails: ['ada@example.com', 'new@example.com'] }),
    [
      { email: 'ada@example.com', result: 'invited' },
      { email: 'new@example.com', result: 'invited' },
    ],
  )
})

Deno.test('once the email budget is spent, every later address is answered failed without asking Auth again', async () => {
  const { clients, calls } = fakes({
    inviteError: { code: 'over_email_send_rate_limit', status: 429, message: 'email rate limit exceeded' },
  })
  const results = await addLearners(clients, { course_id: courseId, emails: ['ada@example.com', 'new@example.com'] })
  assert.deepEqual(results, [
    { email: 'ada@example.com', result: 'failed' },
    { email: 'new@example.com', result: 'failed' },
  ])
  assert.deepEqual(calls.invites, ['ada@example.com'])
})

Deno.test('only invalid addresses: the database is not asked', async () => {
  const { clients, calls } = fakes()
  assert.deepEqual(await addLearners(clients, { course_id: courseId, emails: ['x', 'y@'] }), [
    { email: 'x', result: 'invalid' },
    { email: 'y@', result: 'invalid' },
  ])
  assert.equal(calls.rpc.length, 0)
})

Deno.test('refusals of the database keep their code, status and fields; anything else is internal', () => {
  const forbidden = refusalOf({ code: 'forbidden', message: "Only the course's instructors can add learners." }, 403)
  assert.ok(forbidden instanceof HttpError)
  assert.deepEqual([forbidden.status, forbidden.code], [403, 'forbidden'])
  const invalid = refusalOf(
    {
      code: 'validation_failed',
      message: 'Choose a cohort of this course.',
      details: '{"fields":{"cohort_id":"Choose a cohort of this course."}}',
    },
    422,
  )
  assert.deepEqual(invalid.fields, { cohort_id: 'Choose a cohort of this course.' })
  assert.equal(refusalOf({ code: '42883', message: 'function does not exist' }, 404).code, 'internal')
})

Deno.test('the daily lookup limit answers 429 rate_limited with the wait as Retry-After', () => {
  const limited = refusalOf(
    {
      code: 'rate_limited',
      message: 'You can add up to 1,000 email addresses a day. Try the rest later.',
      details: { retry_after_s: 3600 },
    },
    429,
  )
  assert.deepEqual([limited.status, limited.code, limited.headers], [429, 'rate_limited', { 'Retry-After': '3600' }])
})
