// auth.oauth_clients as GoTrue v2.189's OAuthServerClient keeps them: the row id is the public client_id, redirect
// URIs and grant types are comma-joined text, only confidential clients have a secret (stored as the unpadded
// base64url SHA-256 of it), and deleting a client only stamps deleted_at.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db.ts'
import { goTime } from '../db.ts'

export type ClientType = 'public' | 'confidential'
export type AuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post'

export interface ClientRow {
  id: string
  client_secret_hash: string | null
  registration_type: 'dynamic' | 'manual'
  client_type: ClientType
  token_endpoint_auth_method: AuthMethod
  redirect_uris: string
  grant_types: string
  client_name: string | null
  client_uri: string | null
  logo_uri: string | null
  created_at: string
  updated_at: string
}

const columns = `id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method, redirect_uris,
  grant_types, client_name, client_uri, logo_uri, created_at, updated_at`

/** What a client stores; the secret's hash is set apart. */
export interface ClientFields {
  registrationType: 'dynamic' | 'manual'
  clientType: ClientType
  authMethod: AuthMethod
  redirectUris: string[]
  grantTypes: string[]
  clientName: string
  clientUri: string
  logoUri: string
}

/** GoTrue's generateClientSecret: 32 random bytes, base64url without padding. */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

/** GoTrue's ValidateClientSecret: the SHA-256 of the secret against the stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false
  const stored = Buffer.from(storedHash, 'base64url')
  const given = createHash('sha256').update(secret).digest()
  return stored.length === given.length && timingSafeEqual(stored, given)
}

// Go's StringPtr: an empty string is stored as null.
const orNull = (text: string) => (text === '' ? null : text)

export async function insertClient(
  db: Queryable,
  id: string,
  fields: ClientFields,
  secretHash: string | null,
): Promise<ClientRow> {
  const { rows } = await db.query<ClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
       token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now())
     returning ${columns}`,
    [
      id,
      secretHash,
      fields.registrationType,
      fields.clientType,
      fields.authMethod,
      fields.redirectUris.join(','),
      fields.grantTypes.join(','),
      orNull(fields.clientName),
      orNull(fields.clientUri),
      orNull(fields.logoUri),
    ],
  )
  return rows[0]!
}

/** A client that is not deleted (GoTrue's FindOAuthServerClientByID). */
export async function findClient(db: Queryable, id: string): Promise<ClientRow | undefined> {
  const { rows } = await db.query<ClientRow>(
    `select ${columns} from auth.oauth_clients where id = $1 and deleted_at is null`,
    [id],
  )
  return rows[0]
}

export async function listClients(db: Queryable): Promise<ClientRow[]> {
  const { rows } = await db.query<ClientRow>(
    `select ${columns} from auth.oauth_clients where deleted_at is null order by created_at desc`,
  )
  return rows
}

/** Saves every field of the client (GoTrue's tx.Update), stamping updated_at. */
export async function saveClient(db: Queryable, client: ClientRow): Promise<ClientRow> {
  const { rows } = await db.query<ClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, token_endpoint_auth_method = $3, redirect_uris = $4,
       grant_types = $5, client_name = $6, client_uri = $7, logo_uri = $8, updated_at = now()
     where id = $1 returning ${columns}`,
    [
      client.id,
      client.client_secret_hash,
      client.token_endpoint_auth_method,
      client.redirect_uris,
      client.grant_types,
      client.client_name,
      client.client_uri,
      client.logo_uri,
    ],
  )
  return rows[0]!
}

export async function softDeleteClient(db: Queryable, id: string): Promise<void> {
  await db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [id])
}

export const listOf = (joined: string): string[] => (joined === '' ? [] : joined.split(','))

export function allowsGrant(client: ClientRow, grantType: string): boolean {
  return listOf(client.grant_types).some((allowed) => allowed.trim() === grantType)
}

/** GoTrue's OAuthServerClientResponse, empty fields left out as its omitempty tags do. */
export function clientJson(client: ClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: client.id }
  if (secret) out.client_secret = secret
  out.client_type = client.client_type
  const redirectUris = listOf(client.redirect_uris)
  if (redirectUris.length > 0) out.redirect_uris = redirectUris
  out.token_endpoint_auth_method = client.token_endpoint_auth_method
  const grantTypes = listOf(client.grant_types)
  if (grantTypes.length > 0) out.grant_types = grantTypes
  out.response_types = ['code']
  if (client.client_name) out.client_name = client.client_name
  if (client.client_uri) out.client_uri = client.client_uri
  if (client.logo_uri) out.logo_uri = client.logo_uri
  out.registration_type = client.registration_type
  out.created_at = goTime(client.created_at)
  out.updated_at = goTime(client.updated_at)
  return out
}

/** The client as a consent screen or a grant list shows it (GoTrue's ClientDetailsResponse). */
export function clientDetailsJson(client: Pick<ClientRow, 'id' | 'client_name' | 'client_uri' | 'logo_uri'>) {
  const out: Record<string, unknown> = { id: client.id }
  if (client.client_name) out.name = client.client_name
  if (client.client_uri) out.uri = client.client_uri
  if (client.logo_uri) out.logo_uri = client.logo_uri
  return out
}
