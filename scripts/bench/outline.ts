// `npm run bench -- outline`: the player's and the course page's reads through the local stack's REST service with a
// learner's JWT, on a throw-away database (port OUTLINE_BENCH_PORT, default 55050) with the migrations, the demo seed
// and outline-course.sql (40 sections x 10 lessons). BENCH_CONNECTIONS (default 50) users at once for BENCH_SECONDS
// (default 10) per case, on the demo course (Kenji's SQL course, 11 lessons) and the long course: course_outline, the
// call behind the course page and a player opened cold, and a lesson's content (`lesson_contents`), what the player
// asks for each further lesson it opens. p50/p95/p99 beside the targets, and beside each case its floor: the
// very documents that learner was answered, stored beforehand and returned by an RPC that only reads them
// (`bench_stored`, made in this throw-away database only), through the same REST service. What the floor takes is
// REST, HTTP and the load generator on these cores; the rest of the call's time is the database's work.
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
  /** The course's outline, or the content of each of its lessons in turn (as learners spread over the course). */
  read: 'outline' | 'content'
  target: number
}

const cases: Case[] = [
  { name: 'demo course, outline', slug: 'sql-for-product-people', lessons: 11, read: 'outline', target: 20 },
  { name: 'demo course, a lesson opened', slug: 'sql-for-product-people', lessons: 11, read: 'content', target: 20 },
  { name: 'long course, outline', slug: 'outline-course', lessons: 400, read: 'outline', target: 60 },
  { name: 'long course, a lesson opened', slug: 'outline-course', lessons: 400, read: 'content', target: 60 },
]
// What the player reads of a lesson (web/src/lib/early-requests.ts LESSON_CONTENT_COLUMNS).
const contentColumns = 'body_md,video_path,captions_path,attachments'

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
  // The floor's documents: each answer the learner gets, computed once as the learner (the content as PostgREST
  // answers a read of the table: an array of the row, or empty).
  await client.query(`
    create table public.bench_documents (key text primary key, doc json not null);
    grant select on public.bench_documents to authenticated;
    create function public.bench_stored(key text) returns json
      language sql stable set search_path = '' as $$
        select d.doc from public.bench_documents d where d.key = bench_stored.key
      $$;
    grant execute on function public.bench_stored(text) to authenticated;
  `)
  const claims = JSON.stringify({ sub: learner, role: 'authenticated', aal: 'aal1' })
  await client.query('begin')
  await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
    claims,
  ])
  for (const c of cases) {
    const { rows } = await client.query<{ key: string; doc: string }>(
      c.read === 'outline'
        ? `select 'outline/' || $1::text as key, public.course_outline($1)::text as doc`
        : `select 'content/' || t.id as key, (
             select coalesce(json_agg(json_build_object(
               'body_md', lc.body_md, 'video_path', lc.video_path, 'captions_path', lc.captions_path,
               'attachments', lc.attachments
             )), '[]'::json)
             from public.lesson_contents lc where lc.lesson_id = t.id
           )::text as doc
           from unnest($1::uuid[]) as t(id)`,
      [c.read === 'outline' ? c.slug : lessonIds.get(c.slug)!],
    )
    await client.query(
      `insert into public.bench_documents (key, doc) select * from unnest($1::text[], $2::json[])
       on conflict (key) do nothing`,
      [rows.map((r) => r.key), rows.map((r) => r.doc)],
    )
  }
  await client.query('commit')
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
  const pathsOf = (c: Case) =>
    c.read === 'outline'
      ? [`/rest/v1/rpc/course_outline?slug=${c.slug}`]
      : lessonIds.get(c.slug)!.map((id) => `/rest/v1/lesson_contents?select=${contentColumns}&lesson_id=eq.${id}`)
  const storedPathsOf = (c: Case) =>
    c.read === 'outline'
      ? [`/rest/v1/rpc/bench_stored?key=outline/${c.slug}`]
      : lessonIds.get(c.slug)!.map((id) => `/rest/v1/rpc/bench_stored?key=content/${id}`)

  process.stdout.write(`${connections} users at once, ${seconds} s per case, learner JWT, through REST\n\n`)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  let failures = 0
  for (const c of cases) {
    // The floor is only a floor if it answers what the call answers, for every path of the case.
    const storedPaths = storedPathsOf(c)
    for (const [i, callPath] of pathsOf(c).entries()) {
      const [real, stored] = await Promise.all(
        [callPath, storedPaths[i]!].map((p) => fetch(base + p, { headers }).then((r) => r.json())),
      )
      if (!isDeepStrictEqual(real, stored)) throw new Error(`${c.name}: the stored answer differs from ${callPath}`)
    }
    await loadRun(base, pathsOf(c), headers, { connections, duration: 3 }) // warm-up
    const run = await loadRun(base, pathsOf(c), headers, { connections, duration: seconds })
    await loadRun(base, storedPaths, headers, { connections, duration: 3 })
    const floor = await loadRun(base, storedPaths, headers, { connections, duration: seconds })
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
