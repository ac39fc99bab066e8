// Private channels, authorised as Realtime's Tenants.Authorization does: inside a transaction that is always rolled
// back, with the caller's role, claims, topic and headers set, it probes realtime.messages. Read: rows inserted by the
// service are read back through the caller's SELECT policies. Write: the caller inserts rows; 42501 means no.
import type pg from 'pg'
import type { JwtClaims } from '../keys/jwt.ts'

export interface AuthorizationContext {
  /** The channel name without "realtime:" (what realtime.topic() returns). */
  topic: string
  claims: JwtClaims
  /** The socket's x- headers (request.headers). */
  headers: Record<string, string>
}

export type Extension = 'broadcast' | 'presence'

export type AuthorizationResult<T> =
  | { ok: true; value: T }
  /** rls: a policy raised (Realtime answers Unauthorized); unavailable: the database could not be reached. */
  | { ok: false; error: 'rls' | 'unavailable'; detail: string }

const SETTINGS = `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
  set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
  set_config('request.jwt.claim.role', $5, true), set_config('request.headers', $6, true)`

function settings(context: AuthorizationContext): string[] {
  const { claims } = context
  return [
    String(claims.role),
    context.topic,
    JSON.stringify(claims),
    typeof claims.sub === 'string' ? claims.sub : '',
    String(claims.role),
    JSON.stringify(context.headers),
  ]
}

async function inRolledBackTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<AuthorizationResult<T>> {
  let client: pg.PoolClient
  try {
    client = await pool.connect()
  } catch (error) {
    return { ok: false, error: 'unavailable', detail: (error as Error).message }
  }
  let broken: Error | undefined
  try {
    await client.query('begin')
    return { ok: true, value: await work(client) }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code !== 'string') broken = error as Error
    return { ok: false, error: typeof code === 'string' ? 'rls' : 'unavailable', detail: (error as Error).message }
  } finally {
    await client.query('rollback').catch(() => {})
    client.release(broken)
  }
}

/** Which extensions the caller may read on the topic: probe rows visible through its SELECT policies. */
export function readAuthorization(
  pool: pg.Pool,
  context: AuthorizationContext,
): Promise<AuthorizationResult<Record<Extension, boolean>>> {
  return inRolledBackTransaction(pool, async (client) => {
    const probes = await client.query<{ id: string; extension: Extension }>(
      `insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') returning id, extension`,
      [context.topic],
    )
    await client.query(SETTINGS, settings(context))
    const visible = await client.query<{ id: string }>(
      'select id from realtime.messages where topic = $1 and id = any($2::uuid[])',
      [context.topic, probes.rows.map((row) => row.id)],
    )
    const seen = new Set(visible.rows.map((row) => row.id))
    const can = (extension: Extension) => probes.rows.some((row) => row.extension === extension && seen.has(row.id))
    return { broadcast: can('broadcast'), presence: can('presence') }
  })
}

/** Whether the caller may write the extension on the topic: its own insert passes the INSERT policies. */
export function writeAuthorization(
  pool: pg.Pool,
  context: AuthorizationContext,
  extension: Extension,
): Promise<AuthorizationResult<boolean>> {
  return inRolledBackTransaction(pool, async (client) => {
    await client.query(SETTINGS, settings(context))
    await client.query('savepoint probe')
    try {
      await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [context.topic, extension])
      return true
    } catch (error) {
      if ((error as { code?: unknown }).code === '42501') return false
      throw error
    }
  })
}
