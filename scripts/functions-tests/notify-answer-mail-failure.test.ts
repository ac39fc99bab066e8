// Integration: notify-answer when the mail server fails. The real function runs in Deno (the local stack's functions
// service, against the running stack's API and database) with SMTP_HOST/SMTP_PORT pointing at a real SMTP server
// (smtp-server) that refuses the first message with 451: the call answers 502 email_failed and hands the email back,
// so the next call sends it, once.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../local-stack/config/index.ts'
import { createFunctionsService } from '../local-stack/functions/index.ts'
import type { Service } from '../local-stack/http/service.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { serveMounted, type MountedServer } from '../local-stack/testing/serve-mounted.ts'
import { apiUrl, publishableKey } from './env.ts'
import { admin, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'

describe.skipIf(!apiUrl)('notify-answer with a failing mail server', () => {
  const received: { to: string; subject: string }[] = []
  let refusals = 1
  const smtp = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (refusals > 0) {
          refusals--
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
        }
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
        received.push({ to: to?.value[0]?.address ?? '', subject: mail.subject ?? '' })
        callback(null)
      }, callback)
    },
  })
  let service: Service
  let mounted: MountedServer
  let asker: TestUser, answerer: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>

  const notify = (user: TestUser, answerId: string) =>
    fetch(`${mounted.url}/functions/v1/notify-answer`, {
      method: 'POST',
      headers: { apikey: publishableKey, authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify({ answer_id: answerId }),
    })

  beforeAll(async () => {
    const listening = smtp.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()))
    service = createFunctionsService({
      config: loadConfig(),
      apiUrl: apiUrl!,
      dbUrl,
      keys: new JwtKeys(),
      smtp: { host: '127.0.0.1', port: (listening.address() as AddressInfo).port },
    })
    await service.start?.()
    mounted = await serveMounted('/functions/v1', service)
    ;[asker, answerer] = (await Promise.all(['qa-fail-asker', 'qa-fail-answerer'].map((l) => createUser(l)))) as [
      TestUser,
      TestUser,
    ]
    school = await createSchool(answerer)
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([asker, answerer])
    await mounted?.close()
    await service?.stop?.()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('answers 502 email_failed when the server refuses, and sends the email on the next call', async () => {
    const course = await school.course({ status: 'published', enrollment_mode: 'open' })
    const lesson = await admin().from('lessons').select('id').eq('course_id', course.id).single()
    if (lesson.error) throw lesson.error
    const enrolled = await admin()
      .from('enrollments')
      .insert({ course_id: course.id, user_id: asker.id, source: 'open' })
    if (enrolled.error) throw enrolled.error
    const question = await asker.db
      .from('questions')
      .insert({ lesson_id: (lesson.data as { id: string }).id, body: 'Will this arrive?' } as never)
      .select('id')
      .single()
    if (question.error) throw question.error
    const answer = await answerer.db
      .from('answers')
      .insert({ question_id: (question.data as { id: string }).id, body: 'On the second try.' } as never)
      .select('id')
      .single()
    if (answer.error) throw answer.error
    const answerId = (answer.data as { id: string }).id

    const failed = await notify(answerer, answerId)
    expect(failed.status).toBe(502)
    expect(await failed.json()).toEqual({ error: { code: 'email_failed', message: expect.any(String) } })
    expect(received).toEqual([])

    const sent = await notify(answerer, answerId)
    expect([sent.status, await sent.json()]).toEqual([200, { sent: true }])
    expect(received).toEqual([{ to: asker.email, subject: expect.stringMatching(/answered your question in First/) }])

    const again = await notify(answerer, answerId)
    expect([again.status, await again.json()]).toEqual([200, { sent: false }])
    expect(received).toHaveLength(1)
  })
})
