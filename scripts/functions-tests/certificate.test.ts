// Integration: the certificate function on the running stack. A learner is refused (not_completed 409) until the
// course is finished, then gets a signed URL of a real PDF: it parses, is landscape on the paper of their zone, and
// its QR code (decoded from the page's pixels) opens /c/<code>. Visitors fetch a valid certificate's PDF by code;
// unknown and revoked codes are certificate_not_found 404.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCertificate } from './certificate-pdf.ts'
import { apiUrl } from './env.ts'
import { admin, client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>
// The web app's origin as the browser sends it; without SITE_URL the function prints it in the QR code.
const site = 'http://127.0.0.1:5173'

async function invoke(db: Db, body: Record<string, unknown>) {
  const { data, error, response } = await db.functions.invoke('certificate', { body, headers: { Origin: site } })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

/** The function answers the URL relative to the project, as the web app resolves it. */
async function download(url: string) {
  expect(url).toMatch(/^\/storage\/v1\/object\/sign\/certificates\//)
  const response = await fetch(new URL(url, apiUrl))
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

describe.skipIf(!apiUrl)('certificate function', () => {
  let owner: TestUser, learner: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course
  let lessonId: string

  beforeAll(async () => {
    ;[owner, learner] = (await Promise.all(['cert-owner', 'cert-learner'].map((label) => createUser(label)))) as [
      TestUser,
      TestUser,
    ]
    school = await createSchool(owner)
    course = await school.course({ status: 'published', enrollment_mode: 'open' })
    const db = admin()
    const setup = await Promise.all([
      db.from('courses').update({ certificate_enabled: true, title: 'Certified Course' }).eq('id', course.id),
      db.from('enrollments').insert({ course_id: course.id, user_id: learner.id, source: 'open' }),
      // New York prints on US Letter.
      db.from('profiles').update({ timezone: 'America/New_York', display_name: 'Cora Certified' }).eq('id', learner.id),
    ])
    for (const { error } of setup) if (error) throw error
    const lesson = await db.from('lessons').select('id').eq('course_id', course.id).single()
    if (lesson.error) throw lesson.error
    lessonId = lesson.data.id as string
  }, 60_000)

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner])
  })

  it('refuses a visitor asking by course, and the learner before completion', async () => {
    expect(await invoke(client(), { course_id: course.id })).toMatchObject({
      status: 401,
      body: { error: { code: 'not_signed_in' } },
    })
    expect(await invoke(learner.db, { course_id: course.id })).toMatchObject({
      status: 409,
      body: { error: { code: 'not_completed', message: 'Finish every lesson of the course to get its certificate.' } },
    })
  })

  it('answers a signed URL of a valid PDF whose QR code opens the verification page', async () => {
    const saved = await learner.db.rpc('save_progress', {
      lesson_id: lessonId,
      position_s: 0,
      watched_s: 0,
      completed: true,
    })
    expect(saved.error).toBeNull()
    // This stack's functions run without SITE_URL: without a loopback Origin there is no address to print.
    for (const headers of [{}, { Origin: 'https://elsewhere.example' }] as Record<string, string>[]) {
      const { error, response } = await learner.db.functions.invoke('certificate', {
        body: { course_id: course.id },
        headers,
      })
      expect(error).toBeInstanceOf(FunctionsHttpError)
      expect({ status: response?.status, body: await (error!.context as Response).json() }).toMatchObject({
        status: 503,
        body: { error: { code: 'site_url_not_configured' } },
      })
    }
    const answer = await invoke(learner.db, { course_id: course.id })
    expect(answer.status).toBe(200)
    const { url, code } = answer.body as { url: string; code: string }
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/)

    const file = await download(url)
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' })
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const pdf = await parseCertificate(file.bytes)
    expect(pdf).toEqual({ pageCount: 1, width: 792, height: 612, qrCodes: [`${site}/c/${code}`] })

    // The PDF is rendered once, at a stable path; asking again signs the same object.
    const again = await invoke(learner.db, { course_id: course.id })
    expect(again.body.code).toBe(code)
    const stored = await admin().from('certificates').select('pdf_path').eq('code', code).single()
    expect(stored.data?.pdf_path).toBe(`${course.id}/${code}.pdf`)
  })

  it('lets a visitor download a valid certificate by its code, and nothing else', async () => {
    const { data } = await admin().from('certificates').select('code').eq('course_id', course.id).single()
    const code = data!.code as string
    const visitor = await invoke(client(), { code: code.toLowerCase() })
    expect(visitor).toMatchObject({ status: 200, body: { code } })
    const file = await download(visitor.body.url as string)
    expect((await parseCertificate(file.bytes)).qrCodes).toEqual([`${site}/c/${code}`])

    expect(await invoke(client(), { code: 'ZZZZZZZZZZ' })).toMatchObject({
      status: 404,
      body: { error: { code: 'certificate_not_found' } },
    })
    expect(await invoke(client(), { code: '<script>' })).toMatchObject({
      status: 404,
      body: { error: { code: 'certificate_not_found' } },
    })

    const revoked = await admin()
      .from('certificates')
      .update({ revoked_at: new Date().toISOString(), revoke_reason: 'Test revocation' })
      .eq('code', code)
    expect(revoked.error).toBeNull()
    expect(await invoke(client(), { code })).toMatchObject({
      status: 404,
      body: { error: { code: 'certificate_not_found' } },
    })
    expect(await invoke(learner.db, { course_id: course.id })).toMatchObject({
      status: 404,
      body: { error: { code: 'certificate_not_found' } },
    })
  })
})
