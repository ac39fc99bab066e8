// A landed migration is history: every database it ran on has it as it was. supabase/migrations.sha256 records the
// SHA-256 of each migration when it is first recorded (by `npm run gen:types`, or `npm run migrations:record`), and
// `npm test` fails when a recorded migration changed or vanished, or when a migration was never recorded.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { supabaseDir } from './local-stack/paths.ts'

export const manifestFile = path.join(supabaseDir, 'migrations.sha256')

export interface Layout {
  /** The supabase/ folder: migrations/ inside it, the manifest beside it. */
  dir: string
}

const defaultLayout: Layout = { dir: supabaseDir }
const manifestPath = (layout: Layout) => path.join(layout.dir, 'migrations.sha256')

/** The migrations on disk, in the order the CLI applies them (file name order), with their hashes. */
function migrationsOnDisk(layout: Layout): Map<string, string> {
  const dir = path.join(layout.dir, 'migrations')
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort()
    : []
  return new Map(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  )
}

/** The manifest, in `sha256sum` format ("<hash>  migrations/<file>"), so `sha256sum -c` can check it too. */
function readManifest(layout: Layout): Map<string, string> {
  const file = manifestPath(layout)
  if (!existsSync(file)) return new Map()
  const entries = new Map<string, string>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}migrations\/(.+)$/.exec(line.trim())
    if (match) entries.set(match[2]!, match[1]!)
  }
  return entries
}

/** What breaks the rule, one sentence each; empty when history is intact. */
export function migrationHistoryProblems(layout: Layout = defaultLayout): string[] {
  const recorded = readManifest(layout)
  const onDisk = migrationsOnDisk(layout)
  const problems: string[] = []
  for (const [file, hash] of recorded) {
    const now = onDisk.get(file)
    if (now === undefined) problems.push(`${file} was recorded but is gone: a landed migration is never deleted`)
    else if (now !== hash) {
      problems.push(`${file} changed after it was recorded: put the change in a new migration and restore this one`)
    }
  }
  for (const file of onDisk.keys()) {
    if (!recorded.has(file)) {
      problems.push(`${file} is not recorded: run \`npm run gen:types\` (or \`npm run migrations:record\`) and commit`)
    }
  }
  return problems
}

/** Adds the migrations not yet recorded; never rewrites an entry. Returns the files it added. */
export function recordNewMigrations(layout: Layout = defaultLayout): string[] {
  const recorded = readManifest(layout)
  const added = [...migrationsOnDisk(layout)].filter(([file]) => !recorded.has(file))
  for (const [file, hash] of added) recorded.set(file, hash)
  const lines = [...recorded]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, hash]) => `${hash}  migrations/${file}`)
  writeFileSync(manifestPath(layout), `${lines.join('\n')}\n`)
  return added.map(([file]) => file)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const added = recordNewMigrations()
  process.stdout.write(added.length > 0 ? `Recorded ${added.join(', ')}.\n` : 'Every migration was already recorded.\n')
  const problems = migrationHistoryProblems()
  for (const problem of problems) process.stderr.write(`${problem}\n`)
  if (problems.length > 0) process.exitCode = 1
}
