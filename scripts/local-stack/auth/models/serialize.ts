// The JSON GoTrue returns for users, identities and factors: field names, order and omitempty rules of its Go
// structs (models.User, models.Identity, models.Factor), so auth-js and apps see exactly what Supabase sends.
import { goTime } from '../db.ts'
import type { FactorRow, IdentityRow, UserRow } from './users.ts'

type Json = Record<string, unknown>

/** Adds `key` only when `value` is set, like Go's `omitempty`. */
function optional(target: Json, key: string, value: unknown): void {
  if (value !== undefined && value !== null && value !== '') target[key] = value
}

export function identityJson(identity: IdentityRow): Json {
  const out: Json = {
    // GoTrue swaps the names for auth-js: the row id is identity_id, the provider's id is id.
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
  }
  if (identity.identity_data && Object.keys(identity.identity_data).length > 0) {
    out.identity_data = identity.identity_data
  }
  out.provider = identity.provider
  optional(out, 'last_sign_in_at', goTime(identity.last_sign_in_at))
  out.created_at = goTime(identity.created_at) ?? zeroTime
  out.updated_at = goTime(identity.updated_at) ?? zeroTime
  optional(out, 'email', identity.email)
  return out
}

export function factorJson(factor: FactorRow): Json {
  const out: Json = {
    id: factor.id,
    created_at: goTime(factor.created_at),
    updated_at: goTime(factor.updated_at),
    status: factor.status,
  }
  optional(out, 'friendly_name', factor.friendly_name)
  out.factor_type = factor.factor_type
  out.phone = factor.phone ?? ''
  out.last_challenged_at = goTime(factor.last_challenged_at) ?? null
  optional(out, 'web_authn_aaguid', factor.web_authn_aaguid)
  return out
}

const zeroTime = '0001-01-01T00:00:00Z'

export function userJson(user: UserRow): Json {
  const out: Json = { id: user.id, aud: user.aud ?? '', role: user.role ?? '', email: user.email ?? '' }
  optional(out, 'email_confirmed_at', goTime(user.email_confirmed_at))
  optional(out, 'invited_at', goTime(user.invited_at))
  out.phone = user.phone ?? ''
  optional(out, 'phone_confirmed_at', goTime(user.phone_confirmed_at))
  optional(out, 'confirmation_sent_at', goTime(user.confirmation_sent_at))
  optional(out, 'confirmed_at', goTime(user.confirmed_at))
  optional(out, 'recovery_sent_at', goTime(user.recovery_sent_at))
  optional(out, 'new_email', user.email_change)
  optional(out, 'email_change_sent_at', goTime(user.email_change_sent_at))
  optional(out, 'new_phone', user.phone_change)
  optional(out, 'phone_change_sent_at', goTime(user.phone_change_sent_at))
  optional(out, 'reauthentication_sent_at', goTime(user.reauthentication_sent_at))
  optional(out, 'last_sign_in_at', goTime(user.last_sign_in_at))
  out.app_metadata = user.raw_app_meta_data
  out.user_metadata = user.raw_user_meta_data
  if (user.factors.length > 0) out.factors = user.factors.map(factorJson)
  out.identities = user.identities.map(identityJson)
  out.created_at = goTime(user.created_at) ?? zeroTime
  out.updated_at = goTime(user.updated_at) ?? zeroTime
  optional(out, 'banned_until', goTime(user.banned_until))
  optional(out, 'deleted_at', goTime(user.deleted_at))
  out.is_anonymous = user.is_anonymous
  return out
}
