// The schema view: supabase/schema-view/<schema>/{tables,views,functions}/<name>.sql, one file per object of the
// app's schemas as the database holds it after every migration, plus <schema>/policies.sql for the rules the
// migrations put on the platform's tables. `npm run gen:types` writes it beside the types; `npm test` fails on drift.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { readPlatformRules, readRoutines, readTables, readTypes, readViews } from './catalog.ts'
import { migrationHistory } from './history.ts'
import { renderSchemaView } from './render.ts'

/** Schemas the platform owns (or that tools and tests create): only their rules from migrations are shown. */
const notTheApps = new Set([
  'auth',
  'storage',
  'realtime',
  'extensions',
  'graphql',
  'graphql_public',
  'vault',
  'pgsodium',
  'pgsodium_masks',
  'net',
  'cron',
  'pgbouncer',
  'supabase_functions',
  'supabase_migrations',
  '_realtime',
  '_supautils',
  'pgtle',
  'information_schema',
  'tests',
])
export const platformSchemas = ['auth', 'realtime', 'storage']

export interface SchemaViewOptions {
  /** The app's schemas; by default every schema that neither PostgreSQL nor the platform owns. */
  schemas?: string[]
  migrationsDir: string
}

async function appSchemas(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
     where nspname !~ '^pg_' and not exists (select 1 from pg_depend e where e.objid = pg_namespace.oid and e.deptype = 'e')
     order by nspname collate "C"`,
  )
  return rows.map((row) => row.name).filter((name) => !notTheApps.has(name))
}

/** The view of the database at `dbUrl`: relative path → content. */
export async function generateSchemaView(dbUrl: string, options: SchemaViewOptions): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    // Expressions and types are printed relative to the search path: an empty one names every schema, whoever runs it.
    await client.query("set search_path = ''")
    const schemas = options.schemas ?? (await appSchemas(client))
    const catalog = {
      tables: await readTables(client, schemas),
      views: await readViews(client, schemas),
      routines: await readRoutines(client, schemas),
      types: await readTypes(client, schemas),
      platform: await readPlatformRules(client, platformSchemas, schemas),
    }
    return renderSchemaView(catalog, migrationHistory(options.migrationsDir))
  } finally {
    await client.end()
  }
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
}

/** Files that differ from the expected view, are missing, or should not be there, relative to `dir`. */
export function staleSchemaViewFiles(dir: string, expected: Map<string, string>): string[] {
  const stale = new Set<string>()
  for (const [file, content] of expected) {
    const full = path.join(dir, file)
    if (!existsSync(full) || readFileSync(full, 'utf8') !== content) stale.add(file)
  }
  for (const file of filesUnder(dir)) if (!expected.has(file)) stale.add(file)
  return [...stale].sort()
}

/** Writes the view, removing files of objects that no longer exist. */
export function writeSchemaView(dir: string, view: Map<string, string>): void {
  for (const file of filesUnder(dir)) if (!view.has(file)) rmSync(path.join(dir, file))
  for (const [file, content] of view) {
    const full = path.join(dir, file)
    mkdirSync(path.dirname(full), { recursive: true })
    if (!existsSync(full) || readFileSync(full, 'utf8') !== content) writeFileSync(full, content)
  }
}
