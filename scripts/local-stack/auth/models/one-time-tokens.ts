// auth.one_time_tokens: the hashed email links and codes GoTrue looks users up by (one per user and kind), kept in
// step with the matching users.*_token column so either way of looking a token up finds it, here and on Supabase.
import { newId } from '../crypto.ts'
import type { Queryable } from '../db.ts'

export type TokenKind =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token'

export async function saveOneTimeToken(
  db: Queryable,
  userId: string,
  kind: TokenKind,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, lower($5), now(), now())
     on conflict (user_id, token_type) do update
       set id = excluded.id, token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           created_at = now(), updated_at = now()`,
    [newId(), userId, kind, hash, relatesTo],
  )
}

/** The user holding a token of one of `kinds` with this hash (GoTrue's FindOneTimeToken). */
export async function findTokenOwner(
  db: Queryable,
  hash: string,
  kinds: TokenKind[],
): Promise<{ user_id: string; token_type: TokenKind } | undefined> {
  const { rows } = await db.query<{ user_id: string; token_type: TokenKind }>(
    `select user_id, token_type from auth.one_time_tokens
     where token_hash = $1 and token_type = any($2::auth.one_time_token_type[]) limit 1`,
    [hash, kinds],
  )
  return rows[0]
}

export async function clearOneTimeTokens(db: Queryable, userId: string, kind?: TokenKind): Promise<void> {
  if (kind) await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, kind])
  else await db.query('delete from auth.one_time_tokens where user_id = $1', [userId])
}
