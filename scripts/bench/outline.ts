// `npm run bench -- outline`: course_outline, the one call behind the course page and the player, through the local
// stack's REST service with a learner's JWT, on a throw-away database (port OUTLINE_BENCH_PORT, default 55050) with
// the migrations, the demo seed and outline-course.sql (40 sections x 10 lessons). BENCH_CONNECTIONS (default 50)
// users at once for BENCH_SECONDS (default 10) per case: the demo course's page and player (Kenji's SQL course, 11
// lessons) and the long course's page and player. p50/p95/p99 beside the targets, and beside each case its
// floor: the very documents that learner was answered, stored beforehand and returned by an RPC that only reads them
// (`bench_stored_outline`, made in this throw-away database only), through the same REST service. What the floor
// takes is REST, HTTP and the load generator on these cores; the rest of the call's time is the database's work.
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { anonKey } from '../local-stack/keys/index.ts'
import { signHs256 } from '../local-stack/keys/jwt.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { loadRun } from './load-run.ts'
import { percentile } from './percentile-rank.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.OUTLINE_BENCH_PORT ?? 55050)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const learner = 'a0000000-0000-4000-8000-000000000007' // Kenji, enrolled in the SQL course and the long course

interface Case {
  name: string
  slug: string
  lessons: number
  player: boolean
  target: number
}

const cases: Case[] = [
  { name: 'demo course, course page', slug: 'sql-for-product-people', lessons: 11, player: false, target: 20 },
  { name: 'demo course, player', slug: 'sql-for-product-people', lessons: 11, player: true, target: 20 },
  { name: 'long course, course page', slug: 'outline-course', lessons: 400, player: false, target: 60 },
  { name: 'long course, player', slug: 'outline-course', lessons: 400, player: true, target: 60 },
]

const dir = path.join(os.tmpdir(), `summit-bench-outline-${process.pid}`)
const db = await startScratchCluster(dir, port)
let server: ChildProcess | undefined
try {
  process.stdout.write(`outline benchmark: ${os.cpus().length} CPUs, database on port ${port}\n`)
  await syncMigrations(db.cluster.url(), loadConfig())
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query('begin')
  await client.query(readFileSync(path.join(here, 'outline-course.sql'), 'utf8'))
  await client.query('commit')
  await client.query('analyze')
  // The player's call names a lesson: every lesson of the course in turn, as learners spread over it.
  const lessonIds = new Map<string, string[]>()
  for (const c of cases) {
    const { rows } = await client.query<{ id: string }>(
      `select l.id from public.lessons l join public.courses c on c.id = l.course_id where c.slug = $1 order by l.id`,
      [c.slug],
    )
    if (rows.length !== c.lessons) throw new Error(`${c.slug}: ${rows.length} lessons, expected ${c.lessons}`)
    lessonIds.set(
      c.slug,
      rows.map((r) => r.id),
    )
  }
  // The floor's documents: each answer the learner gets, computed once as the learner.
  await client.query(`
    create table public.bench_outline_documents (key text primary key, doc json not null);
    grant select on public.bench_outline_documents to authenticated;
    create function public.bench_stored_outline(slug text, lesson_id uuid default null) returns json
      language sql stable set search_path = '' as $$
        select d.doc from public.bench_outline_documents d
        where d.key = bench_stored_outline.slug || '/' || coalesce(bench_stored_outline.lesson_id::text, '')
      $$;
    grant execute on function public.bench_stored_outline(text, uuid) to authenticated;
  `)
  const claims = JSON.stringify({ sub: learner, role: 'authenticated', aal: 'aal1' })
  for (const c of cases) {
    const targets = c.player ? lessonIds.get(c.slug)! : [null]
    await client.query('begin')
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      claims,
    ])
    const { rows } = await client.query<{ key: string; doc: string }>(
      `select $1 || '/' || coalesce(t.id::text, '') as key, public.course_outline($1, t.id)::text as doc
       from unnest($2::uuid[]) as t(id)`,
      [c.slug, targets],
    )
    await client.query('commit')
    await client.query(
      `insert into public.bench_outline_documents (key, doc) select * from unnest($1::text[], $2::json[])`,
      [rows.map((r) => r.key), rows.map((r) => r.doc)],
    )
  }
  await client.end()

  server = fork(path.join(here, 'outline-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_URL: db.url },
  })
  const serverPort = await new Promise<number>((resolve, reject) => {
    server!.once('message', (msg) => resolve((msg as { port: number }).port))
    server!.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)))
  })
  const token = signHs256({
    sub: learner,
    role: 'authenticated',
    aud: 'authenticated',
    aal: 'aal1',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
  const base = `http://127.0.0.1:${serverPort}`
  const headers = { apikey: anonKey, authorization: `Bearer ${token}` }
  const pathsOf = (c: Case, rpc = 'course_outline') =>
    c.player
      ? lessonIds.get(c.slug)!.map((id) => `/rest/v1/rpc/${rpc}?slug=${c.slug}&lesson_id=${id}`)
      : [`/rest/v1/rpc/${rpc}?slug=${c.slug}`]

  process.stdout.write(`${connections} users at once, ${seconds} s per case, learner JWT, through REST\n\n`)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  let failures = 0
  for (const c of cases) {
    // The floor is only a floor if it answers what the call answers, for every path of the case.
    const storedPaths = pathsOf(c, 'bench_stored_outline')
    for (const [i, callPath] of pathsOf(c).entries()) {
      const [real, stored] = await Promise.all(
        [callPath, storedPaths[i]!].map((p) => fetch(base + p, { headers }).then((r) => r.json())),
      )
      if (!isDeepStrictEqual(real, stored)) throw new Error(`${c.name}: the stored answer differs from ${callPath}`)
    }
    await loadRun(base, pathsOf(c), headers, { connections, duration: 3 }) // warm-up
    const run = await loadRun(base, pathsOf(c), headers, { connections, duration: seconds })
    await loadRun(base, pathsOf(c, 'bench_stored_outline'), headers, { connections, duration: 3 })
    const floor = await loadRun(base, pathsOf(c, 'bench_stored_outline'), headers, { connections, duration: seconds })
    failures += run.non2xx + run.errors + floor.non2xx + floor.errors
    const sorted = [...run.latencies].sort((a, b) => a - b)
    const floorSorted = [...floor.latencies].sort((a, b) => a - b)
    const p95 = percentile(sorted, 95)
    process.stdout.write(
      `${c.name} (${c.lessons} lessons): ${Math.round(run.rps)} req/s\n` +
        `  p50 ${ms(percentile(sorted, 50))}   p95 ${ms(p95)}   p99 ${ms(percentile(sorted, 99))}   ` +
        `target p95 <= ${c.target} ms: ${p95 <= c.target ? 'met' : 'MISSED'}\n` +
        `  floor, the same answers stored: ${Math.round(floor.rps)} req/s, p50 ${ms(percentile(floorSorted, 50))}   ` +
        `p95 ${ms(percentile(floorSorted, 95))}\n`,
    )
  }
  process.stdout.write(`\nnon-2xx responses and errors: ${failures}\n`)
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.send('stop')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (server.exitCode === null) server.kill('SIGKILL')
  }
  await db.stop()
}
