// One PostgreSQL 17 cluster of the local stack: created with initdb, run as a child process on loopback, stopped
// with a fast shutdown. Runs as an unprivileged user when we are root (see os-user.ts).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { pgBinaries } from './binaries.ts'
import { chownTree, databaseUser, grantTraverse, type RunAs } from './os-user.ts'
import { describePortHolder, isPortFree, PortsTakenError } from '../ports.ts'
import { createClient } from './pools.ts'
import { isAlive } from '../state.ts'
import { stackDir } from '../paths.ts'

const execFileAsync = promisify(execFile)

export interface ClusterOptions {
  /** Folder holding data/, run/ and postgres.log. */
  dir: string
  port: number
  /** false for throw-away test clusters: no fsync, faster. */
  durable: boolean
  /** config.toml's [db.settings], applied after Supabase's own settings as `supabase start` appends them. */
  settings?: Record<string, string>
}

/**
 * The settings of Supabase's postgresql.conf (the supabase/postgres image, ansible/files/postgresql_config) that
 * change what a query returns or how it is planned, where they differ from PostgreSQL's defaults: the planner's
 * cache size, floats printed with 15 significant digits, UTC, English text search. (shared_buffers is 128MB in both;
 * JIT is on there but the PostgreSQL build here has no LLVM, so it stays unavailable.)
 */
export const supabaseSettings: Record<string, string> = {
  effective_cache_size: '128MB',
  extra_float_digits: '0',
  timezone: 'UTC',
  // initdb picks it from the machine's locale; Supabase's file names it.
  default_text_search_config: 'pg_catalog.english',
}

/**
 * The cluster's bootstrap superuser, as on Supabase: `supabase_admin` runs the bootstrap, the copy kept around a
 * migration, and the services (which log in as privileged service roles there).
 */
export const superuser = { user: 'supabase_admin', password: 'postgres' }

/**
 * The role clients, the Supabase CLI (migrations, seed, reset) and tests log in as: `postgres`, which is not a
 * superuser on Supabase and is not one here (bootstrap/00-roles.sql).
 */
export const projectRole = { user: 'postgres', password: 'postgres' }

/** `url` with the superuser's credentials instead of its own, for the stack's own administrative work. */
export function asSuperuser(url: string): string {
  const admin = new URL(url)
  admin.username = superuser.user
  admin.password = superuser.password
  return admin.toString()
}

/**
 * Where the template of initdb's output for this PostgreSQL build and these arguments is kept: keyed by the binary
 * (its path, size and modification time, which change when npm installs another build) and the arguments (the
 * superuser's password included, which initdb stores hashed).
 */
function initdbTemplate(initdb: string, args: string[]): string {
  const { size, mtimeMs } = statSync(initdb)
  const key = createHash('sha256')
    .update(JSON.stringify({ initdb, size, mtimeMs, args, password: superuser.password }))
    .digest('hex')
    .slice(0, 16)
  return path.join(stackDir, 'cache', `initdb-${key}`)
}

/**
 * Copies a folder with its modes and owners (a data folder must stay private to the user the database runs as):
 * `cp -a` where there is one, a tenth of the time of Node's own copy of a thousand small files.
 */
async function copyTree(from: string, to: string): Promise<void> {
  if (process.platform === 'win32') return cp(from, to, { recursive: true })
  await execFileAsync('cp', ['-a', from, to])
}

/**
 * Copies a cluster initdb has just made (not yet started) to `template`, through a folder of its own renamed into
 * place, so a cluster made beside it in another process never copies half a template. Not keeping it only costs the
 * next cluster an initdb.
 */
async function keepAsTemplate(dataDir: string, template: string): Promise<void> {
  const partial = `${template}.${process.pid}.partial`
  try {
    mkdirSync(path.dirname(template), { recursive: true })
    await copyTree(dataDir, partial)
    renameSync(partial, template)
  } catch {
    rmSync(partial, { recursive: true, force: true })
  }
}

export class Cluster {
  readonly dataDir: string
  readonly logFile: string
  private readonly runDir: string
  private readonly runAs: RunAs | undefined
  private child: ChildProcess | undefined
  private exited: Promise<void> | undefined
  private stopping = false
  /** Called when the postmaster exits without stop() having asked it to (crash, kill, OOM killer). */
  onUnexpectedExit:
    ((exit: { pid: number | undefined; code: number | null; signal: string | null }) => void) | undefined

  constructor(readonly options: ClusterOptions) {
    this.dataDir = path.join(options.dir, 'data')
    this.runDir = path.join(options.dir, 'run')
    this.logFile = path.join(options.dir, 'postgres.log')
    this.runAs = databaseUser()
  }

  /** The URL clients use: `postgresql://postgres:postgres@127.0.0.1:<port>/postgres`. */
  url(database = 'postgres', user = projectRole.user, password = projectRole.password): string {
    return `postgresql://${user}:${password}@127.0.0.1:${this.options.port}/${database}`
  }

  /** The superuser's URL, for the bootstrap and the stack's services. */
  adminUrl(database = 'postgres'): string {
    return this.url(database, superuser.user, superuser.password)
  }

  isInitialized(): boolean {
    return existsSync(path.join(this.dataDir, 'PG_VERSION'))
  }

  /**
   * Creates an empty cluster, replacing any half-made one. initdb's output depends only on the PostgreSQL build and
   * its arguments, so the first cluster made with them is kept as a template (.local-stack/cache/) and later ones are
   * copies of it: a copy takes a tenth of initdb's 0.6–1 s, which every `npm start` on a new data folder, every
   * `npm test` and every throw-away test cluster used to pay.
   */
  async init(): Promise<void> {
    const bins = pgBinaries()
    rmSync(this.dataDir, { recursive: true, force: true })
    mkdirSync(this.runDir, { recursive: true })
    const args = [
      `--username=${superuser.user}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The builtin provider (PostgreSQL 17) needs no OS locales, so the cluster is the same on every machine.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ]
    const template = initdbTemplate(bins.initdb, args)
    if (this.runAs) {
      grantTraverse(path.dirname(bins.initdb))
      grantTraverse(this.options.dir)
      chownTree(this.options.dir, this.runAs)
    }
    if (existsSync(path.join(template, 'PG_VERSION'))) {
      await copyTree(template, this.dataDir)
      // As initdb would for a kept cluster: its new files on disk, in one syncfs call.
      if (this.options.durable && process.platform === 'linux') await execFileAsync('sync', ['-f', this.dataDir])
      return
    }
    const pwFile = path.join(this.options.dir, 'initdb.pw')
    writeFileSync(pwFile, `${superuser.password}\n`, { mode: 0o600 })
    if (this.runAs) chownTree(pwFile, this.runAs)
    try {
      await execFileAsync(
        bins.initdb,
        [
          `--pgdata=${this.dataDir}`,
          `--pwfile=${pwFile}`,
          ...args,
          // A throw-away cluster never syncs (fsync is off for it too); a kept one syncs its new files in one syncfs
          // call where Linux has it, instead of an fsync per file (about a thousand of them).
          ...(!this.options.durable ? ['--no-sync'] : process.platform === 'linux' ? ['--sync-method=syncfs'] : []),
        ],
        { uid: this.runAs?.uid, gid: this.runAs?.gid },
      )
    } catch (error) {
      rmSync(this.dataDir, { recursive: true, force: true })
      const stderr = (error as { stderr?: string }).stderr ?? ''
      throw new Error(`initdb failed: ${stderr.trim() || (error as Error).message}`, { cause: error })
    } finally {
      rmSync(pwFile, { force: true })
    }
    await keepAsTemplate(this.dataDir, template)
  }

  async start(): Promise<void> {
    await this.stopOrphan()
    // Readiness is judged by connecting to the port, so another server already on it would pass for ours.
    if (!(await isPortFree(this.options.port))) {
      throw new PortsTakenError([
        { port: this.options.port, purpose: 'database', holder: describePortHolder(this.options.port) },
      ])
    }
    const bins = pgBinaries()
    mkdirSync(this.runDir, { recursive: true })
    if (this.runAs) chownTree(this.runDir, this.runAs)
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      port: String(this.options.port),
      unix_socket_directories: this.runDir,
      wal_level: 'logical',
      max_replication_slots: '20',
      max_wal_senders: '20',
      max_connections: '200',
      shared_preload_libraries: 'pg_stat_statements',
      ...supabaseSettings,
      // Throw-away clusters skip durability; the WAL writer then flushes every 10 ms so that logical replication
      // (realtime) still sees a commit promptly.
      ...(this.options.durable
        ? {}
        : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', wal_writer_delay: '10ms' }),
      ...this.options.settings,
    }
    const args = ['-D', this.dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]
    const log = openSync(this.logFile, 'a')
    if (this.runAs) chownTree(this.logFile, this.runAs)
    const child = spawn(bins.postgres, args, {
      stdio: ['ignore', log, log],
      uid: this.runAs?.uid,
      gid: this.runAs?.gid,
    })
    closeSync(log)
    this.child = child
    let spawnError: Error | undefined
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve()
        if (!this.stopping && this.child === child) {
          this.child = undefined
          this.onUnexpectedExit?.({ pid: child.pid, code, signal })
        }
      })
      // A binary that cannot be run never emits 'exit'; without this listener the error would crash the process.
      child.once('error', (error) => {
        spawnError = error
        resolve()
      })
    })
    try {
      await this.waitReady(child)
    } catch (error) {
      if (spawnError) throw new Error(`Could not run ${bins.postgres}: ${spawnError.message}`, { cause: error })
      throw error
    }
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    let done = false
    const died = this.exited!.then(() => {
      if (!done) throw new Error(`PostgreSQL exited while starting:\n${this.logTail()}`)
    })
    const ready = (async () => {
      const deadline = Date.now() + 30_000
      while (!done) {
        const client = createClient({
          url: this.adminUrl(),
          applicationName: 'summit-readiness',
          connectionTimeoutMillis: 1000,
        })
        try {
          await client.connect()
          await client.query('select 1')
          return
        } catch (error) {
          if (Date.now() > deadline) {
            child.kill('SIGQUIT')
            throw new Error(`PostgreSQL did not accept connections within 30 s: ${(error as Error).message}`, {
              cause: error,
            })
          }
          await new Promise((resolve) => setTimeout(resolve, 100))
        } finally {
          await client.end().catch(() => {})
        }
      }
    })()
    try {
      await Promise.race([ready, died])
    } finally {
      done = true
    }
  }

  /** Fast shutdown: open transactions are rolled back, the data stays consistent. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    this.stopping = true
    try {
      child.kill('SIGINT')
      const timeout = setTimeout(() => child.kill('SIGQUIT'), 15_000)
      await this.exited
      clearTimeout(timeout)
      this.child = undefined
    } finally {
      this.stopping = false
    }
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /**
   * A postmaster left running by a stack that was killed outright: shut it down (before starting again, or on
   * `npm run stack -- stop`). Returns whether there was one.
   */
  async stopOrphan(): Promise<boolean> {
    const pidFile = path.join(this.dataDir, 'postmaster.pid')
    if (!existsSync(pidFile)) return false
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    if (!Number.isInteger(pid) || pid <= 0 || pid === this.child?.pid || !isAlive(pid)) return false
    // After a reboot the recorded pid may belong to an unrelated process: only a postgres on this folder is ours.
    if (!isPostmasterOf(pid, this.dataDir)) return false
    process.stdout.write(`  stopping a PostgreSQL (pid ${pid}) left running on this data folder by an earlier run\n`)
    process.kill(pid, 'SIGINT')
    const deadline = Date.now() + 15_000
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    if (isAlive(pid)) process.kill(pid, 'SIGQUIT')
    return true
  }

  logTail(lines = 20): string {
    if (!existsSync(this.logFile)) return '(no log)'
    return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  }
}

/** Whether `pid` is a postgres server running on `dataDir`, judged by its command line. */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  let command: string
  try {
    command = existsSync(`/proc/${pid}/cmdline`)
      ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
      : execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' })
  } catch {
    return false
  }
  return /\bpostgres\b/.test(command) && command.includes(dataDir)
}
