// `npm run bench -- stats`: study stats and the live leaderboard, on a throw-away database (port STATS_BENCH_PORT,
// default 55040) with the migrations and the demo seed. (1) public.learner_stats() for a learner in Europe/Berlin
// with three years of daily activity (a daily_activity row for each of BENCH_DAYS days, default 1,100), called as
// that learner the way PostgREST calls it (role and JWT claims set for the transaction): p50/p95 over BENCH_ROUNDS
// calls (default 200) after a warm-up; target p95 <= 30 ms. (2) Leaderboard updates to BENCH_SUBSCRIBERS (default
// 200) learners of one course, each a supabase-js client subscribed to the private channel course-live:<course_id>
// through the Realtime service in its own process: BENCH_UPDATES (default 30) progress writes of opted-in learners,
// BENCH_SPACING_MS (default 200) apart, each broadcasting "leaderboard" from its trigger; latency from the write's
// COMMIT (timed as it is sent) to each client's receipt, p50/p95/p99, and deliveries received against expected;
// target p95 <= 150 ms.
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { signHs256 } from '../local-stack/keys/jwt.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { asUser } from './analytics-queries.ts'
import { percentileOf as percentile } from './percentile-rank.ts'
import { signedInClient, subscribed } from './realtime-load.ts'
import { courseId, courseLearner, lessonId, seedCourse, seedStatsLearner, statsLearner } from './stats-data.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.STATS_BENCH_PORT ?? 55040)
const days = Number(process.env.BENCH_DAYS ?? 1100)
const rounds = Number(process.env.BENCH_ROUNDS ?? 200)
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 200)
const updates = Number(process.env.BENCH_UPDATES ?? 30)
const spacingMs = Number(process.env.BENCH_SPACING_MS ?? 200)
// Learners on the leaderboard (the rest are enrolled but did not opt in); the writes take turns among them.
const optedIn = Math.min(subscribers, 20)
const deliveryTimeoutMs = 5000

const ms = (value: number) => `${value.toFixed(1)} ms`
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))
const token = (sub: string) =>
  signHs256({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })

async function statsCalls(client: pg.Client, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await asUser(client, statsLearner, () => client.query('select public.learner_stats()'))
    times.push(performance.now() - started)
  }
  return times
}

/** The database's own execution time of the call (EXPLAIN ANALYZE), without the round trip and transaction. */
async function statsExecution(client: pg.Client, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const { rows } = await asUser(client, statsLearner, () =>
      client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        'explain (analyze, format json) select public.learner_stats()',
      ),
    )
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time'])
  }
  return times
}

/** A write of learner `writer`'s progress as the service makes it: watched_s up by a minute, in one transaction. */
async function writeProgress(sql: pg.Client, writer: string): Promise<number> {
  await sql.query('begin')
  await sql.query(
    `insert into public.lesson_progress as p (user_id, lesson_id, course_id, position_s, watched_s)
     values ($1, $2, $3, 60, 60)
     on conflict (user_id, lesson_id) do update
       set watched_s = least(p.watched_s + 60, 3600), position_s = least(p.position_s + 60, 3600)`,
    [writer, lessonId, courseId],
  )
  const committing = performance.now()
  await sql.query('commit')
  return committing
}

const dir = path.join(os.tmpdir(), `summit-bench-stats-${process.pid}`)
const db = await startScratchCluster(dir, port)
let server: ChildProcess | undefined
let clients: SupabaseClient[] = []
const sql = new pg.Client({ connectionString: db.url })
try {
  process.stdout.write(`stats benchmark: ${os.cpus().length} CPUs, database on port ${port}\n`)
  process.stdout.write(
    'Realtime tenant limits lifted: 200 subscribers of one leaderboard are far over the 100 events a second of ' +
      "supabase start's tenant, which would close their channels\n",
  )
  await syncMigrations(db.cluster.url(), loadConfig())
  await sql.connect()
  // As in the realtime benchmark: the scratch cluster does not flush commits itself; `npm start`'s database does.
  await sql.query('set synchronous_commit = on')

  // (1) learner_stats()
  const rows = await seedStatsLearner(sql, days)
  await statsCalls(sql, 20) // warm-up
  const times = await statsCalls(sql, rounds)
  const statsP95 = percentile(times, 95)
  const { rows: answer } = await asUser(sql, statsLearner, () =>
    sql.query<{ s: { current_streak: number; longest_streak: number; total_minutes: number } }>(
      'select public.learner_stats() as s',
    ),
  )
  const s = answer[0]!.s
  const execution = await statsExecution(sql, Math.min(rounds, 50))
  process.stdout.write(
    `\nlearner_stats(), a learner in Europe/Berlin with ${rows.toLocaleString('en-US')} days of activity ` +
      `(streak ${s.current_streak}, longest ${s.longest_streak}, ${s.total_minutes.toLocaleString('en-US')} minutes), ` +
      `${rounds} calls as that learner\n` +
      `  p50 ${ms(percentile(times, 50))}   p95 ${ms(statsP95)}   ` +
      `target p95 <= 30 ms: ${statsP95 <= 30 ? 'met' : 'MISSED'}\n` +
      `  (in the database alone, EXPLAIN ANALYZE over ${execution.length} calls: ` +
      `p50 ${ms(percentile(execution, 50))}, p95 ${ms(percentile(execution, 95))})\n`,
  )

  // (2) the live leaderboard
  await seedCourse(sql, subscribers, optedIn)
  server = fork(path.join(here, 'realtime-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_URL: db.url },
  })
  const realtimePort = await new Promise<number>((resolve, reject) => {
    server!.once('message', (message) => resolve((message as { port: number }).port))
    server!.once('exit', (code) => reject(new Error(`the realtime server exited with ${code}`)))
  })
  const url = `http://127.0.0.1:${realtimePort}`
  clients = await Promise.all(
    Array.from({ length: subscribers }, (_, i) => signedInClient(url, token(courseLearner(i)))),
  )
  let committedAt = 0
  let arrived = 0
  const latencies: number[] = []
  const topic = `course-live:${courseId}`
  const channels = clients.map((client) =>
    client.channel(topic, { config: { private: true } }).on('broadcast', { event: 'leaderboard' }, () => {
      latencies.push(performance.now() - committedAt)
      arrived++
    }),
  )
  const joining = performance.now()
  await Promise.all(channels.map(subscribed))
  const joinSeconds = (performance.now() - joining) / 1000

  // One write before measuring: the learner's first row, and the replication path warmed.
  committedAt = await writeProgress(sql, courseLearner(optedIn - 1))
  while (arrived < subscribers && performance.now() < committedAt + deliveryTimeoutMs) await sleep(1)
  await sleep(spacingMs)
  latencies.length = 0

  const started = performance.now()
  for (let u = 0; u < updates; u++) {
    const due = started + u * spacingMs
    if (performance.now() < due) await sleep(due - performance.now())
    arrived = 0
    committedAt = await writeProgress(sql, courseLearner(u % optedIn))
    while (arrived < subscribers && performance.now() < committedAt + deliveryTimeoutMs) await sleep(1)
  }
  await sleep(200) // stragglers
  const expected = updates * subscribers
  const p95 = percentile(latencies, 95)
  process.stdout.write(
    `\nleaderboard: ${updates} progress writes (${optedIn} opted-in learners taking turns, ${spacingMs} ms apart) → ` +
      `${subscribers} learners subscribed to the private channel ${topic} (joined in ${joinSeconds.toFixed(1)} s)\n` +
      `  delivered ${latencies.length}/${expected}; latency from commit p50 ${ms(percentile(latencies, 50))}, ` +
      `p95 ${ms(p95)}, p99 ${ms(percentile(latencies, 99))}   ` +
      `target p95 <= 150 ms: ${p95 <= 150 && latencies.length === expected ? 'met' : 'MISSED'}\n`,
  )
  await Promise.all(channels.map((channel) => channel.unsubscribe()))
} finally {
  for (const client of clients) client.realtime.disconnect()
  await sql.end().catch(() => {})
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await db.stop()
}
