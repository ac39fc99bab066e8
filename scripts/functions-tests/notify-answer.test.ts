// Integration: the asker's email on the running stack — a learner answers a question through the Data API, calls
// the notify-answer function, and the asker's inbox (Mailpit's API) receives one email over SMTP, in the mail module's
// layout, from Summit's sender, naming the school, the answerer, the lesson and the course, with the answer's markdown
// rendered safely and a link to the lesson; a second call sends nothing. Only the answer's author may
// call it; an answer to one's own question sends nothing; a staff answer says "instructor".
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, client, createSchool, createUser, deleteUsers, type Course, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>
const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
// The function's link without SITE_URL and without a browser Origin: config.toml's auth.site_url.
const appOrigin = 'http://127.0.0.1:5173'

async function invoke(db: Db, body: unknown) {
  const { data, error, response } = await db.functions.invoke('notify-answer', { body: body as object })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

interface Email {
  ID: string
  Subject: string
  Text: string
  HTML: string
  From: { Name: string; Address: string }
}

/** The emails to `to`, newest first, once at least `count` have arrived (waiting up to 10 s). */
async function emailsTo(to: string, count = 1): Promise<Email[]> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
    const { messages } = (await search.json()) as { messages: { ID: string }[] }
    if (messages.length >= count) {
      return Promise.all(
        messages.map(async (m) => (await (await fetch(`${inboxUrl}/api/v1/message/${m.ID}`)).json()) as Email),
      )
    }
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, got ${messages.length}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function named(user: TestUser, name: string) {
  const { error } = await admin().from('profiles').update({ display_name: name }).eq('id', user.id)
  if (error) throw error
}

describe.skipIf(!apiUrl)('notify-answer', () => {
  let staff: TestUser, asker: TestUser, answerer: TestUser, stranger: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course
  let lessonId: string

  async function ask(user: TestUser, body: string): Promise<string> {
    const { data, error } = await user.db
      .from('questions')
      .insert({ lesson_id: lessonId, body } as never)
      .select('id')
      .single()
    if (error) throw error
    return (data as { id: string }).id
  }

  async function answer(user: TestUser, questionId: string, body: string): Promise<string> {
    const { data, error } = await user.db
      .from('answers')
      .insert({ question_id: questionId, body } as never)
      .select('id')
      .single()
    if (error) throw error
    return (data as { id: string }).id
  }

  beforeAll(async () => {
    ;[staff, asker, answerer, stranger] = (await Promise.all(
      ['qa-staff', 'qa-asker', 'qa-answerer', 'qa-stranger'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser, TestUser]
    await Promise.all([
      named(staff, 'Sam Staff'),
      named(asker, 'Ada Asker'),
      named(answerer, 'Ben Answerer'),
      named(stranger, 'Sue Stranger'),
    ])
    school = await createSchool(staff)
    course = await school.course({ status: 'published', enrollment_mode: 'open' })
    const lesson = await admin().from('lessons').select('id').eq('course_id', course.id).single()
    if (lesson.error) throw lesson.error
    lessonId = (lesson.data as { id: string }).id
    const enrolled = await admin()
      .from('enrollments')
      .insert([asker, answerer].map((user) => ({ course_id: course.id, user_id: user.id, source: 'open' })))
    if (enrolled.error) throw enrolled.error
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([staff, asker, answerer, stranger])
  })

  it('emails the asker once, over SMTP, with the answer and a link to the lesson', async () => {
    const questionId = await ask(asker, 'Why do headings need an order?')
    const answerId = await answer(answerer, questionId, 'Screen reader users **jump** between them.\n\nTry it.')

    expect(await invoke(answerer.db, { answer_id: answerId })).toEqual({ status: 200, body: { sent: true } })
    const [email, ...more] = await emailsTo(asker.email)
    expect(more).toEqual([])
    expect(email!.Subject).toBe('Ben Answerer answered your question in First — Test course')
    const link = `${appOrigin}/learn/${course.slug}/${lessonId}`
    expect(email!.Text).toContain('Hi Ada Asker,')
    expect(email!.Text).toContain('> Why do headings need an order?')
    expect(email!.Text).toContain('> Screen reader users **jump** between them.\n>\n> Try it.')
    expect(email!.Text).toContain(link)
    expect(email!.HTML).toContain(`<a href="${link}"`)
    expect(email!.HTML).toContain('Screen reader users <strong>jump</strong> between them.')
    expect(email!.Text.startsWith('Function Test School\n'), email!.Text).toBe(true)
    expect(email!.HTML).toContain('Function Test School</td>')
    expect(email!.Text).toContain('You get this email because you asked a question in Test course.')
    expect(email!.From).toEqual({ Name: 'Summit', Address: 'no-reply@summit.example' })

    // Claimed once: calling again (a retry, a double click) sends nothing.
    expect(await invoke(answerer.db, { answer_id: answerId })).toEqual({ status: 200, body: { sent: false } })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await emailsTo(asker.email)).toHaveLength(1)
  })

  it('says "instructor" for an answer by the school’s staff', async () => {
    const questionId = await ask(asker, 'Is this on the exam?')
    const answerId = await answer(staff, questionId, 'No exam, only practice.')
    expect(await invoke(staff.db, { answer_id: answerId })).toEqual({ status: 200, body: { sent: true } })
    const emails = await emailsTo(asker.email, 2)
    const email = emails.find((e) => e.Text.includes('Is this on the exam?'))
    expect(email?.Text).toContain('Sam Staff (instructor) answered your question in "First" — Test course.')
  })

  it('sends nothing for an answer to one’s own question', async () => {
    const questionId = await ask(answerer, 'A question I answer myself')
    const answerId = await answer(answerer, questionId, 'Found it: it was in the notes.')
    expect(await invoke(answerer.db, { answer_id: answerId })).toEqual({ status: 200, body: { sent: false } })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${answerer.email}`)}`)
    expect(((await search.json()) as { messages: unknown[] }).messages).toEqual([])
  })

  it('lets only the answer’s author send its email: others, even the asker, get 403 forbidden and nothing is claimed', async () => {
    const questionId = await ask(asker, 'Who may send my email?')
    const answerId = await answer(answerer, questionId, 'Only the one who answered.')
    const forbidden = { status: 403, body: { error: { code: 'forbidden', message: expect.any(String) } } }
    expect(await invoke(stranger.db, { answer_id: answerId })).toEqual(forbidden)
    expect(await invoke(asker.db, { answer_id: answerId })).toEqual(forbidden)
    expect(await invoke(answerer.db, { answer_id: crypto.randomUUID() })).toEqual(forbidden)
    // Still owed: the author's call sends it.
    expect(await invoke(answerer.db, { answer_id: answerId })).toEqual({ status: 200, body: { sent: true } })
  })

  it('refuses a caller without a session (401) and a bad body (422)', async () => {
    expect(await invoke(client(), { answer_id: crypto.randomUUID() })).toEqual({
      status: 401,
      body: { error: { code: 'not_signed_in', message: expect.any(String) } },
    })
    const bad = await invoke(answerer.db, { answer_id: 'not-an-id', extra: 1 })
    expect(bad.status).toBe(422)
    expect(bad.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { answer_id: 'The answer id must be a UUID.', extra: 'This field is not accepted.' },
    })
  })
})
