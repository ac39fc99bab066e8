// `stack reset` as `supabase db reset`, on a throw-away cluster: storage is recreated so a seed that inserts buckets
// works on every reset, and a failing seed puts the previous database back even while Realtime streams changes from
// a replication slot — rows and auth users intact, no copy left behind, subscribers served again afterwards.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/index.ts'
import { startRealtimeHarness, type RealtimeHarness } from '../../realtime/testing/harness.ts'
import { reseedConfigBuckets } from '../../storage/sync-buckets.ts'
import { applyBootstrap } from '../bootstrap.ts'
import { asSuperuser, Cluster } from '../cluster.ts'
import { MigrationError, resetDatabase } from '../migrations.ts'
import { stackReplication, watchReplicationPause } from '../replication-pause.ts'
import { freePort } from '../../rest/testing/scratch-cluster.ts'

const userId = '6f1c0a52-7d4e-4b43-9d3e-1f2a3b4c5d6e'
const seed = (extra = '') => `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '${userId}', 'authenticated', 'authenticated', 'seed@example.test',
  '', '{}', '{}', now(), now());
insert into storage.buckets (id, name, public) values ('seeded-bucket', 'seeded-bucket', true);
insert into public.notes (body) values ('seeded');
${extra}`

describe('stack reset', () => {
  let dir: string
  let cluster: Cluster
  let workdir: string
  let url: string
  const query = async <R extends pg.QueryResultRow>(sql: string, database = 'postgres') => {
    const target = new URL(url)
    target.pathname = `/${database}`
    const client = new pg.Client({ connectionString: target.toString() })
    await client.connect()
    try {
      return (await client.query<R>(sql)).rows
    } finally {
      await client.end()
    }
  }
  const bucketIds = async () =>
    (await query<{ id: string }>('select id from storage.buckets order by id')).map((r) => r.id)

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'summit-reset-'))
    cluster = new Cluster({ dir, port: await freePort(), durable: false })
    await cluster.init()
    await cluster.start()
    await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
    url = cluster.url()
    workdir = path.join(dir, 'project')
    mkdirSync(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
    writeFileSync(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "reset-test"\n')
    writeFileSync(
      path.join(workdir, 'supabase', 'migrations', '20260101000000_notes.sql'),
      'create table public.notes (id bigint generated always as identity primary key, body text not null);\n' +
        'alter publication supabase_realtime add table public.notes;\n',
    )
    writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), seed())
  }, 120_000)

  afterAll(async () => {
    await cluster?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('recreates storage on every reset, so a seed inserting buckets works twice; config buckets come back', async () => {
    const settings = {
      ...loadConfig().storage,
      buckets: { 'config-bucket': { public: false, fileSizeLimit: null, allowedMimeTypes: null } },
    }
    for (let round = 1; round <= 2; round++) {
      const began = Date.now()
      await resetDatabase(url, { workdir })
      await reseedConfigBuckets(asSuperuser(url), settings)
      process.stdout.write(`reset ${round} took ${Date.now() - began} ms\n`)
      expect(await bucketIds()).toEqual(['config-bucket', 'seeded-bucket'])
      expect(await query('select body from public.notes')).toEqual([{ body: 'seeded' }])
      // An object written between resets is gone after the next one, as with the CLI's recreated database.
      await query(`insert into storage.objects (bucket_id, name) values ('config-bucket', 'left/over.txt')`)
    }
    await resetDatabase(url, { workdir })
    expect(await query('select count(*)::int as n from storage.objects')).toEqual([{ n: 0 }])
    expect(await bucketIds()).toEqual(['seeded-bucket'])
  }, 120_000)

  describe('a failing seed while Realtime streams changes', () => {
    let h: RealtimeHarness
    const received: string[] = []

    beforeAll(async () => {
      await resetDatabase(url, { workdir })
      h = await startRealtimeHarness(cluster.adminUrl())
      const client = await h.client()
      await new Promise<void>((resolve, reject) => {
        client
          .channel('notes')
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (payload) =>
            received.push((payload.new as { body: string }).body),
          )
          .subscribe((status, error) => {
            if (status === 'SUBSCRIBED') resolve()
            else if (status !== 'CLOSED') reject(error ?? new Error(status))
          })
      })
      await waitFor(async () => {
        await h.sql.query(`insert into public.notes (body) values ('before')`)
        await sleep(300)
        return received.includes('before')
      })
    }, 60_000)

    afterAll(async () => {
      // The harness's own session was closed by the reset (as every session is): dropping its schema then fails,
      // after the service has stopped. The cluster goes with it anyway.
      await h?.close().catch(() => {})
    })

    it('puts the database back, reports the seed error, leaves no copy, and streams again', async () => {
      expect(h.service.replicating).toBe(true)
      const notes = () => query<{ body: string }>('select body from public.notes order by id')
      const notesBefore = await notes()
      expect(notesBefore.slice(0, 2).map((r) => r.body)).toEqual(['seeded', 'before'])
      writeFileSync(path.join(workdir, 'supabase', 'seed.sql'), seed(`insert into public.notes (nope) values ('x');`))
      // As `npm run stack -- reset` drives a running stack: marker file and signal (here to this same process).
      const calls: string[] = []
      const unwatch = watchReplicationPause(dir, {
        pauseReplication: () => (calls.push('pause'), h.service.pauseReplication()),
        resumeReplication: () => (calls.push('resume'), h.service.resumeReplication()),
      })
      const replication = stackReplication({ pid: process.pid, profile: 'test', dbUrl: url, startedAt: '' }, dir)
      const began = Date.now()
      const error = await resetDatabase(url, { workdir, replication })
        .catch((e: unknown) => e)
        .finally(unwatch)
      process.stdout.write(`failing reset took ${Date.now() - began} ms: ${String(error)}\n`)
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as Error).message).toContain('seed.sql')
      expect((error as Error).message).toContain('column "nope" of relation "notes" does not exist')
      expect(calls).toEqual(['pause', 'resume'])
      expect(await notes()).toEqual(notesBefore)
      expect(await query(`select id::text from auth.users`)).toEqual([{ id: userId }])
      expect(await bucketIds()).toEqual(['seeded-bucket'])
      const copies = await query(`select datname from pg_database where datname like '%before_migrating'`)
      expect(copies).toEqual([])
      await waitFor(async () => {
        await query(`insert into public.notes (body) values ('after')`)
        await sleep(500)
        return received.includes('after')
      })
      expect(h.service.replicating).toBe(true)
    }, 120_000)
  })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
  }
  throw new Error(`not within ${timeoutMs} ms`)
}
