import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './index.ts'

function tomlFile(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'summit-config-')), 'config.toml')
  writeFileSync(file, content)
  return file
}

describe('loadConfig', () => {
  it('reads the project config with the ports and auth rules of supabase start', () => {
    const config = loadConfig()
    expect(config.projectId).toBe('summit')
    expect(config.api.port).toBe(54321)
    expect(config.db.port).toBe(54322)
    expect(config.db.majorVersion).toBe(17)
    expect(config.inbox.port).toBe(54324)
    expect(config.auth.siteUrl).toBe('http://127.0.0.1:5173')
    expect(config.auth.minimumPasswordLength).toBe(8)
    expect(config.auth.enableConfirmations).toBe(true)
    expect(config.db.seedPaths).toEqual(['./seed.sql'])
  })

  it('falls back to the CLI defaults for settings a config leaves out', () => {
    const config = loadConfig(tomlFile('project_id = "bare"\n'))
    expect(config.api.port).toBe(54321)
    expect(config.api.schemas).toEqual(['public', 'graphql_public'])
    expect(config.auth.minimumPasswordLength).toBe(6)
  })

  it('names the setting whose type is wrong', () => {
    expect(() => loadConfig(tomlFile('[db]\nport = "54322"\n'))).toThrow('"port" should be a number')
  })

  it('says which file could not be parsed', () => {
    expect(() => loadConfig(tomlFile('[db\nport = 1\n'))).toThrow(/Could not read .*config\.toml/)
  })
})
