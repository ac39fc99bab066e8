// Integration: a migration or seed that fails leaves the database as it was. Runs against the cluster `npm test`
// starts, in a database of its own, with a project folder of its own.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/index.ts'
import { repoRoot } from '../paths.ts'
import {
  MigrationError,
  recoverInterruptedMigration,
  resetDatabase,
  resetNewDatabase,
  syncMigrations,
} from './migrations.ts'

const clusterUrl = process.env.SUMMIT_TEST_DB_URL
const database = 'migration_failure_test'

describe.skipIf(!clusterUrl)('migrations that fail', () => {
  let url: string
  let admin: pg.Client
  let workdir: string

  const migration = (name: string, sql: string) =>
    writeFileSync(path.join(workdir, 'supabase', 'migrations', name), sql)
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    // The reset ends every session on the database, these too: a session ended between queries reports it as an
    // 'error' event, which would otherwise be uncaught; a failed query still rejects.
    client.on('error', () => {})
    await client.connect()
    try {
      return (await client.query(sql)).rows
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    const target = new URL(clusterUrl!)
    target.pathname = `/${database}`
    url = target.toString()
    target.pathname = '/template1'
    admin = new pg.Client({ connectionString: target.toString() })
    await admin.connect()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.query(`create database ${database}`)
    workdir = mkdtempSync(path.join(tmpdir(), 'summit-migrations-'))
    mkdirSync(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
    cpSync(path.join(repoRoot, 'supabase', 'config.toml'), path.join(workdir, 'supabase', 'config.toml'))
    // The CLI reads every file config.toml names (the Auth email templates) before it resets anything.
    cpSync(path.join(repoRoot, 'supabase', 'templates'), path.join(workdir, 'supabase', 'templates'), {
      recursive: true,
    })
    migration('20260101000000_create_notes.sql', 'create table public.notes (body text not null);')
    writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), `insert into public.notes values ('seeded');`)
    await resetDatabase(url, { workdir })
  })

  afterAll(async () => {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  })

  it('starts from a database with the seed applied, and knows it is up to date', async () => {
    expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
    expect(await syncMigrations(url, loadConfig(), { workdir })).toEqual({ kind: 'up-to-date', seedChanged: false })
  })

  it('keeps the data when a new migration fails, and names the file and the error', async () => {
    await query(`insert into public.notes values ('written by hand')`)
    migration('20260102000000_broken.sql', 'alter table public.notes add column extra int;\nselect no_such_function();')
    const error = await syncMigrations(url, loadConfig(), { workdir }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as Error).message).toContain('20260102000000_broken.sql')
    expect((error as Error).message).toContain('no_such_function() does not exist')
    expect(await query('select body from public.notes order by body')).toEqual([
      { body: 'seeded' },
      { body: 'written by hand' },
    ])
    const columns = await query(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'notes'`,
    )
    expect(columns).toEqual([{ column_name: 'body' }])
  })

  it('keeps the data when a reset fails in the seed', async () => {
    migration('20260102000000_broken.sql', 'alter table public.notes add column extra int;')
    writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), `insert into public.notes (nope) values ('x');`)
    const error = await resetDatabase(url, { workdir }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as Error).message).toContain('seed.sql')
    expect((error as Error).message).toContain('column "nope" of relation "notes" does not exist')
    expect(await query('select body from public.notes order by body')).toEqual([
      { body: 'seeded' },
      { body: 'written by hand' },
    ])
  })

  it('resets while clients keep connecting to the database', async () => {
    writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), `insert into public.notes values ('seeded');`)
    let stop = false
    const traffic = (async () => {
      while (!stop) {
        await query('select 1').catch(() => {})
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    try {
      await resetDatabase(url, { workdir })
    } finally {
      stop = true
      await traffic
    }
    expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
  })

  it('puts the database back as it was when an attempt was interrupted', async () => {
    expect(await recoverInterruptedMigration(url)).toBe(false)
    // What withBackup leaves behind when the process dies in the middle of a migration.
    await admin.query(`create database ${database}_before_migrating template ${database}`)
    await query(`insert into public.notes values ('half-migrated')`)
    expect(await recoverInterruptedMigration(url)).toBe(true)
    expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
    expect(await recoverInterruptedMigration(url)).toBe(false)
  })

  describe('a new database', () => {
    const fresh = `${database}_new`
    const freshUrl = () => Object.assign(new URL(url), { pathname: `/${fresh}` }).toString()
    afterAll(async () => {
      await admin.query(`drop database if exists ${fresh} with (force)`)
    })

    it('is reset by a CLI started before it exists, whose connection waits for it', async () => {
      await admin.query(`drop database if exists ${fresh} with (force)`)
      writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), `insert into public.notes values ('seeded new');`)
      // Made only after the CLI has started (its own start takes about half a second), as a cold start makes it.
      const made = new Promise((resolve) => setTimeout(resolve, 1_000)).then(() =>
        admin.query(`create database ${fresh}`),
      )
      await resetNewDatabase(freshUrl(), made, { workdir })
      const client = new pg.Client({ connectionString: freshUrl() })
      await client.connect()
      try {
        expect((await client.query('select body from public.notes')).rows).toEqual([{ body: 'seeded new' }])
      } finally {
        await client.end()
      }
    })

    it('fails, with the reason, when making the database failed', async () => {
      const made = new Promise((_, reject) => setTimeout(() => reject(new Error('initdb failed')), 200))
      const error = await resetNewDatabase(freshUrl(), made, { workdir }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as Error).message).toContain('The new database was discarded')
    })
  })
})
