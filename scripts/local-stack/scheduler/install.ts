// Puts the stack's pg_cron and pg_net (SQL-only stand-ins, see README.md) into the PostgreSQL install's extension
// folder, so `create extension pg_cron` and `create extension pg_net` in a migration work as on a hosted project.
// Run at every start: npm reinstalling PostgreSQL loses them, and a changed file here must replace the old one.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pgBinaries } from '../db/index.ts'

const sourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'extension')

/** Copies the control and SQL files that are missing or differ; returns the names it wrote. */
export function installSchedulerExtensions(extensionDir = pgBinaries().extensionDir): string[] {
  const written: string[] = []
  for (const name of readdirSync(sourceDir)) {
    if (!name.endsWith('.control') && !name.endsWith('.sql')) continue
    const text = readFileSync(path.join(sourceDir, name), 'utf8')
    const target = path.join(extensionDir, name)
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue
    writeFileSync(target, text)
    written.push(name)
  }
  return written
}
