// A local OpenID provider for the Auth service's provider-flow tests: npm `oidc-provider` serving Keycloak's paths
// (`/realms/summit/protocol/openid-connect/auth|token|userinfo|certs`) on a free port, one confidential client, and
// a login step with no page: the account the test chose (`loginAs`) is signed in when the browser reaches the
// interaction, or the request is denied (`deny`), as a user pressing "Cancel" would.
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import type { StackConfig } from '../../config/index.ts'

export interface TestAccount {
  sub: string
  email?: string
  email_verified?: boolean
  name?: string
}

export interface OpenIdProvider {
  /** The realm URL, Keycloak's issuer: what `[auth.external.keycloak] url` holds. */
  issuer: string
  clientId: string
  secret: string
  /** Must be called with the Auth service's callback URL before a flow starts. */
  register(redirectUri: string): void
  /** The account the next login signs in. */
  loginAs(account: TestAccount): void
  /** The next login is refused with access_denied. */
  deny(description: string): void
  stop(): Promise<void>
}

const realmPath = '/realms/summit'

export async function startOpenIdProvider(): Promise<OpenIdProvider> {
  const accounts = new Map<string, TestAccount>()
  let next: { account: TestAccount } | { deny: string } | undefined
  let provider: Provider | undefined
  const server: Server = createServer((req, res) => {
    void handle(req, res)
  })
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/'
    if (!provider || !url.startsWith(realmPath)) {
      res.writeHead(404).end()
      return
    }
    const inner = url.slice(realmPath.length) || '/'
    if (inner.startsWith('/interaction/')) return interaction(provider, req, res)
    ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = url
    req.url = inner
    void provider.callback()(req, res)
  }
  async function interaction(op: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await op.interactionDetails(req, res)
      const choice = next
      if (!choice) throw new Error('the test did not choose who logs in')
      if ('deny' in choice) {
        next = undefined
        await op.interactionFinished(req, res, { error: 'access_denied', error_description: choice.deny })
        return
      }
      accounts.set(choice.account.sub, choice.account)
      if (details.prompt.name === 'login') {
        await op.interactionFinished(req, res, { login: { accountId: choice.account.sub } })
        return
      }
      const grant = new op.Grant({ accountId: choice.account.sub, clientId: String(details.params.client_id) })
      grant.addOIDCScope(String(details.params.scope))
      next = undefined
      await op.interactionFinished(req, res, { consent: { grantId: await grant.save() } })
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}${realmPath}`
  const clientId = 'summit-local'
  const secret = 'summit-local-secret'
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }
  return {
    issuer,
    clientId,
    secret,
    register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [signingKey as never] },
        cookies: { keys: ['summit-local-cookie-key'] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        routes: {
          authorization: '/protocol/openid-connect/auth',
          token: '/protocol/openid-connect/token',
          userinfo: '/protocol/openid-connect/userinfo',
          jwks: '/protocol/openid-connect/certs',
          end_session: '/protocol/openid-connect/logout',
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        scopes: ['openid', 'email', 'profile'],
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => false },
        interactions: { url: (_ctx, interaction) => `${realmPath}/interaction/${interaction.uid}` },
        findAccount: (_ctx, sub) => {
          const account = accounts.get(sub)
          if (!account) return undefined
          return {
            accountId: sub,
            claims: () => ({
              sub,
              ...(account.email === undefined ? {} : { email: account.email }),
              email_verified: account.email_verified ?? false,
              ...(account.name === undefined ? {} : { name: account.name }),
            }),
          }
        },
      })
    },
    loginAs(account) {
      next = { account }
    },
    deny(description) {
      next = { deny: description }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A harness `configure` that turns [auth.external.keycloak] on for this provider (its realm, client and secret). */
export function enableKeycloak(op: OpenIdProvider): (config: StackConfig) => void {
  return (config) => {
    config.auth.external = { ...config.auth.external, keycloak: true }
    config.auth.externalProviders = {
      ...config.auth.externalProviders,
      keycloak: {
        enabled: true,
        clientId: [op.clientId],
        secret: op.secret,
        url: op.issuer,
        redirectUri: undefined,
        skipNonceCheck: false,
        emailOptional: false,
      },
    }
  }
}
