// auth.webauthn_credentials (passkeys) and auth.webauthn_challenges (ceremonies in progress), as GoTrue's passkey
// feature stores them: raw credential id and COSE public key as bytea, challenges consumed atomically on use.
import { newId } from '../crypto.ts'
import { goTime, type Queryable } from '../db.ts'

export interface PasskeyRow {
  id: string
  user_id: string
  credential_id: Buffer
  public_key: Buffer
  sign_count: string
  transports: string[]
  friendly_name: string
  created_at: string
  last_used_at: string | null
}

export interface ChallengeData {
  challenge: string
  rpId: string
  user_id?: string
  userVerification: string
}

const passkeyColumns = `id, user_id, credential_id, public_key, sign_count, transports, friendly_name, created_at,
  last_used_at`

export function passkeyJson(row: PasskeyRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id }
  if (row.friendly_name) out.friendly_name = row.friendly_name
  out.created_at = goTime(row.created_at)
  if (row.last_used_at) out.last_used_at = goTime(row.last_used_at)
  return out
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `select ${passkeyColumns} from auth.webauthn_credentials where user_id = $1 order by created_at`,
    [userId],
  )
  return rows
}

export async function findPasskeyByCredentialId(db: Queryable, credentialId: Buffer): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `select ${passkeyColumns} from auth.webauthn_credentials where credential_id = $1`,
    [credentialId],
  )
  return rows[0]
}

export async function insertPasskey(
  db: Queryable,
  passkey: {
    userId: string
    credentialId: Buffer
    publicKey: Buffer
    attestationType: string
    aaguid: string
    signCount: number
    transports: string[]
    backupEligible: boolean
    backedUp: boolean
    friendlyName: string
  },
): Promise<PasskeyRow> {
  const { rows } = await db.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type, aaguid,
       sign_count, transports, backup_eligible, backed_up, friendly_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)
     returning ${passkeyColumns}`,
    [
      newId(),
      passkey.userId,
      passkey.credentialId,
      passkey.publicKey,
      passkey.attestationType,
      passkey.aaguid,
      passkey.signCount,
      JSON.stringify(passkey.transports),
      passkey.backupEligible,
      passkey.backedUp,
      passkey.friendlyName,
    ],
  )
  return rows[0]!
}

export async function saveChallenge(
  db: Queryable,
  userId: string | null,
  type: 'registration' | 'authentication',
  data: ChallengeData,
  expirySeconds: number,
): Promise<{ id: string; expiresAt: number }> {
  const id = newId()
  const expiresAt = Math.floor(Date.now() / 1000) + expirySeconds
  await db.query(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, created_at, expires_at)
     values ($1, $2, $3, $4, now(), to_timestamp($5))`,
    [id, userId, type, data, expiresAt],
  )
  return { id, expiresAt }
}

/** Deletes and returns the challenge if it is of `type` and belongs to `userId` (null: no user). */
export async function consumeChallenge(
  db: Queryable,
  id: string,
  type: 'registration' | 'authentication',
  userId: string | null,
): Promise<{ session_data: ChallengeData; expired: boolean } | undefined> {
  const { rows } = await db.query<{ session_data: ChallengeData; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`,
    [id, type, userId],
  )
  return rows[0]
}
