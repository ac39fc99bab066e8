// auth.flow_state: for the PKCE flow, saved with the code challenge when an email is requested, given an auth code
// when the emailed link is opened, and exchanged once for a session at POST /token?grant_type=pkce; for the OAuth
// provider flow (PKCE or implicit), saved by /authorize (its id is the state) and completed by /callback.
import { createHash, timingSafeEqual } from 'node:crypto'
import { newId } from '../crypto.ts'
import { timeMs, type Queryable } from '../db.ts'
import type { ChallengeMethod } from '../validate.ts'

export interface FlowStateRow {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: ChallengeMethod
  code_challenge: string
  authentication_method: string
  created_at: string
  auth_code_issued_at: string | null
  provider_access_token: string | null
  provider_refresh_token: string | null
}

export async function createFlowState(
  db: Queryable,
  state: { userId: string; providerType: string; authMethod: string; challenge: string; method: ChallengeMethod },
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7)`,
    [newId(), state.userId, newId(), state.method, state.challenge, state.providerType, state.authMethod],
  )
}

/** Marks the user's latest flow for `authMethod` as ready to exchange and returns its auth code. */
export async function issueAuthCode(db: Queryable, userId: string, authMethod: string): Promise<string | undefined> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authMethod],
  )
  return rows[0]?.auth_code
}

export async function findFlowState(db: Queryable, authCode: string): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(
    `select id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method, created_at,
       auth_code_issued_at, provider_access_token, provider_refresh_token
     from auth.flow_state where auth_code = $1`,
    [authCode],
  )
  return rows[0]
}

export function isFlowStateExpired(state: FlowStateRow, expirySeconds: number): boolean {
  const from = timeMs(state.auth_code_issued_at ?? state.created_at) ?? 0
  return Date.now() > from + expirySeconds * 1000
}

/** Whether the verifier matches the challenge saved with the flow (S256 or plain). */
export function verifierMatches(state: FlowStateRow, verifier: string): boolean {
  const expected =
    state.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
  const a = Buffer.from(expected)
  const b = Buffer.from(state.code_challenge)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A flow state of the OAuth provider flow: its id is the `state` sent to the provider. */
export interface OAuthFlowStateRow {
  id: string
  user_id: string | null
  auth_code: string | null
  code_challenge: string | null
  provider_type: string
  referrer: string | null
  email_optional: boolean
  invite_token: string | null
  linking_target_id: string | null
  created_at: string
}

/**
 * GoTrue's NewFlowState for /authorize: written for the implicit flow too (without code, challenge or method), with
 * the referrer and email_optional the callback needs. Returns the id.
 */
export async function createOAuthFlowState(
  db: Queryable,
  state: {
    providerType: string
    challenge: string
    method: ChallengeMethod | undefined
    referrer: string
    emailOptional: boolean
  },
): Promise<string> {
  const id = newId()
  const pkce = state.challenge !== ''
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method, referrer, email_optional)
     values ($1, null, $2, $3, $4, $5, now(), now(), 'oauth', $6, $7)`,
    [
      id,
      pkce ? newId() : null,
      pkce ? (state.method ?? null) : null,
      pkce ? state.challenge : null,
      state.providerType,
      state.referrer === '' ? null : state.referrer,
      state.emailOptional,
    ],
  )
  return id
}

export async function findOAuthFlowState(
  db: Queryable,
  id: string,
  lock = false,
): Promise<OAuthFlowStateRow | undefined> {
  const { rows } = await db.query<OAuthFlowStateRow>(
    `select id, user_id, auth_code, code_challenge, provider_type, referrer, email_optional, invite_token,
       linking_target_id, created_at
     from auth.flow_state where id = $1${lock ? ' for update skip locked' : ''}`,
    [id],
  )
  return rows[0]
}

/** The PKCE flow's callback: the user and the provider's tokens saved, the auth code issued now. */
export async function completeOAuthFlowState(
  db: Queryable,
  id: string,
  userId: string,
  providerTokens: { accessToken: string; refreshToken: string },
): Promise<void> {
  await db.query(
    `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
       auth_code_issued_at = now(), updated_at = now()
     where id = $1`,
    [id, userId, providerTokens.accessToken, providerTokens.refreshToken],
  )
}
