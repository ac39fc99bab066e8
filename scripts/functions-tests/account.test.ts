// Integration: the account functions on the running stack — account-export's document for a user with data,
// account-delete's refusals (confirmation, last owner, a factor without aal2) and its completeness (no row in
// public/private/auth/storage refers to the user, no object of theirs is left, the Auth user is gone, their
// certificate code verifies as certificate_not_found), and mfa-recovery with a real TOTP factor (wrong code, right
// code, used code). A second copy of the functions service, whose Storage requests pass through a proxy that fails
// one bucket's removal, shows a storage failure midway leaving the account, its rows and its files intact.
import { createHmac, randomInt } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../local-stack/config/index.ts'
import { createFunctionsService } from '../local-stack/functions/index.ts'
import type { Service } from '../local-stack/http/service.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { serveMounted, type MountedServer } from '../local-stack/testing/serve-mounted.ts'
import { apiUrl, publishableKey } from './env.ts'
import { admin, client, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'
const password = 'a-long-test-password'
// The smallest PNG: one transparent pixel (the avatars bucket takes images only).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const pdf = Buffer.from('%PDF-1.4\n% a certificate\n%%EOF\n')
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app answers Auth's TOTP challenge. */
function totp(secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/u, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from((bits.match(/.{8}/gu) ?? []).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)))
  const digest = createHmac('sha1', key).update(counter).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** Enrolls and verifies a TOTP factor for the user's session, which is then aal2; answers the secret. */
async function addTotp(user: TestUser): Promise<string> {
  const enrolled = await user.db.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
  if (enrolled.error) throw enrolled.error
  const verified = await user.db.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totp(enrolled.data.totp.secret),
  })
  if (verified.error) throw verified.error
  user.accessToken = verified.data.access_token
  return enrolled.data.totp.secret
}

/** A second session of the user, signed in with the password only (aal1). */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const db = client()
  const { data, error } = await db.auth.signInWithPassword({ email: user.email, password })
  if (error || !data.session) throw error ?? new Error('no session')
  return { ...user, db, accessToken: data.session.access_token }
}

async function call(base: string, name: string, token: string, body: unknown) {
  const response = await fetch(`${base}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: publishableKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null }
}

interface Holdings {
  courseId: string
  code: string
  avatarPath: string
  pdfPath: string
}

/** Gives the user an enrollment, progress, a note, a question, an avatar and a certificate with its PDF. */
async function giveData(user: TestUser, school: Awaited<ReturnType<typeof createSchool>>): Promise<Holdings> {
  const db = admin()
  // The user's certificate is written below with a known code and PDF, so the course issues none of its own.
  const course = await school.course({ status: 'published', enrollment_mode: 'open', certificate_enabled: false })
  const lesson = await db.from('lessons').select('id').eq('course_id', course.id).single()
  if (lesson.error) throw lesson.error
  const lessonId = (lesson.data as { id: string }).id
  const enrolled = await db.from('enrollments').insert({ course_id: course.id, user_id: user.id, source: 'open' })
  if (enrolled.error) throw enrolled.error
  const progress = await user.db.rpc('save_progress', {
    lesson_id: lessonId,
    position_s: 0,
    watched_s: 0,
    completed: true,
  })
  if (progress.error) throw progress.error
  const note = await user.db.from('notes').insert({ lesson_id: lessonId, at_s: 3, body: 'Remember this' } as never)
  if (note.error) throw note.error
  const question = await user.db.from('questions').insert({ lesson_id: lessonId, body: 'Why is that?' } as never)
  if (question.error) throw question.error

  const avatarPath = `${user.id}/face.png`
  const avatar = await user.db.storage.from('avatars').upload(avatarPath, png, { contentType: 'image/png' })
  if (avatar.error) throw avatar.error
  const profile = await user.db.from('profiles').update({ avatar_path: avatarPath }).eq('id', user.id)
  if (profile.error) throw profile.error

  const code = Array.from({ length: 10 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('')
  const pdfPath = `${course.id}/${code}.pdf`
  const stored = await db.storage.from('certificates').upload(pdfPath, pdf, { contentType: 'application/pdf' })
  if (stored.error) throw stored.error
  const certificate = await db.from('certificates').insert({
    code,
    user_id: user.id,
    course_id: course.id,
    snapshot: {
      learner_name: 'Test Learner',
      course_title: 'Test course',
      school_name: 'Function Test School',
      hours: 1,
    },
    pdf_path: pdfPath,
  })
  if (certificate.error) throw certificate.error
  return { courseId: course.id, code, avatarPath, pdfPath }
}

describe.skipIf(!apiUrl)('account functions', () => {
  const sql = new pg.Pool({ connectionString: dbUrl, max: 2 })
  let owner: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  const users: TestUser[] = []

  /** Every row in public, private, auth and storage that holds the user's id (as uuid, or as text in id columns). */
  async function rowsReferringTo(userId: string): Promise<string[]> {
    const columns = await sql.query<{ table_schema: string; table_name: string; column_name: string }>(`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('public', 'private', 'auth', 'storage') and t.table_type = 'BASE TABLE'
        and (c.data_type = 'uuid' or (c.data_type in ('text', 'character varying')
          and c.column_name in ('user_id', 'owner_id', 'provider_id', 'name')))`)
    const found: string[] = []
    for (const { table_schema, table_name, column_name } of columns.rows) {
      const ident = (name: string) => `"${name.replaceAll('"', '""')}"`
      const where =
        column_name === 'name' ? `${ident(column_name)} like '%' || $1 || '%'` : `${ident(column_name)}::text = $1`
      const { rows } = await sql.query<{ n: string }>(
        `select count(*) as n from ${ident(table_schema)}.${ident(table_name)} where ${where}`,
        [userId],
      )
      if (Number(rows[0]!.n) > 0) found.push(`${table_schema}.${table_name}.${column_name}`)
    }
    return found
  }

  async function objectExists(bucket: string, path: string): Promise<boolean> {
    const { rows } = await sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, path])
    return rows.length === 1
  }

  async function newUser(label: string): Promise<TestUser> {
    const user = await createUser(label)
    users.push(user)
    return user
  }

  beforeAll(async () => {
    owner = await newUser('account-owner')
    school = await createSchool(owner)
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([...users])
    await sql.end()
  })

  describe('account-export', () => {
    it('answers one JSON document of everything the user owns, as an attachment, with signed file links', async () => {
      const learner = await newUser('export-learner')
      const held = await giveData(learner, school)
      const answer = await call(apiUrl!, 'account-export', learner.accessToken, {})
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="summit-export-\d{4}-\d{2}-\d{2}\.json"$/,
      )
      const document = answer.body as Record<string, unknown> & {
        certificates: { code: string; pdf_url: string | null }[]
        files: { avatar: string | null }
      }
      expect(document).toMatchObject({
        exported_at: expect.any(String),
        user: { id: learner.id, email: learner.email, created_at: expect.any(String) },
        profile: { id: learner.id, avatar_path: held.avatarPath },
        enrollments: [{ course_id: held.courseId, status: 'completed', source: 'open' }],
        progress: [{ course_id: held.courseId, status: 'completed' }],
        activity: [expect.objectContaining({ lessons_completed: 1 })],
        notes: [expect.objectContaining({ body: 'Remember this', at_s: 3 })],
        questions: [expect.objectContaining({ body: 'Why is that?' })],
        answers: [],
        certificates: [expect.objectContaining({ code: held.code, pdf_path: held.pdfPath })],
        achievements: expect.arrayContaining([expect.objectContaining({ code: expect.any(String) })]),
        school_memberships: [],
      })
      // The links open the files themselves.
      const avatar = await fetch(document.files.avatar!)
      expect(avatar.status).toBe(200)
      expect(Buffer.from(await avatar.arrayBuffer())).toEqual(png)
      const certificatePdf = await fetch(document.certificates[0]!.pdf_url!)
      expect(Buffer.from(await certificatePdf.arrayBuffer())).toEqual(pdf)
    })

    it('answers not_signed_in without a session', async () => {
      const answer = await call(apiUrl!, 'account-export', 'not-a-token', {})
      expect(answer.status).toBe(401)
    })
  })

  describe('account-delete', () => {
    it('refuses a confirmation that is not the email exactly (validation_failed on confirmation)', async () => {
      const user = await newUser('delete-typo')
      const answer = await call(apiUrl!, 'account-delete', user.accessToken, { confirmation: user.email.toUpperCase() })
      expect(answer).toMatchObject({
        status: 422,
        body: { error: { code: 'validation_failed', fields: { confirmation: expect.any(String) } } },
      })
      expect((await admin().auth.admin.getUserById(user.id)).data.user?.id).toBe(user.id)
    })

    it('refuses the last owner of a school, naming it (forbidden)', async () => {
      const answer = await call(apiUrl!, 'account-delete', owner.accessToken, { confirmation: owner.email })
      expect(answer).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden', message: expect.stringContaining('Function Test School') } },
      })
      expect((await admin().auth.admin.getUserById(owner.id)).data.user?.id).toBe(owner.id)
    })

    it('asks for the second factor when the user has one (aal2_required), then deletes everything', async () => {
      const user = await newUser('delete-complete')
      const held = await giveData(user, school)
      await addTotp(user)
      const passwordOnly = await signInAgain(user)
      expect(await rowsReferringTo(user.id)).not.toEqual([])

      const refused = await call(apiUrl!, 'account-delete', passwordOnly.accessToken, { confirmation: user.email })
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'aal2_required' } } })
      expect(await objectExists('avatars', held.avatarPath)).toBe(true)

      const deleted = await call(apiUrl!, 'account-delete', user.accessToken, { confirmation: user.email })
      expect(deleted).toMatchObject({ status: 200, body: { deleted: true } })

      expect(await rowsReferringTo(user.id)).toEqual([])
      expect(await objectExists('avatars', held.avatarPath)).toBe(false)
      expect(await objectExists('certificates', held.pdfPath)).toBe(false)
      expect((await admin().auth.admin.getUserById(user.id)).data.user).toBeNull()
      const verified = await client().rpc('verify_certificate', { code: held.code })
      expect(verified.data ?? verified.error).toMatchObject({ code: 'certificate_not_found' })
      expect(JSON.stringify(verified)).not.toContain('Test Learner')
      // Their tokens no longer open anything.
      const after = await call(apiUrl!, 'account-export', passwordOnly.accessToken, {})
      expect(after.status).toBe(401)
    })
  })

  describe('account-delete with Storage failing midway', () => {
    let proxy: Server
    let proxyUrl: string
    let service: Service
    let mounted: MountedServer

    beforeAll(async () => {
      const upstream = new URL(apiUrl!)
      // Everything passes to the stack except removals in the certificates bucket, which Storage answers 500. The
      // avatars bucket comes first, so its removal has happened when the failure arrives.
      proxy = createServer((req, res) => {
        if (req.method === 'DELETE' && req.url?.startsWith('/storage/v1/object/certificates')) {
          req.resume()
          res.writeHead(500, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ statusCode: '500', error: 'internal', message: 'disk unavailable' }))
          return
        }
        const forwarded = httpRequest(
          { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        forwarded.on('error', () => res.destroy())
        req.pipe(forwarded)
      })
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
      service = createFunctionsService({ config: loadConfig(), apiUrl: proxyUrl, dbUrl, keys: new JwtKeys() })
      await service.start?.()
      mounted = await serveMounted('/functions/v1', service)
    })

    afterAll(async () => {
      await mounted?.close()
      await service?.stop?.()
      await new Promise<void>((resolve) => proxy?.close(() => resolve()))
    })

    it('rolls back: the account, its rows and its files are intact, the removed avatar restored', async () => {
      const user = await newUser('delete-storage-fails')
      const held = await giveData(user, school)
      const before = await rowsReferringTo(user.id)

      const failed = await call(mounted.url, 'account-delete', user.accessToken, { confirmation: user.email })
      expect(failed).toMatchObject({ status: 500, body: { error: { code: 'internal' } } })

      expect((await admin().auth.admin.getUserById(user.id)).data.user?.id).toBe(user.id)
      expect(await rowsReferringTo(user.id)).toEqual(before)
      const avatar = await admin().storage.from('avatars').download(held.avatarPath)
      expect(Buffer.from(await avatar.data!.arrayBuffer())).toEqual(png)
      const certificatePdf = await admin().storage.from('certificates').download(held.pdfPath)
      expect(Buffer.from(await certificatePdf.data!.arrayBuffer())).toEqual(pdf)
      const verified = await client().rpc('verify_certificate', { code: held.code })
      expect(verified.data).toMatchObject({ code: held.code, status: 'valid' })
      // And the session still works.
      const exported = await call(apiUrl!, 'account-export', user.accessToken, {})
      expect(exported.status).toBe(200)
    })
  })

  describe('sessions (my_sessions, end_session) against Auth', () => {
    it('lists the sessions Auth keeps, current first; ending another stops its refresh', async () => {
      const user = await newUser('sessions')
      const laptop = await signInAgain(user)
      const listed = await user.db.rpc('my_sessions')
      expect(listed.error).toBeNull()
      const sessions = listed.data as { id: string; is_current: boolean; aal: string; last_active_at: string }[]
      expect(sessions).toHaveLength(2)
      expect(sessions.map((s) => s.is_current)).toEqual([true, false])
      expect(sessions[0]).toMatchObject({ aal: 'aal1', last_active_at: expect.any(String) })

      const current = await user.db.rpc('end_session', { session_id: sessions[0]!.id })
      expect(current.error).toMatchObject({ code: 'validation_failed' })
      const ended = await user.db.rpc('end_session', { session_id: sessions[1]!.id })
      expect(ended.error).toBeNull()
      expect(((await user.db.rpc('my_sessions')).data as unknown[]).length).toBe(1)
      const refreshed = await laptop.db.auth.refreshSession()
      expect(refreshed.error).not.toBeNull()
    })
  })

  describe('mfa-recovery', () => {
    it('spends a right code once: the factors are removed and the session refreshes to aal1 without one', async () => {
      const user = await newUser('recovery')
      await addTotp(user)
      const made = await user.db.rpc('create_recovery_codes')
      expect(made.error).toBeNull()
      const codes = made.data as string[]
      expect(codes).toHaveLength(10)
      expect((await user.db.rpc('recovery_codes_left')).data).toBe(10)

      // Lost the phone: signed in with the password only.
      const lost = await signInAgain(user)
      const wrong = await call(apiUrl!, 'mfa-recovery', lost.accessToken, { code: 'aaaaa-aaaaa' })
      expect(wrong).toMatchObject({ status: 400, body: { error: { code: 'code_invalid' } } })

      const right = await call(apiUrl!, 'mfa-recovery', lost.accessToken, { code: codes[4] })
      expect(right).toEqual(expect.objectContaining({ status: 200, body: { factors_removed: 1 } }))

      const used = await call(apiUrl!, 'mfa-recovery', lost.accessToken, { code: codes[4] })
      expect(used).toMatchObject({ status: 400, body: { error: { code: 'code_invalid' } } })

      const refreshed = await lost.db.auth.refreshSession()
      expect(refreshed.error).toBeNull()
      const factors = await lost.db.auth.mfa.listFactors()
      expect(factors.data?.all ?? []).toEqual([])
      const level = await lost.db.auth.mfa.getAuthenticatorAssuranceLevel()
      expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
      expect((await lost.db.rpc('recovery_codes_left')).data).toBeNull()
    })

    it('answers rate_limited (429, Retry-After) after 10 wrong codes in an hour', async () => {
      const user = await newUser('recovery-guesser')
      await addTotp(user)
      for (let i = 0; i < 10; i++) {
        const wrong = await call(apiUrl!, 'mfa-recovery', user.accessToken, { code: `wrong-${i}` })
        expect(wrong.status).toBe(400)
      }
      const limited = await call(apiUrl!, 'mfa-recovery', user.accessToken, { code: 'wrong-11' })
      expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } })
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it('refuses a code with a NUL character as a validation failure (422), not a fault', async () => {
      const user = await newUser('recovery-nul')
      const answer = await call(apiUrl!, 'mfa-recovery', user.accessToken, { code: '\u0000' })
      expect(answer).toMatchObject({ status: 422, body: { error: { code: 'validation_failed' } } })
      expect(Object.keys((answer.body as { error: { fields: object } }).error.fields)).toEqual(['code'])
    })

    it('refuses a request without a session', async () => {
      const answer = await call(apiUrl!, 'mfa-recovery', 'not-a-token', { code: 'aaaaa-aaaaa' })
      expect(answer.status).toBe(401)
    })
  })
})
