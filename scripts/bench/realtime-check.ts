// Where a change to many subscribers spends its time in the database: realtime.apply_rls() as the real server calls
// it (one call, every subscriber probed on one connection) beside the service's check (its copy of apply_rls(), the
// subscribers shared out between connections), alternately on the same subscriptions and row, medians of each.
import pg from 'pg'
import { BatchApplyRls, type BatchItem } from '../local-stack/realtime/changes/apply-rls.ts'
import { PARTS } from '../local-stack/realtime/changes/dispatcher.ts'
import { mergeParts, splitBatch } from '../local-stack/realtime/changes/split.ts'

const MAX_RECORD_BYTES = 1024 * 1024

export interface CheckTimes {
  subscribers: number
  parts: number
  /** ms per call of realtime.apply_rls(), and of the service's check. */
  original: number[]
  service: number[]
  /** Whether both let the same subscribers see the change, every round. */
  same: boolean
}

/** The INSERT of bench.items row `id` (room 1) as the wal2json record apply_rls() takes. */
function insertRecord(id: number) {
  const column = (name: string, typeoid: number) => ({ name, type: String(typeoid), typeoid })
  return {
    action: 'I',
    schema: 'bench',
    table: 'items',
    timestamp: new Date().toISOString().replace('T', ' ').replace('Z', '+00'),
    columns: [
      { ...column('id', 20), value: String(id) },
      { ...column('room', 23), value: '1' },
      { ...column('body', 25), value: 'change' },
    ],
    identity: [],
    pk: [column('id', 20)],
  }
}

/** Times both checks of the insert of row `id` (which must exist) for the subscribers of bench.items now. */
export async function checkTimes(dbUrl: string, id: number, rounds = 15): Promise<CheckTimes> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: PARTS + 1 })
  pool.on('error', () => {})
  try {
    const { rows } = await pool.query<{ id: string }>(
      `select subscription_id::text as id from realtime.subscription where entity = 'bench.items'::regclass`,
    )
    const candidates = rows.map((row) => row.id)
    const wal = insertRecord(id)
    const items: BatchItem[] = [{ wal, candidates }]
    const batch = new BatchApplyRls(pool, (message) => process.stderr.write(`${message}\n`))
    // Each subscriber of the benchmark has a socket of its own.
    const parts = splitBatch(items, PARTS, (uuid) => uuid)
    const original = async () => {
      const result = await pool.query<{ subscription_ids: string[] }>(
        'select subscription_ids from realtime.apply_rls($1::jsonb, $2)',
        [JSON.stringify(wal), MAX_RECORD_BYTES],
      )
      return result.rows.flatMap((row) => row.subscription_ids)
    }
    const service = async () => {
      const answers = await Promise.all(parts.map((part) => batch.run(part, MAX_RECORD_BYTES)))
      return (mergeParts(answers) ?? []).flatMap((row) => row.subscription_ids ?? [])
    }
    // The first calls prepare each connection (the temporary function, the plans): not timed.
    await Promise.all([original(), service(), service()])
    const times: CheckTimes = {
      subscribers: candidates.length,
      parts: parts.length,
      original: [],
      service: [],
      same: true,
    }
    for (let round = 0; round < rounds; round++) {
      let started = performance.now()
      const a = await original()
      times.original.push(performance.now() - started)
      started = performance.now()
      const b = await service()
      times.service.push(performance.now() - started)
      if ([...a].sort().join() !== [...b].sort().join()) times.same = false
    }
    return times
  } finally {
    await pool.end()
  }
}
