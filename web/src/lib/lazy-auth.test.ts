// lazyAuth: a visitor without a session never loads auth-js, yet hears "no session" as auth-js would say it; a stored
// session, a call that needs Auth, or a sign-in in another tab loads the client and its events reach every listener.
import type { AuthChangeEvent, GoTrueClient as AuthClient, Session } from '@supabase/auth-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyAuth, mayHaveSession } from './lazy-auth'

const key = 'sb-test-auth-token'
const session = { access_token: 'token', user: { id: 'u1' } } as unknown as Session

/** A stand-in for auth-js: emits INITIAL_SESSION to each new listener, SIGNED_IN on sign-in. */
function fakeAuth(initial: Session | null) {
  let current = initial
  const callbacks = new Set<(event: AuthChangeEvent, session: Session | null) => void>()
  const auth = {
    onAuthStateChange: vi.fn((callback: (event: AuthChangeEvent, session: Session | null) => void) => {
      callbacks.add(callback)
      queueMicrotask(() => callback('INITIAL_SESSION', current))
      return { data: { subscription: { id: 'x', callback, unsubscribe: () => callbacks.delete(callback) } } }
    }),
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    signInWithPassword: vi.fn(async () => {
      current = session
      for (const callback of callbacks) callback('SIGNED_IN', session)
      return { data: { session }, error: null }
    }),
  }
  return auth
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

beforeEach(() => window.localStorage.clear())
afterEach(() => window.localStorage.clear())

describe('lazyAuth', () => {
  it('answers a visitor without a session without loading auth-js', async () => {
    const create = vi.fn(async () => fakeAuth(null) as unknown as AuthClient)
    const auth = lazyAuth(create, key)
    const events: [string, Session | null][] = []
    auth.onAuthStateChange((event, s) => void events.push([event, s]))

    await expect(auth.getSession()).resolves.toEqual({ data: { session: null }, error: null })
    await settle()
    expect(events).toEqual([['INITIAL_SESSION', null]])
    expect(create).not.toHaveBeenCalled()
  })

  it('loads auth-js at once when a session is stored, and forwards its events', async () => {
    window.localStorage.setItem(key, JSON.stringify(session))
    const fake = fakeAuth(session)
    const create = vi.fn(async () => fake as unknown as AuthClient)
    const auth = lazyAuth(create, key)
    const events: [string, Session | null][] = []
    auth.onAuthStateChange((event, s) => void events.push([event, s]))

    await expect(auth.getSession()).resolves.toEqual({ data: { session }, error: null })
    await settle()
    expect(create).toHaveBeenCalledTimes(1)
    expect(events).toEqual([['INITIAL_SESSION', session]])
  })

  it('loads auth-js for a sign-in; a listener told "no session" hears SIGNED_IN once per change', async () => {
    const fake = fakeAuth(null)
    const auth = lazyAuth(async () => fake as unknown as AuthClient, key)
    const events: [string, Session | null][] = []
    auth.onAuthStateChange((event, s) => void events.push([event, s]))
    await settle()

    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret' })
    await settle()
    expect(fake.signInWithPassword).toHaveBeenCalledWith({ email: 'a@example.com', password: 'secret' })
    // The client's own INITIAL_SESSION (after the sign-in) is news to this listener, not a second first event.
    expect(events[0]).toEqual(['INITIAL_SESSION', null])
    expect(events.slice(1).every(([event, s]) => event === 'SIGNED_IN' && s === session)).toBe(true)
    expect(events.length).toBeGreaterThan(1)
  })

  it('loads auth-js when another tab stores a session, and tells the listeners', async () => {
    const fake = fakeAuth(null)
    const create = vi.fn(async () => fake as unknown as AuthClient)
    const auth = lazyAuth(create, key)
    const events: [string, Session | null][] = []
    auth.onAuthStateChange((event, s) => void events.push([event, s]))
    await settle()
    expect(create).not.toHaveBeenCalled()

    window.localStorage.setItem(key, JSON.stringify(session))
    fake.getSession.mockResolvedValue({ data: { session }, error: null })
    await fake.signInWithPassword()
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(session) }))
    await settle()
    expect(create).toHaveBeenCalledTimes(1)
    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', session],
    ])
  })

  it('does not call a listener that unsubscribed before the client loaded', async () => {
    const auth = lazyAuth(async () => fakeAuth(session) as unknown as AuthClient, key)
    const callback = vi.fn()
    auth.onAuthStateChange(callback).data.subscription.unsubscribe()
    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret' })
    await settle()
    expect(callback).not.toHaveBeenCalled()
  })
})

describe('mayHaveSession', () => {
  it('is true for a stored session or Auth redirect parameters, false otherwise', () => {
    expect(mayHaveSession(key, { hash: '', search: '' })).toBe(false)
    expect(mayHaveSession(key, { hash: '', search: '?page=2' })).toBe(false)
    expect(mayHaveSession(key, { hash: '#access_token=abc&type=magiclink', search: '' })).toBe(true)
    expect(mayHaveSession(key, { hash: '', search: '?code=abc' })).toBe(true)
    expect(mayHaveSession(key, { hash: '#error=access_denied', search: '' })).toBe(true)
    window.localStorage.setItem(key, '{}')
    expect(mayHaveSession(key, { hash: '', search: '' })).toBe(true)
  })
})
