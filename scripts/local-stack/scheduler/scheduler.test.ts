// The stack's pg_cron and pg_net, through SQL alone, on a throw-away cluster: the extensions are created by
// `postgres` as in a migration; jobs in seconds run on time as their user, a failing job is recorded as failed and
// the others still run, the schedule outlives a restart of the worker and of the database, two workers never run a
// window twice; a queued request gets its response row after commit, a slow one times out.
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startScratchCluster, type ScratchCluster } from '../rest/testing/scratch-cluster.ts'
import { installSchedulerExtensions } from './install.ts'
import { Scheduler } from './worker.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Run {
  jobid: string
  status: string
  return_message: string | null
  start_time: Date
  username: string
}

describe('pg_cron and pg_net on the local stack', () => {
  let scratch: ScratchCluster
  let db: pg.Client
  let http: Server
  let httpUrl: string
  const received: { method: string; url: string; body: string; auth: string | undefined }[] = []
  const workers: Scheduler[] = []
  const logs: string[] = []

  const startWorker = () => {
    const worker = new Scheduler({ dbUrl: scratch.url, log: (line) => logs.push(line) })
    worker.start()
    workers.push(worker)
    return worker
  }
  const connect = async () => {
    const client = new pg.Client({ connectionString: scratch.cluster.url() })
    client.on('error', () => {})
    await client.connect()
    return client
  }
  const runs = async (jobName: string): Promise<Run[]> => {
    const { rows } = await db.query<Run>(
      `select d.jobid::text, d.status, d.return_message, d.start_time, d.username
       from cron.job_run_details d join cron.job j using (jobid) where j.jobname = $1 order by d.runid`,
      [jobName],
    )
    return rows
  }
  async function waitFor<T>(what: () => Promise<T | undefined>, ms: number): Promise<T> {
    const until = Date.now() + ms
    for (;;) {
      const value = await what()
      if (value !== undefined) return value
      if (Date.now() > until) throw new Error('timed out waiting')
      await sleep(100)
    }
  }

  beforeAll(async () => {
    installSchedulerExtensions()
    scratch = await startScratchCluster(path.join(tmpdir(), `scheduler-${process.pid}`), await freePort())
    db = await connect()
    // As a migration on a hosted project writes them, run by `postgres` (not a superuser).
    await db.query('create extension pg_cron')
    await db.query('create extension if not exists pg_net with schema extensions')
    await db.query('create table public.ticks (job text not null, by_role text not null, at timestamptz not null)')
    http = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body,
          auth: request.headers.authorization,
        })
        const delay = request.url?.startsWith('/slow') ? 1500 : 0
        setTimeout(() => {
          if (response.destroyed) return
          response.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' })
          response.end(JSON.stringify({ got: body }))
        }, delay)
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    httpUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`
  }, 60_000)

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()))
    await db?.end().catch(() => {})
    await scratch?.stop()
    await new Promise((resolve) => http?.close(resolve))
  }, 60_000)

  it('has pg_cron in pg_catalog with its objects in cron, pg_net in extensions with its objects in net', async () => {
    const { rows } = await db.query<{ extname: string; schema: string }>(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension
       where extname in ('pg_cron', 'pg_net') order by extname`,
    )
    expect(rows).toEqual([
      { extname: 'pg_cron', schema: 'pg_catalog' },
      { extname: 'pg_net', schema: 'extensions' },
    ])
    const { rows: tables } = await db.query<{ t: string }>(
      `select c.oid::regclass::text as t from pg_class c
       where c.relnamespace in ('cron'::regnamespace, 'net'::regnamespace) and c.relkind = 'r' order by 1`,
    )
    expect(tables.map((r) => r.t)).toEqual([
      'cron.job',
      'cron.job_run_details',
      'net._http_response',
      'net.http_request_queue',
    ])
    // Jobs are made through cron.schedule: postgres may read cron.job, not write it.
    await expect(db.query(`insert into cron.job (schedule, command) values ('* * * * *', 'select 1')`)).rejects.toThrow(
      /permission denied/,
    )
    await expect(db.query(`select cron.schedule('nope', '61 seconds', 'select 1')`)).rejects.toThrow(
      'invalid schedule: 61 seconds',
    )
    await expect(db.query(`select cron.schedule('nope', '* * * *', 'select 1')`)).rejects.toThrow('invalid schedule')
  })

  it('runs a job in seconds on time, as the role that scheduled it; cron.schedule upserts by name', async () => {
    const first = await db.query<{ id: string }>(
      `select cron.schedule('every-2s', '2 seconds', $$insert into public.ticks values ('every-2s', current_user, now())$$)::text as id`,
    )
    const again = await db.query<{ id: string }>(
      `select cron.schedule('every-2s', '2 seconds', $$insert into public.ticks values ('every-2s', current_user, now())$$)::text as id`,
    )
    expect(again.rows[0]!.id).toBe(first.rows[0]!.id)
    startWorker()
    const done = await waitFor(async () => {
      const rows = (await runs('every-2s')).filter((r) => r.status === 'succeeded')
      return rows.length >= 4 ? rows : undefined
    }, 14_000)
    for (const run of done) {
      expect(run.username).toBe('postgres')
      expect(run.return_message).toBe('INSERT 0 1')
    }
    // The first run comes at the worker's first tick; every later one within 400 ms of its two-second boundary.
    for (const run of done.slice(1)) expect(run.start_time.getTime() % 2000).toBeLessThan(400)
    const later = done.slice(1)
    const gaps = later.slice(1).map((run, i) => run.start_time.getTime() - later[i]!.start_time.getTime())
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1600)
    const { rows } = await db.query<{ by_role: string }>(
      `select distinct by_role from public.ticks where job = 'every-2s'`,
    )
    expect(rows).toEqual([{ by_role: 'postgres' }])
  }, 30_000)

  it('records a failing job as failed, and the other jobs still run', async () => {
    await db.query(`select cron.schedule('fails', '1 seconds', 'select 1/0')`)
    await db.query(
      `select cron.schedule('works', '1 seconds', $$insert into public.ticks values ('works', current_user, now())$$)`,
    )
    const failed = await waitFor(async () => {
      const rows = (await runs('fails')).filter((r) => r.status === 'failed')
      return rows.length >= 2 ? rows : undefined
    }, 10_000)
    expect(failed[0]!.return_message).toContain('division by zero')
    const worked = (await runs('works')).filter((r) => r.status === 'succeeded')
    expect(worked.length).toBeGreaterThanOrEqual(1)
    // alter_job pauses it; unschedule by name and by id removes jobs.
    const { rows } = await db.query<{ jobid: string }>(`select jobid::text from cron.job where jobname = 'fails'`)
    await db.query('select cron.alter_job($1::bigint, active => false)', [rows[0]!.jobid])
    const count = (await runs('fails')).length
    await sleep(2500)
    expect((await runs('fails')).length).toBe(count)
    expect((await db.query(`select cron.unschedule($1::bigint) as ok`, [rows[0]!.jobid])).rows[0]).toEqual({ ok: true })
    expect((await db.query(`select cron.unschedule('works') as ok`)).rows[0]).toEqual({ ok: true })
    await expect(db.query(`select cron.unschedule('works')`)).rejects.toThrow(
      "could not find valid entry for job 'works'",
    )
  }, 30_000)

  it('never runs a window twice with two workers', async () => {
    await db.query(
      `select cron.schedule('once', '1 seconds', $$insert into public.ticks values ('once', current_user, now())$$)`,
    )
    startWorker()
    await sleep(5000)
    await db.query(`select cron.unschedule('once')`)
    const { rows } = await db.query<{ second: string; n: number }>(
      `select date_trunc('second', at)::text as second, count(*)::int as n from public.ticks where job = 'once' group by 1`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((r) => r.n > 1)).toEqual([])
  }, 20_000)

  it('keeps the schedule across a restart of the workers and of the database', async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()))
    await db.end()
    await scratch.cluster.stop()
    startWorker()
    await sleep(1500)
    await scratch.cluster.start()
    db = await connect()
    const since = new Date()
    const after = await waitFor(async () => {
      const rows = (await runs('every-2s')).filter((r) => r.status === 'succeeded' && r.start_time > since)
      return rows.length >= 1 ? rows : undefined
    }, 10_000)
    expect(after.length).toBeGreaterThanOrEqual(1)
    expect(logs.some((line) => line.includes('the database is back'))).toBe(true)
    await db.query(`select cron.unschedule('every-2s')`)
  }, 40_000)

  it('sends a queued request after commit and records its response', async () => {
    await db.query('begin')
    const { rows } = await db.query<{ id: string }>(
      `select net.http_post(
         url := $1, body := '{"hello": "world"}'::jsonb, params := '{"a": "b c"}'::jsonb,
         headers := '{"Content-Type": "application/json", "Authorization": "Bearer k"}'::jsonb
       )::text as id`,
      [`${httpUrl}/echo`],
    )
    const id = rows[0]!.id
    await sleep(500)
    expect(received.filter((r) => r.url.startsWith('/echo'))).toEqual([])
    await db.query('commit')
    const response = await waitFor(async () => {
      const r = await db.query('select * from net._http_response where id = $1::bigint', [id])
      return r.rows[0] as Record<string, unknown> | undefined
    }, 5000)
    expect(response).toMatchObject({
      status_code: 201,
      content_type: 'application/json',
      content: JSON.stringify({ got: '{"hello": "world"}' }),
      timed_out: false,
      error_msg: null,
    })
    expect((response.headers as Record<string, string>)['x-echo']).toBe('yes')
    expect(received.find((r) => r.url.startsWith('/echo'))).toEqual({
      method: 'POST',
      url: '/echo?a=b%20c',
      body: '{"hello": "world"}',
      auth: 'Bearer k',
    })
    expect((await db.query('select count(*)::int as n from net.http_request_queue')).rows[0]).toEqual({ n: 0 })
  }, 20_000)

  it('records a timeout as timed_out, and a refused connection as an error', async () => {
    const closedPort = await freePort()
    const { rows } = await db.query<{ slow: string; refused: string }>(
      `select net.http_get($1, timeout_milliseconds := 300)::text as slow,
              net.http_delete($2)::text as refused`,
      [`${httpUrl}/slow`, `http://127.0.0.1:${closedPort}/nothing`],
    )
    const slow = await waitFor(async () => {
      const r = await db.query('select * from net._http_response where id = $1::bigint', [rows[0]!.slow])
      return r.rows[0] as Record<string, unknown> | undefined
    }, 5000)
    expect(slow).toMatchObject({ status_code: null, timed_out: true, error_msg: 'Timeout of 300 ms reached' })
    const refused = await waitFor(async () => {
      const r = await db.query('select * from net._http_response where id = $1::bigint', [rows[0]!.refused])
      return r.rows[0] as Record<string, unknown> | undefined
    }, 5000)
    expect(refused).toMatchObject({ status_code: null, timed_out: false, error_msg: "Couldn't connect to server" })
  }, 20_000)

  it('deletes responses older than pg_net.ttl', async () => {
    await db.query(
      `insert into net._http_response (id, status_code, created) values (-1, 200, now() - interval '7 hours')`,
    )
    await waitFor(async () => {
      const r = await db.query('select 1 from net._http_response where id = -1')
      return r.rowCount === 0 ? true : undefined
    }, 5000)
  }, 10_000)
})
