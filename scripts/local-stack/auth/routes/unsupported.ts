// Features the local stack does not provide, answered as GoTrue answers when they are turned off: OAuth providers
// (none configured), SAML SSO, and the callback of external providers.
import { badRequest, notFound } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'
import { oauthProviders } from './health.ts'

/**
 * GET /authorize: GoTrue's Provider() refuses a provider it knows but is not enabled, and names one it does not
 * know. Redirecting to an enabled provider (an [auth.external.<name>] with enabled = true) is not offered here.
 */
export const authorize: AuthHandler = async (context, request) => {
  const name = (request.query.get('provider') ?? '').toLowerCase()
  if (!oauthProviders.includes(name)) {
    throw badRequest('validation_failed', `Unsupported provider: Provider ${name} could not be found`)
  }
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

export const noProvider: AuthHandler = async () => {
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

export const samlDisabled: AuthHandler = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
}
