// Social sign-in in the browser, through Auth's provider flow with PKCE, against a local OpenID provider the journey
// starts (scripts/local-stack/auth/testing/provider-sign-in-server.ts: npm oidc-provider on Keycloak's paths, and a
// second Auth service on the stack's database with [auth.external.keycloak] on for it; config.toml keeps providers
// off until they have credentials). The journey tells the app that Auth offers the provider (its /settings with
// `keycloak: true`) and sends the app's /authorize to that Auth; everything after is the real flow: the provider's
// login, Auth's /callback creating or linking the user, and the app's /auth/callback exchanging the code with the
// stack's Auth, which finds the flow state in the same database.
//   - a new person arrives signed in, named as the provider names them;
//   - a provider account whose verified email is an existing user's signs in as that user (linked, as GoTrue links);
//   - a refused login comes back to the sign-in page's explanation.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { apiUrl, createConfirmedUser, secretKey, uniqueEmail } from './support'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const label = 'Summit ID'

interface ProviderServer {
  authUrl: string
  process: ChildProcessWithoutNullStreams
}

let server: ProviderServer | undefined

/** Starts the provider and its Auth as a child process and waits for the line with their addresses. */
async function startProviderServer(): Promise<ProviderServer> {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(repoRoot, 'scripts', 'local-stack', 'auth', 'testing', 'provider-sign-in-server.ts'),
    ],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'], env: process.env },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the provider server exited (${code}): ${stderr}`)))
  })
  const { authUrl } = JSON.parse(first) as { authUrl: string }
  return { authUrl, process: child }
}

// One provider server for the file; its logins are chosen per test, so the tests run one after the other.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  server = await startProviderServer()
})

test.afterAll(async () => {
  server?.process.stdin.end()
  await new Promise((resolve) => server?.process.once('exit', resolve))
})

/** The next provider login signs in this account, or is refused with `{ deny }`. */
function nextLogin(login: { sub: string; email: string; email_verified: boolean; name: string } | { deny: string }) {
  server?.process.stdin.write(`${JSON.stringify(login)}\n`)
}

/** The app sees the provider offered, and its /authorize goes to the Auth service that has it. */
async function routeProviderFlow(page: Page) {
  const authUrl = server?.authUrl
  if (!authUrl) throw new Error('the provider server is not running')
  await page.route(`${apiUrl}/auth/v1/settings`, async (route) => {
    const response = await route.fetch()
    const settings = (await response.json()) as { external: Record<string, boolean> }
    await route.fulfill({ response, json: { ...settings, external: { ...settings.external, keycloak: true } } })
  })
  await page.route(`${apiUrl}/auth/v1/authorize?**`, async (route) => {
    const search = new URL(route.request().url()).search
    const response = await route.fetch({ url: `${authUrl}/authorize${search}`, maxRedirects: 0 })
    await route.fulfill({ response })
  })
}

/** The Auth user with this email, through the admin API. */
async function userByEmail(email: string): Promise<{ id: string; identities: { provider: string }[] } | undefined> {
  const response = await fetch(`${apiUrl}/auth/v1/admin/users?per_page=1000`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  })
  const body = (await response.json()) as { users: { id: string; email: string; identities: { provider: string }[] }[] }
  return body.users.find((user) => user.email === email)
}

test('a new person continues with the school’s OpenID provider and arrives signed in', async ({ page }) => {
  await routeProviderFlow(page)
  const email = uniqueEmail('oidc')
  nextLogin({ sub: `oidc-${Date.now()}`, email, email_verified: true, name: 'Olu Openid' })

  await page.goto('/auth/sign-in?redirect=%2Faccount')
  await page.getByRole('button', { name: `Continue with ${label}` }).click({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(email)).toBeVisible()

  const user = await userByEmail(email)
  expect(user?.identities.map((identity) => identity.provider)).toEqual(['keycloak'])
})

test('a provider account with an existing user’s verified email signs in as that user', async ({ page }) => {
  await routeProviderFlow(page)
  const existing = await createConfirmedUser({ displayName: 'Ada Already' })
  nextLogin({ sub: `oidc-${Date.now()}`, email: existing.email, email_verified: true, name: 'Ada From Provider' })

  await page.goto('/auth/sign-in?redirect=%2Faccount')
  await page.getByRole('button', { name: `Continue with ${label}` }).click({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 })
  // The same account: the profile keeps the name it had.
  await expect(page.getByLabel('Display name')).toHaveValue('Ada Already', { timeout: 15_000 })

  const user = await userByEmail(existing.email)
  expect(user?.id).toBe(existing.id)
  expect(user?.identities.map((identity) => identity.provider).sort()).toEqual(['email', 'keycloak'])
})

test('a login refused at the provider comes back with the reason, signed out', async ({ page }) => {
  await routeProviderFlow(page)
  nextLogin({ deny: 'The person cancelled the sign-in' })

  await page.goto('/auth/sign-in')
  await page.getByRole('button', { name: `Continue with ${label}` }).click({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('The person cancelled the sign-in')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
})
