// Runs an Auth hook as GoTrue v2.189's hooks manager does. A Postgres function runs in a transaction of its own on
// Auth's connection (so as supabase_auth_admin, which needs EXECUTE on it and rights on whatever it touches), as
// `select "<schema>"."<function>"($1)` with the JSON payload, under `set local statement_timeout` of 2 s. Anything
// that goes wrong there (the function missing or not executable, an exception, the timeout) answers 500
// unexpected_failure "Error running hook URI: <uri>"; an `error` object in the answer is the hook's own refusal.
import type { AuthHook } from '../../config/auth-hooks.ts'
import { isConnectionError } from '../../db/pools.ts'
import type { AuthContext } from '../context.ts'
import { AuthError } from '../errors.ts'
import { runHttpHook } from './http.ts'
import { checkHookError } from './output.ts'

/** GoTrue's hookspgfunc default timeout, in milliseconds. */
export const pgFunctionHookTimeoutMs = 2000

/** The hook's answer, parsed from JSON (null when it answered nothing); refusals and failures are thrown. */
export async function dispatchHook(context: AuthContext, hook: AuthHook, payload: unknown): Promise<unknown> {
  try {
    const response =
      hook.kind === 'pg-function' ? await runPgFunction(context, hook, payload) : await runHttpHook(hook, payload)
    checkHookError(response)
    return response
  } catch (error) {
    if (error instanceof AuthError) throw error
    // The database away answers 503 like every other Auth request here.
    if (isConnectionError(error)) throw error
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`, {}, { cause: error })
  }
}

async function runPgFunction(
  context: AuthContext,
  hook: Extract<AuthHook, { kind: 'pg-function' }>,
  payload: unknown,
): Promise<unknown> {
  const client = await context.db.connect()
  try {
    // GoTrue's five statements in three round trips: a password sign-in pays for this on every attempt.
    try {
      await client.query(`begin; set local statement_timeout to '${Math.round(context.hookTimeoutMs)}'`)
      // The names were checked against GoTrue's pattern when config.toml was read; quoted as GoTrue's %q does.
      const { rows } = await client.query<[string | null]>({
        text: `select "${hook.schema}"."${hook.name}"($1)`,
        values: [JSON.stringify(payload)],
        rowMode: 'array',
        // The answer is read as text, whatever the function's return type, as GoTrue scans it into bytes.
        types: { getTypeParser: () => (value: string) => value },
      })
      await client.query('set local statement_timeout to default; commit')
      const text = rows[0]?.[0] ?? null
      return text === null ? null : parseAnswer(text)
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    }
  } finally {
    client.release()
  }
}

/** A function answering something that is not JSON (a plain text return type) fails like GoTrue's decoding. */
function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AuthError(500, 'unexpected_failure', 'Error unmarshaling JSON output.')
  }
}
