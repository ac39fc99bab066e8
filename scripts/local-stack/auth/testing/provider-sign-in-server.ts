// For the social sign-in journey (web/e2e/social-sign-in.spec.ts), run as its own process: a local OpenID provider
// (npm oidc-provider on Keycloak's paths) and a second Auth service on the stack's database with
// [auth.external.keycloak] turned on for that provider, the stack's own config and signing keys otherwise. The
// journey sends the app's /authorize to this Auth; the provider's answer comes back to its /callback, and the code
// it hands the app is exchanged by the stack's Auth, which reads the same flow state from the database.
//
// Prints one line of JSON, {"authUrl", "issuer"}, once both listen. Each line read from stdin says how the next
// provider login goes: an account it signs in (JSON: sub, email, email_verified, name), or {"deny": "<why>"} for a
// refusal, as a person pressing "Cancel" at the provider. Stops when stdin closes or on SIGTERM.
//
//   SUMMIT_TEST_DB_URL=postgresql://… tsx scripts/local-stack/auth/testing/provider-sign-in-server.ts
import { createInterface } from 'node:readline'
import { startHarness } from './harness.ts'
import { enableKeycloak, startOpenIdProvider, type TestAccount } from './openid-provider.ts'

process.env.SUMMIT_TEST_DB_URL ||= 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'

const op = await startOpenIdProvider()
const harness = await startHarness(enableKeycloak(op))
op.register(`${harness.authUrl}/callback`)

let stopping = false
async function stop(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  await Promise.allSettled([harness.stop(), op.stop()])
  process.exit(code)
}
process.once('SIGTERM', () => void stop(0))
process.once('SIGINT', () => void stop(0))

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line.trim() === '') return
  const next = JSON.parse(line) as TestAccount | { deny: string }
  if ('deny' in next) op.deny(next.deny)
  else op.loginAs(next)
})
lines.on('close', () => void stop(0))

process.stdout.write(`${JSON.stringify({ authUrl: harness.authUrl, issuer: op.issuer })}\n`)
