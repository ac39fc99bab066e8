// Features the local stack does not provide, answered as GoTrue answers when they are turned off: SAML SSO. (OAuth
// providers of [auth.external.*] are in external.ts.)
import { notFound } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'

export const samlDisabled: AuthHandler = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
}
