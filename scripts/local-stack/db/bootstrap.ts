// Makes a fresh cluster look like a Supabase project database: runs the SQL files in ./bootstrap in name order, each
// in one transaction, as the cluster superuser. A hash of those files is kept beside the cluster so that a change
// to them rebuilds the cluster instead of leaving it half up to date.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from './pools.ts'

const bootstrapDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap')

interface SqlFile {
  name: string
  sql: string
}

function bootstrapFiles(): SqlFile[] {
  return readdirSync(bootstrapDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(bootstrapDir, name), 'utf8') }))
}

export function bootstrapHash(): string {
  const hash = createHash('sha256')
  for (const file of bootstrapFiles()) hash.update(`${file.name}\0${file.sql}\0`)
  return hash.digest('hex')
}

export function isBootstrapCurrent(markerFile: string): boolean {
  return existsSync(markerFile) && readFileSync(markerFile, 'utf8').trim() === bootstrapHash()
}

export async function applyBootstrap(url: string, markerFile: string): Promise<void> {
  const client = createClient({ url, applicationName: 'summit-bootstrap' })
  await client.connect()
  try {
    for (const file of bootstrapFiles()) {
      try {
        await client.query(`begin;\n${file.sql}\ncommit;`)
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw new Error(`bootstrap/${file.name}: ${describePgError(error, file.sql)}`, { cause: error })
      }
    }
  } finally {
    await client.end()
  }
  writeFileSync(markerFile, `${bootstrapHash()}\n`)
}

/** "message (line N)" for an error PostgreSQL reports with a character position in the given SQL. */
function describePgError(error: unknown, sql: string): string {
  const { message, position } = error as { message: string; position?: string }
  if (!position) return message
  // The statement was sent after a one-line "begin;", hence the - 1.
  const line = ('begin;\n' + sql).slice(0, Number(position)).split('\n').length - 1
  return `${message} (line ${line})`
}
