// Test harness of the Storage service: its own service (temporary data folder, no config.toml buckets) behind a tiny
// HTTP server mounted at /storage/v1, supabase-js clients for anon, service role and named users, and SQL helpers
// that create uniquely named buckets and policies in the shared test database and remove them afterwards.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { loadConfig } from '../../config/index.ts'
import type { Service } from '../../http/service.ts'
import { anonKey, serviceRoleKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import type { StorageSettings } from '../../config/storage.ts'
import type { DiskStore } from '../disk.ts'
import { createStorageService } from '../index.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'
import { serveMounted } from '../../testing/serve-mounted.ts'

export const testDbUrl = process.env.SUMMIT_TEST_DB_URL

export interface Harness {
  /** http://127.0.0.1:<port>: clients add /storage/v1 themselves, like supabase-js. */
  url: string
  storageUrl: string
  dataDir: string
  keys: JwtKeys
  sql: pg.Client
  /** A prefix unique to this harness, for bucket and policy names. */
  prefix: string
  anon: SupabaseClient
  service: SupabaseClient
  /** A client signed in as `sub` (role authenticated). */
  user(sub: string): SupabaseClient
  token(claims: Record<string, unknown>): string
  /** Creates a bucket directly in SQL, to be dropped with its objects at close(). */
  bucket(
    name: string,
    options?: { public?: boolean; fileSizeLimit?: number; allowedMimeTypes?: string[] },
  ): Promise<string>
  /** Adds a policy on storage.objects or storage.buckets, dropped at close(). */
  policy(table: 'objects' | 'buckets', sql: string): Promise<void>
  /** Files left under the data folder's tmp/ (must be none after any request). */
  tmpFiles(): string[]
  /** Stored object files under objects/. */
  objectFiles(): string[]
  /** Files of resumable uploads in progress (bytes and info) under resumable/. */
  resumableFiles(): string[]
  close(): Promise<void>
}

export function client(url: string, key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  })
}

function walk(dir: string): string[] {
  let found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    found = entry.isDirectory() ? [...found, ...walk(full)] : [...found, full]
  }
  return found
}

export interface HarnessOptions {
  /** A byte store whose file operations fail on cue (a full or read-only disk). */
  disk?: (dataDir: string) => DiskStore
  tmpSweep?: { intervalMs: number; staleMs: number }
  resumable?: { expiryMs?: number; sweepIntervalMs?: number }
}

export async function startHarness(
  settings: Partial<StorageSettings> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  if (!testDbUrl) throw new Error('SUMMIT_TEST_DB_URL is not set')
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-storage-test-'))
  const keys = new JwtKeys()
  const service: Service = createStorageService({
    config: loadConfig(),
    dbUrl: testDbUrl,
    keys,
    apiUrl: 'http://127.0.0.1',
    dataDir,
    log: (message) => process.stderr.write(`storage: ${message}\n`),
    settings: { enabled: true, fileSizeLimit: 50 * 1024 * 1024, buckets: {}, ...settings },
    ...options,
  })
  await service.start?.()
  const mounted = await serveMounted('/storage/v1', service)
  const url = mounted.url
  const sql = new pg.Client({ connectionString: testDbUrl })
  await sql.connect()
  const prefix = `st${randomUUID().slice(0, 8)}`
  const buckets: string[] = []
  const policies: { table: string; name: string }[] = []
  const token = (claims: Record<string, unknown>) =>
    keys.sign({ aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600, ...claims })

  return {
    url,
    storageUrl: `${url}/storage/v1`,
    dataDir,
    keys,
    sql,
    prefix,
    anon: client(url, anonKey),
    service: client(url, serviceRoleKey),
    user: (sub) => client(url, anonKey, token({ sub, role: 'authenticated' })),
    token,
    async bucket(name, options = {}) {
      const id = `${prefix}-${name}`
      await sql.query(
        'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)',
        [id, options.public ?? false, options.fileSizeLimit ?? null, options.allowedMimeTypes ?? null],
      )
      buckets.push(id)
      return id
    },
    async policy(table, text) {
      const name = `${prefix}_${policies.length}`
      await sql.query(`create policy ${name} on storage.${table} ${text}`)
      policies.push({ table, name })
    },
    tmpFiles: () => walk(path.join(dataDir, 'tmp')),
    objectFiles: () => walk(path.join(dataDir, 'objects')),
    resumableFiles: () => walk(path.join(dataDir, 'resumable')),
    async close() {
      for (const { table, name } of policies) await sql.query(`drop policy if exists ${name} on storage.${table}`)
      await sql.query('begin')
      await sql.query("set local storage.allow_delete_query = 'true'")
      await sql.query('delete from storage.objects where bucket_id like $1', [`${prefix}%`])
      await sql.query('delete from storage.s3_multipart_uploads where bucket_id like $1', [`${prefix}%`])
      await sql.query('delete from storage.buckets where id like $1', [`${prefix}%`])
      await sql.query('commit')
      await sql.end()
      await mounted.close()
      await service.stop?.()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
