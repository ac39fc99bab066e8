// The migration manifest: new migrations are recorded once, and a recorded one that is edited, deleted or never
// recorded fails the check with a sentence saying what to do. The real repo's history must be intact.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { migrationHistoryProblems, recordNewMigrations } from './migration-history.ts'

describe('migration history', () => {
  let dir: string
  const migration = (name: string, sql: string) => writeFileSync(path.join(dir, 'migrations', name), sql)

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'summit-migrations-'))
    mkdirSync(path.join(dir, 'migrations'))
    migration('20260101000000_create_a.sql', 'create table a ();\n')
    migration('20260102000000_create_b.sql', 'create table b ();\n')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  test('records every migration once, in sha256sum format, and is then intact', () => {
    expect(recordNewMigrations({ dir })).toEqual(['20260101000000_create_a.sql', '20260102000000_create_b.sql'])
    const manifest = readFileSync(path.join(dir, 'migrations.sha256'), 'utf8')
    expect(manifest).toMatch(/^[0-9a-f]{64} {2}migrations\/20260101000000_create_a\.sql\n[0-9a-f]{64} {2}migrations\//)
    expect(migrationHistoryProblems({ dir })).toEqual([])
    expect(recordNewMigrations({ dir })).toEqual([])
  })

  test('an edited migration fails the check, and recording again does not bless the edit', () => {
    recordNewMigrations({ dir })
    migration('20260101000000_create_a.sql', 'create table a (id int);\n')
    recordNewMigrations({ dir })
    expect(migrationHistoryProblems({ dir })).toEqual([
      '20260101000000_create_a.sql changed after it was recorded: put the change in a new migration and restore this one',
    ])
  })

  test('a deleted migration fails the check', () => {
    recordNewMigrations({ dir })
    rmSync(path.join(dir, 'migrations', '20260102000000_create_b.sql'))
    expect(migrationHistoryProblems({ dir })).toEqual([
      '20260102000000_create_b.sql was recorded but is gone: a landed migration is never deleted',
    ])
  })

  test('a migration that was never recorded fails the check until it is recorded', () => {
    recordNewMigrations({ dir })
    migration('20260103000000_create_c.sql', 'create table c ();\n')
    expect(migrationHistoryProblems({ dir })).toEqual([
      '20260103000000_create_c.sql is not recorded: run `npm run gen:types` (or `npm run migrations:record`) and commit',
    ])
    expect(recordNewMigrations({ dir })).toEqual(['20260103000000_create_c.sql'])
    expect(migrationHistoryProblems({ dir })).toEqual([])
  })
})
