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
  /** For an EXPLAIN run: its output, one line per row, each ended by a newline. */
  plan?: string
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
  /** The main statement is an EXPLAIN: its rows are the answer. */
  plan?: boolean
  /** db-pre-request: the function called after the settings, before the main statement. */
  preRequest?: SqlStatement
  /** The isolation level the transaction begins with (PostgREST's planIsoLvl), when not read committed. */
  isolation?: 'repeatable read' | 'serializable'
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

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v))

function toMainRow(rows: Rows | undefined): MainRow {
  const r = rows?.[0] ?? []
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

/**
 * How a transaction is rolled back on request (Prefer: tx=rollback, db-tx-end): deferred constraints are checked
 * first, as PostgREST does, so a write that could never commit still answers its error.
 */
const rollback: SqlStatement[] = [
  { text: 'SET CONSTRAINTS ALL IMMEDIATE', values: [] },
  { text: 'ROLLBACK', values: [] },
]

/** EXPLAIN's rows joined as PostgREST joins them (one JSON row, or one text row per plan line). */
function planText(rows: Rows | undefined): string {
  return (rows ?? []).map((r) => `${r[0] ?? ''}\n`).join('')
}

export async function runRequest(db: RestPool, run: RequestRun): Promise<RunResult> {
  const settings: [string, string][] = run.readOnly ? [...run.settings, ['transaction_read_only', 'on']] : run.settings
  const setup: SqlStatement = { ...setupStatement(settings.length), values: settings.flat() }
  const work = [setup, ...(run.preRequest ? [run.preRequest] : []), run.main, ...(run.explain ? [run.explain] : [])]
  // Where the main statement's result is among the pipeline's (after the settings and the pre-request call).
  const main = run.preRequest ? 2 : 1
  const timeout = stallTimeoutMs(settings)
  return db.withClient(async (client) => {
    if (!run.check && !run.isolation) {
      const results = await db.pipeline(client, [...work, ...(run.rollback ? rollback : [])], timeout)
      if (run.plan) return { row: toMainRow(undefined), plan: planText(results[main]) }
      return { row: toMainRow(results[main]), planned: plannedRows(results[main + 1]) }
    }
    // An explicit transaction: to decide from the result before committing, or to begin at an isolation level.
    const begin = run.isolation ? `BEGIN ISOLATION LEVEL ${run.isolation.toUpperCase()}` : 'BEGIN'
    let results: Rows[]
    try {
      results = await db.pipeline(client, [{ text: begin, values: [] }, ...work], timeout)
    } catch (error) {
      await db.pipeline(client, [{ text: 'ROLLBACK', values: [] }], timeout).catch(() => {})
      throw error
    }
    const row = toMainRow(run.plan ? undefined : results[main + 1])
    const failure = run.check?.(row)
    if (!failure && run.rollback) {
      try {
        await db.pipeline(client, rollback, timeout)
      } catch (error) {
        await db.pipeline(client, [{ text: 'ROLLBACK', values: [] }], timeout).catch(() => {})
        throw error
      }
    } else {
      await db.pipeline(client, [{ text: failure ? 'ROLLBACK' : 'COMMIT', values: [] }], timeout)
    }
    if (failure) throw failure
    if (run.plan) return { row, plan: planText(results[main + 1]) }
    return { row, planned: plannedRows(results[main + 2]) }
  })
}
