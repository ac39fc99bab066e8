// GitHub as GoTrue reads it: the code exchanged at <url>/login/oauth/access_token, the user from <url>/api/v3/user
// and the addresses from /user/emails (a GitHub Enterprise `url`, here a local server speaking GitHub's shapes, as
// the real api.github.com cannot be reached from tests). The identity is keyed on the numeric id; any verified
// address of the account links, the primary one becomes the user's email.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'

const app = 'http://127.0.0.1:5173'

interface GithubAccount {
  id: number
  login: string
  name: string
  emails: { email: string; primary: boolean; verified: boolean; visibility: string | null }[]
}

describe.skipIf(!testDbUrl())('sign-in with GitHub', () => {
  let h: Harness
  let github: Server
  let base = ''
  let account: GithubAccount
  const tokens = new Map<string, GithubAccount>()
  const codes = new Map<string, GithubAccount>()

  beforeAll(async () => {
    github = createServer((req, res) => {
      const url = new URL(req.url ?? '/', base)
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
      }
      if (url.pathname === '/login/oauth/authorize') {
        const code = `code-${codes.size + 1}-${Date.now()}`
        codes.set(code, account)
        const back = new URL(url.searchParams.get('redirect_uri')!)
        back.searchParams.set('code', code)
        back.searchParams.set('state', url.searchParams.get('state')!)
        res.writeHead(302, { location: back.toString() }).end()
        return
      }
      if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
        let body = ''
        req.on('data', (chunk: Buffer) => (body += chunk.toString()))
        req.on('end', () => {
          const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString()
          const code = new URLSearchParams(body).get('code') ?? ''
          const owner = codes.get(code)
          codes.delete(code)
          if (basic !== 'gh-client:gh-secret' || !owner) {
            return json(200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect.' })
          }
          const token = `gho_${tokens.size + 1}`
          tokens.set(token, owner)
          json(200, { access_token: token, token_type: 'bearer', scope: 'user:email' })
        })
        return
      }
      const owner = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!owner) return json(401, { message: 'Bad credentials' })
      if (url.pathname === '/api/v3/user') {
        return json(200, {
          login: owner.login,
          id: owner.id,
          avatar_url: `${base}/avatars/${owner.id}`,
          name: owner.name,
          email: null,
        })
      }
      if (url.pathname === '/api/v3/user/emails') return json(200, owner.emails)
      json(404, { message: 'Not Found' })
    })
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(github.address() as AddressInfo).port}`
    h = await startHarness((config) => {
      config.auth.external = { ...config.auth.external, github: true }
      config.auth.externalProviders = {
        ...config.auth.externalProviders,
        github: {
          enabled: true,
          clientId: ['gh-client'],
          secret: 'gh-secret',
          url: base,
          redirectUri: undefined,
          skipNonceCheck: false,
          emailOptional: false,
        },
      }
    })
  })
  afterAll(async () => {
    await h?.stop()
    await new Promise((resolve) => github?.close(resolve))
  })

  async function signIn(who: GithubAccount) {
    account = who
    const client = h.pkce()
    const { data } = await client.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: `${app}/auth/callback`, skipBrowserRedirect: true },
    })
    let url = data.url!
    for (let hop = 0; hop < 5 && !url.startsWith(app); hop++) {
      const response = await fetch(url, { redirect: 'manual' })
      url = new URL(response.headers.get('location')!, url).toString()
    }
    const landed = new URL(url)
    const code = landed.searchParams.get('code')
    if (!code) return { landed, user: undefined }
    const { data: session, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    return { landed, user: session.user! }
  }

  it('asks GitHub for user:email and creates the user from /user and the primary verified address', async () => {
    const primary = uniqueEmail('octo')
    const id = 100000 + Math.floor(Math.random() * 1_000_000)
    const first = await fetch(
      `${h.authUrl}/authorize?provider=github&redirect_to=${encodeURIComponent(app)}&scopes=read:org`,
      { redirect: 'manual' },
    )
    const location = new URL(first.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/login/oauth/authorize`)
    expect(location.searchParams.get('scope')).toBe('user:email read:org')
    const { user } = await signIn({
      id,
      login: 'octo',
      name: 'Octo Cat',
      emails: [
        { email: uniqueEmail('unverified'), primary: false, verified: false, visibility: null },
        { email: primary, primary: true, verified: true, visibility: 'private' },
      ],
    })
    expect(user?.email).toBe(primary)
    expect(user?.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] })
    const identity = user!.identities![0]!
    expect(identity.provider).toBe('github')
    expect(identity.identity_data).toEqual({
      iss: `${base}/api/v3`,
      sub: String(id),
      provider_id: String(id),
      name: 'Octo Cat',
      full_name: 'Octo Cat',
      preferred_username: 'octo',
      user_name: 'octo',
      avatar_url: `${base}/avatars/${id}`,
      email: primary,
      email_verified: true,
      phone_verified: false,
    })
  })

  it('links through any verified address of the GitHub account, not only the primary one', async () => {
    const existing = await signedInUser(h)
    const { user } = await signIn({
      id: 200000 + Math.floor(Math.random() * 1_000_000),
      login: 'linker',
      name: 'Link Er',
      emails: [
        { email: uniqueEmail('primary'), primary: true, verified: true, visibility: 'private' },
        { email: existing.email, primary: false, verified: true, visibility: null },
      ],
    })
    expect(user?.id).toBe(existing.user.id)
    expect(user?.email).toBe(existing.email)
    expect(user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'github'])
  })

  it('refuses an account without any address (email_optional is off)', async () => {
    const { landed } = await signIn({ id: 300000, login: 'ghost', name: 'Ghost', emails: [] })
    expect(landed.searchParams.get('error')).toBe('server_error')
    expect(landed.searchParams.get('error_description')).toBe('Error getting user email from external provider')
  })
})
