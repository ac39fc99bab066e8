// Features the local stack does not provide, answered as GoTrue answers when they are turned off: OAuth providers
// (none configured), SAML SSO, and the callback of external providers.
import { badRequest, notFound } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'

export const noProvider: AuthHandler = async () => {
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

export const samlDisabled: AuthHandler = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
}
