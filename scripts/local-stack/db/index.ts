// The database component of the local stack: a PostgreSQL 17 cluster per profile, bootstrapped to look like a
// Supabase database, with the project's migrations and seed applied by the Supabase CLI.
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { StackConfig } from '../config/index.ts'
import { note, step } from '../log.ts'
import { profileDir, type Profile } from '../paths.ts'
import { applyBootstrap, isBootstrapCurrent } from './bootstrap.ts'
import { Cluster } from './cluster.ts'
import { recoverInterruptedMigration, resetDatabase, resetNewDatabase, syncMigrations } from './migrations.ts'
import { installPgtapFiles } from './pgtap.ts'
import { trustPrivilegedExtensions } from './privileged-extensions.ts'

export { pgBinaries } from './binaries.ts'
export { asSuperuser, Cluster } from './cluster.ts'
export { resetDatabase } from './migrations.ts'
export { stackReplication, watchReplicationPause } from './replication-pause.ts'
export { ClusterSupervisor } from './supervisor.ts'

export class Database {
  readonly cluster: Cluster
  private readonly markerFile: string

  constructor(
    readonly profile: Profile,
    private readonly config: StackConfig,
  ) {
    const dir = profileDir(profile)
    mkdirSync(dir, { recursive: true })
    this.cluster = new Cluster({ dir, port: config.db.port, durable: profile === 'dev', settings: config.db.settings })
    this.markerFile = path.join(dir, 'bootstrap.sha256')
  }

  /** The URL clients use: `postgresql://postgres:postgres@127.0.0.1:54322/postgres`. */
  get url(): string {
    return this.cluster.url()
  }

  /** The superuser's (`supabase_admin`) URL, for the stack's own services. */
  get adminUrl(): string {
    return this.cluster.adminUrl()
  }

  /** Whether start() makes the database anew: asked to (`fresh`), none yet, or one made by an older bootstrap. */
  willBuild(options: { fresh?: boolean } = {}): boolean {
    return options.fresh === true || !this.cluster.isInitialized() || !isBootstrapCurrent(this.markerFile)
  }

  /**
   * Starts the cluster, creating and bootstrapping it first when it is new (or was made by an older bootstrap), and
   * brings it up to the migrations on disk.
   */
  async start(options: { fresh?: boolean } = {}): Promise<void> {
    const rebuild = this.willBuild(options)
    // Checked at CREATE EXTENSION, and lost whenever npm reinstalls PostgreSQL: so at every start.
    trustPrivilegedExtensions()
    if (rebuild) {
      if (this.cluster.isInitialized() && !options.fresh) {
        note('the database bootstrap changed since this cluster was made: rebuilding it (migrations and seed rerun)')
      }
      await this.build()
      return
    }
    await step(`start PostgreSQL 17 on 127.0.0.1:${this.config.db.port}`, () => this.cluster.start())
    try {
      await this.sync()
    } catch (error) {
      await this.cluster.stop()
      throw error
    }
  }

  /**
   * A new cluster, bootstrapped, then migrated and seeded by `supabase db reset`. The CLI is started first: its own
   * start (half a second of CPU) then runs beside the cluster's creation, and its connections wait for the bootstrap.
   * If anything fails, the cluster is stopped and its bootstrap marker removed, so the next start makes it again.
   */
  private async build(): Promise<void> {
    installPgtapFiles()
    const made = (async () => {
      await step('create the database cluster', () => this.cluster.init())
      await step(`start PostgreSQL 17 on 127.0.0.1:${this.config.db.port}`, () => this.cluster.start())
      await step('bootstrap roles and the auth, storage and realtime schemas', () =>
        applyBootstrap(this.adminUrl, this.markerFile),
      )
    })()
    const migrated = resetNewDatabase(this.url, made)
    // Observed here so that a failure while the cluster is made, thrown first, does not leave it unhandled.
    migrated.catch(() => {})
    try {
      await made
      await step('bring the database up to supabase/migrations (supabase CLI)', () => migrated)
    } catch (error) {
      // The CLI has ended (a failed bootstrap closes its held connection) before the cluster stops under it.
      await migrated.catch(() => {})
      rmSync(this.markerFile, { force: true })
      await this.cluster.stop()
      throw error
    }
  }

  private async sync(): Promise<void> {
    if (await recoverInterruptedMigration(this.url)) {
      note('the last migration attempt was interrupted: the database was put back as it was before it')
    }
    const outcome = await step('bring the database up to supabase/migrations (supabase CLI)', () =>
      syncMigrations(this.url, this.config),
    )
    if (outcome.kind === 'applied') note(`applied new migrations: ${outcome.versions.join(', ')}`)
    if (outcome.kind === 'up-to-date' && outcome.seedChanged) {
      note('supabase/seed.sql changed since the database was seeded: `npm run stack -- reset` applies it')
    }
    if (outcome.kind === 'diverged') {
      note(`the database's migration history differs from supabase/migrations (${outcome.detail}).`)
      note('Your data is untouched. `npm run stack -- reset` rebuilds the database from the migrations and seed.')
    }
  }

  /** `supabase db reset` on the running cluster: every migration, then the seed (the stack then reseeds buckets). */
  async reset(): Promise<void> {
    await step('reset the database: migrations and seed (supabase CLI)', () => resetDatabase(this.url))
  }

  async stop(): Promise<void> {
    await this.cluster.stop()
  }
}
