// `npm run bench -- analytics`: the instructor analytics at volume, on a throw-away database (port ANALYTICS_BENCH_PORT,
// default 55020) with the migrations, the demo seed and the volume course (BENCH_LEARNERS learners, default 20,000,
// about 100 progress rows each: BENCH_LEARNERS=100000 is the issue's 100,000 learners and 10 million rows;
// scripts/seed-volume), its generation timed against 10 minutes. (1) p50/p95 of each of the page's calls over its
// filter variants, as the course's instructor, and the index nodes of their plans. (2) save_progress throughput with
// the analytics aggregates kept current (their triggers on) and without them (off), alternated in one run. Figures
// beside the issue's targets.
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { seedVolume, volumeCourseId } from '../seed-volume/seed.ts'
import { calls, indexNodes, timeCalls, type Filter } from './analytics-queries.ts'
import { saveThroughput } from './analytics-saves.ts'
import { percentile } from './percentile-rank.ts'

const port = Number(process.env.ANALYTICS_BENCH_PORT ?? 55020)
const learners = Number(process.env.BENCH_LEARNERS ?? 20_000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 30)
const saveSeconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8)
const instructor = 'a0000000-0000-4000-8000-000000000002'
const analyticsTriggers = ['lesson_progress_analytics', 'lesson_progress_analytics_announce']

const dir = path.join(os.tmpdir(), `summit-bench-analytics-${process.pid}`)
const db = await startScratchCluster(dir, port)
try {
  process.stdout.write(`analytics benchmark: ${os.cpus().length} CPUs, database on port ${port}\n`)
  await syncMigrations(db.cluster.url(), loadConfig())
  const counts = await seedVolume(db.url, learners)
  const generation = counts.seconds <= 600 ? 'met' : 'MISSED'
  process.stdout.write(
    `volume course: ${counts.learners.toLocaleString('en-US')} learners, ${counts.progressRows.toLocaleString('en-US')} ` +
      `progress rows, generated in ${counts.seconds.toFixed(1)} s   target <= 600 s: ${generation}\n` +
      counts.steps.map((s) => `  ${s.name.padEnd(28)} ${s.seconds.toFixed(1)} s\n`).join('') +
      `  (derived state checked against the rows and ${counts.witnesses} learners loaded through the triggers)\n\n`,
  )

  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  const { rows: cohorts } = await client.query<{ id: string }>(
    'select id from public.cohorts where course_id = $1 order by starts_at',
    [volumeCourseId],
  )
  const day = 86_400_000
  const filters: Filter[] = [
    { name: 'all learners', cohort: null, from: null, to: null },
    { name: 'one cohort', cohort: cohorts[1]!.id, from: null, to: null },
    {
      name: 'last 30 days',
      cohort: null,
      from: new Date(Date.now() - 30 * day).toISOString(),
      to: new Date().toISOString(),
    },
  ]
  await timeCalls(client, instructor, volumeCourseId, filters, 3) // warm-up
  const times = await timeCalls(client, instructor, volumeCourseId, filters, rounds)
  process.stdout.write(
    `page calls, ${rounds} rounds x ${filters.length} filters (${filters.map((f) => f.name).join(', ')})\n`,
  )
  for (const call of calls) {
    const sorted = [...times.get(call.name)!].sort((a, b) => a - b)
    const p95 = percentile(sorted, 95)
    process.stdout.write(
      `  ${call.name.padEnd(26)} p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   ` +
        `target p95 <= 150 ms: ${p95 <= 150 ? 'met' : 'MISSED'}\n`,
    )
  }
  process.stdout.write("\nindex nodes of the calls' plans (all learners)\n")
  for (const [name, lines] of await indexNodes(client, instructor, volumeCourseId, filters[0]!)) {
    process.stdout.write(`  ${name}\n${lines.map((l) => `    ${l}`).join('\n') || '    (none)'}\n`)
  }

  const { rows: learnerRows } = await client.query<{ user_id: string }>(
    `select user_id from public.enrollments where course_id = $1 and status = 'active' order by user_id limit 400`,
    [volumeCourseId],
  )
  const { rows: lessonRows } = await client.query<{ id: string }>(
    'select id from public.lessons where course_id = $1 order by id',
    [volumeCourseId],
  )
  const load = {
    url: db.url,
    learners: learnerRows.map((r) => r.user_id),
    lessons: lessonRows.map((r) => r.id),
    connections,
    seconds: saveSeconds,
  }
  const setTriggers = (on: boolean) =>
    client.query(
      analyticsTriggers
        .map((t) => `alter table public.lesson_progress ${on ? 'enable' : 'disable'} trigger ${t};`)
        .join('\n'),
    )
  process.stdout.write(`\nsave_progress, ${connections} connections, ${saveSeconds} s per run\n`)
  await saveThroughput({ ...load, seconds: 3 }) // warm-up
  const withRuns: number[] = []
  const withoutRuns: number[] = []
  // Alternate so that drift (caches, other load on the machine) hits both alike.
  for (let i = 0; i < 2; i++) {
    await setTriggers(true)
    withRuns.push(await saveThroughput(load))
    await setTriggers(false)
    withoutRuns.push(await saveThroughput(load))
  }
  await setTriggers(true)
  await client.end()
  const mean = (runs: number[]) => runs.reduce((s, r) => s + r, 0) / runs.length
  const ratio = mean(withRuns) / mean(withoutRuns)
  const fmt = (runs: number[]) => runs.map((r) => r.toFixed(0)).join(', ')
  process.stdout.write(
    `  with aggregates kept current  ${mean(withRuns).toFixed(0)} saves/s   (runs: ${fmt(withRuns)})\n` +
      `  without them                  ${mean(withoutRuns).toFixed(0)} saves/s   (runs: ${fmt(withoutRuns)})\n` +
      `  with / without                ${(ratio * 100).toFixed(0)} %   target >= 80 %: ${ratio >= 0.8 ? 'met' : 'MISSED'}\n`,
  )
} finally {
  await db.stop()
}
