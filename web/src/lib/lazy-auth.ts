// Supabase Auth (auth-js, about a tenth of the first load) loaded only when there is a session to know about: a
// stored one, tokens or an error in the URL, a sign-in in this tab or another. A visitor without a session gets the
// answer auth-js would give (no session) at once; every other call loads the client and forwards to it.
import type { AuthChangeEvent, GoTrueClient as AuthClient, Session, Subscription } from '@supabase/auth-js'

// The async methods of auth-js the app calls (or may): each loads the client, then forwards.
const forwarded = [
  'initialize',
  'getUser',
  'refreshSession',
  'setSession',
  'signInWithPassword',
  'signInWithOtp',
  'signInWithOAuth',
  'signUp',
  'signOut',
  'verifyOtp',
  'resend',
  'reauthenticate',
  'resetPasswordForEmail',
  'exchangeCodeForSession',
  'updateUser',
  'getClaims',
  'signInWithPasskey',
  'registerPasskey',
] as const

// The namespaces of auth-js the app calls into (MFA factors, passkeys), forwarded method by method the same way.
const forwardedNamespaces = {
  mfa: [
    'enroll',
    'challenge',
    'verify',
    'challengeAndVerify',
    'unenroll',
    'listFactors',
    'getAuthenticatorAssuranceLevel',
  ],
  passkey: [
    'startRegistration',
    'verifyRegistration',
    'startAuthentication',
    'verifyAuthentication',
    'list',
    'update',
    'delete',
  ],
} as const

type Callback = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>

interface Listener {
  callback: Callback
  /** The answer "no session" this listener was given before the client loaded. */
  toldNoSession: boolean
  closed: boolean
  real?: Subscription
}

/** Whether the address carries Auth's redirect (tokens, a code or an error), which auth-js reads as it starts. */
export function hasAuthRedirect(location: Pick<Location, 'hash' | 'search'>): boolean {
  return /(^|[#&?])(access_token|error|error_description|code)=/.test(`${location.hash}${location.search}`)
}

/** Whether this browser may have a session: one stored under `storageKey`, or Auth's redirect in the URL. */
export function mayHaveSession(storageKey: string, location: Pick<Location, 'hash' | 'search'>): boolean {
  try {
    if (window.localStorage.getItem(storageKey) !== null) return true
  } catch {
    return true
  }
  return hasAuthRedirect(location)
}

export function lazyAuth(create: () => Promise<AuthClient>, storageKey: string): AuthClient {
  let client: Promise<AuthClient> | undefined
  const listeners = new Set<Listener>()

  const attach = (auth: AuthClient, listener: Listener) => {
    if (listener.closed || listener.real) return
    listener.real = auth.onAuthStateChange((event, session) => {
      // After "no session" was answered, the stored state the client finds is news: a sign-in (or nothing).
      if (event === 'INITIAL_SESSION' && listener.toldNoSession) {
        listener.toldNoSession = false
        return session ? listener.callback('SIGNED_IN', session) : undefined
      }
      return listener.callback(event, session)
    }).data.subscription
  }

  const load = () => {
    client ??= create().then((auth) => {
      for (const listener of listeners) attach(auth, listener)
      return auth
    })
    return client
  }

  // A sign-in in another tab stores a session: load, so this tab's listeners hear of it.
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (event) => {
      if (event.key === storageKey && event.newValue !== null) void load()
    })

  const needed = () => client !== undefined || mayHaveSession(storageKey, window.location)

  const onAuthStateChange = (callback: Callback) => {
    const listener: Listener = { callback, toldNoSession: false, closed: false }
    listeners.add(listener)
    if (needed()) void load().then((auth) => attach(auth, listener))
    else
      // auth-js too answers the first event after the call returns.
      setTimeout(() => {
        if (listener.closed || listener.real) return
        listener.toldNoSession = true
        void callback('INITIAL_SESSION', null)
      }, 0)
    const subscription: Subscription = {
      id: Symbol('auth listener'),
      callback,
      unsubscribe: () => {
        listener.closed = true
        listeners.delete(listener)
        listener.real?.unsubscribe()
      },
    }
    return { data: { subscription } }
  }

  const getSession = async () => (needed() ? (await load()).getSession() : { data: { session: null }, error: null })

  const forward =
    (name: (typeof forwarded)[number]) =>
    async (...args: unknown[]): Promise<unknown> => {
      const auth = await load()
      return (auth[name] as (...args: unknown[]) => unknown).apply(auth, args)
    }
  const forwardIn =
    (namespace: keyof typeof forwardedNamespaces, name: string) =>
    async (...args: unknown[]): Promise<unknown> => {
      const target = (await load())[namespace] as unknown as Record<string, (...args: unknown[]) => unknown>
      return target[name]!.apply(target, args)
    }
  const namespaces = Object.fromEntries(
    Object.entries(forwardedNamespaces).map(([namespace, names]) => [
      namespace,
      Object.fromEntries(names.map((name) => [name, forwardIn(namespace as keyof typeof forwardedNamespaces, name)])),
    ]),
  )
  // Own properties (not a Proxy), so tests can spy on them as on auth-js's client.
  return {
    onAuthStateChange,
    getSession,
    ...Object.fromEntries(forwarded.map((name) => [name, forward(name)])),
    ...namespaces,
  } as unknown as AuthClient
}
