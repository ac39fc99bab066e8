// Applies supabase/migrations and the seed with the real Supabase CLI, keeping a copy of the previous database so that
// a failing migration or seed leaves the data as it was — with Realtime's replication paused meanwhile, since a
// database with an active replication slot can be neither copied nor dropped.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import type { StackConfig } from '../config/index.ts'
import { repoRoot } from '../paths.ts'
import { asSuperuser } from './cluster.ts'
import { CliError, supabase } from './supabase-cli.ts'
import { createClient } from './pools.ts'
import { emptyRecreatedTables } from './recreated-tables.ts'
import { expandSeedPaths } from './seed-paths.ts'

/** What holds a replication slot on the database (the Realtime service), paused while migrations run. */
export interface ReplicationControl {
  pauseReplication(): Promise<void>
  resumeReplication(): void
}

export interface MigrationOptions {
  /** The folder holding supabase/: the repo, unless a test points elsewhere. */
  workdir?: string
  replication?: ReplicationControl
}

export interface LocalMigration {
  version: string
  name: string
}

export function localMigrations(workdir = repoRoot): LocalMigration[] {
  const dir = path.join(workdir, 'supabase', 'migrations')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((file) => /^(\d+)_(.+)\.sql$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, version, name]) => ({ version: version!, name: name! }))
    .sort((a, b) => a.version.localeCompare(b.version))
}

/** sha256 of each seed file the config names, keyed as the CLI records them in supabase_migrations.seed_files. */
function localSeeds(config: StackConfig, workdir: string): Map<string, string> {
  const seeds = new Map<string, string>()
  if (!config.db.seedEnabled) return seeds
  const supabaseDir = path.join(workdir, 'supabase')
  for (const file of expandSeedPaths(supabaseDir, config.db.seedPaths)) {
    // Keyed as the CLI keys them: relative to the folder holding supabase/ ("supabase/seed.sql").
    seeds.set(path.relative(workdir, file), createHash('sha256').update(readFileSync(file)).digest('hex'))
  }
  return seeds
}

interface AppliedState {
  versions: string[]
  seeds: Map<string, string>
}

async function appliedState(url: string): Promise<AppliedState | undefined> {
  const client = createClient({ url, applicationName: 'summit-migrations' })
  await client.connect()
  try {
    const { rows } = await client.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
    )
    if (!rows[0]?.present) return undefined
    const versions = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    )
    const seeds = new Map<string, string>()
    const hasSeeds = await client.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.seed_files') is not null as present`,
    )
    if (hasSeeds.rows[0]?.present) {
      const seedRows = await client.query<{ path: string; hash: string }>(
        'select path, hash from supabase_migrations.seed_files',
      )
      for (const row of seedRows.rows) seeds.set(row.path, row.hash)
    }
    return { versions: versions.rows.map((r) => r.version), seeds }
  } finally {
    await client.end()
  }
}

export type SyncOutcome =
  | { kind: 'up-to-date'; seedChanged: boolean }
  | { kind: 'applied'; versions: string[] }
  | { kind: 'reset' }
  | { kind: 'diverged'; detail: string }

/**
 * Brings the database to the migrations on disk without losing data: a fresh database is reset (migrations and
 * seed); new migrations are applied with `migration up`; a history that no longer matches the files is reported,
 * not silently rebuilt.
 */
export async function syncMigrations(
  url: string,
  config: StackConfig,
  options: MigrationOptions = {},
): Promise<SyncOutcome> {
  const workdir = options.workdir ?? repoRoot
  const state = await appliedState(url)
  if (!state) {
    await resetDatabase(url, options)
    return { kind: 'reset' }
  }
  const local = localMigrations(workdir).map((m) => m.version)
  const missing = state.versions.filter((v) => !local.includes(v))
  if (missing.length > 0) {
    return { kind: 'diverged', detail: `applied migrations no longer in supabase/migrations: ${missing.join(', ')}` }
  }
  const pending = local.filter((v) => !state.versions.includes(v))
  const newestApplied = state.versions.at(-1) ?? ''
  const outOfOrder = pending.filter((v) => v < newestApplied)
  if (outOfOrder.length > 0) {
    return { kind: 'diverged', detail: `new migrations older than the last applied one: ${outOfOrder.join(', ')}` }
  }
  if (pending.length === 0) {
    const seeds = localSeeds(config, workdir)
    const seedChanged = [...seeds].some(([file, hash]) => state.seeds.get(file) !== hash)
    return { kind: 'up-to-date', seedChanged }
  }
  await withBackup(url, options.replication, () => supabase(['migration', 'up', '--yes'], url, { workdir }))
  return { kind: 'applied', versions: pending }
}

/**
 * `supabase db reset`: the CLI's reset of a database it does not run (`--remote`) drops what migrations made and
 * empties auth; the rest of what its local reset recreates (Storage's and Realtime's data) is emptied first, then
 * every migration and the seed are applied. The config.toml buckets are the caller's to seed again afterwards.
 */
export async function resetDatabase(url: string, options: MigrationOptions = {}): Promise<void> {
  await withBackup(url, options.replication, async () => {
    // The CLI's local reset recreates the database as the superuser; emptying Storage's and Realtime's tables is
    // that part of it.
    const client = createClient({ url: asSuperuser(url), applicationName: 'summit-migrations' })
    await client.connect()
    try {
      await emptyRecreatedTables(client)
    } finally {
      await client.end()
    }
    await supabase(['db', 'reset', '--yes'], url, { workdir: options.workdir })
  })
}

/**
 * `supabase db reset` on a database that is new, or still being made (`ready` resolves once it is bootstrapped): the
 * CLI starts at once and its connections wait for the database, so its own start overlaps the cluster's creation.
 * There is nothing in the database to keep, so no copy is made; if this fails, the caller discards the cluster.
 */
export async function resetNewDatabase(
  url: string,
  ready: Promise<unknown>,
  options: Pick<MigrationOptions, 'workdir'> = {},
): Promise<void> {
  try {
    await supabase(['db', 'reset', '--yes'], url, { workdir: options.workdir, databaseReady: ready })
  } catch (error) {
    if (error instanceof CliError) {
      throw new MigrationError(error, 'The new database was discarded; the next start makes it again.')
    }
    throw error
  }
}

/** The copy withBackup keeps of `database` while migrations run. */
function backupName(database: string): string {
  return `${database}_before_migrating`
}

/** A superuser session on template1: copying, dropping and renaming the database need one (no Supabase role does). */
function adminClient(url: string): { admin: pg.Client; database: string } {
  const database = decodeURIComponent(new URL(url).pathname.slice(1))
  const adminUrl = new URL(asSuperuser(url))
  adminUrl.pathname = '/template1'
  return { admin: createClient({ url: adminUrl.toString(), applicationName: 'summit-migrations' }), database }
}

/**
 * Copies the database of `url` aside, runs `work`, and puts the copy back if it fails. Copying needs the database to
 * have no other connections, so new ones are refused for that moment and open ones closed (services reconnect).
 * Replication stays paused from before the copy until the outcome is settled, then resumes either way.
 */
async function withBackup(
  url: string,
  replication: ReplicationControl | undefined,
  work: () => Promise<unknown>,
): Promise<void> {
  const { admin, database } = adminClient(url)
  const quoted = (name: string) => admin.escapeIdentifier(name)
  const backup = backupName(database)
  await replication?.pauseReplication()
  try {
    await admin.connect()
  } catch (error) {
    replication?.resumeReplication()
    throw error
  }
  try {
    await admin.query(`drop database if exists ${quoted(backup)} with (force)`)
    await admin.query(`alter database ${quoted(database)} allow_connections false`)
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      )
      // The copy is made by the superuser; it keeps the owner (and so the owner of `public`) of the original.
      const { rows } = await admin.query<{ owner: string }>(
        'select datdba::regrole::text as owner from pg_database where datname = $1',
        [database],
      )
      await admin.query(`create database ${quoted(backup)} template ${quoted(database)} owner ${rows[0]!.owner}`)
    } finally {
      await admin.query(`alter database ${quoted(database)} allow_connections true`)
    }
    try {
      await work()
    } catch (error) {
      try {
        await restore(admin, database)
      } catch (restoreError) {
        // The copy stays; the next start puts it back (recoverInterruptedMigration). The cause comes first.
        throw new Error(
          `${(error as Error).message}\n\nPutting the previous database back failed too (${(restoreError as Error).message}); ` +
            `it is kept as "${backup}" and is put back when the stack next starts.`,
          { cause: restoreError },
        )
      }
      if (error instanceof CliError) throw new MigrationError(error)
      throw error
    }
    await admin.query(`drop database ${quoted(backup)}`)
  } finally {
    await admin.end()
    replication?.resumeReplication()
  }
}

/** How long restore() waits for replication connections it closed to let go of their slots. */
const SLOT_RELEASE_MS = 10_000

/**
 * Swaps the copy in for `database`. DROP DATABASE refuses while a logical slot on it is active, even WITH (FORCE) —
 * which ends sessions only after that check — so connections are refused, every session (walsenders included)
 * closed, and the slots waited for before the drop. Inactive slots are dropped with the database.
 */
async function restore(admin: pg.Client, database: string): Promise<void> {
  const quoted = (name: string) => admin.escapeIdentifier(name)
  await admin.query(`alter database ${quoted(database)} allow_connections false`)
  const deadline = Date.now() + SLOT_RELEASE_MS
  for (;;) {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    const { rows } = await admin.query<{ active: number }>(
      'select count(*)::int as active from pg_replication_slots where database = $1 and active',
      [database],
    )
    if (rows[0]!.active === 0 || Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  try {
    await admin.query(`drop database if exists ${quoted(database)} with (force)`)
  } catch (error) {
    // Still there: usable again, as it was, rather than locked to everyone.
    await admin.query(`alter database ${quoted(database)} allow_connections true`).catch(() => {})
    throw error
  }
  await admin.query(`alter database ${quoted(backupName(database))} rename to ${quoted(database)}`)
}

/**
 * A copy left behind means the last migration attempt never finished (the stack was killed mid-way): what is in the
 * database may be half migrated, so the copy from before the attempt is put back. Returns whether it was.
 */
export async function recoverInterruptedMigration(url: string): Promise<boolean> {
  const { admin, database } = adminClient(url)
  await admin.connect()
  try {
    const { rows } = await admin.query<{ found: boolean }>(
      'select exists (select 1 from pg_database where datname = $1) as found',
      [backupName(database)],
    )
    if (!rows[0]?.found) return false
    await restore(admin, database)
    return true
  } finally {
    await admin.end()
  }
}

export class MigrationError extends Error {
  constructor(
    readonly cliError: CliError,
    outcome = 'The database was left as it was before this attempt.',
  ) {
    super(`${cliError.message}\n\n${outcome}`)
  }
}
