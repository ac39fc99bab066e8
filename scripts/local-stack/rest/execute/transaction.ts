// One request, one transaction, one round trip: the request's settings (role, JWT claims, method, path, headers,
// search_path, read-only for GET/HEAD) are applied by a first statement and the query follows in the same
// pipeline. Requests whose outcome decides commit or rollback (single object, max-affected, PUT) open the
// transaction explicitly and finish it in a second round trip.
import type { ApiError } from '../errors.ts'
import { stallTimeoutMs, statementName, type RestPool, type SqlStatement } from './database.ts'
import type { Rows } from './pipeline.ts'

export interface MainRow {
  total: number | null
  pageTotal: number
  body: string
  headers: string | null
  status: string | null
  location: string | null
  inserted: number | null
}

/** What a run gives the render step: the main statement's row and the planner's estimate, when one was asked. */
export interface RunResult {
  row: MainRow
  planned?: number
}

export interface RequestRun {
  settings: [string, string][]
  main: SqlStatement
  explain?: SqlStatement
  readOnly: boolean
  /** Prefer: tx=rollback */
  rollback: boolean
  /** Decides, from the result, whether the transaction must be undone with an error. */
  check?: (row: MainRow) => ApiError | undefined
}

/**
 * `SELECT set_config($1, $2, true), ...`: names and values are both parameters; the text depends on the count only,
 * so each count's text and statement name are made once.
 */
const setups: { text: string; name: string }[] = []
function setupStatement(pairs: number): { text: string; name: string } {
  let setup = setups[pairs]
  if (!setup) {
    const text = `SELECT ${Array.from({ length: pairs }, (_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`
    setup = setups[pairs] = { text, name: statementName(text) }
  }
  return setup
}

function toMainRow(rows: Rows | undefined): MainRow {
  const r = rows?.[0] ?? []
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v))
  return {
    total: num(r[0]),
    pageTotal: num(r[1]) ?? 0,
    body: r[2] ?? '',
    headers: r[3] ?? null,
    status: r[4] ?? null,
    location: r[5] ?? null,
    inserted: num(r[6]),
  }
}

/** The row estimate of an EXPLAIN (FORMAT JSON). */
function plannedRows(rows: Rows | undefined): number | undefined {
  if (!rows) return undefined
  try {
    const plan = JSON.parse(rows?.[0]?.[0] ?? '') as [{ Plan: { 'Plan Rows': number } }]
    return plan[0].Plan['Plan Rows']
  } catch {
    return undefined
  }
}

export async function runRequest(db: RestPool, run: RequestRun): Promise<RunResult> {
  const settings: [string, string][] = run.readOnly ? [...run.settings, ['transaction_read_only', 'on']] : run.settings
  const setup: SqlStatement = { ...setupStatement(settings.length), values: settings.flat() }
  const work = [setup, run.main, ...(run.explain ? [run.explain] : [])]
  const timeout = stallTimeoutMs(settings)
  return db.withClient(async (client) => {
    if (!run.check) {
      const results = await db.pipeline(
        client,
        [...work, ...(run.rollback ? [{ text: 'ROLLBACK', values: [] }] : [])],
        timeout,
      )
      return { row: toMainRow(results[1]), planned: plannedRows(results[2]) }
    }
    let results: Rows[]
    try {
      results = await db.pipeline(client, [{ text: 'BEGIN', values: [] }, ...work], timeout)
    } catch (error) {
      await db.pipeline(client, [{ text: 'ROLLBACK', values: [] }], timeout).catch(() => {})
      throw error
    }
    const row = toMainRow(results[2])
    const failure = run.check(row)
    await db.pipeline(client, [{ text: failure || run.rollback ? 'ROLLBACK' : 'COMMIT', values: [] }], timeout)
    if (failure) throw failure
    return { row, planned: plannedRows(results[3]) }
  })
}
