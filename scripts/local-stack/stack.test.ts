// Integration: the running test stack as an app meets it — supabase-js 2.119 through the gateway on :54321 to REST,
// functions and the database with the project's migrations, policies and seed. `npm test` sets SUMMIT_TEST_API_URL.
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { publishableKey, secretKey } from './keys/index.ts'
import { JwtKeys } from './keys/jwt.ts'
import { NoWebSocket } from './testing/no-websocket.ts'

const apiUrl = process.env.SUMMIT_TEST_API_URL

function client(key: string, accessToken?: string) {
  return createClient(apiUrl!, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  })
}

/** An access token for a seed user, shaped like the ones Auth issues. */
function userToken(sub: string, email: string): string {
  const now = Math.floor(Date.now() / 1000)
  return new JwtKeys().sign({
    iss: `${apiUrl}/auth/v1`,
    sub,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    aal: 'aal1',
    iat: now,
    exp: now + 600,
    session_id: crypto.randomUUID(),
    is_anonymous: false,
  })
}

const owner = { id: 'a0000000-0000-4000-8000-000000000001', email: 'owner@example.com' }
const learner = { id: 'a0000000-0000-4000-8000-000000000003', email: 'learner@example.com' }

describe.skipIf(!apiUrl)('the local stack through supabase-js', () => {
  it('refuses anon a table without grants with PostgREST 401', async () => {
    const { data, error, status } = await client(publishableKey).from('profiles').select('id')
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })

  it('serves the seeded school to the secret key (service role bypasses RLS)', async () => {
    const { data, error } = await client(secretKey).from('schools').select('slug, name').eq('slug', 'summit-academy')
    expect(error).toBeNull()
    expect(data).toEqual([{ slug: 'summit-academy', name: 'Summit Academy' }])
  })

  it('applies row-level security for a signed-in learner', async () => {
    const db = client(publishableKey, userToken(learner.id, learner.email))
    const profiles = await db.from('profiles').select('id, display_name')
    expect(profiles.error).toBeNull()
    expect(profiles.data).toEqual([{ id: learner.id, display_name: 'Lea Learner' }])
    // The demo school has published courses, so every signed-in user reads it; its membership stays private.
    const schools = await db.from('schools').select('slug')
    expect(schools.data).toEqual([{ slug: 'summit-academy' }])
    const members = await db.from('school_members').select('user_id')
    expect(members.data).toEqual([])
  })

  it('embeds across foreign keys for a school owner', async () => {
    const db = client(publishableKey, userToken(owner.id, owner.email))
    const { data, error } = await db
      .from('schools')
      .select('slug, school_members(role, profiles(display_name))')
      .eq('slug', 'summit-academy')
      .single()
    expect(error).toBeNull()
    const rows = (data?.school_members ?? []) as unknown as {
      role: string
      profiles: { display_name: string } | null
    }[]
    const members = rows.map((m) => `${m.profiles?.display_name}:${m.role}`).sort()
    expect(members).toEqual(['Ian Instructor:instructor', 'Olivia Owner:owner', 'Priya Raman:instructor'])
  })

  it('answers a forged token with PostgREST 401 PGRST301', async () => {
    const forged = `${userToken(learner.id, learner.email).slice(0, -4)}AAAA`
    const { error, status } = await client(publishableKey, forged).from('profiles').select('id')
    expect(status).toBe(401)
    expect(error?.code).toBe('PGRST301')
  })

  it('signs a seed user in through Auth and reads their profile with the session', async () => {
    const db = client(publishableKey)
    const { data, error } = await db.auth.signInWithPassword({ email: learner.email, password: 'summit-demo' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(learner.id)
    const profiles = await db.from('profiles').select('display_name')
    expect(profiles.data).toEqual([{ display_name: 'Lea Learner' }])
  })

  it('sends the sign-up confirmation to the inbox', async () => {
    const email = `stack-test-${crypto.randomUUID()}@example.com`
    const { data, error } = await client(publishableKey).auth.signUp({ email, password: 'a-long-password' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const inbox = process.env.SUMMIT_TEST_INBOX_URL ?? 'http://127.0.0.1:54324'
    const found = (await (await fetch(`${inbox}/api/v1/search?query=to:${encodeURIComponent(email)}`)).json()) as {
      messages_count: number
    }
    expect(found.messages_count).toBe(1)
  })

  it('stores a file in a config.toml bucket and serves it publicly', async () => {
    const storage = client(secretKey).storage.from('course-covers')
    const name = `stack-test/${crypto.randomUUID()}.png`
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    const upload = await storage.upload(name, bytes, { contentType: 'image/png' })
    expect(upload.error).toBeNull()
    const response = await fetch(storage.getPublicUrl(name).data.publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
    expect((await storage.remove([name])).error).toBeNull()
  })

  it('refuses a file type the bucket does not allow', async () => {
    const { error } = await client(secretKey)
      .storage.from('course-covers')
      .upload(`stack-test/${crypto.randomUUID()}.txt`, 'not an image', { contentType: 'text/plain' })
    expect(error?.message).toMatch(/mime type text\/plain is not supported/i)
  })

  it('delivers a broadcast over the realtime socket', async () => {
    const db = createClient(apiUrl!, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const channel = db.channel(`stack-test-${crypto.randomUUID()}`, { config: { broadcast: { self: true } } })
    try {
      const received = new Promise<unknown>((resolve) => {
        channel.on('broadcast', { event: 'ping' }, ({ payload }) => resolve(payload))
      })
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(status))),
      )
      await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })
      expect(await received).toEqual({ n: 1 })
    } finally {
      await db.removeAllChannels()
    }
  })

  it('answers an unknown edge function with the runtime 404', async () => {
    const res = await fetch(`${apiUrl}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { apikey: publishableKey },
    })
    expect(res.status).toBe(404)
    await res.body?.cancel()
  })
})
