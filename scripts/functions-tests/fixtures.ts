// Fixtures for the edge function tests against the running stack: users made with the Auth admin API and signed in
// through supabase-js, and a school with courses in every state, made with the secret key and removed afterwards.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { NoWebSocket } from '../local-stack/testing/no-websocket.ts'
import { apiUrl, publishableKey, secretKey } from './env.ts'

export type Client = SupabaseClient

const password = 'a-long-test-password'

export function client(key: string = publishableKey): Client {
  return createClient(apiUrl!, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
}

export const admin = (): Client => client(secretKey)

export interface TestUser {
  id: string
  email: string
  accessToken: string
  /** Signed in as this user: functions.invoke sends their session. */
  db: Client
}

/** A confirmed user, signed in with a password. */
export async function createUser(label: string): Promise<TestUser> {
  const email = `${label}-${crypto.randomUUID()}@example.com`
  const created = await admin().auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw created.error
  const db = client()
  const { data, error } = await db.auth.signInWithPassword({ email, password })
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`)
  return { id: created.data.user.id, email, accessToken: data.session.access_token, db }
}

export async function deleteUsers(users: (TestUser | undefined)[]): Promise<void> {
  for (const user of users) if (user) await admin().auth.admin.deleteUser(user.id)
}

export interface Course {
  id: string
  slug: string
}

/** A school owned by `owner`, deleted (with its courses and their enrollments) by `remove`. */
export async function createSchool(owner: TestUser) {
  const db = admin()
  const slug = `fn-test-${crypto.randomUUID().slice(0, 8)}`
  const school = await db.from('schools').insert({ slug, name: 'Function Test School' }).select('id').single()
  if (school.error) throw school.error
  const schoolId = school.data.id as string
  // A trusted insert records no creator: the owner is added as a member.
  const owned = await db.from('school_members').insert({ school_id: schoolId, user_id: owner.id, role: 'owner' })
  if (owned.error) throw owned.error
  let count = 0

  /** A course with one section and one lesson, then set to `settings` (a published course has an outline). */
  async function course(settings: {
    status: 'draft' | 'published'
    enrollment_mode: 'open' | 'invite' | 'code'
    /** New courses issue certificates unless this says otherwise. */
    certificate_enabled?: boolean
  }): Promise<Course> {
    const courseSlug = `${slug}-${++count}`
    const inserted = await db
      .from('courses')
      .insert({ school_id: schoolId, slug: courseSlug, title: 'Test course' })
      .select('id')
      .single()
    if (inserted.error) throw inserted.error
    const id = inserted.data.id as string
    const section = await db
      .from('course_sections')
      .insert({ course_id: id, position: 1, title: 'One' })
      .select('id')
      .single()
    if (section.error) throw section.error
    const lesson = await db
      .from('lessons')
      .insert({ course_id: id, section_id: section.data.id, position: 1, title: 'First', kind: 'text' })
    if (lesson.error) throw lesson.error
    const published_at = settings.status === 'draft' ? null : new Date().toISOString()
    const updated = await db
      .from('courses')
      .update({ ...settings, published_at })
      .eq('id', id)
    if (updated.error) throw updated.error
    return { id, slug: courseSlug }
  }

  async function remove() {
    await db.from('schools').delete().eq('id', schoolId)
  }

  return { id: schoolId, course, remove }
}
