// Every Auth API route in one table: method, path (after /auth/v1), handler, and the options the dispatcher applies
// before the handler runs — the auth gate (GoTrue's requireAuthentication / requireNotAnonymous /
// requireAdminCredentials), the rate-limit bucket (its limitHandler) and the operation name used in logs.
import { Router, type RouteOptions } from '../../http/router.ts'
import type { AuthContext } from '../context.ts'
import type { AuthHandler } from '../http/request.ts'
import type { RateLimitBucket } from '../rate-limit.ts'
import { oauthServerRoutes } from '../oauth-server/routes.ts'
import * as adminFactors from './admin-factors.ts'
import * as adminLinks from './admin-links.ts'
import * as adminUsers from './admin-users.ts'
import * as factors from './factors.ts'
import * as external from './external.ts'
import * as health from './health.ts'
import * as otp from './otp.ts'
import * as passkeys from './passkeys.ts'
import * as signup from './signup.ts'
import * as token from './token.ts'
import * as unsupported from './unsupported.ts'
import * as user from './user.ts'
import * as verify from './verify.ts'

/**
 * none: anyone; user: a valid user JWT whose user (and session) exist; mfa: user, not anonymous; passkey: mfa, and
 * aal2 when the user has a verified factor; admin: a JWT with an admin role.
 */
export type AuthGate = 'none' | 'user' | 'mfa' | 'passkey' | 'admin'

export interface AuthRouteOptions extends RouteOptions {
  auth: AuthGate
  /** Applied after the auth gate. /signup and /token pick their bucket from the body, in the handler, as GoTrue. */
  rateLimit?: RateLimitBucket
  operation: string
}

type Row = [method: string, path: string, handler: AuthHandler, options: AuthRouteOptions]

export function authRoutes(context: AuthContext): Row[] {
  const rows: Row[] = [
    ['GET', '/health', health.health, { auth: 'none', operation: 'HealthCheck' }],
    ['GET', '/settings', health.settings, { auth: 'none', operation: 'Settings' }],
    ['GET', '/.well-known/jwks.json', health.jwks, { auth: 'none', operation: 'WellKnownJwks' }],
    ['POST', '/signup', signup.signup, { auth: 'none', operation: 'Signup' }],
    ['POST', '/token', token.token, { auth: 'none', operation: 'Token' }],
    ['GET', '/verify', verify.verifyLink, { auth: 'none', rateLimit: 'verify', operation: 'Verify' }],
    ['POST', '/verify', verify.verifyPost, { auth: 'none', rateLimit: 'verify', operation: 'Verify' }],
    ['POST', '/otp', otp.otp, { auth: 'none', rateLimit: 'otp', operation: 'Otp' }],
    ['POST', '/magiclink', otp.magicLinkRoute, { auth: 'none', rateLimit: 'magicLink', operation: 'MagicLink' }],
    ['POST', '/recover', otp.recover, { auth: 'none', rateLimit: 'recover', operation: 'Recover' }],
    ['POST', '/resend', otp.resend, { auth: 'none', rateLimit: 'resend', operation: 'Resend' }],
    ['GET', '/user', user.getUser, { auth: 'user', operation: 'UserGet' }],
    ['PUT', '/user', user.putUser, { auth: 'user', rateLimit: 'user', operation: 'UserUpdate' }],
    ['GET', '/reauthenticate', user.reauthenticate, { auth: 'user', operation: 'Reauthenticate' }],
    ['POST', '/logout', user.logout, { auth: 'user', operation: 'Logout' }],
    ['GET', '/user/identities/authorize', user.linkingDisabled, { auth: 'user', operation: 'LinkIdentity' }],
    ['DELETE', '/user/identities/:identity_id', user.linkingDisabled, { auth: 'user', operation: 'DeleteIdentity' }],
    ['POST', '/factors', factors.enrollFactor, { auth: 'mfa', operation: 'EnrollFactor' }],
    [
      'POST',
      '/factors/:factor_id/challenge',
      factors.challengeFactor,
      { auth: 'mfa', rateLimit: 'factorChallenge', operation: 'ChallengeFactor' },
    ],
    [
      'POST',
      '/factors/:factor_id/verify',
      factors.verifyFactor,
      { auth: 'mfa', rateLimit: 'factorVerify', operation: 'VerifyFactor' },
    ],
    ['DELETE', '/factors/:factor_id', factors.unenrollFactor, { auth: 'mfa', operation: 'UnenrollFactor' }],
    ['POST', '/invite', adminLinks.invite, { auth: 'admin', operation: 'Invite' }],
    ['POST', '/admin/generate_link', adminLinks.generateLink, { auth: 'admin', operation: 'AdminGenerateLink' }],
    ['GET', '/admin/users', adminUsers.listAllUsers, { auth: 'admin', operation: 'AdminUsers' }],
    ['POST', '/admin/users', adminUsers.createUser, { auth: 'admin', operation: 'AdminUserCreate' }],
    ['GET', '/admin/users/:user_id', adminUsers.getUser, { auth: 'admin', operation: 'AdminUserGet' }],
    ['PUT', '/admin/users/:user_id', adminUsers.updateUser, { auth: 'admin', operation: 'AdminUserUpdate' }],
    ['DELETE', '/admin/users/:user_id', adminUsers.deleteUser, { auth: 'admin', operation: 'AdminUserDelete' }],
    [
      'GET',
      '/admin/users/:user_id/factors',
      adminFactors.listUserFactors,
      { auth: 'admin', operation: 'AdminUserGetFactors' },
    ],
    [
      'DELETE',
      '/admin/users/:user_id/factors/:factor_id',
      adminFactors.deleteUserFactor,
      { auth: 'admin', operation: 'AdminUserDeleteFactor' },
    ],
    [
      'PUT',
      '/admin/users/:user_id/factors/:factor_id',
      adminFactors.updateUserFactor,
      { auth: 'admin', operation: 'AdminUserUpdateFactor' },
    ],
  ]
  if (context.settings.passkey.enabled) {
    rows.push(
      [
        'POST',
        '/passkeys/registration/options',
        passkeys.registrationOptionsRoute,
        { auth: 'passkey', operation: 'PasskeyRegistrationOptions' },
      ],
      [
        'POST',
        '/passkeys/registration/verify',
        passkeys.registrationVerify,
        { auth: 'passkey', operation: 'PasskeyRegistrationVerify' },
      ],
      [
        'POST',
        '/passkeys/authentication/options',
        passkeys.authenticationOptionsRoute,
        { auth: 'none', rateLimit: 'passkey', operation: 'PasskeyAuthenticationOptions' },
      ],
      [
        'POST',
        '/passkeys/authentication/verify',
        passkeys.authenticationVerify,
        { auth: 'none', rateLimit: 'passkey', operation: 'PasskeyAuthenticationVerify' },
      ],
      ['GET', '/passkeys', passkeys.listOwnPasskeys, { auth: 'passkey', operation: 'PasskeyList' }],
      ['PATCH', '/passkeys/:passkey_id', passkeys.renamePasskey, { auth: 'passkey', operation: 'PasskeyUpdate' }],
      ['DELETE', '/passkeys/:passkey_id', passkeys.deleteOwnPasskey, { auth: 'passkey', operation: 'PasskeyDelete' }],
      [
        'GET',
        '/admin/users/:user_id/passkeys',
        passkeys.listUserPasskeys,
        { auth: 'admin', operation: 'AdminPasskeyList' },
      ],
      [
        'DELETE',
        '/admin/users/:user_id/passkeys/:passkey_id',
        passkeys.deleteUserPasskey,
        { auth: 'admin', operation: 'AdminPasskeyDelete' },
      ],
    )
  }
  rows.push(
    ['GET', '/authorize', external.authorize, { auth: 'none', operation: 'ExternalProviderRedirect' }],
    ['GET', '/callback', external.callback, { auth: 'none', operation: 'ExternalProviderCallback' }],
    ['POST', '/callback', external.callback, { auth: 'none', operation: 'ExternalProviderCallback' }],
    ['POST', '/sso', unsupported.samlDisabled, { auth: 'none', operation: 'SingleSignOn' }],
    ['GET', '/sso/saml/metadata', unsupported.samlDisabled, { auth: 'none', operation: 'SAMLMetadata' }],
    ['POST', '/sso/saml/acs', unsupported.samlDisabled, { auth: 'none', operation: 'SamlAcs' }],
    ...oauthServerRoutes(),
  )
  return rows
}

export function authRouter(context: AuthContext): Router<AuthHandler> {
  const router = new Router<AuthHandler>()
  for (const [method, path, handler, options] of authRoutes(context)) router.add(method, path, handler, options)
  return router
}
