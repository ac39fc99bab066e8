// expandSeedPaths: plain paths and globs from config.toml resolve to the files the CLI would run, in its order.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { expandSeedPaths } from './seed-paths.ts'

describe('expandSeedPaths', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-paths-'))
  mkdirSync(path.join(dir, 'seeds'))
  for (const name of ['seed.sql', 'seeds/b.sql', 'seeds/a.sql', 'seeds/notes.txt'])
    writeFileSync(path.join(dir, name), '')

  it('keeps listed files in order and sorts a glob’s matches by name', () => {
    expect(expandSeedPaths(dir, ['./seed.sql', './seeds/*.sql'])).toEqual([
      path.join(dir, 'seed.sql'),
      path.join(dir, 'seeds/a.sql'),
      path.join(dir, 'seeds/b.sql'),
    ])
  })

  it('runs a file matched twice once, where it first appears', () => {
    expect(expandSeedPaths(dir, ['./seeds/b.sql', './seeds/*.sql'])).toEqual([
      path.join(dir, 'seeds/b.sql'),
      path.join(dir, 'seeds/a.sql'),
    ])
  })

  it('skips missing files and globs that match nothing', () => {
    expect(expandSeedPaths(dir, ['./missing.sql', './none/*.sql', './seeds/*.psql'])).toEqual([])
  })
})
