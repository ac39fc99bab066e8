// `npm run bench -- quiz`: quizzes graded in the database (issue 28 part 10), on a throw-away database (port
// QUIZ_BENCH_PORT, default 55030) with the migrations, the demo seed and quiz-volume.sql (BENCH_LEARNERS learners,
// default 20,000; 5 graded attempts each at a 20-question quiz). (1) p50/p95 of save_quiz_attempt (the submit: grading
// 50 questions of every kind, completing the lesson on a pass, the item analysis kept current) with BENCH_CONNECTIONS
// (default 8) learners submitting at once. (2) p50/p95 of quiz_item_analysis over 100,000 attempts, as the course's
// instructor. (3) submit throughput with the item-analysis triggers on and off, alternated in one run.
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../local-stack/config/index.ts'
import { syncMigrations } from '../local-stack/db/migrations.ts'
import { startScratchCluster } from '../local-stack/rest/testing/scratch-cluster.ts'
import { asUser } from './analytics-queries.ts'
import { analysisQuiz, loadQuizVolume, openAttempts, submitAll } from './quiz-load.ts'
import { percentile } from './percentile-rank.ts'

const port = Number(process.env.QUIZ_BENCH_PORT ?? 55030)
const learners = Number(process.env.BENCH_LEARNERS ?? 20_000)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8)
const batch = Number(process.env.BENCH_BATCH ?? 1_500)
const rounds = Number(process.env.BENCH_ROUNDS ?? 30)
const instructor = 'a0000000-0000-4000-8000-000000000002'
const analysisTriggers = ['quiz_attempts_item_analysis']

const ms = (n: number) => `${n.toFixed(1)} ms`

const dir = path.join(os.tmpdir(), `summit-bench-quiz-${process.pid}`)
const db = await startScratchCluster(dir, port)
try {
  process.stdout.write(`quiz benchmark: ${os.cpus().length} CPUs, database on port ${port}\n`)
  await syncMigrations(db.cluster.url(), loadConfig())
  const loaded = await loadQuizVolume(db.url, learners)
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  const { rows: counted } = await client.query<{ attempts: number }>(
    'select count(*)::int as attempts from public.quiz_attempts where lesson_id = $1',
    [analysisQuiz],
  )
  process.stdout.write(
    `quiz volume: ${learners.toLocaleString('en-US')} learners, ${counted[0]!.attempts.toLocaleString('en-US')} graded ` +
      `attempts at the analysis quiz (loaded in ${loaded.toFixed(1)} s)\n\n`,
  )

  // Learners are used in batches, each learner once per batch (one open attempt per learner and quiz).
  let nextLearner = 1
  const takeBatch = async () => {
    if (nextLearner + batch - 1 > learners) nextLearner = 1
    const attempts = await openAttempts(client, nextLearner, batch)
    nextLearner += batch
    return attempts
  }

  // (1) submit latency
  await submitAll(db.url, await takeBatch(), connections) // warm-up
  const { times } = await submitAll(db.url, await takeBatch(), connections)
  const sorted = [...times].sort((a, b) => a - b)
  const submitP95 = percentile(sorted, 95)
  process.stdout.write(
    `save_quiz_attempt, 50 questions, ${connections} learners at once, ${times.length} submits\n` +
      `  p50 ${ms(percentile(sorted, 50))}   p95 ${ms(submitP95)}   target p95 <= 30 ms: ${submitP95 <= 30 ? 'met' : 'MISSED'}\n\n`,
  )

  // (2) item analysis at volume
  const analysis = async () => {
    const t0 = performance.now()
    await asUser(client, instructor, () => client.query('select public.quiz_item_analysis($1)', [analysisQuiz]))
    return performance.now() - t0
  }
  for (let i = 0; i < 3; i++) await analysis() // warm-up
  const analysisTimes: number[] = []
  for (let i = 0; i < rounds; i++) analysisTimes.push(await analysis())
  analysisTimes.sort((a, b) => a - b)
  const analysisP95 = percentile(analysisTimes, 95)
  process.stdout.write(
    `quiz_item_analysis, ${counted[0]!.attempts.toLocaleString('en-US')} attempts, ${rounds} rounds\n` +
      `  p50 ${ms(percentile(analysisTimes, 50))}   p95 ${ms(analysisP95)}   target p95 <= 150 ms: ${analysisP95 <= 150 ? 'met' : 'MISSED'}\n\n`,
  )

  // (3) throughput with the item-analysis triggers on and off, alternated so drift hits both alike
  const setTriggers = (on: boolean) =>
    client.query(
      analysisTriggers
        .map((t) => `alter table public.quiz_attempts ${on ? 'enable' : 'disable'} trigger ${t};`)
        .join('\n'),
    )
  const withRuns: number[] = []
  const withoutRuns: number[] = []
  for (let i = 0; i < 2; i++) {
    for (const on of [true, false]) {
      const attempts = await takeBatch()
      await setTriggers(on)
      const run = await submitAll(db.url, attempts, connections)
      ;(on ? withRuns : withoutRuns).push(attempts.length / run.seconds)
    }
  }
  await setTriggers(true)
  await client.end()
  const mean = (runs: number[]) => runs.reduce((s, r) => s + r, 0) / runs.length
  const ratio = mean(withRuns) / mean(withoutRuns)
  const fmt = (runs: number[]) => runs.map((r) => r.toFixed(0)).join(', ')
  process.stdout.write(
    `submit throughput, ${connections} connections, ${batch} submits per run\n` +
      `  with item analysis kept current  ${mean(withRuns).toFixed(0)} submits/s   (runs: ${fmt(withRuns)})\n` +
      `  without it                       ${mean(withoutRuns).toFixed(0)} submits/s   (runs: ${fmt(withoutRuns)})\n` +
      `  with / without                   ${(ratio * 100).toFixed(0)} %   target >= 80 %: ${ratio >= 0.8 ? 'met' : 'MISSED'}\n`,
  )
} finally {
  await db.stop()
}
