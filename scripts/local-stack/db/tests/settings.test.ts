// The database runs with the settings of Supabase's postgresql.conf that change what a query returns or how it is
// planned, then config.toml's [db.settings] on top, as `supabase start` appends them. Checked on a throw-away
// cluster through what a client sees: SHOW, a float's text, EXPLAIN's settings.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cluster } from '../cluster.ts'
import { freePort } from '../../rest/testing/scratch-cluster.ts'

describe('database settings', () => {
  let dir: string
  let cluster: Cluster
  let client: pg.Client

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'summit-settings-'))
    cluster = new Cluster({
      dir,
      port: await freePort(),
      durable: false,
      settings: { work_mem: '8MB', statement_timeout: '9s' },
    })
    await cluster.init()
    await cluster.start()
    client = new pg.Client({ connectionString: cluster.adminUrl() })
    await client.connect()
  }, 120_000)

  afterAll(async () => {
    await client?.end()
    await cluster?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const show = async (name: string) =>
    (await client.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0]!.value

  it("runs with Supabase's planner cache size, UTC and English text search", async () => {
    expect(await show('effective_cache_size')).toBe('128MB')
    expect(await show('timezone')).toBe('UTC')
    expect(await show('default_text_search_config')).toBe('pg_catalog.english')
    const { rows } = await client.query<{ words: string }>(
      "select to_tsvector('Learners finished the courses')::text as words",
    )
    expect(rows[0]!.words).toBe("'cours':4 'finish':2 'learner':1")
  })

  it('prints floats with 15 significant digits, as extra_float_digits = 0 does there', async () => {
    const { rows } = await client.query<{ sum: string }>('select (0.1::float8 + 0.2::float8)::text as sum')
    expect(rows[0]!.sum).toBe('0.3')
  })

  it("applies [db.settings] last, and EXPLAIN's settings show what differs from PostgreSQL's defaults", async () => {
    expect(await show('work_mem')).toBe('8MB')
    expect(await show('statement_timeout')).toBe('9s')
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Settings: Record<string, string> }] }>(
      'explain (settings, format json) select 1',
    )
    expect(rows[0]!['QUERY PLAN'][0].Settings).toMatchObject({ effective_cache_size: '128MB', work_mem: '8MB' })
  })
})
