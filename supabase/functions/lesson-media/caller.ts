// What lesson-media checks of the caller's token before the Data API and Storage see it. A token this project signed
// can still carry claims no session has: a `sub` that is not a user id fails the policies' auth.uid() cast, a `role`
// that is not one of the API's roles cannot be taken on. Both would surface as a fault; they are the caller's
// mistake, so they are answered as such (422 and 401). The signature is still the Data API's to check.
import { claimsOf } from '../_shared/account.ts'
import { HttpError } from '../_shared/http.ts'
import { validationFailed } from '../_shared/validate.ts'

const apiRoles = new Set(['anon', 'authenticated', 'service_role'])
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Throws when the token's claims cannot be a caller's; a token without a role is the Data API's anon. */
export function checkCallerClaims(authorization: string | null): void {
  const claims = claimsOf(authorization)
  if ('role' in claims && !(typeof claims.role === 'string' && apiRoles.has(claims.role))) {
    throw new HttpError(401, 'not_signed_in', 'Your session has ended. Sign in again.')
  }
  if ('sub' in claims && !(typeof claims.sub === 'string' && uuid.test(claims.sub))) {
    throw validationFailed({ authorization: 'The token does not name a user.' })
  }
}
