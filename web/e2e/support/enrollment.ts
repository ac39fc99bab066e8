// Enrollment set-up for journeys, through supabase-js as a real client would: the demo instructor creates invite
// links with create_course_invite (the token is shown once), and a learner accepts one through the enroll function.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { apiUrl, publishableKey } from './stack'

/** The seed's instructor at Summit Academy (supabase/seed.sql, demo-login). */
const instructor = { email: 'instructor@example.com', password: 'summit-demo' }

/**
 * Node 20 has no global WebSocket, and supabase-js builds its realtime client inside createClient; these helpers
 * never open a realtime socket, so they hand it a transport that refuses to be constructed.
 */
class NoWebSocket {
  constructor() {
    throw new Error('the enrollment helpers open no realtime socket')
  }
}

async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  // No storage: each helper call is its own session and leaves nothing behind in the test process.
  const client = createClient(apiUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`signing in ${email} failed: ${error.message}`)
  return client
}

export interface InviteOptions {
  expiresAt?: Date
  maxUses?: number
  allowedEmailDomains?: string[]
}

/** Creates an invite link for a course (by slug) as the demo instructor; resolves to its one-time token. */
export async function createInvite(slug: string, options: InviteOptions = {}): Promise<string> {
  const client = await signedInClient(instructor.email, instructor.password)
  const { data: course, error: courseError } = await client.from('courses').select('id').eq('slug', slug).single()
  if (courseError) throw new Error(`reading course ${slug} failed: ${courseError.message}`)
  const { data, error } = await client.rpc('create_course_invite', {
    course_id: (course as { id: string }).id,
    ...(options.expiresAt ? { expires_at: options.expiresAt.toISOString() } : {}),
    ...(options.maxUses ? { max_uses: options.maxUses } : {}),
    ...(options.allowedEmailDomains ? { allowed_email_domains: options.allowedEmailDomains } : {}),
  })
  if (error) throw new Error(`create_course_invite for ${slug} failed: ${error.message}`)
  const token = (data as { token?: unknown }).token
  if (typeof token !== 'string') throw new Error(`create_course_invite answered no token: ${JSON.stringify(data)}`)
  await client.auth.signOut()
  return token
}

/** Accepts an invite as a user through the enroll function, as the invite page's button does. */
export async function acceptInvite(user: { email: string; password: string }, token: string): Promise<void> {
  const client = await signedInClient(user.email, user.password)
  const { error } = await client.functions.invoke('enroll', { body: { invite_token: token } })
  if (error) throw new Error(`accepting the invite as ${user.email} failed: ${error.message}`)
  await client.auth.signOut()
}

/** Enrolls a user through the enroll function: `{ slug }` for an open course, `{ slug, code }` with an access code. */
export async function enrollAs(user: { email: string; password: string }, body: { slug: string; code?: string }) {
  const client = await signedInClient(user.email, user.password)
  const { error } = await client.functions.invoke('enroll', { body })
  if (error) throw new Error(`enrolling ${user.email} in ${body.slug} failed: ${error.message}`)
  await client.auth.signOut()
}
