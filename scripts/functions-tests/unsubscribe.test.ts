// Integration: unsubscribe on the running stack, called as a mail client and a browser call it: signed out, with no
// Authorization and no apikey. A token signed for a user and a kind turns that kind's email off for that user only
// (RFC 8058 one-click POST answers 200; GET changes nothing and sends the person to the web app's confirm page);
// a token edited to name another user or another kind, or signed with another key, changes nothing (422).
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, createUser, deleteUsers, type TestUser } from './fixtures.ts'

// The functions' SUPABASE_SERVICE_ROLE_KEY: the public demo key both local stacks use. Without UNSUBSCRIBE_SECRET
// in supabase/functions/.env, the function derives its signing key from it.
const serviceRoleKey =
  process.env.SUMMIT_TEST_SERVICE_ROLE_KEY ||
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('base64url')
const secret = process.env.UNSUBSCRIBE_SECRET || hmac(serviceRoleKey, 'summit unsubscribe links v1')

const token = (userId: string, kind: string, key = secret) =>
  `v1.${userId}.${kind}.${hmac(key, `v1.${userId}.${kind}`)}`
const link = (value: string) => `${apiUrl}/functions/v1/unsubscribe?token=${encodeURIComponent(value)}`
const oneClick = (value: string) =>
  fetch(link(value), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })

async function emailOn(user: TestUser, kind: string): Promise<boolean | null> {
  const { data, error } = await admin()
    .from('notification_preferences')
    .select('email')
    .eq('user_id', user.id)
    .eq('kind', kind)
    .maybeSingle()
  if (error) throw error
  return (data as { email: boolean } | null)?.email ?? null
}

describe.skipIf(!apiUrl)('unsubscribe (signed out, one-click)', () => {
  let learner: TestUser | undefined
  let other: TestUser | undefined

  beforeAll(async () => {
    learner = await createUser('unsubscribe-learner')
    other = await createUser('unsubscribe-other')
  })
  afterAll(() => deleteUsers([learner, other]))

  it('GET changes nothing and sends the person to the confirm page', async () => {
    const value = token(learner!.id, 'announcement')
    const response = await fetch(link(value), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('Location') ?? '')
    expect(location.pathname).toBe('/unsubscribe')
    expect(location.searchParams.get('token')).toBe(value)
    expect(await emailOn(learner!, 'announcement')).toBeNull()
  })

  it('a one-click POST turns that kind off for that user, and nothing else', async () => {
    const response = await oneClick(token(learner!.id, 'announcement'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ unsubscribed: true, kind: 'announcement' })
    expect(await emailOn(learner!, 'announcement')).toBe(false)
    expect(await emailOn(learner!, 'answer')).toBeNull()
    expect(await emailOn(other!, 'announcement')).toBeNull()
  })

  it('a token edited to another user or kind, or signed with another key, changes nothing', async () => {
    const [version, , kind, signature] = token(learner!.id, 'answer').split('.')
    const edited = [
      [version, other!.id, kind, signature].join('.'),
      [version, learner!.id, 'certificate', signature].join('.'),
      token(other!.id, 'answer', 'a-key-somebody-guessed-at-home-1234567'),
      'v1.not-a-user.answer.x',
    ]
    for (const value of edited) {
      const response = await oneClick(value)
      expect(response.status, value).toBe(422)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
    }
    expect(await emailOn(other!, 'answer')).toBeNull()
    expect(await emailOn(learner!, 'certificate')).toBeNull()
  })
})
