// Features the local stack does not provide, answered as GoTrue answers when they are turned off: OAuth providers
// (none configured), SAML SSO, and the callback of external providers.
import { badRequest, notFound } from '../errors.ts'
import type { Router } from '../http/router.ts'

export function unsupportedRoutes(router: Router): void {
  const noProvider = async () => {
    throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
  }
  router.add('GET', '/authorize', noProvider)
  router.add('GET', '/callback', noProvider)
  router.add('POST', '/callback', noProvider)
  const samlDisabled = async () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
  }
  router.add('POST', '/sso', samlDisabled)
  router.add('GET', '/sso/saml/metadata', samlDisabled)
  router.add('POST', '/sso/saml/acs', samlDisabled)
}
